"""Find a game for the review's test: a Werner deal whose solver solution is followed for
``K`` moves, then a move off it after which the solver proves the deal lost.

    python tests/analysis/find_lost_game.py [K]

Prints the deal, the ``K`` moves, the losing move and the positions the proof took. The
test (test_review.py) holds the answer it printed for K = 18 and checks it again itself.
"""

from __future__ import annotations

import sys

from napoleon import new_game
from napoleon.solver import LOST, solve


def find(k: int, deals: range = range(1, 1000)) -> tuple[int, list[str], str] | None:
    for deal in deals:
        start = new_game("werner", deal)
        result = solve(start, budget=5)
        if not result.won or len(result.moves) <= k:
            continue
        here = start.copy()
        for move in result.moves[:k]:
            here.play(move)
        for move in here.legal_moves():
            if move == result.moves[k]:
                continue
            after = here.copy()
            after.play(move)
            if solve(after, budget=5).verdict == LOST:
                game = start.game
                return deal, [game.notation(m) for m in result.moves[:k]], game.notation(move)
    return None


if __name__ == "__main__":
    print(find(int(sys.argv[1]) if len(sys.argv) > 1 else 18))
