"""Does the rest play itself? The moves that finish a game without a choice.

Near the end of a game every card often just goes home: an interface offers
"finish" then and plays the moves out. This is the check: only moves to a
foundation (whichever card can go), and turning the stock when it has a
single waste pile (no choice to make there), until every card is home. The
line is returned only when it wins, so offering it is never a guess.

>>> from napoleon import new_game
>>> finish_line(new_game("werner", deal=1)) is None
True
"""

from __future__ import annotations

from ..engine.move import Move
from ..engine.state import State


def finish_line(state: State, limit: int = 1_000) -> list[Move] | None:
    """The moves that win from ``state`` with foundation moves and stock turns alone, or None."""
    game = state.game
    walk = state.copy()
    moves: list[Move] = []
    for _ in range(limit):
        if walk.is_won:
            return moves
        move = next((m for src in game.sources if (m := walk.foundation_move(src)) is not None), None)
        if move is None and game.stock is not None and walk.piles[game.stock]:
            wastes = game.active_wastes(walk)
            if len(wastes) == 1:
                move = Move(game.stock, wastes[0])
        if move is None or walk.why_illegal(move) is not None:
            return None
        walk.push(move)
        moves.append(move)
    return None
