"""A game: its rules and options, compiled once into tables.

A :class:`Game` subclass describes one patience. Most of it is data: the
``layout()`` groups of :mod:`napoleon.engine.rules`. Code is written only for
what is truly special to a game (how it deals, its redeal, its special moves).
A game knows nothing of any one position: that is :class:`~.state.State`.

The split follows OpenSpiel (a game and its states) and python-chess's
variants (each game a small subclass overriding only its special rules).
A game's options are described in :mod:`.options` and its move notation is
read and written by :mod:`.notation`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from .. import voice
from ..cards import KING, deck, rank, suit
from ..shuffle import check_deal_number, shuffled
from .dealing import RedealOrder, deal_rows
from .errors import OptionError
from .move import Move
from .notation import move_from_json, move_notation, move_to_json, parse_notation

# What a game's options are lives in .options; those names are imported from here too.
from .options import RANKS as RANKS
from .options import UNLIMITED, Option, format_option
from .options import choice as choice
from .options import flag as flag
from .options import parse_ranks as parse_ranks
from .rules import (
    ABBREVIATIONS,
    CELL,
    FOUNDATION,
    STOCK,
    TABLEAU,
    WASTE,
    Build,
    Foundation,
    Group,
    fit_table,
    space_set,
)
from .searching import SearchPlan

# A Game makes States and reads them; state.py refers to Game for typing only, so the
# modules do not import each other at run time.
from .state import State
from .table import CARD_RATIO, DOWN, STACK, Band, Columns, Table
from .table import WASTE as WASTE_FAN

Target = tuple[bool, bool, tuple[int, ...]]
"""Where a pile's top card may go: (first_only, runs allowed, pile indices)."""


class Game:
    """The rules of one patience with its options; a factory of states.

    Subclasses set the class attributes, return their piles from
    :meth:`layout` and place the cards in :meth:`deal`. Everything else has
    a default that the common games use as it is.
    """

    id: ClassVar[str]
    name: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    decks: ClassVar[int] = 1
    summary: ClassVar[str] = ""
    short_name: ClassVar[str] = ""
    """The name where room is short (a narrow header); ``name`` when empty."""
    rules: ClassVar[str] = ""
    option_specs: ClassVar[tuple[Option, ...]] = ()
    test_option_specs: ClassVar[tuple[Option, ...]] = ()
    """Hidden options for tests (:data:`RANKS`, fewer piles): accepted and kept
    in the position JSON when given, never listed in help or menus."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = self.parse_options(options or {})
        self.top_rank: int = self.options.get("ranks", KING)
        self.groups: tuple[Group, ...] = tuple(self.reduced(g) for g in self.layout())
        self._compile()

    def reduced(self, group: Group) -> Group:
        """``group`` for a deck of ranks Ace to :attr:`top_rank`: the top rank
        plays the King's part (a King start, a wrap, a kings-only space) and a
        foundation holds that many cards a round."""
        top, rule = self.top_rank, group.rule
        if top == KING or rule is None:
            return group
        if isinstance(rule, Foundation):
            rule = replace(rule, top=top, start=top if rule.start == KING else rule.start,
                           length=rule.length // KING * top)
        else:
            rule = replace(rule, top=top)
        return replace(group, rule=rule)

    # ----------------------------------------------------------------- rules

    def layout(self) -> Iterable[Group]:
        """The piles of the game, in the order of the position JSON."""
        raise NotImplementedError

    def table(self) -> Table:
        """Where each pile sits (:mod:`.table`), for every interface to draw.

        By default a top row with the stock, the waste and any cells on the
        left and the foundations on the right, over the tableau's columns.
        """
        top = (self.band(STOCK), self.band(WASTE, WASTE_FAN), self.band(CELL), self.band(FOUNDATION, right=True))
        return Table(Columns(tuple(b for b in top if b.piles), self.band(TABLEAU, DOWN, room=CARD_RATIO + 2.6)))

    def band(self, which: str | int, fan: str = STACK, **kw: Any) -> Band:
        """A :class:`~.table.Band` of the piles of a role (``"tableau"``) or a group (its index)."""
        piles = self.group_piles[which] if isinstance(which, int) else self.role_piles.get(which, [])
        return Band(tuple(self.pile_names[i] for i in piles), fan, **kw)

    redeal_limit: ClassVar[int] = 0

    search_plan: ClassVar[SearchPlan] = ()
    """How the solver best spends a budget on this game: searches run in
    turn, as :class:`.searching.Step` values (plain data the solver reads);
    empty for the solver's default. The engine itself never reads it."""

    grading_ladder: ClassVar[tuple[tuple[str, int], ...]] = ()
    """The players a deal is put to when it is graded (:mod:`napoleon.grading`):
    (search, positions) rungs tried in turn, simple players first; empty for
    the grading's default ladder. The engine itself never reads it."""

    @property
    def max_redeals(self) -> int:
        """How many redeals a game allows (:data:`UNLIMITED` for no limit)."""
        return self.redeal_limit

    def deck(self) -> list[int]:
        """The game's decks, Ace to :attr:`top_rank` of each suit."""
        return [c for c in deck(self.decks) if rank(c) <= self.top_rank]

    def deal_cards(self) -> list[int]:
        """The cards that are shuffled for a deal."""
        return self.deck()

    def all_cards(self) -> list[int]:
        """Every card of the game, shuffled or not (St. Helena presets some)."""
        return self.deck()

    def deal(self, state: State, cards: list[int]) -> None:
        """Place the shuffled ``cards`` (first card dealt first) on the piles."""
        raise NotImplementedError

    redeal_gathers: ClassVar[str | None] = None
    """The role of the piles a redeal picks up (waste or tableau); a redeal
    needs at least one card there."""
    redeal_needs_empty_stock: ClassVar[bool] = False
    """Whether a redeal waits until the stock is used up."""

    def can_redeal(self, state: State) -> bool:
        """Whether a redeal is legal now (from the data above)."""
        if self.redeals_left(state) <= 0 or self.redeal_gathers is None:
            return False
        if self.redeal_needs_empty_stock and state.piles[self.stock]:
            return False
        return any(state.piles[i] for i in self.role_piles[self.redeal_gathers])

    def redeal_order(self) -> RedealOrder | None:
        """The game's redeal as data (:class:`~.dealing.RedealOrder`): which
        piles are picked up, in what order, and how the packet is dealt
        again. :meth:`redeal` carries it out, and so does the solver's
        compiled core, from the same data. None (the default): no redeal."""
        return None

    def redeal(self, state: State) -> None:
        """Carry out a redeal on the piles (the counter is the caller's): the
        one :meth:`redeal_order` declares."""
        order = self.redeal_order()
        if order is None:
            raise NotImplementedError(f"{self.id} declares no redeal")
        packet = [card for p in order.gather for card in (state.piles[p] if order.bottom_first
                                                          else reversed(state.piles[p]))]
        for p in order.gather:
            state.piles[p] = []
        self.lay_out(state, order, packet)

    def lay_out(self, state: State, order: RedealOrder, cards: list[int]) -> None:
        """Deal ``cards`` (first card first) onto ``order.deal_to`` in turn,
        row after row, with the play-ups ``order.play_ups`` declares: once
        the first row is down, its piles' top cards are played up, pass after
        pass (each pass trying every pile of the row, left to right), until a
        pass plays none; after that a card dealt onto a pile of
        ``order.play_ups`` is played up at once, and so is each card it
        uncovers that then fits. A card played up goes to the first
        foundation (in :attr:`foundations` order) that takes it."""
        if order.play_ups is None:
            deal_rows(state, order.deal_to, cards)
            return
        first_row = min(len(order.deal_to), len(cards)) - 1
        for i, card in enumerate(cards):
            pile = order.deal_to[i % len(order.deal_to)]
            state.piles[pile].append(card)
            if i == first_row:
                # A list, not a generator: each pass tries every pile of the row.
                while any([self.play_up(state, p) for p in order.deal_to[: first_row + 1]]):  # noqa: C419
                    pass
            elif i > first_row and pile in order.play_ups:
                while self.play_up(state, pile):
                    pass

    def play_up(self, state: State, pile: int) -> bool:
        """Play the top card of ``pile`` to the first foundation that takes it; whether one did."""
        cards = state.piles[pile]
        if not cards:
            return False
        for f in self.foundations:
            if self.foundation_accepts(state.piles, f, cards[-1]):
                state.piles[f].append(cards.pop())
                return True
        return False

    def active_wastes(self, state: State) -> list[int]:
        """The waste piles a stock card may be turned onto now."""
        out: list[int] = []
        for group, piles in zip(self.groups, self.group_piles, strict=True):
            if group.role == WASTE:
                out += piles[: group.count - state.redeals] if group.shrinks else piles
        return out

    def routes(self, state: State) -> tuple[tuple[Target, ...], ...]:
        """For each pile, where its top card may go in this position."""
        return self._routes

    def is_dead(self, state: State) -> bool:
        """A loss other than "no legal move" (Forty Thieves' cycle rule)."""
        return False

    layout_matters_for_redeal: ClassVar[bool] = False
    """True when a redeal deals cards by position (Grand Napoleon, St. Helena):
    then which pile a card is on, and how many cards a pile holds, shape the
    next deal, and the solver's symmetry and auto-play shortcuts wait until
    the last redeal is used."""

    def symmetric_groups(self, state: State) -> list[tuple[int, ...]]:
        """Groups of piles whose order never matters from this position on.

        Foundations of a group (and Werner's cells) always; the tableau too,
        unless a redeal that deals by position is still to come. Games add
        what else they know to be alike (the Tomb's reserves).
        """
        groups = [tuple(g) for g, group in zip(self.group_piles, self.groups, strict=True)
                  if isinstance(group.rule, Foundation) or group.first_only]
        if not self.layout_matters_for_redeal or self.redeals_left(state) <= 0:
            groups.append(tuple(self.role_piles[TABLEAU]))
        return groups

    def redeals_left(self, state: State) -> int:
        """Redeals still allowed (a large number when unlimited)."""
        return 1 << 30 if self.max_redeals == UNLIMITED else self.max_redeals - state.redeals

    def after_redeal(self, state: State) -> None:
        """Bookkeeping after a redeal (Forty Thieves' cycle rule)."""

    def redeal_refusal(self, state: State) -> str:
        """Why a redeal is not allowed now (the limit is checked before)."""
        if self.redeal_needs_empty_stock and state.piles[self.stock]:
            return voice.REDEAL_NEEDS_EMPTY_STOCK
        return voice.nothing_to_redeal(self.redeal_gathers)

    def restriction_note(self, state: State, src: int, dst: int) -> str | None:
        """Why ``src`` may not give to ``dst`` now, when a game restricts it (a sentence of :mod:`napoleon.voice`)."""
        return None

    def multi_card_note(self, state: State, move: Move) -> str | None:
        """Why a move of several cards is illegal, when a game allows some (a sentence of :mod:`napoleon.voice`)."""
        return None

    def extra_json(self, state: State) -> dict[str, Any]:
        """Counters a game adds to the position JSON."""
        left = UNLIMITED if self.max_redeals == UNLIMITED else self.max_redeals - state.redeals
        return {"redeals_left": "unlimited" if left == UNLIMITED else left} if self.max_redeals else {}

    def load_extra_json(self, state: State, obj: dict[str, Any]) -> None:
        """Read back what :meth:`extra_json` wrote (derived counters need nothing)."""

    def check_position(self, state: State) -> None:
        """Raise PositionError if ``state`` breaks a rule the game keeps (hook)."""

    def counters_text(self, state: State) -> str:
        """A line of the text board for the game's counters."""
        if not self.max_redeals:
            return ""
        left = "unlimited" if self.max_redeals == UNLIMITED else str(self.max_redeals - state.redeals)
        return f"redeals used: {state.redeals}, left: {left}"

    # --------------------------------------------------------------- options

    @classmethod
    def parse_options(cls, given: Mapping[str, Any]) -> dict[str, Any]:
        """Validate ``given`` and fill in defaults; raise OptionError."""
        specs = {o.name: o for o in cls.option_specs + cls.test_option_specs}
        out = {o.name: o.default for o in cls.option_specs}
        for key, value in given.items():
            spec = specs.get(key)
            if spec is None:
                known = ", ".join(o.name for o in cls.option_specs) or "none"
                raise OptionError(f"{cls.id} has no option {key!r} (its options: {known})")
            try:
                out[key] = spec.parse(value)
            except ValueError as exc:
                raise OptionError(f"option {key} of {cls.id}: {exc}") from None
        return out

    def non_default_options(self) -> dict[str, Any]:
        """The options that differ from their defaults (for display and keys)."""
        specs = self.option_specs + self.test_option_specs
        return {o.name: self.options[o.name] for o in specs if self.options.get(o.name, o.default) != o.default}

    def options_json(self) -> dict[str, Any]:
        """Every option with its value as the command line writes it (``"unlimited"``)."""
        return {k: (format_option(v) if v == UNLIMITED and not isinstance(v, bool) else v)
                for k, v in self.options.items()}

    def describe(self) -> str:
        """``forty-thieves redeals=2``: the id and any non-default options."""
        extra = " ".join(f"{k}={format_option(v)}" for k, v in self.non_default_options().items())
        return f"{self.id} {extra}".strip()

    # ----------------------------------------------------------------- piles

    def _compile(self) -> None:
        names: list[str] = []
        abbrs: list[str] = []
        roles: list[str] = []
        group_of: list[int] = []
        self.role_piles: dict[str, list[int]] = {}
        self.group_piles: list[list[int]] = []
        numbers: Counter[str] = Counter()
        for gi, group in enumerate(self.groups):
            indices = []
            for _ in range(group.count):
                numbers[group.role] += 1
                n = numbers[group.role]
                index = len(names)
                names.append(f"{group.role}-{n}" if group.is_numbered else group.role)
                abbrs.append(f"{ABBREVIATIONS[group.role]}{n}" if group.is_numbered else ABBREVIATIONS[group.role])
                roles.append(group.role)
                group_of.append(gi)
                self.role_piles.setdefault(group.role, []).append(index)
                indices.append(index)
            self.group_piles.append(indices)
        self.pile_names = tuple(names)
        self.pile_abbrs = tuple(abbrs)
        self.pile_roles = tuple(roles)
        self.pile_group = tuple(group_of)
        self.pile_index = {n: i for i, n in enumerate(names)}
        self.abbr_index = {a: i for i, a in enumerate(abbrs)}
        self.npiles = len(names)
        self.stock = self.role_piles.get(STOCK, [None])[0]
        self.foundations = tuple(self.role_piles.get(FOUNDATION, ()))
        self.total_cards = len(self.all_cards())

        tables: dict[Build | Foundation, tuple[frozenset[int], ...]] = {}
        self.fit: list[tuple[frozenset[int], ...] | None] = []
        self.space: list[frozenset[int]] = []
        self.limit: list[int] = []
        self.one_per_suit: list[bool] = []
        self.runs: list[bool] = []
        for i in range(self.npiles):
            rule = self.groups[group_of[i]].rule
            if rule is None:
                self.fit.append(None)
                self.space.append(frozenset())
            else:
                if rule not in tables:
                    tables[rule] = fit_table(rule)
                self.fit.append(tables[rule])
                self.space.append(space_set(rule))
            is_found = isinstance(rule, Foundation)
            self.limit.append(rule.length if is_found else 1 << 30)
            self.one_per_suit.append(is_found and rule.one_per_suit)
            self.runs.append(isinstance(rule, Build) and rule.runs)
        self.sources = tuple(i for i in range(self.npiles) if self.groups[group_of[i]].to)
        self.whole_moves = tuple(
            (i, tuple(d for d in range(self.npiles) if self.pile_roles[d] in self.groups[group_of[i]].whole_to))
            for i in range(self.npiles) if self.groups[group_of[i]].whole_to
        )
        self._routes = self.make_routes(lambda src, gi: True)

    def make_routes(self, allowed: Callable[[int, int], bool]) -> tuple[tuple[Target, ...], ...]:
        """Where each pile's top card may go, limited by ``allowed(src, group)``."""
        by_pile = []
        for src in range(self.npiles):
            targets = []
            for role in self.groups[self.pile_group[src]].to:
                for gi, group in enumerate(self.groups):
                    if group.role != role or not allowed(src, gi):
                        continue
                    dsts = tuple(d for d in self.group_piles[gi] if d != src)
                    runs = self.runs[src] and isinstance(group.rule, Build)
                    # Foundations of a group are interchangeable: name only one.
                    first_only = group.first_only or isinstance(group.rule, Foundation)
                    targets.append((first_only, runs, dsts))
            by_pile.append(tuple(targets))
        return tuple(by_pile)

    def pile_label(self, index: int) -> str:
        """A readable name: ``tableau 3``, ``stock``, ``central reserve``."""
        name = self.pile_names[index]
        return name.replace("-", " ").replace("central", "central reserve")

    # ---------------------------------------------------------------- states

    def blank_state(self, deal: int | None) -> State:
        """A position of this game with empty piles: a :class:`~.state.State`,
        or the subclass a game keeps its own fields in."""
        return State(self, deal)

    def new_state(self, deal: int) -> State:
        """The starting position of deal number ``deal``."""
        check_deal_number(deal)
        state = self.blank_state(deal)
        self.deal(state, shuffled(self.deal_cards(), self.id, deal))
        return state

    def foundation_accepts(self, piles: list[list[int]], f: int, card: int) -> bool:
        """Whether foundation (or any built pile) ``f`` takes ``card`` now."""
        q = piles[f]
        if not q:
            if card not in self.space[f]:
                return False
            if self.one_per_suit[f]:
                s = suit(card)
                return not any(piles[o] and suit(piles[o][0]) == s for o in self.group_piles[self.pile_group[f]])
            return True
        return len(q) < self.limit[f] and card in self.fit[f][q[-1]]

    # -------------------------------------------------------------- notation

    def notation(self, move: Move) -> str:
        """The text form of ``move``: ``T3-F1``, ``S-W2``, ``T4-T9x3``, ``redeal``
        (:func:`.notation.move_notation`)."""
        return move_notation(self, move)

    def parse_notation(self, text: str) -> Move:
        """Parse a move in this game's notation; raise NotationError
        (:func:`.notation.parse_notation`)."""
        return parse_notation(self, text)

    def move_to_json(self, move: Move) -> dict[str, Any]:
        """``{"from", "to", "count", "notation"}``, or ``{"redeal": true, ...}``
        (:func:`.notation.move_to_json`)."""
        return move_to_json(self, move)

    def move_from_json(self, obj: Any) -> Move:
        """The move of a JSON object (see :meth:`move_to_json`); raise NotationError
        (:func:`.notation.move_from_json`)."""
        return move_from_json(self, obj)
