"""Napoleon's Square: RULES.md section 2."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import voice
from ..cards import ACE
from ..engine.dealing import deal_rows, stock_from
from ..engine.game import Game, Option, flag
from ..engine.move import Move
from ..engine.rules import FOUNDATION, STOCK, TABLEAU, WASTE, Build, Foundation, Group
from ..engine.searching import Step
from ..engine.table import CARD_RATIO as CH
from ..engine.table import DOWN, GAP, PITCH, RIGHT, STACK, Picture, Place, Table
from ..engine.table import WASTE as WASTE_FAN

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

    # Nested rollouts and the beam over the stock's turns first, briefly,
    # then best-first (complete) for the rest: on the tuning block
    # 20001-20200 at 10 s, 194 won, 1 lost, 5 unknown where best-first alone
    # has 192, 1, 7; with `single` 188, 2, 10 where it has 177, 2, 21
    # (docs/benchmarks.md).
    search_plan = (Step("nested", 0.2), Step("beam", 0.2), Step("best", 1.0))

    def table(self) -> Table:
        """A row of twelve columns where room is short (a terminal); where
        there is room, the rulebook's square (seed 001): twelve piles of four
        "forming three sides of a square", the fourth side "occupied by the
        foundations". Foundations along the top; T1-T4 down the left side,
        T5-T8 along the bottom, T9-T12 up the right side; the stock and waste
        inside the square. Side piles fan to the right, so every card shows
        its index corner. On a narrow screen the square would leave cards too
        small to read: there the foundations come first and the twelve piles
        stand in two rows of six."""
        found, piles = self.band(FOUNDATION).piles, self.band(TABLEAU).piles
        stock, waste = self.band(STOCK).piles[0], self.band(WASTE).piles[0]
        wide: dict[str, Place] = {}
        side = 3.0  # room of a side pile's fan
        fx = side - 1  # the foundations span the square
        for i, f in enumerate(found):
            wide[f] = Place(fx + i * PITCH, 0, STACK)
        right = fx + 8 * PITCH - GAP - 1  # x of the right side's slots
        rows = [CH + 0.4 + k * (CH + 0.2) for k in range(4)]
        for k, y in enumerate(rows):
            wide[piles[k]] = Place(0, y, RIGHT, side)
            wide[piles[11 - k]] = Place(right, y, RIGHT, side)
        inner0, inner1 = side + 0.35, right - 0.35 - 1
        pitch = (inner1 - inner0) / 3
        for k in range(4):
            wide[piles[4 + k]] = Place(inner0 + k * pitch, rows[3], DOWN)
        wide[stock] = Place(inner0 + pitch, rows[0] + 0.3, STACK)
        wide[waste] = Place(inner0 + 2 * pitch, rows[0] + 0.3, WASTE_FAN)

        narrow: dict[str, Place] = {stock: Place(0, 0, STACK), waste: Place(0, CH + 0.15, WASTE_FAN)}
        for i in range(4):
            narrow[found[i]] = Place((i + 2) * PITCH, 0, STACK)
            narrow[found[4 + i]] = Place((i + 2) * PITCH, CH + 0.15, STACK)
        r1 = 2 * CH + 0.5
        first_room = CH + 5 * 0.3
        for i in range(6):
            narrow[piles[i]] = Place(i * PITCH, r1, DOWN, first_room)
            narrow[piles[6 + i]] = Place(i * PITCH, r1 + first_room + 0.25, DOWN)
        pictures = (
            Picture(wide, right + side, rows[3] + CH + 2.0),
            # Only where the square's cards would be much smaller.
            Picture(narrow, 6 * PITCH - GAP, r1 + first_room + 0.25 + CH + 2.0, prefer=0.7),
        )
        return Table(super().table().shape, pictures)

    def layout(self) -> tuple[Group, ...]:
        return (
            Group(FOUNDATION, 8, Foundation(start=ACE, up=True)),
            Group(TABLEAU, 12, Build(down=True, runs=not self.options["single"]), to=(FOUNDATION, TABLEAU)),
            Group(STOCK, 1),
            Group(WASTE, 1, to=(FOUNDATION, TABLEAU)),
        )

    def multi_card_note(self, state: State, move: Move) -> str | None:
        if self.options["single"]:
            return voice.SINGLE_OPTION
        return None

    def deal(self, state: State, cards: list[int]) -> None:
        deal_rows(state, self.role_piles[TABLEAU], cards[:48])
        state.piles[self.stock] = stock_from(cards[48:])
