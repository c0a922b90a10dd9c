"""The searches the web app runs for its requests: each one belongs to the request that asked for it.

A search runs in a worker process for seconds; a client that asks and goes
away must not leave it running for no one, nor may a few clients queue up
searches until the player's own wait for minutes. So:

- **Ended with its asker.** While a search runs, the request's connection
  is watched: when the client goes away, the search is cancelled, which
  ends its worker process (:meth:`napoleon.solver.workers.WorkerPool.run`).
- **Ended with the server.** :meth:`Searches.stop` cancels every search at
  once when the server is told to stop (Ctrl+C, SIGTERM), so that it stops
  within a second or two and leaves no worker behind.
- **A few at once per kind.** Each kind of search (:data:`LIMITS`) has a
  number of requests it serves at once; one more is answered 503 at once,
  ``"busy": true`` with a ``Retry-After``, rather than queued behind the others.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.requests import Request

from .errors import ApiError

T = TypeVar("T")

LIMITS = {
    "hint": 2,
    "solve": 2,
    "verdict": 3,
    "last-winnable": 2,
    "grade": 2,
    "deal": 2,  # a winnable, graded or daily deal for a new game, and the deal of the day
    "review": 2,
}
"""How many requests of each kind are served at once (a page asks for one at a time of each)."""

RETRY_AFTER = 2
"""Seconds a refused request is told to wait before asking again."""

BUSY = {
    "hint": "the solver is busy with other hints: ask again in a moment",
    "solve": "the solver is busy with other solutions: ask again in a moment",
    "verdict": "the solver is busy with other verdicts: ask again in a moment",
    "last-winnable": "the solver is busy looking back through other games: ask again in a moment",
    "grade": "the solver is busy grading other deals: ask again in a moment",
    "deal": "the solver is busy finding other deals: ask again in a moment",
    "review": "the solver is busy with other reviews: ask again in a moment",
}
STOPPING = "the server is stopping"


class ClientGone(ApiError):
    """The client that asked for a search went away; the search was cancelled (answered 499, to no one)."""

    def __init__(self) -> None:
        super().__init__(499, "the client went away: the search was stopped")


async def client_gone(request: Request) -> None:
    """Return when the client of ``request`` goes away (its body, if any, already read or empty)."""
    while True:
        message = await request.receive()
        if message["type"] == "http.disconnect":
            return


class Searches:
    """The searches at work for the web app's requests, by kind."""

    def __init__(self, limits: dict[str, int] | None = None) -> None:
        self.limits = dict(LIMITS if limits is None else limits)
        self.running = dict.fromkeys(self.limits, 0)
        self.tasks: set[asyncio.Future[Any]] = set()
        self.stopping = False
        self.cancelled = 0  # searches ended because their client went away (tests and the benchmark read it)

    def admit(self, kind: str) -> None:
        """Take a place for a search of ``kind``; 503 (busy, or stopping) when there is none."""
        if self.stopping:
            raise ApiError(503, STOPPING)
        if self.running[kind] >= self.limits[kind]:
            raise ApiError(503, BUSY[kind], busy=True, retry_after=RETRY_AFTER)
        self.running[kind] += 1

    def release(self, kind: str) -> None:
        self.running[kind] -= 1

    async def run(self, request: Request, kind: str, search: Callable[[], Awaitable[T]]) -> T:
        """The result of ``search()``, run for ``request``: cancelled when its client goes away
        (:class:`ClientGone`) or the server stops (503), refused when ``kind`` is at its limit (503)."""
        self.admit(kind)
        task = asyncio.ensure_future(search())
        watch = asyncio.ensure_future(client_gone(request))
        self.tasks.add(task)
        try:
            try:
                await asyncio.wait({task, watch}, return_when=asyncio.FIRST_COMPLETED)
            except asyncio.CancelledError:
                task.cancel()  # the request itself was cancelled: so is its search
                raise
            if not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
                self.cancelled += 1
                raise ClientGone
            if task.cancelled():
                raise ApiError(503, STOPPING)
            return task.result()
        finally:
            watch.cancel()
            self.tasks.discard(task)
            self.release(kind)

    def stop(self) -> None:
        """Cancel every search at work and admit no more (the server is stopping)."""
        self.stopping = True
        for task in list(self.tasks):
            task.cancel()


__all__ = ["BUSY", "LIMITS", "RETRY_AFTER", "STOPPING", "ClientGone", "Searches", "client_gone"]
