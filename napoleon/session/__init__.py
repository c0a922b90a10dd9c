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
>>> session.undo().news
'Undone: the A♣ back from foundation 1 to column 3'
>>> change = session.redo()
>>> change.made_words, change.version == session.version
(('moved the A♣ from column 3 to foundation 1',), True)

Every command answers one :class:`Change` (what it made or took back, told
once, the news, the new version) and every position one :class:`View`
(legal moves, targets, status, the Finish offer), which the session works out
once and keeps until the next change: the interfaces draw these and work
nothing out for themselves. The line of play (turns, redo) is the session's
alone (:class:`~napoleon.session.line.Line`); the :class:`~napoleon.engine.state.State` is the position.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, Protocol

from .. import voice
from ..engine.autoplay import autoplay_allowed, safe_moves
from ..engine.errors import IllegalMoveError
from ..engine.move import Move
from ..engine.state import State, Status
from ..schemas.values import MAX_MOVES
from ..store.db import StaleGameError
from ..store.records import line_version
from .clock import Clock, PlayClock
from .line import Line
from .values import Change, View

__all__ = ["Change", "Clock", "Recorder", "Session", "View"]

if TYPE_CHECKING:
    from ..store import SavedGame, Store

class Recorder(Protocol):
    """Where a session is kept (the store): called after every change.

    A recorder may also have ``assisted(session, kind)`` (help was used:
    ``kind`` is ``"hint"`` or ``"solution"``), ``settings(session)`` (the
    game's own settings changed: auto-play), ``graded(session, grade)``
    (the deal's grade became known), ``noted(session, kind, at)`` (the player
    let Finish play the rest out, ``kind`` ``"finish"``, with ``at`` moves on
    the table: no help), ``winnable(session)`` (a later position of the line
    was proven winnable: :attr:`Session.winnable`), ``leave(session)`` (the player left
    the game) and ``reload(session)`` (the record as another window or
    process saved it, after ``save`` raised :class:`StaleGameError`); a
    session calls them when they are there.
    """

    def begin(self, session: Session) -> Any: ...

    def save(self, session: Session) -> None: ...

    def finish(self, session: Session, result: str) -> None: ...


class Session:
    """One game in play. ``autoplay`` plays safe cards home after each move; ``clock`` times it."""

    def __init__(self, state: State, autoplay: bool = True, recorder: Recorder | None = None,
                 record_id: Any = None, elapsed: float = 0.0, turns: list[int] | None = None, hints: int = 0,
                 solution_used: bool = False, grade: str | None = None, opening: int | None = None,
                 record_later: bool = False, clock: Clock = time.monotonic, winnable: int | None = None) -> None:
        self.state = state
        if state.history:
            # Resumed games replay from the deal: the start is the deal itself.
            self.start_state = state.game.new_state(state.deal)
        else:
            self.start_state = state.copy()
        self.autoplay = autoplay
        self.clock = PlayClock(clock, elapsed)
        """Seconds of play, running from the player's first action (see :attr:`clock_running`)."""
        self.line = Line(state, turns, opening or 0)
        """The turns of the line of play and those taken back (undo, redo)."""
        self._view: View | None = None
        self._version: str | None = None
        if opening is None:
            self._open(autoplay)
        self.recorder = recorder
        self.record_id = record_id
        self.finished: str | None = None
        self.hints = hints
        """How many hints the player asked for (see :meth:`mark_assisted`)."""
        self.solution_used = solution_used
        """Whether the solution was shown or played in this game."""
        self.grade = grade
        """How hard the deal is (docs/grades.md), once known (see :meth:`set_grade`)."""
        self.winnable = winnable if winnable is not None and winnable <= len(state.history) else None
        """The moves of the longest start of this line of play that the solver proved winnable, or None:
        where the way back after a loss goes (:meth:`back_to_winnable`); kept with the game."""
        self._noted_moves: list[Move] = []
        self._noted: list[str] = []
        self.news = ""
        """What the last change did, in the player's words (:mod:`napoleon.voice`); every window shows it."""
        self._record_later = record_later
        if recorder is not None and record_id is None and not record_later:
            self.record_id = recorder.begin(self)

    @classmethod
    def recorded(cls, store: Store, state: State, autoplay: bool = True, clock: Clock = time.monotonic) -> Session:
        """A new game on ``state`` recorded in ``store`` (every change saved at once)."""
        return cls(state, autoplay=autoplay, recorder=store.recorder(), clock=clock)

    @classmethod
    def resume(cls, store: Store, saved_id: int, autoplay: bool | None = None,
               clock: Clock = time.monotonic) -> Session:
        """Take up game ``saved_id`` of ``store`` again (unfinished, or left for another), replayed from its deal;
        ``autoplay`` as the game kept it unless given.

        Raise StoreError when there is no such game or it is won or lost.
        """
        return cls.reopen(store, store.resume_point(saved_id).saved, autoplay, clock)

    @classmethod
    def reopen(cls, store: Store, saved: SavedGame, autoplay: bool | None = None,
               clock: Clock = time.monotonic) -> Session:
        """Any game of ``store`` taken up where it stands, replayed from its deal: an unfinished one
        to play on, a won or lost one too (to look at, or to undo a loss). Its auto-play is the one
        it was played with (kept with it) unless ``autoplay`` is given; on for a game that kept none."""
        if autoplay is None:
            autoplay = saved.autoplay if saved.autoplay is not None else True
        turns = saved.play_turns()
        session = cls(saved.replay(), autoplay=autoplay, recorder=store.recorder(saved), record_id=saved.id,
                      elapsed=saved.elapsed, turns=turns, hints=saved.hints, solution_used=saved.solution,
                      grade=saved.grade, opening=saved.opening if turns[:1] == [saved.opening] else 0, clock=clock,
                      winnable=saved.winnable)
        session.finished = saved.result if saved.result in ("won", "lost") else None
        return session

    # ----------------------------------------------------------------- facts

    @property
    def game(self):
        return self.state.game

    @property
    def deal(self) -> int:
        return self.state.deal

    @property
    def view(self) -> View:
        """What the position offers (legal moves, targets, status, the Finish offer), worked out once a position."""
        if self._view is None:
            self._view = View.of(self.state)
        return self._view

    @property
    def status(self) -> Status:
        return self.state.status

    @property
    def version(self) -> str:
        """The name of the line of play (:func:`~napoleon.store.records.line_version`): the store's
        version of the record, and the page's name for the position it shows."""
        if self._version is None:
            self._version = line_version(self.notation_history())
        return self._version

    @property
    def moves_made(self) -> int:
        """Moves in the current line of play, auto-play included."""
        return len(self.state.history)

    @property
    def moves_played(self) -> int:
        """The moves the player's count shows: the line of play without the opening's auto-play
        (an untouched deal shows 0), auto-play after the player's moves included."""
        return len(self.state.history) - self.opening_kept

    @property
    def turns(self) -> list[int]:
        """The moves of each turn of the line of play, in order (what the store keeps)."""
        return self.line.turns

    @property
    def opening(self) -> int:
        """How many moves auto-play made on the opening layout: the first turn, never undone."""
        return self.line.opening

    @property
    def opening_kept(self) -> int:
        """The moves of the opening's auto-play still at the start of the line (0 once undone or never made)."""
        return self.line.opening_kept

    @property
    def elapsed(self) -> float:
        """Seconds of play so far (the clock runs from the player's first action)."""
        return self.clock.elapsed

    @property
    def clock_running(self) -> bool:
        """Whether the clock runs now: from the player's first action of any kind (a move, undo,
        redo, auto, Finish) until the game ends, the player leaves it or puts it aside."""
        return self.clock.running

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

    def play(self, move: Move, autoplay: bool | None = None) -> Change:
        """Play ``move`` (checked, once) and any safe auto-play after it, as one turn.

        ``autoplay`` overrides the session's setting for this move alone. An
        illegal move raises IllegalMoveError, whose message says why in the
        player's words, and changes nothing.
        """
        if self.finished == "won":
            raise IllegalMoveError(voice.GAME_WON_ALREADY)
        state = self.state
        reason = voice.refusal(state, move)
        if reason is not None:
            raise IllegalMoveError(reason)
        words = [state.describe(move, past=True)]
        state.push(move)
        made = [move]
        if self.autoplay if autoplay is None else autoplay:
            made += safe_moves(state, lambda m: words.append(state.describe(m, past=True)))
        return self._turn(made, words, voice.played(words))

    def move_of(self, text: str) -> Move:
        """A move in notation, read on this position; a card sent home ("T2-F", the f key) that no
        foundation takes is refused in a player's words, not in notation."""
        try:
            return self.state.parse_move(text)
        except IllegalMoveError:
            home = self.game.parse_notation(text)
            if home.dst == -2 and 0 <= home.src < self.game.npiles:
                raise IllegalMoveError(voice.no_home(self.state, home.src)) from None
            raise

    def play_text(self, text: str) -> list[str]:
        """Play a move in notation; return the notation of every move made."""
        return [self.game.notation(m) for m in self.play(self.move_of(text)).made]

    def _safe_turn(self) -> tuple[list[Move], list[str], list[int]]:
        """Play every safe card home (pushed): the moves, each in words, and the cards they carried."""
        state = self.state
        words: list[str] = []
        cards: list[int] = []

        def seen(m: Move) -> None:
            words.append(state.describe(m, past=True))
            cards.append(state.piles[m.src][-1])

        return safe_moves(state, seen), words, cards

    def auto(self) -> Change:
        """Play every safe card home now, as one turn; ``news`` says which, or why none."""
        made, words, cards = self._safe_turn()
        if made:
            return self._turn(made, words, voice.auto_played(cards))
        return self._refused(voice.AUTO_NONE if autoplay_allowed(self.state) else voice.AUTO_WAITS)

    def set_autoplay(self, on: bool) -> Change:
        """Turn auto-play after each move on or off; turned on, it plays the safe cards home at once
        (one turn). The change is done even when no card moved: the setting changed, and is kept
        with the game (the recorder's ``settings``)."""
        self.autoplay = on
        self._tell("settings")
        if not on:
            return self._said(voice.AUTOPLAY_OFF)
        opening = not self.touched and len(self.state.history) == self.opening_kept
        made, words, cards = self._safe_turn()
        if made and opening:
            # Before the player's first move, the safe cards are the opening layout's: the first
            # turn, never undone, and not counted as the player's moves.
            self.line.opened(len(made))
            self.news = voice.autoplay_on(cards)
            self._changed()
            return Change(self.version, self.news, made=tuple(made), made_words=tuple(words))
        if made:
            return self._turn(made, words, voice.autoplay_on(cards))
        return self._said(voice.autoplay_on(cards))

    def finish(self) -> Change:
        """Play the rest of the game out, as one turn, when it plays itself (the view's ``finish``).

        A game that does not play itself from here changes nothing (the
        change is false, ``news`` says why).
        """
        made = list(self.view.finish)
        if not made:
            return self._refused(voice.FINISH_REFUSED)
        state = self.state
        at = len(state.history)
        words = []
        for move in made:
            # Moves the engine's own finish found: legal by construction, not checked again.
            words.append(state.describe(move, past=True))
            state.push(move)
        change = self._turn(made, words, voice.finished(len(made)))
        self._tell("noted", "finish", at)  # a review says where (no help: the game is not marked assisted)
        return change

    def finish_offer(self) -> int:
        """How many moves Finish would play now (0: the game does not finish by itself)."""
        return len(self.view.finish)

    def _turn(self, made: list[Move], words: list[str], news: str) -> Change:
        """A turn of ``made`` (already on the board) was played: keep it, start the clock, save.

        A turn that would make the game longer than :data:`~napoleon.schemas.values.MAX_MOVES`, the
        most a game file holds, is taken back and refused: every game played can be exported and
        imported again."""
        if len(self.state.history) > MAX_MOVES:
            for _ in made:
                self.state.pop()
            raise IllegalMoveError(voice.too_long(MAX_MOVES))
        self.clock.start()
        self.line.played(len(made))
        self.news = news
        self._changed()
        return Change(self.version, news, made=tuple(made), made_words=tuple(words))

    def _refused(self, news: str) -> Change:
        """Nothing changed: ``news`` says why."""
        self.news = news
        return Change(self.version, news, done=False)

    def _said(self, news: str) -> Change:
        """A setting changed, the position did not."""
        self.news = news
        return Change(self.version, news)

    def _open(self, autoplay: bool) -> None:
        """A new game with auto-play: play the opening layout's safe moves, as the first turn."""
        state = self.state
        if state.history or not autoplay or state.status is not Status.PLAYING:
            return
        made = safe_moves(state)
        if made:
            self.line.opened(len(made))

    def undo(self) -> Change:
        """Take back the last turn; a false change when there is none (the opening's auto-play stays)."""
        if not self.can_undo:
            return self._refused(voice.NOTHING_TO_UNDO)
        self.clock.start()
        taken, words, back = self.line.take_back()
        self.news = voice.undone(back, len(taken) - 1)
        self._changed()
        return Change(self.version, self.news, undone=tuple(taken), undone_words=tuple(words))

    def back_to(self, moves: int) -> Change:
        """Take back turn after turn, as one change, until at most ``moves`` moves are left (the last
        winnable position, say); redo plays them again turn by turn."""
        if moves < 0:
            raise ValueError(f"a line of play keeps 0 moves or more, not {moves}")
        if len(self.state.history) <= moves or not self.can_undo:
            return self._refused(voice.NOTHING_TO_UNDO)
        self.clock.start()
        taken, words, turns = self.line.take_back_to(moves)
        self.news = voice.back_to(len(self.state.history) - self.opening_kept, turns)
        self._changed()
        return Change(self.version, self.news, undone=tuple(taken), undone_words=tuple(words))

    def back_to_winnable(self) -> Change:
        """Back to the last position the solver proved winnable (:attr:`winnable`), as one change; a false
        change when none is known before this one."""
        if self.winnable is None or self.winnable >= len(self.state.history):
            return self._refused(voice.NO_WAY_BACK)
        return self.back_to(self.winnable)

    def note_winnable(self, moves: int, version: str) -> None:
        """The solver proved the position after the first ``moves`` moves of line ``version`` winnable.

        Kept (with the game, in the store) when ``version`` is this session's line and the position is
        later than the one known: the way back after a loss goes there, in this window or another,
        today or after a reload. Said of a line the game has left, it is not kept.
        """
        if version != self.version or not 0 <= moves <= len(self.state.history):
            return
        if self.winnable is not None and moves <= self.winnable:
            return
        self.winnable = moves
        self._tell("winnable")

    def redo(self) -> Change:
        """Play the last undone turn again; a false change when there is none."""
        if not self.can_redo:
            return self._refused(voice.NOTHING_TO_REDO)
        self.clock.start()
        made, words = self.line.replay()
        self.news = voice.redone(words)
        self._changed()
        return Change(self.version, self.news, made=tuple(made), made_words=tuple(words))

    @property
    def can_undo(self) -> bool:
        """Whether a turn can be taken back (the opening's auto-play never is)."""
        return self.line.can_undo

    @property
    def touched(self) -> bool:
        """Whether the player has played in this game (auto-play on the opening layout is not the player's)."""
        return self.line.touched

    @property
    def can_redo(self) -> bool:
        """Whether a turn taken back can be played again."""
        return self.line.can_redo

    def restart(self) -> Change:
        """Back to the deal (an undoable step: redo is kept turn by turn).

        The clock starts again too, from the next move: a restarted deal is
        timed from its start, as a new one would be.
        """
        if not self.can_undo:
            return self._refused(voice.AT_THE_START)
        won = self.finished == "won" and self.recorder is not None and self.record_id is not None
        taken, words, _ = self.line.take_back_to(0)
        self.clock.reset()
        if won:
            # The won game stays as it was won; playing the deal again is a new game of it.
            self.line.forget_redo()
            self.hints, self.solution_used, self.finished = 0, False, None
            self.news = voice.restarted_after_win(len(taken))
            self._forget()
            self.record_id = self.recorder.begin(self)
            if self.grade is not None:
                self.set_grade(self.grade)
        else:
            self.news = voice.restarted(len(taken))
            self._changed()
        return Change(self.version, self.news, undone=tuple(taken), undone_words=tuple(words))

    def pause(self) -> Change:
        """Stop the clock and save, the game staying as it is: no one is looking at it (the page
        was hidden or closed). The next action starts the clock again."""
        running = self.clock_running
        self.clock.stop()
        if running and self.recorder is not None and self.record_id is not None:
            self._save()
        return Change(self.version, "", done=running)

    # ------------------------------------------------------------- internals

    def _tell(self, hook: str, *args: Any) -> None:
        """Call the recorder's optional ``hook`` (see :class:`Recorder`) once the game has a record."""
        told = getattr(self.recorder, hook, None)
        if told is not None and self.record_id is not None:
            told(self, *args)

    def _forget(self) -> None:
        """The position changed: its view and version are worked out again when next asked for."""
        self._view = None
        self._version = None

    def _changed(self) -> None:
        self._forget()
        if self.winnable is not None and len(self.state.history) < self.winnable:
            self.winnable = None  # the line was taken back before it: what follows may be another line
        status = self.state.status
        if status is Status.WON:
            self.clock.stop()
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
        self.line.reset(saved.play_turns())
        self._forget()
        self.clock.reset(saved.elapsed)
        self.hints, self.solution_used, self.grade = saved.hints, saved.solution, saved.grade
        self.winnable = saved.winnable
        self.finished = saved.result if saved.result in ("won", "lost") else None

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
        self._tell("assisted", kind)

    def set_grade(self, grade: str | None) -> None:
        """Note how hard this deal is (a grade of :mod:`napoleon.grading`), kept with the game's record.

        Call it when the grade becomes known: at once for a deal handed out by
        grade or found in the shipped grades, later for one graded on demand.
        The statistics count played, won and best time per grade.
        """
        self.grade = grade
        self._tell("graded", grade)

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
            return voice.won(self.game.name, self.deal, self.moves_played, self.elapsed, self.assisted)
        if status is Status.LOST:
            return voice.lost(self.game.name, self.deal)
        return None

    def leave(self) -> Change:
        """The player leaves this game for another: a new deal, another game, or quit.

        After at least one move the game counts as played and lost
        (``abandoned`` in the store, still resumable by its id with
        ``napoleon resume ID``); a deal left untouched counts as nothing; a
        finished game stays as it ended. Call it instead of :meth:`abandon`
        whenever the player chose to leave. The change is true when the game
        counts as played and lost (its ``news`` says so).
        """
        counted = self.under_way
        self.clock.stop()
        self.news = voice.left_game(self.moves_played) if counted else ""
        change = Change(self.version, self.news, done=counted)
        if self.recorder is None or self.record_id is None:
            return change
        self._leave_record()
        return change

    def _leave_record(self) -> None:
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
        self.clock.stop()
        if self.recorder is not None and self.record_id is not None:
            try:
                self.recorder.save(self)
            except StaleGameError:
                pass  # saved since by another window or process: theirs stands
