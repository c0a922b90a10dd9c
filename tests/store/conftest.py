"""Fixtures of the store tests: a fresh database per test, never the user's."""

from __future__ import annotations

import pytest



@pytest.fixture
def db_path(tmp_path, monkeypatch):
    path = tmp_path / "napoleon.db"
    monkeypatch.setenv("NAPOLEON_DB", str(path))
    return path
