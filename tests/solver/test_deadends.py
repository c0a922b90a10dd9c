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
from napoleon.solver import LOST, UNKNOWN, core, probes, replays_to_win, solve
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
    if probes.core_dead_end(state) or probes.core_waste_dead(state):
        assert expected == LOST
    for mode in ("dfs", "best"):
        for cards, waste in ((True, False), (False, True), (True, True)):
            result = core.search(state, max_states=2_000_000, mode=mode, deadends=cards, waste=waste)
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
            assert not probes.core_dead_end(s) and not probes.core_waste_dead(s)
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
        dead += probes.core_dead_end(state)
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
    for flag in ([], ["--deadends"], ["--waste-test"]):
        monkeypatch.setattr("sys.stdin", io.StringIO(position))
        main(["solve", "--strategy", "dfs", "--json", *flag])
        assert '"verdict"' in capsys.readouterr().out


@pytest.mark.parametrize("options", [{"ranks": 4, "columns": 2}, {"ranks": 5, "columns": 3},
                                     {"ranks": 4, "columns": 2, "redeals": 1}])
def test_the_waste_test_fires_on_small_deals_only_where_they_are_lost(options):
    # The waste test counts columns: with few of them it fires often, and
    # each position it calls dead must be lost by the exhaustive search.
    rng = random.Random(3)
    fired = 0
    steps = 150 if "redeals" in options else 60   # a walk long enough to use the redeal
    for deal in range(1, 400):
        state = walked("forty-thieves", options, deal * 7919 + 13, rng.randint(0, steps), rng)
        if not probes.core_waste_dead(state):
            continue
        fired += 1
        assert truth(state, max_states=200_000) == LOST, state.to_json()
        if fired == 25:
            break
    assert fired == 25


def _position(piles: dict[str, str]):
    from napoleon import position_from_json

    return position_from_json({"game": "forty-thieves", "deal": 1500001, "options": {"redeals": 0}, "redeals": 0,
                               "piles": {name: cards.split() for name, cards in piles.items()}})


# Two positions of deal 1500001's depth-first search (the deal is unknown at
# 30 s), the first with four cards left in the stock, the second with none.
_FOUNDATIONS = {
    "foundation-1": "AD 2D 3D 4D 5D 6D", "foundation-3": "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS",
    "foundation-4": "AC 2C 3C 4C", "foundation-5": "AH 2H", "foundation-6": "AS", "foundation-8": "AC",
}
_WASTE = ("5C 2C JD 7S 7D TD 8C 7H 8D JD 8S 5D JC 2S 7D JC 5C QD KH 8H KC QS 4H 6D 6H KD 3H 5H 7C KH 9H QC TH")
FULL_SIZE = [
    {**_FOUNDATIONS, "foundation-2": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH", "foundation-7": "AD 2D 3D 4D",
     "tableau-1": "9C 8C 7C", "tableau-2": "6C", "tableau-3": "9D TC QH JH", "tableau-4": "KC QC", "tableau-5": "KD",
     "tableau-6": "TD 9D 8D", "tableau-7": "6C", "tableau-8": "JS TS", "tableau-9": "TC 9C",
     "tableau-10": "4C KS 5S 4S 3S", "stock": "3C 6S QD 9S", "waste": _WASTE},
    {**_FOUNDATIONS, "foundation-2": "AH 2H 3H 4H 5H 6H 7H 8H 9H TH", "foundation-7": "AD",
     "tableau-1": "9C", "tableau-2": "TD 9D 8D", "tableau-3": "9D TC QH JH", "tableau-4": "KC", "tableau-5":
     "KD 2D 6C TC 9C 8C 7C 6C", "tableau-6": "JS TS 9S", "tableau-7": "4D", "tableau-8": "JH", "tableau-9": "QC",
     "tableau-10": "4C KS 5S 4S 3S", "stock": "", "waste": _WASTE + " 3D 3C QH QD 6S"},
]


@pytest.mark.parametrize("piles", FULL_SIZE, ids=["stock-4", "stock-0"])
def test_the_waste_test_on_the_full_game_agrees_with_a_search_that_does_not_use_it(piles):
    state = _position(piles)
    assert probes.core_waste_dead(state)
    assert not probes.core_dead_end(state)   # the card-set test sees no dead end here
    # Card by card, no dead-end test: every position below it visited.
    plain = core.search(state, mode="dfs", max_states=2_000_000, macros=False, deadends=False, waste=False)
    assert plain.verdict == LOST and plain.states > 150
    cut = core.search(state, mode="dfs", max_states=2_000_000, waste=True)
    assert cut.verdict == LOST and cut.states == 1


def test_the_waste_test_runs_only_when_asked():
    state = _position(FULL_SIZE[1])
    off = core.search(state, mode="dfs", max_states=2_000_000)
    with core.waste_test():
        on = core.search(state, mode="dfs", max_states=2_000_000)
    assert on.verdict == off.verdict == LOST and on.states < off.states
    assert core.search(state, mode="dfs", max_states=2_000_000, waste=True).states == on.states
    assert solve(state, strategy="dfs", max_states=2_000_000, waste=True).states == on.states
    assert core.checkpoint_tag(state, False, True, False, waste=True) != core.checkpoint_tag(state, False, True, False)


@pytest.mark.parametrize("game_id", ["napoleons-tomb", "napoleons-square", "grand-napoleon", "werner", "st-helena"])
def test_the_waste_test_never_fires_where_its_conditions_do_not_hold(game_id):
    # One waste pile, one card a move, cards fitting on one value: of the six
    # games only Forty Thieves has them.
    rng = random.Random(1)
    for deal in range(1, 30):
        assert not probes.core_waste_dead(walked(game_id, {}, deal, rng.randint(0, 80), rng))
