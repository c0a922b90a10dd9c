"""One position of a game: its piles, its legal moves, apply and undo.

The work behind some of its answers lives beside it: :mod:`.generation` lists
the legal moves, :mod:`.refusals` says why a move is illegal and
:mod:`.position_json` reads a position back from JSON.

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
from typing import TYPE_CHECKING, Any

from .. import voice
from ..cards import card_str
from .errors import IllegalMoveError
from .generation import generate_both
from .move import Move

# Reading a position from JSON lives in .position_json; the name is imported from here too.
from .position_json import state_from_json as state_from_json
from .refusals import why_illegal
from .rules import FOUNDATION, WASTE

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
    ``deal`` is None for a position read from JSON without a deal number (a
    board laid out by hand). Moves taken back and played again, turns and the
    rest of a game's line of play are the :class:`~napoleon.session.Session`'s.
    A copy is cheap: what a redeal took away is kept whole, shared by copies,
    and so is what was worked out about the position.

    A game that must remember more than the piles and the redeals counts
    extends this class (as python-chess's three-check board adds its check
    counts): it adds its fields, returns them from :meth:`extra` and takes
    them back in :meth:`set_extra`, so that undo, copies and keys follow
    them, and adds to the solver's key in :meth:`key_extra`. The game makes
    its states with :meth:`Game.blank_state <napoleon.engine.game.Game.blank_state>`.
    """

    __slots__ = ("_memo", "_snapshots", "deal", "game", "history", "piles", "redeals")

    def __init__(self, game: Game, deal: int | None) -> None:
        self.game = game
        self.deal = deal
        self.piles: list[list[int]] = [[] for _ in range(game.npiles)]
        self.redeals = 0
        self.history: list[Move] = []
        self._snapshots: list[tuple[Any, ...]] = []
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

    def every_move(self) -> list[Move]:
        """Every legal move, a card's move to each interchangeable pile listed (not to be changed)."""
        return self._moves(True)

    def _moves(self, every: bool) -> list[Move]:
        """:func:`~.generation.generate_both`'s answers for this position, worked out once, in
        one pass (not to be changed)."""
        both = self._known("moves", lambda: generate_both(self))
        return both[1] if every else both[0]

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
        return self._known("most_movable", self._most_movable)[src]

    def _most_movable(self) -> list[int]:
        """:meth:`most_movable` of every pile, from one pass over the moves."""
        game, piles = self.game, self.piles
        most = [1] * game.npiles
        for m in self._moves(True):
            if m.src >= 0 and m.count > most[m.src]:
                most[m.src] = m.count
        for src, pile in enumerate(piles):
            if game.runs[src] and pile:
                own, run = game.fit[src], 1
                while run < len(pile) and pile[-run] in own[pile[-run - 1]]:
                    run += 1
                most[src] = max(most[src], run)
            most[src] = max(1, min(most[src], len(pile)))
        return most

    def why_not_pick(self, src: int) -> str | None:
        """Why the player cannot pick up the top card of ``src``, or None when
        they can. (The stock is not picked up: it is turned.)"""
        game = self.game
        if not self.piles[src]:
            return voice.pile_empty(self, src)
        if game.pile_roles[src] == FOUNDATION:
            return voice.FOUNDATION_KEEPS
        if src not in game.sources:
            return voice.not_the_players(self, src)
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
        self._memo = None  # a redeal's own code may have asked about the piles half dealt

    def pop(self) -> Move:
        """Undo the last move and return it."""
        move = self.history.pop()
        self._memo = None
        if move.src < 0:
            self._restore(self._snapshots.pop())
        else:
            q = self.piles[move.dst]
            k = move.count
            self.piles[move.src].extend(q[-k:])
            del q[-k:]
        return move

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
        # Tuples: never changed once taken, so copies of the position share them.
        return (tuple(map(tuple, self.piles)), self.redeals, self.extra())

    def _restore(self, snap: tuple[Any, ...]) -> None:
        piles, self.redeals, extra = snap
        self.set_extra(extra)
        self.piles[:] = [list(p) for p in piles]
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
        """An independent copy with the same position and history.

        What was worked out about the position comes along: the copy is the
        same position until one of the two changes, and a change gives the
        changed one a fresh memo (the answers themselves are never changed)."""
        other = self.game.blank_state(self.deal)
        other.piles = [p[:] for p in self.piles]
        other.redeals = self.redeals
        other.set_extra(self.extra())
        other.history = self.history[:]
        other._snapshots = self._snapshots[:]
        if self._memo is None:
            self._memo = {}
        other._memo = self._memo
        return other

    # -------------------------------------------------------------- notation

    def parse_move(self, text: str) -> Move:
        """A move in this game's notation; ``F`` alone means "a foundation"."""
        move = self.game.parse_notation(text)
        if move.dst == -2:
            src = self.piles[move.src]
            found = [f for f in self.game.foundations if src and self.game.foundation_accepts(self.piles, f, src[-1])]
            if not src:
                raise IllegalMoveError(f"{text}: {voice.pile_empty(self, move.src)}")
            if not found:
                raise IllegalMoveError(f"{text}: {voice.goes_on_no_foundation(src[-1])}")
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
        """``move`` in a player's words (see :func:`napoleon.voice.describe_move`)."""
        return voice.describe_move(self, move, past)

    def _in_range(self, move: Move) -> bool:
        n = self.game.npiles
        return move.is_redeal or (0 <= move.src < n and 0 <= move.dst < n)

    # --------------------------------------------------------- why illegal

    def why_illegal(self, move: Move) -> str | None:
        """None if ``move`` is legal, else a sentence saying why it is not
        (:func:`.refusals.why_illegal`)."""
        return why_illegal(self, move)

    # ------------------------------------------------------------------ JSON

    def to_json(self) -> dict[str, Any]:
        """The position as JSON: the same shape for every game."""
        game = self.game
        obj: dict[str, Any] = {
            "game": game.id,
            "deal": self.deal,
            "options": game.options_json(),
            "status": self.status.value,
            "piles": {name: [card_str(c) for c in pile]
                      for name, pile in zip(game.pile_names, self.piles, strict=True)},
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
