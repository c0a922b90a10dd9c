"""The solver in a separate process, so the screen never freezes.

The solver is pure Python and holds the GIL, so it runs in a worker process
(:class:`concurrent.futures.ProcessPoolExecutor` with one worker, started
through a fork server so that a new worker is cheap and never inherits the
UI's threads). A job whose position is no longer on the board is cancelled
if it has not started, and its worker is stopped if it has: the player's
next position must not wait behind a stale search.

:class:`Analyst` keeps the answers by position, so undoing to a position
that was already searched shows its verdict at once.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sys
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from contextlib import contextmanager
from typing import Any

from ...solver import solve_json

WON, LOST, UNKNOWN = "won", "lost", "unknown"

BUDGETS = (1.5, 6.0, 30.0)
"""Seconds of successive searches of one position: a quick answer first,
then longer ones while the player thinks."""


@contextmanager
def _real_stderr() -> Iterator[None]:
    """Starting a worker hands ``sys.stderr``'s file descriptor to the
    resource tracker; a full-screen app replaces stderr with an object whose
    descriptor is -1, so the real one is put back while a worker starts."""
    err = sys.stderr
    try:
        ok = err is not None and err.fileno() >= 0
    except (OSError, ValueError, AttributeError):
        ok = False
    if not ok and sys.__stderr__ is not None:
        sys.stderr = sys.__stderr__
    try:
        yield
    finally:
        sys.stderr = err


def _context() -> multiprocessing.context.BaseContext:
    try:
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["napoleon.solver", "napoleon.games"])
        return ctx
    except ValueError:  # no fork server on this platform
        return multiprocessing.get_context("spawn")


class SolverPool:
    """One worker process that runs :func:`napoleon.solver.solve_json`."""

    def __init__(self) -> None:
        self._executor: ProcessPoolExecutor | None = None
        self._future: Future | None = None

    def submit(self, position: dict[str, Any], budget: float) -> Future:
        """Start a search (stopping any other first); a concurrent future."""
        self.cancel()
        with _real_stderr():
            if self._executor is None:
                self._executor = ProcessPoolExecutor(max_workers=1, mp_context=_context())
            self._future = self._executor.submit(solve_json, position, budget)
        return self._future

    def cancel(self) -> None:
        """Drop the current job; stop its worker process if it is running."""
        future, self._future = self._future, None
        if future is None or future.done() or future.cancel():
            return
        self._stop_workers()

    def _stop_workers(self) -> None:
        executor, self._executor = self._executor, None
        if executor is None:
            return
        # The executor has no public way to stop a running call: end its
        # worker processes, which marks the pool broken, and start afresh.
        processes = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()

    def close(self) -> None:
        """Stop everything (the app is quitting)."""
        self.cancel()
        executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)


class Analyst:
    """Searches positions in the background and remembers the verdicts.

    ``verdict(key)`` is the best answer known for a position key: a dict from
    ``solve_json`` (``verdict`` and ``moves`` from that position), or None.
    """

    def __init__(self, budgets: tuple[float, ...] = BUDGETS, size: int = 512) -> None:
        self.budgets = budgets
        self.pool = SolverPool()
        self._known: OrderedDict[Any, dict[str, Any]] = OrderedDict()
        self._size = size

    def known(self, key: Any) -> dict[str, Any] | None:
        return self._known.get(key)

    def remember(self, key: Any, result: dict[str, Any]) -> None:
        self._known[key] = result
        self._known.move_to_end(key)
        while len(self._known) > self._size:
            self._known.popitem(last=False)

    async def search(self, key: Any, position: dict[str, Any], on_result) -> None:
        """Search ``position`` with growing budgets; ``on_result(result, final)``
        after each search. Cancelled by the caller when the position goes stale."""
        done = self.known(key)
        if done is not None and done["verdict"] in (WON, LOST):
            on_result(done, True)
            return
        start = 0
        if done is not None:
            start = next((i + 1 for i, b in enumerate(self.budgets) if b >= done.get("budget", 0)), len(self.budgets))
            if start >= len(self.budgets):
                on_result(done, True)
                return
        try:
            for i in range(start, len(self.budgets)):
                budget = self.budgets[i]
                future = self.pool.submit(position, budget)
                result = await asyncio.wrap_future(future)
                result = {**result, "budget": budget}
                final = result["verdict"] != UNKNOWN or i == len(self.budgets) - 1
                self.remember(key, result)
                on_result(result, final)
                if final:
                    return
        except asyncio.CancelledError:
            self.pool.cancel()
            raise

    def close(self) -> None:
        self.pool.close()
