"""Fixtures of the store tests: a fresh database per test, never the user's."""

from __future__ import annotations

import pytest

from napoleon import new_game
from napoleon.solver import solve


@pytest.fixture
def db_path(tmp_path, monkeypatch):
    path = tmp_path / "napoleon.db"
    monkeypatch.setenv("NAPOLEON_DB", str(path))
    return path


@pytest.fixture(scope="session")
def werner1_solution() -> list[str]:
    """A winning line of Werner deal 1, in notation (the solver proves it in milliseconds)."""
    state = new_game("werner", deal=1)
    result = solve(state, budget=60)
    assert result.verdict == "won"
    game = state.game
    return [game.notation(m) for m in result.moves]
