"""The compiled core must generate exactly the engine's moves and auto-play.

The core holds no rule of its own: it runs on the tables the engine compiled.
These tests are what makes that claim checkable: on random positions of every
game and option set, its move list and its auto-play equal the engine's. They
run twice: on the native core, and on its WebAssembly build in Node
(``each_core``, tests/solver/conftest.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from variants import IDS, VARIANTS

import napoleon
from napoleon.engine.autoplay import safe_moves
from napoleon.engine.move import REDEAL
from napoleon.solver import core, probes

pytestmark = [pytest.mark.skipif(not core.available, reason="the C core is not built"),
              pytest.mark.usefixtures("each_core")]



@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
@settings(max_examples=12, deadline=None)
@given(deal=st.integers(1, 2**63 - 1), seed=st.integers(0, 2**32))
def test_core_moves_and_autoplay_equal_the_engines(game, options, deal, seed):
    rng = random.Random(seed)
    state = napoleon.new_game(game, deal, options)
    for _ in range(250):
        moves = state.legal_moves()
        assert probes.core_moves(state) == moves
        assert probes.core_autoplay(state) == safe_moves(state.copy())
        if REDEAL in moves:  # the core redeals from the game's declared data
            after = state.copy()
            after.push(REDEAL)
            assert probes.core_redeal(state) == (after.piles, after.redeals)
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
    assert probes.core_redeal(state) == (after.piles, after.redeals)
    assert state.game.redeal_order() is not None  # carried out by the core, not by a call into Python


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(deal=st.integers(1, 2**63 - 1), seed=st.integers(0, 2**32))
def test_position_hash_tells_positions_apart_as_the_key_does(game, options, deal, seed):
    # The playouts and nested rollouts remember positions by a 64-bit hash
    # alone (csrc/keys.c: pos_hash), computed without the key: equal keys
    # must give equal hashes, and the positions of a game, different hashes.
    rng = random.Random(seed)
    state = napoleon.new_game(game, deal, options)
    root = state.redeals
    hashes: dict[int, bytes] = {}
    for _ in range(150):
        key, h = probes.core_key(state, root)
        assert hashes.setdefault(h, key) == key
        groups = state.game.symmetric_groups(state)
        if groups:  # interchangeable piles in another order: the same key, the same hash
            shuffled = state.copy()
            group = list(rng.choice(groups))
            order = group[:]
            rng.shuffle(order)
            for p, q in zip(group, order, strict=True):
                shuffled.piles[p] = state.piles[q][:]
            assert probes.core_key(shuffled, root) == (key, h)
        moves = state.legal_moves()
        if not moves:
            break
        state.push(rng.choice(moves))


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=IDS)
@settings(max_examples=6, deadline=None)
@given(deal=st.integers(1, 2**63 - 1), seed=st.integers(1, 2**32), redeals=st.integers(0, 2))
def test_playouts_keep_their_tops_and_hashes_as_they_move(game, options, deal, seed, redeals):
    # A playout keeps its map of tops and its pile hashes from move to move,
    # updating only the piles a move and its auto-play changed (and undoing
    # that for a move taken back). At every move both must be exactly those
    # of the position made afresh; the core checks it as it plays.
    state = napoleon.new_game(game, deal, options)
    for _ in range(redeals):  # later deals too, where the groups of piles differ
        if REDEAL not in state.legal_moves():
            break
        state.push(REDEAL)
    assert probes.core_playout_check(state, 3_000, seed) == 3_000


def test_a_one_card_pile_does_not_hash_as_an_empty_one():
    # The byte hash once mixed a string's length into the bits of its first
    # byte, so that the pile {card 1} hashed as an empty pile: moving that
    # card between two piles in place left the position's hash unchanged.
    state = napoleon.new_game("napoleons-tomb", 1)
    g = state.game
    a, b = [p for p in range(g.npiles) if not any(p in grp for grp in g.symmetric_groups(state))
            and p not in g.foundations and p != g.stock][:2]
    one, other = state.copy(), state.copy()
    for s in (one, other):
        s.piles[a], s.piles[b] = [], []
    one.piles[a], other.piles[b] = [1], [1]
    assert probes.core_key(one)[0] != probes.core_key(other)[0]
    assert probes.core_key(one)[1] != probes.core_key(other)[1]
