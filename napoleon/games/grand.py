"""Grand Napoleon: RULES.md section 3."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE, KING
from ..engine.dealing import RedealOrder
from ..engine.game import Game
from ..engine.rules import FOUNDATION, TABLEAU, Build, Foundation, Group
from ..engine.table import CARD_RATIO, DOWN, Columns, Table

if TYPE_CHECKING:
    from ..engine.state import State

COLUMNS = 11


class GrandNapoleon(Game):
    """Two decks laid out in 11 columns, with play-ups during the layout."""

    id = "grand-napoleon"
    name = "Grand Napoleon"
    decks = 2
    summary = "Two decks in 11 columns built up or down in suit; Ace and King foundations; two redeals."
    rules = """\
Two decks. 11 columns. 8 foundations: 4 Ace foundations (one per suit, built
up to the King) and 4 King foundations (one per suit, built down to the Ace).
Layout: the cards are dealt face up one at a time, left to right, row after
row, across the 11 columns until the stock is used up. After the first row of
11 is down, every card of that row that fits a foundation is played up,
repeatedly, until none fits. From then on, whenever a card lands in column 1
or column 11 and fits a foundation it is played up at once, and so is any card
it uncovers in that column that then fits. A card that fits both an Ace and a
King foundation goes to the Ace foundation. These play-ups are automatic.
Play: the top card of each column may go to a foundation, or onto the top card
of another column of the same suit one rank higher or lower (no wrap between
King and Ace). One card at a time. An empty column takes any card.
Redeal: at most twice, whenever you choose. Foundations stay; the columns are
picked up and the layout is dealt again, with the same play-ups, from a stock
of column 1's cards (bottom card first), then column 2's, ... to column 11.
Won when all 104 cards are on the foundations."""

    def layout(self) -> tuple[Group, ...]:
        return (
            Group(FOUNDATION, 4, Foundation(start=ACE, up=True, one_per_suit=True), label="Ace foundations"),
            Group(FOUNDATION, 4, Foundation(start=KING, up=False, one_per_suit=True), label="King foundations"),
            Group(TABLEAU, COLUMNS, Build(up=True, down=True), to=(FOUNDATION, TABLEAU)),
        )

    layout_matters_for_redeal = True
    redeal_gathers = TABLEAU

    redeal_limit = 2

    def table(self) -> Table:
        # The Ace foundations above the first columns, the King foundations above the last.
        top = (self.band(0, caption="Ace foundations ↑"), self.band(1, right=True, caption="King foundations ↓"))
        return Table(Columns(top, self.band(TABLEAU, DOWN, room=CARD_RATIO + 3.2)))

    def deal(self, state: State, cards: list[int]) -> None:
        self.lay_out(state, self.redeal_order(), cards)

    def redeal_order(self) -> RedealOrder:
        # Column 1's cards bottom first, then column 2's, ... dealt again
        # across the columns with the layout's play-ups (columns 1 and 11).
        columns = tuple(self.role_piles[TABLEAU])
        return RedealOrder(columns, columns, bottom_first=True, play_ups=(columns[0], columns[-1]))
