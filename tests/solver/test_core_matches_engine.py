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
