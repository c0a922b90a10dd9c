"""A game being played: the position, turns, undo/redo, timer and record.

Both user interfaces (terminal and web) drive a :class:`Session`, so what a
"turn", an undo or a restart means is written once. A turn is the player's
move plus the safe foundation moves auto-play made after it; undo and redo
work on whole turns. With auto-play on, a new game starts with the safe
moves of the opening layout already made (an Ace dealt on top of a column
goes home at once): they are the game's first turn, recorded like any
other (the store keeps their number), but no undo or restart takes them
back, and a deal left after them alone is a deal left untouched.

>>> from napoleon import new_game
>>> session = Session(new_game("werner", deal=1), autoplay=False)
>>> session.play_text("T3-F1")
['T3-F1']
>>> session.undo()
True
>>> session.redo()
True
>>> len(session.state.history)
1
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from . import voice
from .engine.autoplay import autoplay_allowed, finish_moves, safe_moves
from .engine.errors import IllegalMoveError
from .engine.move import Move
from .engine.state import State, Status
from .store.db import StaleGameError

if TYPE_CHECKING:
    from .store import Store


class Recorder(Protocol):
    """Where a session is kept (the store): called after every change.

    A recorder may also have ``assisted(session, kind)`` (help was used:
    ``kind`` is ``"hint"`` or ``"solution"``), ``graded(session, grade)``
    (the deal's grade became known), ``leave(session)`` (the player left
    the game) and ``reload(session)`` (the record as another window or
    process saved it, after ``save`` raised :class:`StaleGameError`); a
    session calls them when they are there.
    """

    def begin(self, session: Session) -> Any: ...

    def save(self, session: Session) -> None: ...

    def finish(self, session: Session, result: str) -> None: ...


class Session:
    """One game in play. ``autoplay`` plays safe cards home after each move."""

    def __init__(self, state: State, autoplay: bool = True, recorder: Recorder | None = None,
                 record_id: Any = None, elapsed: float = 0.0, turns: list[int] | None = None, hints: int = 0,
                 solution_used: bool = False, grade: str | None = None, opening: int | None = None,
                 record_later: bool = False) -> None:
        self.state = state
        self.start_state = state.copy()
        if state.history:
            # Resumed games replay from the deal: the start is the deal itself.
            self.start_state = state.game.new_state(state.deal)
        self.autoplay = autoplay
        self.turns: list[int] = turns if turns is not None else [1] * len(state.history)
        self.opening = self._opening(autoplay) if opening is None else opening
        """How many moves auto-play made on the opening layout: the first turn, never undone."""
        self._redo_turns: list[int] = []
        self._clock_start: float | None = None
        self._elapsed = elapsed
        self.recorder = recorder
        self.record_id = record_id
        self.finished: str | None = None
        self.hints = hints
        """How many hints the player asked for (see :meth:`mark_assisted`)."""
        self.solution_used = solution_used
        """Whether the solution was shown or played in this game."""
        self.grade = grade
        """How hard the deal is (docs/grades.md), once known (see :meth:`set_grade`)."""
        self._noted_moves: list[Move] = []
        self._noted: list[str] = []
        self.news = ""
        """What the last change did, in the player's words (:mod:`napoleon.voice`); every window shows it."""
        self._record_later = record_later
        if recorder is not None and record_id is None and not record_later:
            self.record_id = recorder.begin(self)

    @classmethod
    def recorded(cls, store: Store, state: State, autoplay: bool = True) -> Session:
        """A new game on ``state`` recorded in ``store`` (every change saved at once)."""
        return cls(state, autoplay=autoplay, recorder=store.recorder())

    @classmethod
    def resume(cls, store: Store, saved_id: int, autoplay: bool = True) -> Session:
        """Take up game ``saved_id`` of ``store`` again (unfinished, or left for another), replayed from its deal.

        Raise StoreError when there is no such game or it is won or lost.
        """
        point = store.resume_point(saved_id)
        saved = point.saved
        return cls(point.state, autoplay=autoplay, recorder=store.recorder(saved), record_id=saved.id,
                   elapsed=saved.elapsed, turns=point.turns, hints=saved.hints, solution_used=saved.solution,
                   grade=saved.grade, opening=saved.opening if point.turns[:1] == [saved.opening] else 0)

    # ----------------------------------------------------------------- facts

    @property
    def game(self):
        return self.state.game

    @property
    def deal(self) -> int:
        return self.state.deal

    @property
    def status(self) -> Status:
        return self.state.status

    @property
    def moves_made(self) -> int:
        """Moves in the current line of play, auto-play included."""
        return len(self.state.history)

    @property
    def moves_played(self) -> int:
        """The moves the player's count shows: the line of play without the opening's auto-play
        (an untouched deal shows 0), auto-play after the player's moves included."""
        return len(self.state.history) - (self.opening if self.turns[:1] == [self.opening] else 0)

    @property
    def elapsed(self) -> float:
        """Seconds of play so far (the clock runs from the player's first action)."""
        running = time.monotonic() - self._clock_start if self._clock_start is not None else 0.0
        return self._elapsed + running

    @property
    def clock_running(self) -> bool:
        """Whether the clock runs now: from the player's first action of any kind (a move, undo,
        redo, auto, Finish) until the game ends, the player leaves it or restarts it."""
        return self._clock_start is not None

    @property
    def assisted(self) -> bool:
        """Whether the player had help in this game: it will never count as a win."""
        return self.hints > 0 or self.solution_used

    def notation_history(self) -> list[str]:
        """The line of play in notation (for the store and JSON), written once a move.

        The record is saved and the page's version named after every move:
        only the moves not written before are written now.
        """
        history, done, texts = self.state.history, self._noted_moves, self._noted
        same = 0
        for a, b in zip(history, done, strict=False):
            if a != b:
                break
            same += 1
        del done[same:], texts[same:]
        notation = self.game.notation
        for move in history[same:]:
            done.append(move)
            texts.append(notation(move))
        return list(texts)

    # ----------------------------------------------------------------- moves

    def play(self, move: Move) -> list[Move]:
        """Play ``move`` (checked, once) and any safe auto-play after it; return them all.

        An illegal move raises IllegalMoveError, whose message says why in
        the player's words, and changes nothing.
        """
        if self.finished == "won":
            raise IllegalMoveError(voice.GAME_WON_ALREADY)
        state = self.state
        reason = voice.refusal(state, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        before = state.copy()
        state.push(move)
        made = [move]
        if self.autoplay:
            made += safe_moves(state)
        self._turn(made, voice.played(before, made))
        return made

    def play_text(self, text: str) -> list[str]:
        """Play a move in notation; return the notation of every move made."""
        return [self.game.notation(m) for m in self.play(self.state.parse_move(text))]

    def auto(self) -> list[Move]:
        """Play every safe card home now, as one turn; ``news`` says which, or why none."""
        before = self.state.copy()
        made = safe_moves(self.state)
        if made:
            self._turn(made, voice.auto_played(before, made))
        else:
            self.news = voice.AUTO_NONE if autoplay_allowed(self.state) else voice.AUTO_WAITS
        return made

    def set_autoplay(self, on: bool) -> list[Move]:
        """Turn auto-play after each move on or off; turned on, it plays the safe cards home at once
        (one turn, returned)."""
        self.autoplay = on
        if not on:
            self.news = voice.AUTOPLAY_OFF
            return []
        before = self.state.copy()
        made = safe_moves(self.state)
        if made:
            self._turn(made, "")
        self.news = voice.autoplay_on(before, made)
        return made

    def finish(self) -> list[Move]:
        """Play the rest of the game out, as one turn, when it plays itself (see ``finish_moves``).

        Returns the moves made; an empty list (nothing changed) when the
        game does not play itself from here.
        """
        made = finish_moves(self.state) or []
        if made:
            for move in made:
                # Moves the engine's own finish found: legal by construction, not checked again.
                self.state.push(move)
            self._turn(made, voice.finished(len(made)))
        else:
            self.news = voice.FINISH_REFUSED
        return made

    def finish_offer(self) -> int:
        """How many moves Finish would play now (0: the game does not finish by itself)."""
        if self.state.status is not Status.PLAYING:
            return 0
        return len(finish_moves(self.state) or ())

    def _turn(self, made: list[Move], news: str) -> None:
        """A turn of ``made`` (already on the board) was played: keep it, start the clock, save."""
        self._tick()
        self.turns.append(len(made))
        self._redo_turns.clear()
        self.news = news
        self._changed()

    def _opening(self, autoplay: bool) -> int:
        """A new game with auto-play: play the opening layout's safe moves, as the first turn."""
        state = self.state
        if state.history or not autoplay or state.status is not Status.PLAYING:
            return 0
        made = safe_moves(state)
        if made:
            self.turns = [len(made)]
        return len(made)

    def undo(self) -> bool:
        """Take back the last turn; False when there is none (the opening's auto-play stays)."""
        if not self.can_undo:
            self.news = voice.NOTHING_TO_UNDO
            return False
        self._tick()
        n = self.turns.pop()
        after = self.state.copy()
        taken = [self.state.pop() for _ in range(n)]
        self._redo_turns.append(n)
        self.news = voice.undone(after, taken)
        self._changed()
        return True

    def redo(self) -> bool:
        """Play the last undone turn again; False when there is none."""
        if not self._redo_turns:
            self.news = voice.NOTHING_TO_REDO
            return False
        self._tick()
        n = self._redo_turns.pop()
        before = self.state.copy()
        made = [self.state.redo() for _ in range(n)]
        self.turns.append(n)
        self.news = voice.redone(before, made)
        self._changed()
        return True

    @property
    def can_undo(self) -> bool:
        return len(self.turns) > (1 if self.opening else 0)

    @property
    def touched(self) -> bool:
        """Whether the player has played in this game (auto-play on the opening layout is not the player's)."""
        return len(self.state.history) > self.opening or bool(self._redo_turns)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo_turns)

    def restart(self) -> None:
        """Back to the deal (an undoable step: redo is kept turn by turn).

        The clock starts again too, from the next move: a restarted deal is
        timed from its start, as a new one would be.
        """
        if not self.can_undo:
            self.news = voice.AT_THE_START
            return
        moves = len(self.state.history)
        while self.undo():
            pass
        self._clock_start = None
        self._elapsed = 0.0
        self.news = voice.restarted(moves - len(self.state.history))
        if self.recorder is not None and self.record_id is not None:
            self._save()

    # ------------------------------------------------------------- internals

    def _tick(self) -> None:
        if self._clock_start is None:
            self._clock_start = time.monotonic()

    def _changed(self) -> None:
        status = self.state.status
        if status is Status.WON:
            self._stop_clock()
        if self.recorder is not None and self.record_id is None:
            # A record begun at the first action: a deal opened and left leaves nothing behind.
            self.record_id = self.recorder.begin(self)
            if self.grade is not None:
                self.set_grade(self.grade)
        if self.recorder is not None:
            self._save()
            if status is not Status.PLAYING and self.finished is None:
                self.finished = status.value
                self.recorder.finish(self, status.value)
            elif status is Status.PLAYING and self.finished is not None:
                self.finished = None  # undo after the end: the game goes on
        elif status is not Status.PLAYING:
            self.finished = status.value
        else:
            self.finished = None

    def _save(self) -> None:
        """Save through the recorder. When the record moved on (another window or process saved
        the game since), nothing is overwritten: the session takes the game up as saved there,
        and StaleGameError tells the caller so."""
        try:
            self.recorder.save(self)
        except StaleGameError:
            self.reload()
            raise

    def reload(self) -> None:
        """Take the game up again as the recorder's store holds it now (its moves replayed from the deal).

        The position changes in place, so whoever shows ``state`` shows the
        game as reloaded; the clock, turns, help and result follow the record.
        """
        saved = self.recorder.reload(self)
        fresh = saved.replay()
        state = self.state
        while state.history:
            state.pop()
        for move in fresh.history:
            state.push(move)
        self.turns = saved.play_turns()
        self._redo_turns.clear()
        self._clock_start = None
        self._elapsed = saved.elapsed
        self.hints, self.solution_used, self.grade = saved.hints, saved.solution, saved.grade
        self.finished = saved.result if saved.result in ("won", "lost") else None

    def _stop_clock(self) -> None:
        if self._clock_start is not None:
            self._elapsed += time.monotonic() - self._clock_start
            self._clock_start = None

    def mark_assisted(self, kind: str) -> None:
        """Note that the player used help: ``kind`` is ``"hint"`` or ``"solution"``.

        Call it when a hint is given or the solution is shown or played. The
        game is marked in the store's history and counted apart in the
        statistics: a win with help is never a win, a best time or part of a
        streak (as PySolFC counts it). Raises ValueError for another kind.
        """
        if kind == "hint":
            self.hints += 1
        elif kind == "solution":
            self.solution_used = True
        else:
            raise ValueError(f"help is a hint or the solution, not {kind!r}")
        mark = getattr(self.recorder, "assisted", None)
        if mark is not None and self.record_id is not None:
            mark(self, kind)

    def set_grade(self, grade: str | None) -> None:
        """Note how hard this deal is (a grade of :mod:`napoleon.grading`), kept with the game's record.

        Call it when the grade becomes known: at once for a deal handed out by
        grade or found in the shipped grades, later for one graded on demand.
        The statistics count played, won and best time per grade.
        """
        self.grade = grade
        graded = getattr(self.recorder, "graded", None)
        if graded is not None and self.record_id is not None:
            graded(self, grade)

    @property
    def under_way(self) -> bool:
        """Whether leaving now would count as a game played and lost: touched and not finished."""
        return self.touched and self.finished is None

    def leave_question(self) -> str:
        """What to ask a player about to leave this game (see :attr:`under_way`)."""
        return voice.leave_question(self.game.name, self.deal, self.moves_played)

    def end_text(self) -> str | None:
        """The game's end in words, or None while it is being played."""
        status = self.status
        if status is Status.WON:
            return voice.won(self.game.name, self.deal, self.moves_played, self.elapsed)
        if status is Status.LOST:
            return voice.lost(self.game.name, self.deal)
        return None

    def leave(self) -> None:
        """The player leaves this game for another: a new deal, another game, or quit.

        After at least one move the game counts as played and lost
        (``abandoned`` in the store, still resumable by its id with
        ``napoleon resume ID``); a deal left untouched counts as nothing; a
        finished game stays as it ended. Call it instead of :meth:`abandon`
        whenever the player chose to leave.
        """
        self._stop_clock()
        if self.recorder is None or self.record_id is None:
            return
        leave = getattr(self.recorder, "leave", None)
        try:
            if leave is not None:
                leave(self)
            else:
                self.recorder.save(self)
        except StaleGameError:
            pass  # saved since by another window or process: theirs stands, and it stays resumable

    def abandon(self) -> None:
        """Stop the clock and save, keeping the game unfinished and resumable.

        For a game put aside without the player's choice (the server stops, a
        game falls out of memory) or that line mode keeps for ``napoleon
        resume``. A player who leaves a game for another calls :meth:`leave`.
        """
        self._stop_clock()
        if self.recorder is not None and self.record_id is not None:
            try:
                self.recorder.save(self)
            except StaleGameError:
                pass  # saved since by another window or process: theirs stands
