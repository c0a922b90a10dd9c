"""Depth-first search that keeps fingerprints of the positions it has seen (``Seen``, csrc/keys.c).

Two 64-bit hashes of each key take the key's place, so a search under the
memory limit goes further. A collision would hide a position, and with it
a count and possibly a verdict: these tests hold the fingerprint search to
the exact one position for position (any collision would show as a
different count) on random positions of every game with a one-pass or no
stock, and on reduced decks to the exhaustive unpruned search.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from napoleon import new_game
from napoleon.solver import UNKNOWN, core, replays_to_win
from napoleon.solver.search import Search

from .endgames import walked

pytestmark = pytest.mark.skipif(not core.available, reason="fingerprints are the compiled core's")

GAMES = [
    ("forty-thieves", {"ranks": 5, "columns": 4}),
    ("forty-thieves", {"ranks": 7, "columns": 6}),
    ("forty-thieves", {}),
    ("werner", {}),
    ("napoleons-square", {"single": "true"}),
    ("napoleons-tomb", {}),
    ("st-helena", {"ranks": 4}),
]


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 2**40), steps=st.integers(0, 30), seed=st.integers(0, 2**32), macros=st.booleans())
def test_fingerprints_search_exactly_the_positions_keys_do(game_id, options, deal, steps, seed, macros):
    state = walked(game_id, options, deal, steps, random.Random(seed))
    exact = core.search(state, max_states=60_000, mode="dfs", macros=macros)
    prints = core.search(state, max_states=60_000, mode="dfs", macros=macros, fingerprints=True)
    assert (prints.verdict, prints.states, prints.moves) == (exact.verdict, exact.states, exact.moves)
    assert prints.fingerprints == (prints.verdict == "lost") and not exact.fingerprints
    if prints.won:
        assert replays_to_win(state, prints.moves)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 2**40), steps=st.integers(0, 20), seed=st.integers(0, 2**32))
def test_a_fingerprint_verdict_on_a_reduced_deck_is_the_unpruned_searchs(deal, steps, seed):
    state = walked("forty-thieves", {"ranks": 4, "columns": 3}, deal, steps, random.Random(seed))
    prints = core.search(state, max_states=200_000, mode="dfs", fingerprints=True)
    truth = Search(state, prune=False, max_states=40_000).run().verdict
    assume(prints.verdict != UNKNOWN and truth != UNKNOWN)
    assert prints.verdict == truth


def test_a_whole_proof_of_loss_is_the_same_with_fingerprints():
    # Werner deal 10 is lost; fc-solve agrees (docs/benchmarks.md).
    state = new_game("werner", 10)
    exact = core.search(state, mode="dfs")
    prints = core.search(state, mode="dfs", fingerprints=True)
    assert exact.verdict == prints.verdict == "lost" and exact.states == prints.states
    assert prints.fingerprints and prints.complete


def test_under_a_memory_limit_fingerprints_go_further():
    before = core.memory_limit()
    core.set_memory_limit(24 << 20)
    try:
        state = new_game("forty-thieves", 1)
        exact = core.search(state, mode="dfs", max_states=3_000_000)
        prints = core.search(state, mode="dfs", max_states=3_000_000, fingerprints=True)
    finally:
        core.set_memory_limit(before)
    assert exact.out_of_memory and exact.verdict == UNKNOWN
    assert prints.states > 2 * exact.states


@pytest.mark.parametrize("mode", ["best", "greedy", "playouts", "nested"])
def test_fingerprints_are_for_depth_first_search_only(mode):
    with pytest.raises(ValueError, match="depth-first"):
        core.search(new_game("werner", 1), max_states=1000, mode=mode, fingerprints=True)


def test_at_the_memory_limit_the_fingerprints_fill_nine_tenths_of_a_table_within_it():
    # 8 MiB: the slots double while the doubled table fits in seven eighths
    # of the limit (to 262,144 slots, 4 MiB), then fill to nine tenths, and
    # the search stops within the next 4,096 positions: never a last doubling
    # past the limit (which took the process to 2.6 times it).
    before = core.memory_limit()
    core.set_memory_limit(8 << 20)
    try:
        result = core.search(new_game("forty-thieves", 1), mode="dfs", fingerprints=True)
    finally:
        core.set_memory_limit(before)
    assert result.verdict == UNKNOWN and result.out_of_memory
    full = 262_144 * 9 // 10
    assert full < result.states <= full + 4096
