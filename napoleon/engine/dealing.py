"""Small dealing steps that several games share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State


def deal_rows(state: State, piles: Sequence[int], cards: Sequence[int]) -> None:
    """Deal ``cards`` one at a time across ``piles``, row after row."""
    n = len(piles)
    for i, card in enumerate(cards):
        state.piles[piles[i % n]].append(card)


def stock_from(cards: Sequence[int]) -> list[int]:
    """A stock whose next card turned (its last) is ``cards[0]``."""
    return list(cards[::-1])
