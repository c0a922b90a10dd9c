"""Napoleon's Square: RULES.md section 2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE
from ..engine.dealing import deal_rows, stock_from
from ..engine.game import Game, Option, flag
from ..engine.move import Move
from ..engine.rules import FOUNDATION, STOCK, TABLEAU, WASTE, Build, Foundation, Group

if TYPE_CHECKING:
    from ..engine.state import State


class NapoleonsSquare(Game):
    """Two decks, twelve piles of four; runs built down in suit move as a unit."""

    id = "napoleons-square"
    name = "Napoleon's Square"
    decks = 2
    summary = "Two decks, 12 piles of 4 built down in suit; runs move as a unit; one pass."
    rules = """\
Two decks. 12 piles of 4 cards, all face up. 8 foundations: an Ace starts
one, built up in suit to the King. Stock: the other 56 cards.
Piles build down in suit. Any run of cards that is itself built down in suit
may move as one unit onto a pile it fits, or into a space. A space takes any
available card or run.
The stock is turned one card at a time onto the waste; the waste's top card
is available. No redeal.
Option single (Solsuite's rule): runs do not move as a unit; one card at a time.
Won when all 104 cards are on the foundations."""
    option_specs = (
        Option("single", False, flag, "true or false", "one card at a time: runs do not move as a unit"),
    )

    def layout(self) -> tuple[Group, ...]:
        return (
            Group(FOUNDATION, 8, Foundation(start=ACE, up=True)),
            Group(TABLEAU, 12, Build(down=True, runs=not self.options["single"]), to=(FOUNDATION, TABLEAU)),
            Group(STOCK, 1),
            Group(WASTE, 1, to=(FOUNDATION, TABLEAU)),
        )

    def multi_card_note(self, state: State, move: Move) -> str | None:
        if self.options["single"]:
            return "with the single option runs do not move as a unit: one card at a time"
        return None

    def deal(self, state: State, cards: list[int]) -> None:
        deal_rows(state, self.role_piles[TABLEAU], cards[:48])
        state.piles[self.stock] = stock_from(cards[48:])
