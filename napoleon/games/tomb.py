"""Napoleon's Tomb, the two-deck game of practicalgamingcenter: RULES.md section 1."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..cards import KING, card_str
from ..engine.dealing import RedealOrder, stock_from
from ..engine.errors import PositionError
from ..engine.game import RANKS, Game
from ..engine.move import Move
from ..engine.rules import ACES, CENTRAL, FOUNDATION, RESERVE, STOCK, TABLEAU, WASTE, Build, Foundation, Group
from ..engine.searching import Step
from ..engine.table import CARD_RATIO, DOWN, GAP, PITCH, STACK, Corners, Picture, Place, Table
from .. import voice

if TYPE_CHECKING:
    from ..engine.state import State

WASTES = 5
MAX_REDEALS = 4
TALL_GAP = 0.17
"""The gap between piles (a card's width is 1) in the Tomb's picture for tall screens, narrower
than :data:`~napoleon.engine.table.GAP`: its seven piles across then give a 360 px phone cards 44
px wide."""


class NapoleonsTomb(Game):
    """Two decks: reserves, a central reserve, a wrapping tableau and shrinking wastes."""

    id = "napoleons-tomb"
    name = "Napoleon's Tomb (two decks)"
    short_name = "Napoleon's Tomb"
    decks = 2
    summary = "Two decks: King foundations built down twice, 4 reserves, a central reserve, 5 shrinking wastes."
    rules = """\
Two decks. 4 reserve piles (R1-R4) of 10 cards each, face up, only the top card
available; an empty central reserve (C); 4 tableau piles (T1-T4) of one card
each; 4 empty foundations; 5 empty waste piles (W1-W5); the other 60 cards are
the stock.
Foundations: one per suit. An empty foundation takes a King of a suit that has
no foundation yet. It builds down in suit to the Ace; then the second King of
that suit goes on the Ace and it builds down to the Ace again (26 cards).
The top of every reserve, tableau and waste pile may go to a foundation, a
tableau pile or the central reserve. The top of the central reserve goes only
to a foundation. Nothing is ever put on a reserve or waste pile by the player;
an emptied reserve stays empty.
Tableau: build up in suit; an Ace goes on a King of its suit. An empty tableau
pile takes any available card.
Central reserve: an empty one takes only an Ace; it builds up in suit and wraps
(an Ace on a King). When it is not empty and the bottom card of a tableau pile
is one rank above its top card, of the same suit, the whole tableau pile moves
onto it in one move, keeping its order.
Stock: at any time turn its top card onto any one waste pile in play. Pass 1
has 5 waste piles, pass 2 has 4, then 3, 2 and 1.
Redeal: only when the stock is empty, at most 4 times. The waste piles are
gathered so that the next card turned is the card that went first onto W1:
W1's cards oldest first, then W2's, and so on. One waste pile fewer is in play.
Won when all 104 cards are on the foundations."""

    def layout(self) -> tuple[Group, ...]:
        onward = (FOUNDATION, TABLEAU, CENTRAL)
        wrap_up = Build(up=True, wrap=True)
        return (
            Group(FOUNDATION, 4, Foundation(start=KING, up=False, length=26, one_per_suit=True)),
            Group(RESERVE, 4, None, to=onward),
            Group(CENTRAL, 1, Build(up=True, wrap=True, space=ACES), to=(FOUNDATION,), numbered=False),
            Group(TABLEAU, 4, wrap_up, to=onward, whole_to=(CENTRAL,)),
            Group(WASTE, WASTES, None, to=onward, shrinks=True),
            Group(STOCK, 1),
        )

    def table(self) -> Table:
        """Where there is room, practicalgamingcenter's table: the four
        reserves of ten with the central reserve between them, the four
        tableau piles below, two each side of the central reserve's column,
        a foundation at each corner ("move it to a corner to start a
        foundation pile"); the stock and the five waste piles above (tall
        screens) or beside (wide screens). Where room is short (a terminal):
        the reserves in the four corners round the tableau's cross, the
        foundations right of it, the stock left, the wastes one a row below."""
        names = self.pile_names
        found, reserves, tableau, wastes = (self.band(role).piles for role in (FOUNDATION, RESERVE, TABLEAU, WASTE))
        central, stock = names[self.central], names[self.stock]
        def block(places: dict[str, Place], y0: float, reserve_room: float = 3.1, pitch: float = PITCH) -> float:
            ty = y0 + reserve_room + 0.3
            for f, (x, y) in zip(found, ((0, y0), (6 * pitch, y0), (0, ty), (6 * pitch, ty)), strict=True):
                places[f] = Place(x, y, STACK)
            for k, col in enumerate((1, 2, 4, 5)):
                places[reserves[k]] = Place(col * pitch, y0, DOWN, reserve_room)
                places[tableau[k]] = Place(col * pitch, ty, DOWN)
            places[central] = Place(3 * pitch, y0, DOWN)
            return ty

        waste_room = 2.0
        # Tall screens are narrow: seven piles across, the gaps between them a little narrower than
        # elsewhere so that a 360 px phone's cards are 44 px wide, as a finger needs.
        tall_pitch = 1 + TALL_GAP
        tall = {stock: Place(0, 0, STACK)}
        tall |= {w: Place((i + 1) * tall_pitch, 0, DOWN, waste_room) for i, w in enumerate(wastes)}
        # Small cards, whose index (rank over suit) needs 0.3 of a card's width showing of each of a
        # reserve's ten cards.
        ty = block(tall, waste_room + 0.35, reserve_room=CARD_RATIO + 9 * 0.3, pitch=tall_pitch)
        wide: dict[str, Place] = {}
        ty2 = block(wide, 0)
        x0 = 7 * PITCH - GAP + 0.6
        wide[stock] = Place(x0, 0, STACK)
        wide |= {w: Place(x0 + (i + 1) * PITCH, 0, DOWN) for i, w in enumerate(wastes)}
        pictures = (
            Picture(tall, 7 * tall_pitch - TALL_GAP, ty + CARD_RATIO + 2.4),
            Picture(wide, x0 + 6 * PITCH - GAP, ty2 + CARD_RATIO + 2.4),
        )
        r = reserves
        shape = Corners((r[0], r[1], r[2], r[3]), (tableau[0], tableau[1], central, tableau[2], tableau[3]),
                        left=(stock,), right=found, below=wastes)
        return Table(shape, pictures)

    redeal_gathers = WASTE
    redeal_needs_empty_stock = True

    redeal_limit = MAX_REDEALS

    # The wide stock choices (any of up to 5 wastes) defeat best-first
    # search, while playouts that play every card home at once win most
    # deals. Nested rollouts (level 1, the playout policy) win far sooner:
    # all of deals 20001-20100 within 1.02 million positions each, where
    # plain playouts won 97 within 20 million (docs/benchmarks.md).
    # Best-first stays for the small endgames it can prove lost.
    search_plan = (Step("nested", 0.85), Step("best", 1.0))
    # The wide stock choices defeat best-first; random playouts win most
    # deals. Nested rollouts are the expert the others are not: without
    # them 378 of deals 1-1000 were left ungraded (docs/grades.md).
    grading_ladder = (("greedy", 20_000), ("playouts", 200_000), ("best", 100_000), ("dfs", 100_000),
                      ("nested", 1_000_000))

    @property
    def central(self) -> int:
        return self.role_piles[CENTRAL][0]

    test_option_specs = (RANKS,)

    def deal(self, state: State, cards: list[int]) -> None:
        per = len(cards) * 10 // 104  # 10 a reserve; fewer in a reduced deck
        for n, r in enumerate(self.role_piles[RESERVE]):
            state.piles[r] = cards[per * n : per * n + per]
        for n, t in enumerate(self.role_piles[TABLEAU]):
            state.piles[t] = [cards[4 * per + n]]
        state.piles[self.stock] = stock_from(cards[4 * per + 4:])

    def symmetric_groups(self, state: State) -> list[tuple[int, ...]]:
        # Reserves only give, so they are alike; waste piles are not: a
        # redeal gathers them in order.
        return [*super().symmetric_groups(state), tuple(self.role_piles[RESERVE])]

    def multi_card_note(self, state: State, move: Move) -> str | None:
        if move.dst == self.central and self.pile_roles[move.src] == TABLEAU:
            pile, c = state.piles[move.src], state.piles[self.central]
            if move.count != len(pile):
                return voice.WHOLE_PILE_ONLY
            if not c:
                return voice.CENTRAL_NOT_EMPTY
            return voice.bottom_not_in_suit(pile[0], c[-1])
        return voice.ONE_OR_WHOLE_PILE

    def redeal_order(self) -> RedealOrder:
        # The wastes gathered, the first on top, and turned over onto the
        # (empty) stock: the first waste's first card is turned first again.
        return RedealOrder(tuple(self.role_piles[WASTE])[::-1], (self.stock,))

    def extra_json(self, state: State) -> dict[str, Any]:
        obj = super().extra_json(state)
        obj["wastes_in_play"] = WASTES - state.redeals
        return obj

    def counters_text(self, state: State) -> str:
        return f"{super().counters_text(state)}; waste piles in play: {WASTES - state.redeals}"

    def check_position(self, state: State) -> None:
        for w in self.role_piles[WASTE][WASTES - state.redeals :]:
            if state.piles[w]:
                raise PositionError(f"{self.pile_names[w]} is not in play after {state.redeals} redeals but holds cards")
        for p in (self.central, *self.role_piles[TABLEAU]):
            pile = state.piles[p]
            if p == self.central and pile and pile[0] not in self.space[p]:
                raise PositionError("the central reserve must start with an Ace")
            for below, above in pairwise(pile):
                if above not in self.fit[p][below]:
                    raise PositionError(f"{self.pile_names[p]} is not built up in suit at {card_str(above)}")
