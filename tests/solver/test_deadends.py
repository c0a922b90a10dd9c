"""The dead-end test (csrc/deadend.c) never calls a winnable position lost.

The reference is the exhaustive search with every shortcut off
(``Search(state, prune=False)``) on small deals of the reduced deck (hidden
options ``ranks`` and ``columns``), taken a few random moves in so that many
are lost: wherever the test says "dead", the truth must be lost, and the
complete searches with the test on must give exactly the unpruned verdict.
"""

from __future__ import annotations

import io
import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import napoleon
from napoleon.engine.state import State
from napoleon.solver import LOST, UNKNOWN, core, replays_to_win, solve
from napoleon.solver.search import Search

from .endgames import walked

pytestmark = pytest.mark.skipif(not core.available, reason="the dead-end test is the compiled core's")

SMALL = [
    ("forty-thieves", {"ranks": 3, "columns": 3}),
    ("forty-thieves", {"ranks": 4, "columns": 3}),
    ("forty-thieves", {"ranks": 4, "columns": 2}),
    ("forty-thieves", {"ranks": 5, "columns": 4}),
    ("st-helena", {"ranks": 4}),
]


def truth(state: State, max_states: int = 8_000) -> str:
    return Search(state, prune=False, max_states=max_states).run().verdict


@pytest.mark.parametrize(("game_id", "options"), SMALL, ids=[f"{g}-{o}" for g, o in SMALL])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 2**40), steps=st.integers(0, 30), seed=st.integers(0, 2**32))
def test_dead_ends_and_the_searches_using_them_agree_with_the_exhaustive_search(game_id, options, deal, steps, seed):
    state = walked(game_id, options, deal, steps, random.Random(seed))
    expected = truth(state)
    assume(expected != UNKNOWN)
    if core.core_dead_end(state):
        assert expected == LOST
    for mode in ("dfs", "best"):
        result = core.search(state, max_states=2_000_000, mode=mode, deadends=True)
        assert result.verdict == expected, f"{mode} says {result.verdict}, the truth is {expected}"
        if result.won:
            assert replays_to_win(state, result.moves)
    # the game's whole portfolio too, staged searches (explore) included
    result = solve(state, max_states=2_000_000, deadends=True)
    assert result.verdict in (expected, UNKNOWN), f"the portfolio says {result.verdict}, the truth is {expected}"


def test_every_position_of_a_winning_line_is_alive():
    # Along a solution every position is winnable: the test must pass each one.
    rng = random.Random(5)
    checked = 0
    for deal in range(1, 40):
        state = walked("forty-thieves", {"ranks": 5, "columns": 4}, deal, rng.randint(0, 10), rng)
        result = solve(state, max_states=500_000, strategy="dfs", deadends=True)
        if not result.won:
            continue
        s = state.copy()
        for move in result.moves:
            assert not core.core_dead_end(s)
            s.push(move)
            checked += 1
    assert checked > 200


def test_the_test_fires_and_cuts_searches():
    # Not a test that cannot fail: on small random positions it finds dead
    # ends, and a complete search with it visits fewer positions than without.
    rng = random.Random(11)
    dead = fewer = 0
    for deal in range(1, 150):
        state = walked("forty-thieves", {"ranks": 5, "columns": 4}, deal, rng.randint(5, 30), rng)
        dead += core.core_dead_end(state)
        with_test = core.search(state, max_states=2_000_000, mode="dfs", deadends=True)
        without = core.search(state, max_states=2_000_000, mode="dfs", deadends=False)
        assert with_test.verdict == without.verdict
        fewer += with_test.states < without.states
    assert dead >= 2 and fewer >= 10


def test_the_cli_and_solve_run_the_test_only_when_asked(capsys, monkeypatch):
    from napoleon.interfaces.cli import main

    state = walked("forty-thieves", {"ranks": 5, "columns": 4}, 3, 0, random.Random(0))
    with core.deadends():
        on = core.search(state, max_states=2_000_000, mode="dfs")
    off = core.search(state, max_states=2_000_000, mode="dfs")
    assert on.verdict == off.verdict
    assert solve(state, strategy="dfs", max_states=2_000_000, deadends=True).states == on.states
    assert solve(state, strategy="dfs", max_states=2_000_000).states == off.states
    # The reduced deck is for tests only: the command line refuses it as an option, and takes it in a position.
    position = json.dumps(napoleon.new_game("forty-thieves", 3, {"ranks": 5, "columns": 4}).to_json())
    for flag in ([], ["--deadends"]):
        monkeypatch.setattr("sys.stdin", io.StringIO(position))
        main(["solve", "--strategy", "dfs", "--json", *flag])
        assert '"verdict"' in capsys.readouterr().out
