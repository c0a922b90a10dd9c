"""A clock a test moves by hand, for the session and the servers: no test sleeps on the real clock."""

from __future__ import annotations


class FakeClock:
    """Seconds, as ``time.monotonic`` gives them, that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds
