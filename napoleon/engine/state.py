"""One position of a game: its piles, its legal moves, apply and undo.

>>> from napoleon import new_game
>>> state = new_game("werner", deal=1)
>>> move = state.legal_moves()[0]
>>> state.push(move)
>>> state.pop() == move
True
>>> state.status
<Status.PLAYING: 'playing'>
"""

from __future__ import annotations

import enum
from collections import Counter
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from ..cards import card_str, parse_card
from ..shuffle import check_deal_number
from .errors import IllegalMoveError, PositionError
from .move import REDEAL, Move
from .rules import ACES, ALTERNATE, ANY, ANY_SUIT, FOUNDATION, KINGS, NONE, WASTE, Build, Foundation
from .words import card_name, describe_move, pile_name, the_pile

if TYPE_CHECKING:
    from .game import Game


class Status(str, enum.Enum):
    """Where a game stands: still playing, won or lost."""

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"


class State:
    """A position: piles of cards (bottom to top) and the game's counters.

    ``push``/``pop`` apply and undo a move without checking it, for speed
    (like python-chess); ``play`` checks it first and says why it is illegal.
    ``redo`` replays what ``pop`` took back. ``deal`` is None for a position
    read from JSON without a deal number (a board laid out by hand).

    A game that must remember more than the piles and the redeals counts
    extends this class (as python-chess's three-check board adds its check
    counts): it adds its fields, returns them from :meth:`extra` and takes
    them back in :meth:`set_extra`, so that undo, copies and keys follow
    them, and adds to the solver's key in :meth:`key_extra`. The game makes
    its states with :meth:`Game.blank_state <napoleon.engine.game.Game.blank_state>`.
    """

    __slots__ = ("_memo", "_redo", "_snapshots", "deal", "game", "history", "piles", "redeals")

    def __init__(self, game: Game, deal: int | None) -> None:
        self.game = game
        self.deal = deal
        self.piles: list[list[int]] = [[] for _ in range(game.npiles)]
        self.redeals = 0
        self.history: list[Move] = []
        self._snapshots: list[tuple[Any, ...]] = []
        self._redo: list[Move] = []
        self._memo: dict[str, Any] | None = None

    # ------------------------------------------------------------ generation

    def _known(self, what: str, work: Any) -> Any:
        """What this position answers to ``what``, worked out once: the moves and the status are
        asked for many times over between two changes (by the rules, the view, the end check).
        Every change goes through :meth:`push` or :meth:`pop`, which forget it; code that edits
        the piles by hand calls :meth:`changed`."""
        memo = self._memo
        if memo is None:
            memo = self._memo = {}
        elif what in memo:
            return memo[what]
        value = memo[what] = work()
        return value

    def changed(self) -> None:
        """The piles or counters were edited by hand: forget what was worked out about them."""
        self._memo = None

    def legal_moves(self) -> list[Move]:
        """Every legal move, one per distinct result.

        Foundations of one group (and Werner's cells) are interchangeable, so
        a card's move to them is listed once, to the first that takes it;
        :meth:`is_legal` accepts a move to any of them.
        """
        return list(self._moves(False))

    def _moves(self, every: bool) -> list[Move]:
        """:meth:`_generate`'s answer for this position, worked out once (not to be changed)."""
        return self._known("every" if every else "legal", lambda: self._generate(every))

    def _generate(self, every: bool) -> list[Move]:
        game = self.game
        piles = self.piles
        fit, space, limit, one_per_suit, runs_of = game.fit, game.space, game.limit, game.one_per_suit, game.runs
        out: list[Move] = []
        routes = game.routes(self)
        for src in game.sources:
            p = piles[src]
            if not p:
                continue
            c = p[-1]
            run = 1
            if runs_of[src]:
                own = fit[src]
                n = len(p)
                while run < n and p[-run] in own[p[-run - 1]]:
                    run += 1
            for first_only, runs, dsts in routes[src]:
                for d in dsts:
                    q = piles[d]
                    if q:
                        if len(q) >= limit[d]:
                            continue
                        ok = fit[d][q[-1]]
                        if c in ok:
                            out.append(Move(src, d, 1))
                            if first_only and not every:
                                break
                        elif runs:
                            for k in range(2, run + 1):
                                if p[-k] in ok:
                                    out.append(Move(src, d, k))
                                    break
                    else:
                        sp = space[d]
                        if c in sp and (not one_per_suit[d] or game.foundation_accepts(piles, d, c)):
                            out.append(Move(src, d, 1))
                            if first_only and not every:
                                break
                        if runs:
                            for k in range(2, run + 1):
                                if p[-k] in sp:
                                    out.append(Move(src, d, k))
        stock = game.stock
        if stock is not None and piles[stock]:
            for w in game.active_wastes(self):
                out.append(Move(stock, w, 1))
        for src, dsts in game.whole_moves:
            p = piles[src]
            # A one-card pile is already listed as a plain move.
            if len(p) > 1:
                for d in dsts:
                    q = piles[d]
                    if q and p[0] in fit[d][q[-1]]:
                        out.append(Move(src, d, len(p)))
        if game.can_redeal(self):
            out.append(REDEAL)
        return out

    def is_legal(self, move: Move) -> bool:
        """Whether ``move`` is legal here (to any foundation that takes it)."""
        return move in self._moves(True)

    def targets(self, src: int, count: int = 1) -> list[int]:
        """The piles that the top ``count`` cards of ``src`` may go to now."""
        return [m.dst for m in self._moves(True) if m.src == src and m.count == count]

    # ------------------------------------------ what the interfaces ask

    def in_play(self, pile: int) -> bool:
        """Whether ``pile`` is in play now: not a waste pile that the redeals
        took out of play (the Tomb's, one fewer after each redeal)."""
        return self.game.pile_roles[pile] != WASTE or pile in self.game.active_wastes(self)

    def most_movable(self, src: int) -> int:
        """The most cards that may be picked up together from the top of
        ``src`` (at least 1, at most the pile): the longest run that moves as
        a unit, or the most cards a legal move takes now (the Tomb's whole
        pile onto its central reserve)."""
        game, pile = self.game, self.piles[src]
        most = max((m.count for m in self._moves(True) if m.src == src), default=1)
        if game.runs[src] and pile:
            own, run = game.fit[src], 1
            while run < len(pile) and pile[-run] in own[pile[-run - 1]]:
                run += 1
            most = max(most, run)
        return max(1, min(most, len(pile)))

    def why_not_pick(self, src: int) -> str | None:
        """Why the player cannot pick up the top card of ``src``, or None when
        they can. (The stock is not picked up: it is turned.)"""
        game = self.game
        if not self.piles[src]:
            return f"{the_pile(self, src)} is empty"
        if game.pile_roles[src] == FOUNDATION:
            return "cards on a foundation never leave it"
        if src not in game.sources:
            return f"cards of {the_pile(self, src)} cannot be moved by the player"
        return None

    def foundation_move(self, src: int) -> Move | None:
        """The move of ``src``'s top card to a foundation, if there is one."""
        found = set(self.game.foundations)
        return next((m for m in self._moves(False) if m.src == src and m.dst in found), None)

    # ----------------------------------------------------------- apply, undo

    def push(self, move: Move) -> None:
        """Apply ``move`` without checking it (it must be legal)."""
        self._memo = None
        if move.src < 0:
            self._snapshots.append(self._snapshot())
            self.game.redeal(self)
            self.redeals += 1
            self.game.after_redeal(self)
        else:
            p = self.piles[move.src]
            k = move.count
            self.piles[move.dst].extend(p[-k:])
            del p[-k:]
        self.history.append(move)
        if self._redo:
            self._redo.clear()
        self._memo = None  # a redeal's own code may have asked about the piles half dealt

    def pop(self) -> Move:
        """Undo the last move and return it; it can be redone."""
        move = self.history.pop()
        self._memo = None
        if move.src < 0:
            self._restore(self._snapshots.pop())
        else:
            q = self.piles[move.dst]
            k = move.count
            self.piles[move.src].extend(q[-k:])
            del q[-k:]
        self._redo.append(move)
        return move

    def redo(self) -> Move | None:
        """Replay the last undone move; None when there is none."""
        if not self._redo:
            return None
        move = self._redo.pop()
        keep = self._redo[:]
        self.push(move)
        self._redo[:] = keep
        return move

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def play(self, move: Move) -> None:
        """Apply ``move`` if it is legal, else raise IllegalMoveError saying why.

        An illegal move changes nothing.
        """
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMoveError(f"{self.game.notation(move) if self._in_range(move) else move}: {reason}")
        self.push(move)

    def play_text(self, text: str) -> Move:
        """Parse a move in notation and play it; return the move."""
        move = self.parse_move(text)
        self.play(move)
        return move

    def _snapshot(self) -> tuple[Any, ...]:
        return ([p[:] for p in self.piles], self.redeals, self.extra())

    def _restore(self, snap: tuple[Any, ...]) -> None:
        piles, self.redeals, extra = snap
        self.set_extra(extra)
        self.piles[:] = [p[:] for p in piles]
        self._memo = None

    # ------------------------------------------------------ a game's own fields

    def extra(self) -> tuple[Any, ...]:
        """The fields a game's own State subclass adds, as an immutable tuple."""
        return ()

    def set_extra(self, extra: tuple[Any, ...]) -> None:
        """Set the fields :meth:`extra` returned."""

    def key_extra(self) -> bytes:
        """What those fields add to the solver's canonical key of a position."""
        return b""

    # ---------------------------------------------------------------- status

    @property
    def cards_home(self) -> int:
        """The cards on the foundations."""
        return sum(len(self.piles[f]) for f in self.game.foundations)

    @property
    def is_won(self) -> bool:
        return self.cards_home == self.game.total_cards

    @property
    def status(self) -> Status:
        """WON when every card is on a foundation, LOST when no legal move is left."""
        if self.is_won:
            return Status.WON
        return self._known("status", self._status)

    def _status(self) -> Status:
        if self.game.is_dead(self) or not self._moves(False):
            return Status.LOST
        return Status.PLAYING

    def key(self) -> tuple[Any, ...]:
        """A compact hashable key: equal keys, equal positions."""
        return (*map(tuple, self.piles), self.redeals, *self.extra())

    def copy(self) -> State:
        """An independent copy with the same position and history."""
        other = self.game.blank_state(self.deal)
        other.piles = [p[:] for p in self.piles]
        other.redeals = self.redeals
        other.set_extra(self.extra())
        other.history = self.history[:]
        other._snapshots = [([q[:] for q in s[0]], *s[1:]) for s in self._snapshots]
        other._redo = self._redo[:]
        return other

    # -------------------------------------------------------------- notation

    def parse_move(self, text: str) -> Move:
        """A move in this game's notation; ``F`` alone means "a foundation"."""
        move = self.game.parse_notation(text)
        if move.dst == -2:
            src = self.piles[move.src]
            found = [f for f in self.game.foundations if src and self.game.foundation_accepts(self.piles, f, src[-1])]
            if not src:
                raise IllegalMoveError(f"{text}: {the_pile(self, move.src)} is empty")
            if not found:
                raise IllegalMoveError(f"{text}: the {card_name(src[-1])} goes on no foundation now")
            move = Move(move.src, found[0], move.count)
        return move

    def san(self, move: Move) -> str:
        """The notation of ``move`` with the card(s) it carries: ``T3-F1 (7H)``."""
        text = self.game.notation(move)
        if move.is_redeal or not self._in_range(move):
            return text
        p = self.piles[move.src]
        if move.count > len(p) or not p:
            return text
        cards = p[-move.count :]
        shown = card_str(cards[0]) if len(cards) == 1 else f"{card_str(cards[0])}..{card_str(cards[-1])}"
        return f"{text} ({'?' if move.src == self.game.stock else shown})"

    def describe(self, move: Move, past: bool = False) -> str:
        """``move`` in a player's words (see :func:`napoleon.engine.words.describe_move`)."""
        return describe_move(self, move, past)

    def _in_range(self, move: Move) -> bool:
        n = self.game.npiles
        return move.is_redeal or (0 <= move.src < n and 0 <= move.dst < n)

    # --------------------------------------------------------- why illegal

    def why_illegal(self, move: Move) -> str | None:
        """None if ``move`` is legal, else a sentence saying why it is not."""
        if not self._in_range(move) or move.count < 0:
            return "no such pile"
        if move in self._moves(True):
            return None
        game = self.game
        if move.is_redeal:
            if game.max_redeals == 0:
                return f"{game.name} has no redeal"
            if 0 <= game.max_redeals <= self.redeals:
                return f"no redeal left (all {game.max_redeals} used)"
            return game.redeal_refusal(self)

        def label(pile: int) -> str:
            return the_pile(self, pile)

        src, dst, count = move
        p, q = self.piles[src], self.piles[dst]
        if src == dst:
            return "a card cannot move onto its own pile"
        if not p:
            return f"{label(src)} is empty"
        if src == game.stock:
            if game.pile_roles[dst] != WASTE:
                return "a stock card is turned onto a waste pile"
            if dst not in game.active_wastes(self):
                return f"{label(dst)} is not in play in this pass"
            return "one card is turned at a time"
        if game.pile_roles[src] == FOUNDATION:
            return "cards on a foundation never leave it"
        allowed = {d for _, _, dsts in game.routes(self)[src] for d in dsts}
        if dst not in allowed:
            if not game.groups[game.pile_group[src]].to:
                return f"cards of {label(src)} cannot be moved by the player"
            extra = game.restriction_note(self, src, dst)
            return extra or f"a card from {label(src)} cannot go to {label(dst)}"
        if count > len(p):
            return f"{label(src)} holds only {len(p)} card{'s' * (len(p) != 1)}"
        if count > 1:
            if not any(run for _, run, dsts in game.routes(self)[src] if dst in dsts):
                return game.multi_card_note(self, move) or "only one card moves at a time"
            cards = p[-count:]
            if not all(b in game.fit[src][a] for a, b in pairwise(cards)):
                return f"the top {count} cards of {label(src)} are not a run built by the rules"
        card = p[-count]
        rule = game.groups[game.pile_group[dst]].rule
        if isinstance(rule, Foundation):
            if q and len(q) >= game.limit[dst]:
                return f"{label(dst)} is complete"
            if not q and card in game.space[dst]:
                return f"there is already a foundation for the {card_name(card)}'s suit in this group"
            return f"the {card_name(card)} does not go on {label(dst)}: {describe_foundation(rule)}"
        if isinstance(rule, Build):
            if not q:
                return f"the {card_name(card)} cannot fill the empty {pile_name(self, dst)}: {describe_space(rule)}"
            return (f"the {card_name(card)} does not go on the {card_name(q[-1])}: "
                    f"the {game.groups[game.pile_group[dst]].role} {describe_build(rule)}")
        return f"nothing may be put on {label(dst)} by the player"

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The position as JSON: the same shape for every game."""
        game = self.game
        obj: dict[str, Any] = {
            "game": game.id,
            "deal": self.deal,
            "options": game.options_json(),
            "status": self.status.value,
            "piles": {name: [card_str(c) for c in pile] for name, pile in zip(game.pile_names, self.piles, strict=True)},
            "redeals": self.redeals,
        }
        obj.update(game.extra_json(self))
        return obj

    def __str__(self) -> str:
        return self.board_text()

    def board_text(self) -> str:
        """A plain text board: one line a pile, the stock face down."""
        game = self.game
        width = max(len(a) for a in game.pile_abbrs)
        where = "a position without a deal number" if self.deal is None else f"deal {self.deal}"
        lines = [f"{game.name} — {where} {game.describe()[len(game.id):]}".rstrip()]
        for i, pile in enumerate(self.piles):
            if i == game.stock:
                shown = f"[{len(pile)} face down]"
            else:
                shown = " ".join(card_str(c) for c in pile) or "--"
            lines.append(f"{game.pile_abbrs[i]:>{width}}: {shown}")
        lines.append(game.counters_text(self))
        return "\n".join(line for line in lines if line)

    def __repr__(self) -> str:
        return f"<State {self.game.describe()} deal={self.deal} moves={len(self.history)} {self.status.value}>"


def state_from_json(game: Game, obj: Any) -> State:
    """Rebuild a position of ``game`` from JSON; raise PositionError if it is not one."""
    if not isinstance(obj, dict):
        raise PositionError("a position must be a JSON object")
    # A board laid out by hand (or by another program) has no deal number.
    deal = obj.get("deal")
    if deal is not None:
        try:
            deal = check_deal_number(deal)
        except ValueError as exc:
            raise PositionError(f"'deal': {exc}") from None
    piles = obj.get("piles")
    if not isinstance(piles, dict):
        raise PositionError("'piles' must be an object of pile name to a list of cards")
    missing = [n for n in game.pile_names if n not in piles]
    extra = [n for n in piles if n not in game.pile_index]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"missing piles: {', '.join(missing)}")
        if extra:
            parts.append(f"piles {game.name} does not have: {', '.join(map(str, extra))}")
        raise PositionError("; ".join(parts))
    state = game.blank_state(deal)
    for name, cards in piles.items():
        if not isinstance(cards, list):
            raise PositionError(f"pile {name!r} must be a list of cards")
        try:
            state.piles[game.pile_index[name]] = [parse_card(c) if isinstance(c, str) else _bad(c) for c in cards]
        except ValueError as exc:
            raise PositionError(f"pile {name!r}: {exc}") from None
    have, want = Counter(c for p in state.piles for c in p), Counter(game.all_cards())
    if have != want:
        lacking = sorted((want - have).elements())
        surplus = sorted((have - want).elements())
        parts = []
        if lacking:
            parts.append("missing " + " ".join(card_str(c) for c in lacking))
        if surplus:
            parts.append("too many " + " ".join(card_str(c) for c in surplus))
        raise PositionError(f"the cards are not those of {game.name}: {'; '.join(parts)}")
    redeals = obj.get("redeals", 0)
    if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0 or (
        game.max_redeals >= 0 and redeals > game.max_redeals
    ):
        raise PositionError(f"'redeals' must be an integer from 0 to the game's limit, not {redeals!r}")
    state.redeals = redeals
    for f in game.foundations:
        pile = state.piles[f]
        built: list[int] = []
        for c in pile:
            state.piles[f] = built
            if not game.foundation_accepts(state.piles, f, c):
                raise PositionError(f"{game.pile_names[f]} is not built by the rules at {card_str(c)}")
            built.append(c)
        state.piles[f] = built
    game.load_extra_json(state, obj)
    game.check_position(state)
    return state


def _bad(value: Any) -> int:
    raise ValueError(f"not a card: {value!r}")


def describe_build(rule: Build) -> str:
    """``builds down in suit`` and the like, for messages and rules text."""
    way = "up or down" if rule.up and rule.down else "up" if rule.up else "down" if rule.down else ""
    if not way:
        return "holds one card"
    how = {ANY_SUIT: "regardless of suit", ALTERNATE: "in alternating colours"}.get(rule.suit, "in suit")
    wrap = ", Ace on King" if rule.wrap and rule.up else ", King on Ace" if rule.wrap else ""
    return f"builds {way} {how}{wrap}"


def describe_space(rule: Build) -> str:
    return {
        ANY: "a space takes any card",
        KINGS: "a space takes only a King",
        ACES: "it takes only an Ace when empty",
        NONE: "a space is never filled",
    }[rule.space]


def describe_foundation(rule: Foundation) -> str:
    start = "Ace" if rule.start == 1 else "King"
    way = "up" if rule.up else "down"
    twice = ", twice round" if rule.length > rule.top else ""
    return f"it is started by a{'n' * (start == 'Ace')} {start} and builds {way} in suit{twice}"
