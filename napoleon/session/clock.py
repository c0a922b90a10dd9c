"""The clock of a game in play: seconds of play, running only while someone plays."""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]
"""Seconds from any fixed start (``time.monotonic``); tests give a session one they move by hand."""


class PlayClock:
    """Seconds of play: ``elapsed`` before this sitting plus the time since :meth:`start`, if running.

    >>> now = [10.0]
    >>> clock = PlayClock(lambda: now[0], elapsed=5.0)
    >>> clock.start(); now[0] = 12.5; clock.elapsed
    7.5
    >>> clock.stop(); now[0] = 100.0; clock.elapsed, clock.running
    (7.5, False)
    """

    def __init__(self, clock: Clock = time.monotonic, elapsed: float = 0.0) -> None:
        self.clock = clock
        self._start: float | None = None
        self._elapsed = elapsed

    @property
    def elapsed(self) -> float:
        """Seconds counted so far, the running stretch included."""
        running = self.clock() - self._start if self._start is not None else 0.0
        return self._elapsed + running

    @property
    def running(self) -> bool:
        """Whether the clock counts now."""
        return self._start is not None

    def start(self) -> None:
        """Count from now on (a clock already running goes on as it was)."""
        if self._start is None:
            self._start = self.clock()

    def stop(self) -> None:
        """Stop counting, keeping what was counted."""
        if self._start is not None:
            self._elapsed += self.clock() - self._start
            self._start = None

    def reset(self, elapsed: float = 0.0) -> None:
        """Stopped, at ``elapsed`` seconds (a restarted deal, a game reloaded as saved)."""
        self._start = None
        self._elapsed = elapsed
