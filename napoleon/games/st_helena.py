"""St. Helena, also Napoleon's Favourite or Washington's Favorite: RULES.md section 6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import voice
from ..cards import ACE, KING, card_str, make_card
from ..engine.dealing import RedealOrder, deal_rows
from ..engine.errors import PositionError
from ..engine.game import RANKS, Game, Option, choice
from ..engine.rules import ANY, ANY_SUIT, FOUNDATION, NONE, SAME, TABLEAU, Build, Foundation, Group
from ..engine.searching import Step
from ..engine.table import Ring, Table

if TYPE_CHECKING:
    from ..engine.game import Target
    from ..engine.state import State

UPPER, LOWER, PILES = 0, 1, 2  # group indices of the layout


class StHelena(Game):
    """Two decks, a King and an Ace of each suit start the foundations, 12 piles around."""

    id = "st-helena"
    name = "St. Helena (Napoleon's Favourite)"
    short_name = "St. Helena"
    decks = 2
    summary = "Two decks, 12 piles of 8 around King and Ace foundations; two redeals."
    rules = """\
Two decks. One King and one Ace of each suit are taken out: the Kings are the
upper foundations (built down in suit to the Ace), the Aces the lower
foundations (built up in suit to the King).
The other 96 cards are dealt one at a time, clockwise, into 12 piles of 8:
piles 1-4 above the Kings (left to right), 5-6 down the right side, 7-10
below the Aces (right to left), 11-12 up the left side.
The top card of a pile may go to a foundation, or onto the top card of another
pile of the same suit, one rank higher or lower (no wrap between King and Ace).
One card at a time. A space is never filled.
In the first deal only: a card from piles 1-4 may go to an upper foundation
only, from piles 7-10 to a lower foundation only; piles 5, 6, 11, 12 to either.
Redeal: at most twice, whenever you choose. The piles are gathered pile 12 on
top of pile 11, ... down to pile 1, and dealt again from the top of the packet,
clockwise from pile 1, one card at a time, as far as it goes.
Options: spaces=any (a space takes any card); build=any (piles build up or
down regardless of suit).
Won when all 104 cards are on the foundations."""
    option_specs = (
        Option("spaces", "none", choice("none", "any"), "none or any", "what fills a space: nothing, or any card"),
        Option("build", "suit", choice("suit", "any"), "suit or any", "piles build in suit, or regardless of suit"),
    )

    def layout(self) -> tuple[Group, ...]:
        build = Build(
            up=True,
            down=True,
            suit=ANY_SUIT if self.options["build"] == "any" else SAME,
            space=ANY if self.options["spaces"] == "any" else NONE,
        )
        return (
            Group(FOUNDATION, 4, Foundation(start=KING, up=False), label="upper (King) foundations"),
            Group(FOUNDATION, 4, Foundation(start=ACE, up=True), label="lower (Ace) foundations"),
            Group(TABLEAU, 12, build, to=(FOUNDATION, TABLEAU)),
        )

    test_option_specs = (RANKS,)

    def table(self) -> Table:
        # The 12 piles clockwise round the Kings (above) and the Aces: 1-4 on
        # top, 5-6 down the right, 7-10 along the bottom, 11-12 up the left.
        return Table(Ring(self.band(PILES).piles, (4, 2, 4, 2), centre=(self.band(UPPER), self.band(LOWER))))

    layout_matters_for_redeal = True
    redeal_gathers = TABLEAU

    redeal_limit = 2

    # Redeals "whenever you choose" make every position a redeal point;
    # redeal planning wins most deals, which no complete search over the
    # whole game can (docs/benchmarks.md).
    search_plan = (Step("staged", 1.0),)
    # The simple players rarely win a deal. Redeal planning, graded, starts
    # 16 times smaller than when it solves (staged.GRADING_PLANS) and counts
    # each redeal point it judges as positions: on deals 1-40 it won 19
    # within 2,000,000, their efforts spread from 84,000 up.
    grading_ladder = (("greedy", 20_000), ("playouts", 20_000), ("staged", 2_000_000))

    def _compile(self) -> None:
        super()._compile()
        piles = self.group_piles[PILES]

        def first_deal(src: int, group: int) -> bool:
            if src not in piles or group == PILES:
                return True
            number = piles.index(src) + 1
            return not ((group == LOWER and number <= 4) or (group == UPPER and 7 <= number <= 10))

        self._first_routes = self.make_routes(first_deal)

    def routes(self, state: State) -> tuple[tuple[Target, ...], ...]:
        return self._first_routes if state.redeals == 0 else self._routes

    def restriction_note(self, state: State, src: int, dst: int) -> str | None:
        if state.redeals == 0 and self.pile_roles[dst] == FOUNDATION:
            return voice.first_deal_foundations(self.group_piles[PILES].index(src) + 1)
        return None

    def deal_cards(self) -> list[int]:
        cards = self.deck()
        for s in range(4):
            cards.remove(make_card(self.top_rank, s))
            cards.remove(make_card(ACE, s))
        return cards

    def deal(self, state: State, cards: list[int]) -> None:
        upper, lower = self.group_piles[UPPER], self.group_piles[LOWER]
        for s in range(4):
            state.piles[upper[s]] = [make_card(self.top_rank, s)]
            state.piles[lower[s]] = [make_card(ACE, s)]
        deal_rows(state, self.group_piles[PILES], cards)

    def redeal_order(self) -> RedealOrder:
        # Pile 12 on top of pile 11, ... down to pile 1, dealt again from the
        # top of the packet (pile 12's top card first), clockwise from pile 1.
        piles = tuple(self.group_piles[PILES])
        return RedealOrder(piles[::-1], piles)

    def check_position(self, state: State) -> None:
        for group, start in ((UPPER, self.top_rank), (LOWER, ACE)):
            for s, f in enumerate(self.group_piles[group]):
                pile = state.piles[f]
                if not pile or pile[0] != make_card(start, s):
                    want = card_str(make_card(start, s))
                    raise PositionError(f"{self.pile_names[f]} must start with {want}")
