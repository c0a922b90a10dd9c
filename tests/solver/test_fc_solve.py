"""Our Werner verdicts equal Freecell Solver's wherever both decide."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.solver import fcsolve, solve

pytestmark = pytest.mark.skipif(not fcsolve.available(), reason="fc-solve (freecell-solver-bin) is not installed")


@pytest.mark.parametrize("deal", [1, 4, 5, 8, 10, 11, 12, 20, 25, 38])
def test_verdicts_agree_with_fc_solve(deal):
    state = napoleon.new_game("werner", deal)
    theirs, _ = fcsolve.solve(state, budget=20)
    ours = solve(state, budget=20).verdict
    assert theirs != "unknown" and ours != "unknown"
    assert ours == theirs


def test_board_export_names_cells_foundations_and_stacks():
    state = napoleon.new_game("werner", 1)
    state.play_text("T3-F1")
    lines = fcsolve.board(state).splitlines()
    assert lines[0] == "Freecells: 7S 3S AS TS"
    assert lines[1] == "Foundations: H-0 C-1 D-0 S-0"
    assert lines[2] == "KS 6S 9H JS KD 8C" and len(lines) == 10
    with pytest.raises(ValueError):
        fcsolve.board(napoleon.new_game("forty-thieves", 1))
