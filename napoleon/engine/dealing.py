"""Small dealing steps that several games share."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .state import State


class RedealOrder(NamedTuple):
    """A redeal as data, which the engine (``Game.redeal``) and the solver's
    compiled core both carry out.

    The cards of the ``gather`` piles are picked up into one packet, pile
    after pile in that order, each from its top card down (from its bottom
    card up with ``bottom_first``); the packet is then dealt from its first
    card, one card at a time, onto the ``deal_to`` piles in turn (onto
    whatever they hold). ``play_ups``: None, or the piles where a card dealt
    after the first row is played up to a foundation at once; the first row
    itself is played up pass after pass once it is down (``Game.lay_out``
    says exactly how; Grand Napoleon's layout).
    """

    gather: tuple[int, ...]
    deal_to: tuple[int, ...]
    bottom_first: bool = False
    play_ups: tuple[int, ...] | None = None


def deal_rows(state: State, piles: Sequence[int], cards: Sequence[int]) -> None:
    """Deal ``cards`` one at a time across ``piles``, row after row."""
    n = len(piles)
    for i, card in enumerate(cards):
        state.piles[piles[i % n]].append(card)


def stock_from(cards: Sequence[int]) -> list[int]:
    """A stock whose next card turned (its last) is ``cards[0]``."""
    return list(cards[::-1])
