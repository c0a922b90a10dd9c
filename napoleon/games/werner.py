"""Napoleon at St Helena, Einar Werner's game (ForeCell): RULES.md section 4."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import ACE
from ..engine.errors import PositionError
from ..engine.game import Game
from ..engine.rules import ALTERNATE, CELL, FOUNDATION, KINGS, TABLEAU, Build, Foundation, Group
from ..engine.searching import SIMPLE_PLAYERS, Step
from ..engine.table import CARD_RATIO, DOWN, Columns, Table

if TYPE_CHECKING:
    from ..engine.state import State


class Werner(Game):
    """FreeCell with its four cells full at the start and kings-only spaces."""

    id = "werner"
    name = "Napoleon at St Helena (Einar Werner)"
    short_name = "St Helena (Werner)"
    decks = 1
    summary = "One deck, FreeCell with full cells: 8 columns of 6, 4 cells, spaces take Kings."
    rules = """\
One deck. 8 columns of 6 cards, dealt row after row; the last 4 cards go one
each into the 4 store cells. 4 foundations: an Ace starts one, built up in
suit to the King.
The top card of a column may go to a foundation, to an empty cell, or onto
another column: down by one rank, alternating colour. A cell holds one card,
which may go to a foundation or onto a column. An empty column takes only a
King. One card at a time.
Won when all 52 cards are on the foundations."""

    # Best-first with the "next card" term and plain depth-first search each
    # win deals the other misses (deals 2, 47, 49 of the benchmark), so both
    # get a share (docs/benchmarks.md).
    search_plan = (Step("best", 0.4, (40, 3, 12, 0, 8, 5)), Step("dfs", 0.5), Step("best", 1.0))
    grading_ladder = (*SIMPLE_PLAYERS, ("best", 100_000), ("dfs", 200_000))

    def layout(self) -> tuple[Group, ...]:
        return (
            Group(FOUNDATION, 4, Foundation(start=ACE, up=True)),
            Group(TABLEAU, 8, Build(down=True, suit=ALTERNATE, space=KINGS), to=(FOUNDATION, CELL, TABLEAU)),
            Group(CELL, 4, Build(), to=(FOUNDATION, TABLEAU), first_only=True),
        )

    def table(self) -> Table:
        # The store cells on the left and the foundations on the right, as in FreeCell.
        top = (self.band(CELL), self.band(FOUNDATION, right=True))
        return Table(Columns(top, self.band(TABLEAU, DOWN, room=CARD_RATIO + 2.8)))

    def deal(self, state: State, cards: list[int]) -> None:
        columns, cells = self.role_piles[TABLEAU], self.role_piles[CELL]
        for i, card in enumerate(cards[:48]):
            state.piles[columns[i % 8]].append(card)
        for cell, card in zip(cells, cards[48:], strict=True):
            state.piles[cell].append(card)

    def check_position(self, state: State) -> None:
        for cell in self.role_piles[CELL]:
            if len(state.piles[cell]) > 1:
                raise PositionError(f"{self.pile_names[cell]} holds {len(state.piles[cell])} cards: a store cell holds one")
