"""Line-mode play recorded in the store.

:func:`napoleon.interfaces.lineplay.play_lines` works on a bare position
and reads one command a line. It is left as it is: the store watches the
input instead. Before each line is read (that is, after the previous
command took effect) the position is saved if its moves changed, so the
store is at most one command behind, and that command is the one in flight.

Quitting with ``q`` leaves the game: after a move it counts as played and
not won (abandoned, and still resumable by its id). The end of the input
(a closed terminal) puts it aside unfinished. A hint marks the game as
played with help.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

from ..engine.state import State, Status
from ..store.db import Store

QUIT_WORDS = ("q", "quit", "exit")
"""What :func:`~napoleon.interfaces.lineplay.play_lines` takes for quit."""


class _Clock:
    """Seconds of play: runs from the first move of this sitting until a win."""

    def __init__(self, elapsed: float) -> None:
        self.base = elapsed
        self.start: float | None = None

    def run(self) -> None:
        if self.start is None:
            self.start = time.monotonic()

    def stop(self) -> None:
        if self.start is not None:
            self.base += time.monotonic() - self.start
            self.start = None

    @property
    def elapsed(self) -> float:
        return self.base + (time.monotonic() - self.start if self.start is not None else 0.0)


class RecordingInput:
    """A text input that saves the game to the store before handing out each line."""

    def __init__(self, inp: TextIO, store: Store, record_id: int | None, state: State, elapsed: float = 0.0,
                 turns: list[int] | None = None) -> None:
        self.inp = inp
        self.store = store
        self.record_id = record_id
        self.state = state
        self.clock = _Clock(elapsed)
        self._saved = list(state.history)
        # Turns recorded before (a resumed session's) are kept while the line of
        # play still starts with them; line mode itself plays one move a turn.
        self._turns = list(turns) if turns is not None else [1] * len(state.history)
        self.quit = False
        """Whether the player typed quit (rather than the input ending)."""
        self.hints = 0
        """Hints given before the record was begun (it begins with the first move)."""

    def sync(self) -> None:
        """Save the position if its moves changed since the last save."""
        history = self.state.history
        if history == self._saved:
            return
        self.clock.run()
        common = 0
        for a, b in zip(history, self._saved, strict=False):
            if a != b:
                break
            common += 1
        turns: list[int] = []
        total = 0
        for t in self._turns:
            if total + t > common:
                break
            turns.append(t)
            total += t
        turns += [1] * (len(history) - total)
        if self.state.status is Status.WON:
            self.clock.stop()
        if self.record_id is None:
            # A record starts with the first move: opening a deal and quitting leaves nothing to resume.
            game = self.state.game
            self.record_id = self.store.insert(game, self.state.deal, hints=self.hints)
        self.store.save_state(self.record_id, self.state, turns, self.clock.elapsed)
        self._saved = list(history)
        self._turns = turns

    def hint_given(self) -> None:
        """A hint was shown: the game is played with help."""
        if self.record_id is None:
            self.hints += 1
        else:
            self.store.mark_assisted(self.record_id, "hint")

    def readline(self) -> str:
        self.sync()
        line = self.inp.readline()
        self.quit = line.strip().lower() in QUIT_WORDS
        return line


def play_recorded(store: Store, state: State, record_id: int | None = None, elapsed: float = 0.0,
                  turns: list[int] | None = None, inp: TextIO | None = None, out: TextIO | None = None) -> int | None:
    """Play ``state`` in line mode, saving every change to the store; return the record id.

    Without ``record_id`` a new record is started at the first move (None
    is returned when no move was made). Quitting leaves the game (see the
    module's docstring).
    """
    from .lineplay import play_lines

    watcher = RecordingInput(inp or sys.stdin, store, record_id, state, elapsed, turns)
    try:
        play_lines(state, inp=watcher, out=out, on_hint=watcher.hint_given)  # type: ignore[arg-type]
    finally:
        watcher.clock.stop()
        watcher.sync()
        if watcher.record_id is not None and state.status is not Status.WON:
            # The time of this sitting counts up to the quit, not just to the last move.
            store.save_state(watcher.record_id, state, watcher._turns, watcher.clock.elapsed)
        if watcher.record_id is not None and watcher.quit:
            store.leave(watcher.record_id)
    return watcher.record_id
