"""Every shortcut of the solver is sound: it never turns a won position into lost.

The reference is the pure-Python search with every shortcut off (exact keys,
no auto-play, every legal move): on small random endgames it visits the whole
reachable space, so its verdict is the plain truth. The compiled core, with
all its pruning (canonical keys with sorted piles and compact foundations, a
never-rebuilt stock kept as its length, safe auto-play, one move per group of
equivalent spaces, no move straight back), must reach the same verdict with
each of its complete strategies, and so must redeal planning whenever it
answers; the incomplete ones must never claim a loss.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import napoleon
from napoleon.engine.game import UNLIMITED
from napoleon.solver import LOST, UNKNOWN, WON, core, replays_to_win, solve
from napoleon.solver.search import Search

from .endgames import endgame
from .variants import IDS, VARIANTS


def truth(state: napoleon.State, max_states: int = 40_000) -> str:
    """The verdict of the exhaustive search (UNKNOWN if the endgame is too big for it)."""
    return Search(state, prune=False, max_states=max_states).run().verdict


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), cards_out=st.integers(1, 7))
def test_pruned_searches_agree_with_the_exhaustive_one(game, options, seed, cards_out):
    state = endgame(game, options, cards_out, random.Random(seed))
    expected = truth(state)
    assume(expected != UNKNOWN)  # too big for the reference: no truth to compare with
    python_pruned = Search(state).run()
    assert python_pruned.verdict == expected
    strategies = ["best", "dfs", "auto"] if core.available else ["auto"]
    if core.available and state.game.max_redeals != UNLIMITED:
        strategies.append("staged")  # redeal planning may answer lost only when it left nothing out
    for strategy in strategies:
        result = solve(state, max_states=500_000, strategy=strategy)
        assert result.verdict == expected, f"{strategy} says {result.verdict}, the truth is {expected}"
        if result.verdict == WON:
            assert replays_to_win(state, result.moves)
    if core.available:
        for strategy in ("greedy", "playouts"):
            result = core.search(state, max_states=20_000, mode=strategy)
            assert result.verdict in (WON, UNKNOWN), f"the incomplete {strategy} pass claimed {result.verdict}"
            if result.verdict == WON:
                assert replays_to_win(state, result.moves)


def test_endgames_cover_both_verdicts():
    # The soundness test means little unless the endgames are sometimes lost.
    seen = set()
    rng = random.Random(7)
    for game, options in VARIANTS:
        for _ in range(12):
            seen.add(truth(endgame(game, options, rng.randint(3, 9), rng)))
    assert {WON, LOST} <= seen


def test_autoplay_is_not_applied_where_a_card_is_still_needed():
    # Werner: 2H can go home (AH is home) but 2H is not safe while AS or AC,
    # the black aces that could go on it, are out; the solver must then keep
    # the choice open. With every ace home it is safe.
    from napoleon.solver.autoplay import is_safe

    state = napoleon.new_game("werner", 1)
    two_hearts = napoleon.cards.parse_card("2H")
    assert not is_safe(state, two_hearts)
    won = endgame("werner", {}, 1, random.Random(1))
    assert all(is_safe(won, c) for c in range(1, 62) if c & 15 and c & 15 <= 13)


def test_a_non_obvious_win_is_found_and_a_dead_end_is_proven_lost():
    # St. Helena endgames (no space is ever filled): one that is won, but not
    # by playing safe cards home alone, and one the exhaustive search proves
    # lost. The solver must find the win and prove the loss.
    rng = random.Random(2024)
    found = {WON: None, LOST: None}
    for _ in range(500):
        state = endgame("st-helena", {}, rng.randint(4, 9), rng)
        verdict = truth(state)
        greedy = state.copy()
        napoleon.solver.autoplay.safe_autoplay(greedy)
        if verdict == WON and found[WON] is None and not greedy.is_won:
            found[WON] = state
        if verdict == LOST and found[LOST] is None:
            found[LOST] = state
        if all(v is not None for v in found.values()):
            break
    assert all(v is not None for v in found.values())
    won = solve(found[WON], budget=5)
    assert won.verdict == WON and replays_to_win(found[WON], won.moves)
    assert solve(found[LOST], budget=5).verdict == LOST
    assert Search(found[LOST]).run().verdict == LOST
