"""Forty Thieves, also called Napoleon at St. Helena: RULES.md section 5."""

from __future__ import annotations

import hashlib
from typing import Any

from .. import voice
from ..cards import ACE
from ..engine.dealing import RedealOrder, deal_rows, stock_from
from ..engine.errors import PositionError
from ..engine.game import RANKS, UNLIMITED, Game, Option
from ..engine.rules import FOUNDATION, STOCK, TABLEAU, WASTE, Build, Foundation, Group
from ..engine.searching import SIMPLE_PLAYERS, Step
from ..engine.state import State


def parse_redeals(value: Any) -> int:
    """``0``, ``1``, ``2``, ... or ``unlimited``."""
    if isinstance(value, bool):
        # ValueError, as for any bad value: Game.options turns it into an OptionError.
        raise ValueError(f"expected a number of redeals or unlimited, not {value!r}")  # noqa: TRY004
    if isinstance(value, int):
        n = value
    else:
        text = str(value).strip().lower()
        if text in ("unlimited", "inf", "infinite"):
            return UNLIMITED
        if not text.isdigit():
            raise ValueError(f"expected a number of redeals or unlimited, not {value!r}")
        n = int(text)
    if n < 0 and n != UNLIMITED:
        raise ValueError(f"expected a number of redeals or unlimited, not {value!r}")
    return n


def parse_columns(value: Any) -> int:
    """A number of columns, 1 to 10 (a test-only reduced layout)."""
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit() or not 1 <= int(text) <= 10:
        raise ValueError(f"expected a number of columns from 1 to 10, not {value!r}")
    return int(text)


class CycleState(State):
    """A Forty Thieves position that remembers, for the unlimited-redeal rule,
    the position after the last redeal (a digest) and whether a redeal
    brought it back (then the game is lost)."""

    __slots__ = ("cycled", "last_redeal")

    def __init__(self, game: Game, deal: int | None) -> None:
        super().__init__(game, deal)
        self.last_redeal: str | None = None
        self.cycled = False

    def extra(self) -> tuple[Any, ...]:
        return (self.cycled, self.last_redeal)

    def set_extra(self, extra: tuple[Any, ...]) -> None:
        self.cycled, self.last_redeal = extra

    def key_extra(self) -> bytes:
        # The solver's key keeps whether the game cycled, not the digest: as
        # it did when these fields lived in every State.
        return bytes((self.cycled,))


class FortyThieves(Game):
    """Two decks, ten columns of four, one pass through the stock."""

    id = "forty-thieves"
    aliases = ("napoleon-at-st-helena",)
    name = "Forty Thieves (Napoleon at St. Helena)"
    short_name = "Forty Thieves"
    decks = 2
    summary = "Two decks, 10 columns of 4 built down in suit, one card at a time, one pass."
    rules = """\
Two decks. 10 columns of 4 cards, all face up, dealt row after row.
8 foundations: an Ace starts one, built up in suit to the King.
Stock: the other 64 cards, turned one at a time onto the waste pile; the
waste's top card may go to a foundation or a column.
The top card of a column may go to a foundation or onto another column: down
by one rank, same suit. One card at a time. A space takes any available card.
Redeals: none (option redeals=N or unlimited: when the stock is empty the
waste is turned over, keeping its order, to form a new stock; with unlimited
redeals a game is lost when a redeal brings back the position of the
previous one).
Won when all 104 cards are on the foundations."""
    option_specs = (
        Option("redeals", 0, parse_redeals, "0, 1, 2, ... or unlimited",
               "times the waste may be turned over into a new stock"),
    )

    test_option_specs = (
        RANKS,
        Option("columns", 10, parse_columns, "1..10", "test only: fewer columns (of 4 cards each)"),
    )

    def layout(self) -> tuple[Group, ...]:
        return (
            Group(FOUNDATION, 8, Foundation(start=ACE, up=True)),
            Group(TABLEAU, self.options.get("columns", 10), Build(down=True), to=(FOUNDATION, TABLEAU)),
            Group(STOCK, 1),
            Group(WASTE, 1, to=(FOUNDATION, TABLEAU)),
        )

    redeal_gathers = WASTE
    redeal_needs_empty_stock = True

    # A one-pass stock: best-first briefly, then a beam over the stock's
    # turns (wins 21 of deals 1-50, all within 9 s, where best-first alone
    # wins 14 in 30 s), then depth-first search, which proves deals 2 and
    # 20 lost and wins 47 and 48 in 3-11 s (docs/benchmarks.md).
    search_plan = (Step("best", 0.1), Step("beam", 0.35), Step("dfs", 1.0))
    # The beam over the stock costs tens of seconds a deal under load: too
    # dear for grading, so best-first gets more.
    grading_ladder = (*SIMPLE_PLAYERS, ("best", 200_000), ("dfs", 100_000))

    @property
    def max_redeals(self) -> int:
        return self.options["redeals"]

    def deal(self, state: State, cards: list[int]) -> None:
        columns = self.role_piles[TABLEAU]
        deal_rows(state, columns, cards[: 4 * len(columns)])
        state.piles[self.stock] = stock_from(cards[4 * len(columns):])

    def redeal_order(self) -> RedealOrder:
        # The waste turned over onto the (empty) stock: its top card goes
        # down first, so the first card turned in the last pass comes first.
        return RedealOrder((self.role_piles[WASTE][0],), (self.stock,))

    def blank_state(self, deal: int | None) -> CycleState:
        return CycleState(self, deal)

    def can_redeal(self, state: State) -> bool:
        return not state.cycled and super().can_redeal(state)

    def redeal_refusal(self, state: State) -> str:
        if state.cycled:
            return voice.REDEAL_CHANGED_NOTHING
        return super().redeal_refusal(state)

    def after_redeal(self, state: State) -> None:
        if self.max_redeals != UNLIMITED:
            return
        mark = hashlib.sha256(repr(state.piles).encode()).hexdigest()[:16]
        if mark == state.last_redeal:
            state.cycled = True
        state.last_redeal = mark

    def is_dead(self, state: State) -> bool:
        return state.cycled

    def extra_json(self, state: State) -> dict[str, Any]:
        obj = super().extra_json(state)
        if self.max_redeals == UNLIMITED:
            obj["last_redeal"] = state.last_redeal
            obj["cycled"] = state.cycled
        return obj

    def load_extra_json(self, state: State, obj: dict[str, Any]) -> None:
        if self.max_redeals != UNLIMITED:
            return
        mark, cycled = obj.get("last_redeal"), obj.get("cycled", False)
        if mark is not None and not isinstance(mark, str):
            raise PositionError("'last_redeal' must be a string or null")
        if not isinstance(cycled, bool):
            raise PositionError("'cycled' must be true or false")
        state.last_redeal, state.cycled = mark, cycled
