"""Properties of the engine over random play, for all six games and their options.

Hypothesis draws a deal and a sequence of indices into ``legal_moves()``; after
every move the invariants below must hold.
"""

from __future__ import annotations

import copy
import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from variants import IDS, VARIANTS

import napoleon
from napoleon.engine.autoplay import home_move
from napoleon.shuffle import MAX_DEAL

MAX_MOVES = 60

SETTINGS = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def full(state):
    """Everything of a position, for exact comparisons (the piles as tuples: a snapshot that a later
    move cannot change, as a deep copy would be, made some ten times quicker)."""
    return (tuple(map(tuple, state.piles)), state.key(), state.redeals, state.extra())


def check_cards(state, want):
    assert Counter(c for p in state.piles for c in p) == want


def check_json(state):
    obj = state.to_json()
    text = json.dumps(obj)
    again = napoleon.position_from_json(json.loads(text))
    assert again.to_json() == obj
    assert again.key() == state.key()
    assert again.legal_moves() == state.legal_moves()


def check_status(state, moves):
    game = state.game
    home = sum(len(state.piles[f]) for f in game.foundations)
    if home == game.total_cards:
        assert state.status == napoleon.Status.WON
    elif not moves or game.is_dead(state):
        assert state.status == napoleon.Status.LOST
    else:
        assert state.status == napoleon.Status.PLAYING


def check_moves(state, moves):
    game = state.game
    here = full(state)
    results = set()
    for move in moves:
        assert state.is_legal(move)
        assert state.why_illegal(move) is None
        assert move.src not in game.foundations, "a card left a foundation"
        text = game.notation(move)
        assert state.parse_move(text) == move
        assert game.parse_notation(text) == move
        obj = game.move_to_json(move)
        assert game.move_from_json(json.loads(json.dumps(obj))) == move
        assert game.move_from_json(text) == move
        # Each listed move gives its own result, and undoing it is exact.
        state.push(move)
        results.add(state.key())
        state.pop()
        assert full(state) == here
    assert len(results) == len(moves), "two listed moves give the same position"


def check_shortcuts(state, moves):
    """The shortcuts the view takes agree with the moves they stand for: a move home exactly when a
    legal move goes home, and the most cards each pile gives at once as its moves and runs say."""
    game = state.game
    home = home_move(state)
    goes_home = [m for m in moves if m.dst in game.foundations]
    assert (home is None) == (not goes_home)
    assert home is None or (state.is_legal(home) and home.dst in game.foundations)
    every = state.every_move()
    for src, pile in enumerate(state.piles):
        most = max((m.count for m in every if m.src == src), default=1)
        if game.runs[src] and pile:
            run = 1
            while run < len(pile) and pile[-run] in game.fit[src][pile[-run - 1]]:
                run += 1
            most = max(most, run)
        assert state.most_movable(src) == max(1, min(most, len(pile)))


def check_illegal(state, data):
    game = state.game
    src = data.draw(st.integers(0, game.npiles - 1), label="src")
    dst = data.draw(st.integers(0, game.npiles - 1), label="dst")
    count = data.draw(st.integers(1, 4), label="count")
    move = napoleon.Move(src, dst, count)
    if state.is_legal(move):
        return
    reason = state.why_illegal(move)
    assert isinstance(reason, str) and reason
    before = (full(state), list(state.history))
    with pytest.raises(napoleon.IllegalMoveError):
        state.play(move)
    assert (full(state), list(state.history)) == before


@pytest.mark.parametrize("game_id, options", VARIANTS, ids=IDS)
@SETTINGS
@given(data=st.data())
def test_random_play_keeps_every_invariant(game_id, options, data):
    deal = data.draw(st.one_of(st.integers(1, 10_000), st.integers(1, MAX_DEAL)), label="deal")
    state = napoleon.new_game(game_id, deal, options)
    game = state.game
    want = Counter(game.all_cards())
    start = full(state)
    start_piles = copy.deepcopy(state.piles)
    start_json = state.to_json()
    check_cards(state, want)

    # Games with a stock: first turn part of it (often all of it, to reach the redeals).
    if game.stock is not None:
        size = len(state.piles[game.stock])
        turns = data.draw(st.one_of(st.just(size), st.integers(0, size)), label="stock turns")
        for _ in range(turns):
            turn_moves = [m for m in state.legal_moves() if m.src == game.stock]
            state.play(turn_moves[data.draw(st.integers(0, len(turn_moves) - 1))])
            check_cards(state, want)

    n = data.draw(st.integers(0, MAX_MOVES), label="moves")
    for _ in range(n):
        moves = state.legal_moves()
        check_status(state, moves)
        check_moves(state, moves)
        check_shortcuts(state, moves)
        check_json(state)
        check_illegal(state, data)
        if not moves:
            break
        move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        state.play(move)
        check_cards(state, want)
        # Undo then redo comes back to the same position.
        after = full(state)
        after_json = state.to_json()
        assert state.pop() == move
        assert not state.is_legal(move) or full(state) != after
        state.push(move)
        assert full(state) == after and state.to_json() == after_json
    check_json(state)
    event(f"played {len(state.history) // 20 * 20}+ moves")
    event(f"redeals used: {state.redeals}")

    while state.history:
        state.pop()
        check_cards(state, want)
    assert full(state) == start
    assert state.piles == start_piles and state.key() == start[1]
    assert state.to_json() == start_json
