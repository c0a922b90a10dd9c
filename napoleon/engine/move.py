"""Moves as values.

A move is a small named tuple of pile indices: take ``count`` cards from the
top of pile ``src`` and put them, in the same order, on pile ``dst``. Turning
a stock card is such a move (stock to a waste pile). A redeal is the one move
that is not: it is :data:`REDEAL`.

The text notation, per game (see the README): piles are named by letter and
number (``T3`` tableau 3, ``F1`` foundation 1, ``W2`` waste 2, ``S`` stock,
``C`` the Tomb's central reserve, ``C1`` a Werner cell, ``R4`` a Tomb
reserve). A move is ``SRC-DST``, with ``xN`` added when it carries N > 1
cards, and a redeal is ``redeal``: ``T3-F1``, ``S-W2``, ``T4-T9x3``.
"""

from __future__ import annotations

from typing import NamedTuple


class Move(NamedTuple):
    """Take ``count`` cards from the top of pile ``src`` onto pile ``dst``."""

    src: int
    dst: int
    count: int = 1

    @property
    def is_redeal(self) -> bool:
        return self.src < 0


REDEAL = Move(-1, -1, 0)
"""The redeal move; what it does is the game's own rule."""
