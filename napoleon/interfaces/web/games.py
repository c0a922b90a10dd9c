"""The games the web app is playing, and what the page is told about each.

Every game is a :class:`~napoleon.session.Session` recorded in the
store, so its id is the store's record id and a restarted server finds it
again: a game not in memory is replayed from its record on first request.
:func:`game_view` is the one JSON shape the page draws from.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from ... import voice
from ...cards import RANKS
from ...engine.errors import NapoleonError
from ...engine.game import Game, format_option
from ...engine.rules import Foundation
from ...engine.state import State
from ...voice import pile_called
from ...grading import shipped_grade
from ...schemas import is_game_id
from ...session import Change, Clock, Session, View

if TYPE_CHECKING:
    from ...store import SavedGame, Store

MAX_LIVE = 200


class LiveGame:
    """A game in memory: its session and the lock that orders requests on it."""

    def __init__(self, game_id: str, session: Session) -> None:
        self.id = game_id
        self.session = session
        self.lock = asyncio.Lock()


class Registry:
    """Games in play, by id; the store keeps them all, memory the recent ones.

    Methods that touch the store are blocking and are called from worker
    threads (``asyncio.to_thread``), so the registry guards its own dict.
    """

    def __init__(self, store: Store, limit: int = MAX_LIVE, clock: Clock = time.monotonic) -> None:
        self.store = store
        self.limit = limit
        self.clock = clock
        self._live: OrderedDict[str, LiveGame] = OrderedDict()
        self._lock = threading.Lock()

    def create(self, state: State, autoplay: bool) -> LiveGame:
        """Start recording a new game from ``session_state`` (a fresh deal)."""
        session = Session(state, autoplay=autoplay, recorder=self.store.recorder(), clock=self.clock)
        live = LiveGame(str(session.record_id), session)
        with self._lock:
            self._remember(live)
        return live

    def in_memory(self, game_id: str) -> LiveGame | None:
        """The game ``game_id`` if it is in memory, else None, without waiting: for the event loop,
        which then need not hand the lookup to a thread (only a replay from the store blocks)."""
        if not self._lock.acquire(blocking=False):
            return None
        try:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
            return live
        finally:
            self._lock.release()

    def get(self, game_id: str) -> LiveGame | None:
        """The game ``game_id``, from memory or replayed from the store; None if unknown."""
        with self._lock:
            live = self._live.get(game_id)
            if live is not None:
                self._live.move_to_end(game_id)
                return live
            if not is_game_id(game_id):  # one spelling of an id: "024" or "２４" is no game
                return None
            saved = self.store.get(int(game_id))
            if saved is None:
                return None
            live = LiveGame(game_id, self._resume(saved))
            self._remember(live)
            return live

    def refresh(self, live: LiveGame) -> bool:
        """Reload ``live`` from the store when another process saved the game since (blocking; under
        its lock); True when it did."""
        is_current = getattr(live.session.recorder, "is_current", None)
        if is_current is not None and not is_current(live.session):
            live.session.reload()
            return True
        return False

    def follow(self, live: LiveGame) -> None:
        """Keep ``live`` under its session's record id, when a change began a new record (a won deal
        restarted is a new game of it)."""
        record = str(live.session.record_id)
        if record == live.id:
            return
        with self._lock:
            self._live.pop(live.id, None)
            live.id = record
            self._remember(live)

    def close(self) -> None:
        """Stop every clock and save every game (the server is going down)."""
        with self._lock:
            for live in self._live.values():
                live.session.abandon()
            self._live.clear()

    def _resume(self, saved: SavedGame) -> Session:
        # A finished game can still be looked at, and a lost one undone.
        return Session.reopen(self.store, saved, clock=self.clock)

    def _remember(self, live: LiveGame) -> None:
        self._live[live.id] = live
        self._live.move_to_end(live.id)
        while len(self._live) > self.limit:
            _, old = self._live.popitem(last=False)
            old.session.abandon()  # stops its clock and saves; it stays resumable


def deal_hash(game: Game, deal: int) -> str:
    """The page's shareable address of a deal: ``#forty-thieves/1234?redeals=2``."""
    extra = "&".join(f"{k}={format_option(v)}" for k, v in sorted(game.non_default_options().items()))
    return f"#{game.id}/{deal}" + (f"?{extra}" if extra else "")


def pile_info(game: Game) -> list[dict[str, Any]]:
    """Each pile's JSON name, notation, label, name in a player's words ("column 1"), role and layout group."""
    return [
        {
            "name": name,
            "abbr": game.pile_abbrs[i],
            "label": game.pile_label(i),
            "called": pile_called(game, i),
            "role": game.pile_roles[i],
            "group": game.pile_group[i],
            "group_label": game.groups[game.pile_group[i]].label,
        }
        for i, name in enumerate(game.pile_names)
    ]


def foundation_starts(game: Game) -> dict[str, str]:
    """The rank that starts each foundation (``{"foundation-1": "A"}``), from its rule."""
    return {name: RANKS[rule.start - 1] for name, g in zip(game.pile_names, game.pile_group, strict=True)
            if isinstance(rule := game.groups[g].rule, Foundation)}


def game_view(live: LiveGame, change: Change | None = None, whole_line: bool = True) -> dict[str, Any]:
    """Everything the page needs to draw and play a game, as JSON: the session's
    :class:`~napoleon.session.View` of the position and the :class:`~napoleon.session.Change` the
    request made, drawn as they are.

    ``targets`` maps a pile name and a number of cards to every pile they may
    go to now (all foundations that take a card, not only the first), so the
    page can light up targets the moment a card is picked up. ``made`` and
    ``undone`` are the moves the request played and took back, in that
    order, each with its ``text``, so the page can animate them and say what
    happened. The engine answers what the page asks of the piles:
    ``not_in_play`` (the Tomb's waste piles after redeals), ``refusals`` (why
    a pile's card cannot be picked up) and ``most_movable`` (how many cards a
    pile may give at once). ``say`` is what the change did in the player's
    words (:mod:`napoleon.voice`), for the page to show as it is;
    ``moves_played`` the move count the player sees (the opening's auto-play
    not counted) and ``leave`` the question asked before leaving a game under way.

    ``moves`` is the whole line of play; without ``whole_line`` it is left out (the answer to a
    change made on the line the asker showed: ``made`` and ``undone`` are what changed in it, and
    the whole line of a long game is some hundred kB a move).
    """
    session = live.session
    view = session.view
    facts = {
        "id": live.id,
        **deal_facts(session),
        **position_facts(session.state, view),
        **turn_facts(session, view, change.news if change is not None else ""),
        **moves_changed(session.state.game, change),
    }
    if not whole_line:
        del facts["moves"]
    return facts


def deal_facts(session: Session) -> dict[str, Any]:
    """The game and the deal: names, options, number (exactly, as text too), grade and hash."""
    state = session.state
    game = state.game
    return {
        "game": game.id,
        "name": game.name,
        "options": {k: format_option(v) for k, v in game.options.items()},
        "describe": game.describe(),
        "deal": state.deal,
        "deal_text": str(state.deal),  # deal numbers go past 2**53: JavaScript reads this one exactly
        # The deal's grade (docs/grades.md); None until known (GET /api/games/{id}/grade).
        "grade": session.grade or (shipped_grade(game, state.deal) if state.deal else None),
        "hash": deal_hash(game, state.deal),
    }


def position_facts(state: State, view: View) -> dict[str, Any]:
    """The position and what the engine answers about its piles: legal moves, targets, refusals."""
    game = state.game
    names = game.pile_names
    return {
        "position": state.to_json(),
        "piles": pile_info(game),
        "status": view.status.value,
        "legal": [game.move_to_json(m) for m in view.legal],
        "targets": {names[src]: {str(k): [names[d] for d in dsts] for k, dsts in by.items()}
                    for src, by in view.targets.items()},
        "not_in_play": [names[p] for p in range(game.npiles) if not state.in_play(p)],
        "refusals": {names[p]: why for p in range(game.npiles)
                     if p != game.stock and (why := state.why_not_pick(p)) is not None},
        "most_movable": {names[p]: n for p, n in view.most_movable.items()},
    }


def turn_facts(session: Session, view: View, say: str) -> dict[str, Any]:
    """The game as the player plays it: undo and redo, redeals, auto-play, the clock, the counts,
    what the last change did, the end, the finish offer and the moves so far."""
    state = session.state
    game = state.game
    left = game.redeals_left(state)
    finish = len(view.finish)
    return {
        "can_undo": session.can_undo,
        "can_redo": session.can_redo,
        "can_redeal": view.can_redeal,
        "max_redeals": "unlimited" if game.max_redeals < 0 else game.max_redeals,
        "redeals_left": ("unlimited" if game.max_redeals < 0 else left) if game.max_redeals else 0,
        "redeals": state.redeals,
        "autoplay": session.autoplay,
        "elapsed": round(session.elapsed, 1),
        "clock_running": session.clock_running,
        "moves_made": session.moves_made,
        "moves_played": session.moves_played,
        "say": say,
        "end": session.end_text(),
        "leave": session.leave_question() if session.under_way else None,
        "version": session.version,
        "finish": finish,  # moves that play the rest out by themselves (0: it does not)
        "finish_text": voice.finish_offer(finish) if finish else None,
        # The way back after a loss: the moves of the last position proven winnable (None: none known).
        "winnable": session.winnable,
        "moves": session.notation_history(),
    }


def moves_changed(game: Game, change: Change | None) -> dict[str, Any]:
    """The moves the request played and took back, each with its ``text``."""
    if change is None:
        return {"made": [], "undone": []}
    return {
        "made": [{**game.move_to_json(m), "text": t} for m, t in zip(change.made, change.made_words, strict=True)],
        "undone": [{**game.move_to_json(m), "text": t}
                   for m, t in zip(change.undone, change.undone_words, strict=True)],
    }


def saved_summary(saved: SavedGame) -> dict[str, Any]:
    """A line of the "continue a game" list."""
    try:
        game = saved.game_obj()
        name, hash_ = game.name, deal_hash(game, saved.deal)
    except NapoleonError:
        name, hash_ = saved.game, f"#{saved.game}/{saved.deal}"
    return {
        "id": str(saved.id),
        "game": saved.game,
        "name": name,
        "options": saved.options,
        "deal": saved.deal,
        "deal_text": str(saved.deal),
        "hash": hash_,
        "moves": saved.moves_played,
        "elapsed": saved.elapsed,
        "started": saved.started,
        "updated": saved.updated,
        "ended": saved.ended,
        "result": saved.result,
        "assisted": saved.assisted,   # a hint or the solution was used: never a win in the statistics
        "counted": saved.counted,     # false once the statistics were reset
        "grade": saved.grade,
    }
