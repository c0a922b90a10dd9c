"""Strong stubborn sets (napoleon/solver/stubborn.py) never hide a win.

Held to the exhaustive search with every shortcut off (``Search(state,
prune=False)``) on small deals of the reduced deck, taken a few random moves
in so that many are lost, as the dead-end tests are: the search expanding only
a stubborn set's moves must give exactly the unpruned verdict, and its wins
must replay through the engine. The set's own condition on interference is
checked directly too: every move it keeps commutes with every move it leaves
out. The set must also cut something, or these tests would prove nothing.
"""

from __future__ import annotations

import random

from napoleon.engine.move import Move
from napoleon.solver.search import Search, replays_to_win
from napoleon.solver.stubborn import applies, stubborn_moves

from .endgames import endgame, walked

SMALL = [{"ranks": 3, "columns": 3}, {"ranks": 4, "columns": 3}, {"ranks": 4, "columns": 2},
         {"ranks": 5, "columns": 4}]
COUNT = {3: 12, 4: 6}   # positions of each deck searched (the Python set is slow on larger ones)


def _positions(options: dict, count: int, seed: int) -> list:
    rng = random.Random(seed)
    out = [walked("forty-thieves", options, deal * 31 + 7, rng.randint(0, 30), rng) for deal in range(count)]
    out += [endgame("forty-thieves", options, rng.randint(4, 10), rng) for _ in range(count // 2)]
    return out


def test_the_pruned_search_gives_the_unpruned_verdict():
    cut = verdicts = 0
    for options in SMALL[:3]:
        for state in _positions(options, COUNT[options["ranks"]], seed=len(str(options))):
            truth = Search(state, prune=False, max_states=8_000).run().verdict
            if truth == "unknown":
                continue
            search = Search(state, max_states=200_000, stubborn=True)
            result = search.run()
            assert result.verdict == truth, state.to_json()
            if result.won:
                assert replays_to_win(state, result.moves)
            cut += search.cut
            verdicts += 1
    assert cut > 0 and verdicts > 20


def _after(state, moves: list[Move]) -> list[list[int]]:
    s = state.copy()
    for m in moves:
        s.play(m)   # raises if the first move made the second illegal
    return s.piles


def test_every_kept_move_commutes_with_every_move_left_out():
    # Condition 3 of a strong stubborn set, in the position itself: a move
    # kept and a move left out can be made in either order, to one position.
    rng = random.Random(7)
    pairs = 0
    for options in SMALL:
        for state in _positions(options, 60, seed=rng.randint(0, 2**32)):
            if not applies(state):
                continue
            moves = state.legal_moves()
            kept = stubborn_moves(state, moves)
            for a in kept:
                for b in moves:
                    if b in kept:
                        continue
                    assert _after(state, [a, b]) == _after(state, [b, a]), (state.to_json(), a, b)
                    pairs += 1
    assert pairs > 20


def test_where_its_argument_does_not_hold_every_move_is_kept():
    rng = random.Random(3)
    for game_id, options in (("werner", {}), ("st-helena", {}), ("napoleons-square", {}),
                             ("forty-thieves", {"redeals": 1, "ranks": 4, "columns": 3})):
        for deal in range(1, 6):
            state = walked(game_id, options, deal, rng.randint(0, 5), rng)
            if game_id == "forty-thieves":
                assert not applies(state)   # a redeal is left
            moves = state.legal_moves()
            assert stubborn_moves(state, moves) == moves

