"""The compiled core must generate exactly the engine's moves and auto-play.

The core holds no rule of its own: it runs on the tables the engine compiled.
These tests are what makes that claim checkable: on random positions of every
game and option set, its move list and its auto-play equal the engine's.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from variants import IDS, VARIANTS

import napoleon
from napoleon.engine.move import REDEAL
from napoleon.solver import core
from napoleon.solver.autoplay import safe_moves

pytestmark = pytest.mark.skipif(not core.available, reason="the C core is not built")



@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
@settings(max_examples=12, deadline=None)
@given(deal=st.integers(1, 2**63 - 1), seed=st.integers(0, 2**32))
def test_core_moves_and_autoplay_equal_the_engines(game, options, deal, seed):
    rng = random.Random(seed)
    state = napoleon.new_game(game, deal, options)
    for _ in range(250):
        moves = state.legal_moves()
        assert core.core_moves(state) == moves
        assert core.core_autoplay(state) == safe_moves(state.copy())
        if REDEAL in moves:  # the core redeals from the game's declared data, or by calling the game
            after = state.copy()
            after.push(REDEAL)
            assert core.core_redeal(state) == (after.piles, after.redeals)
        if not moves:
            break
        state.push(rng.choice(moves))


def test_bad_tables_are_refused_not_trusted():
    state = napoleon.new_game("werner", 1)
    tables = core.encode_rules(state.game)
    with pytest.raises(ValueError):
        core._core.moves(tables[:-3], [p[:] for p in state.piles], 0)
    with pytest.raises(ValueError):
        core._core.moves([*tables, 0], [p[:] for p in state.piles], 0)
    with pytest.raises(ValueError):
        core._core.moves(tables, [[99]] * state.game.npiles, 0)


@pytest.mark.parametrize(("game", "options"), [("forty-thieves", {"redeals": "2"}), ("napoleons-tomb", {})],
                         ids=["forty-thieves-redeals=2", "napoleons-tomb"])
@settings(max_examples=10, deadline=None)
@given(deal=st.integers(1, 2**63 - 1), seed=st.integers(0, 2**32))
def test_core_turns_the_waste_over_as_the_engine_does(game, options, deal, seed):
    # Random play seldom uses up a stock; here every stock card is turned
    # (onto a random waste), with random other moves between, then redealt.
    rng = random.Random(seed)
    state = napoleon.new_game(game, deal, options)
    stock = state.game.stock
    while state.piles[stock]:
        moves = state.legal_moves()
        turns = [m for m in moves if m.src == stock]
        state.push(rng.choice(moves if rng.random() < 0.3 else turns))
    assert REDEAL in state.legal_moves()
    after = state.copy()
    after.push(REDEAL)
    assert core.core_redeal(state) == (after.piles, after.redeals)
    assert state.game.redeal_order() is not None  # carried out by the core, not by a call into Python
