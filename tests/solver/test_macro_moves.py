"""The stock's macro moves (csrc/core.h, A7): "turn k cards, then play the k-th".

Depth-first search turns a one-pass stock this way where no redeal is left,
and never stores a position with a turned card not yet played. The tests
hold the moves it tries to the engine's (each spelled-out macro replays as
legal moves, and they reach exactly the positions that turning card by card
and then playing reaches), and its verdicts to the card-by-card search's and
the exhaustive search's.
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
from napoleon.solver import UNKNOWN, core, probes, replays_to_win, solve
from napoleon.solver.search import Search

from .endgames import walked

pytestmark = pytest.mark.skipif(not core.available, reason="macro moves are the compiled core's")

GAMES = [
    ("forty-thieves", {}),
    ("forty-thieves", {"ranks": 5, "columns": 4}),
    ("forty-thieves", {"redeals": "1"}),
    ("napoleons-tomb", {}),
]


def closed(state: State) -> State:
    """The position after the core's auto-play, as every searched position is."""
    for move in probes.core_autoplay(state):
        state.push(move)
    return state


def key(state: State) -> bytes | tuple:
    return Search(state).key()


def expected_successors(state: State) -> set:
    """Where the search should go from ``state``: each move but a turn, then
    for k = 1, 2, ... each move of the k-th card turned, until a turn after
    which auto-play moves a card (that position itself ends the list)."""
    stock = state.game.stock
    out = {key(closed(_after(state, [m]))) for m in state.legal_moves() if m.src != stock}
    turned = state.copy()
    while turned.piles[stock]:
        turned.push(next(m for m in turned.legal_moves() if m.src == stock))
        if probes.core_autoplay(turned):
            out.add(key(closed(turned.copy())))
            break
        waste = turned.history[-1].dst
        out |= {key(closed(_after(turned, [m]))) for m in turned.legal_moves() if m.src == waste}
    return out


def _after(state: State, moves: list) -> State:
    s = state.copy()
    for m in moves:
        assert m in s.legal_moves(), f"{m} is not legal in the position it is made in"
        s.push(m)
    return s


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[f"{g}-{o}" for g, o in GAMES])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 2**40), steps=st.integers(0, 60), seed=st.integers(0, 2**32))
def test_macro_moves_replay_and_reach_what_turning_card_by_card_does(game_id, options, deal, steps, seed):
    state = closed(walked(game_id, options, deal, steps, random.Random(seed)))
    lines = probes.core_dfs_moves(state)
    actual = {key(closed(_after(state, line))) for line in lines}
    stock = state.game.stock
    if state.piles[stock] and state.game.max_redeals - state.redeals <= 0:
        # A7 applies: no bare turn is tried, every turn is followed by a play or by auto-play.
        assert all(line[-1].src != stock or probes.core_autoplay(_after(state, line)) for line in lines)
        # One move per group of interchangeable spaces (and none that leaves the
        # position as it was) in the search, every move in the reference.
        assert actual - {key(state)} == expected_successors(state) - {key(state)}
    else:
        # Card by card: the plain moves in the search's order.
        assert all(len(line) == 1 for line in lines)


SMALL = [("forty-thieves", {"ranks": r, "columns": c}) for r, c in ((4, 3), (5, 4), (6, 5), (8, 6))]


@pytest.mark.parametrize(("game_id", "options"), SMALL, ids=[f"{g}-{o}" for g, o in SMALL])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(deal=st.integers(1, 2**40), steps=st.integers(0, 20), seed=st.integers(0, 2**32))
def test_macro_depth_first_gives_the_card_by_card_verdict(game_id, options, deal, steps, seed):
    state = closed(walked(game_id, options, deal, steps, random.Random(seed)))
    plain = core.search(state, max_states=400_000, mode="dfs", macros=False)
    assume(plain.verdict != UNKNOWN)  # no verdict to hold the macro search to: not searched by it too
    macro = core.search(state, max_states=400_000, mode="dfs", macros=True)
    assume(macro.verdict != UNKNOWN)
    assert macro.verdict == plain.verdict
    if macro.won:
        assert replays_to_win(state, macro.moves)
    if options["ranks"] <= 5:
        truth = Search(state, prune=False, max_states=40_000).run().verdict
        assert truth in (macro.verdict, UNKNOWN)


def test_solve_and_the_cli_turn_card_by_card_when_asked(capsys, monkeypatch):
    from napoleon.interfaces.cli import main

    # A lost deal of the reduced game: card by card, most positions searched
    # hold a turned card not yet played (162,448 positions, by macro moves 75,507).
    state = napoleon.new_game("forty-thieves", 1, {"ranks": 7, "columns": 6})
    by_macro = solve(state, strategy="dfs", max_states=3_000_000)
    by_card = solve(state, strategy="dfs", max_states=3_000_000, card_by_card=True)
    assert by_card.verdict == by_macro.verdict == "lost"
    assert by_card.states == core.search(state, max_states=3_000_000, mode="dfs", macros=False).states
    assert by_macro.states * 2 < by_card.states
    with core.macros(False):
        assert core.search(state, max_states=3_000_000, mode="dfs").states == by_card.states
    # The reduced deck is for tests only: the command line refuses it as an option, and takes it in a position.
    position = json.dumps(napoleon.new_game("forty-thieves", 3, {"ranks": 5, "columns": 4}).to_json())
    for flag in ([], ["--card-by-card"]):
        monkeypatch.setattr("sys.stdin", io.StringIO(position))
        main(["solve", "--strategy", "dfs", "--json", *flag])
        assert '"verdict"' in capsys.readouterr().out
