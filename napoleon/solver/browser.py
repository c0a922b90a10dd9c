"""Searches in the browser (Pyodide, ``sys.platform == "emscripten"``), where there are no processes.

The web app runs in a Web Worker of the page, and a search there would hold up
every move behind it. So :class:`BrowserPool` has the pool's interface
(:meth:`run`, :meth:`pids`, :meth:`close`) and sends each job, pickled as a
worker process gets it (:func:`.workers.run_pickled`), to a search worker of its
own lane: a second Web Worker with its own Python. The page's script gives
Python that lane as ``globalThis.napoleonLanes`` (``run(lane, id, bytes)``, a
promise of the pickled answer; ``drop(lane, id)``, which ends the worker if it is
running that job, as a stale search ends a worker process). Without it (Python
in the browser with no worker to spare) the job runs here, within its budget.
"""

from __future__ import annotations

import asyncio
import itertools
import pickle
import sys
from collections.abc import Callable
from typing import Any

from .. import voice
from .workers import WorkerError, answer_of, run_pickled

IN_BROWSER = sys.platform == "emscripten"


def _lanes() -> Any:
    """The page's search lanes (``globalThis.napoleonLanes``), or None where there are none."""
    if not IN_BROWSER:
        return None
    import js  # Pyodide's own module: the worker's JavaScript globals

    return getattr(js, "napoleonLanes", None)


class BrowserPool:
    """The solver service's pool in the browser: a search worker per lane, or this thread.

    ``lanes`` is the page's ``napoleonLanes`` (tests give a stand-in); None runs
    every job here, one at a time.
    """

    def __init__(self, lane: str, lanes: Any = None) -> None:
        self.lane = lane
        self.lanes = lanes
        self.closed = False
        self.started = 0  # jobs handed out (a worker process is counted so)
        self._ids = itertools.count(1)

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in the lane's search worker, awaited; cancelling the await stops it."""
        if self.closed:
            raise WorkerError(voice.SOLVER_CLOSED)
        self.started += 1
        if self.lanes is None:
            ok, value = answer_of(fn, args)
        else:
            job = next(self._ids)
            try:
                reply = await self.lanes.run(self.lane, job, _to_js(pickle.dumps((fn, args))))
            except asyncio.CancelledError:
                self.lanes.drop(self.lane, job)
                raise
            except Exception as exc:  # noqa: BLE001 - a JavaScript error: the search worker failed or was ended
                raise WorkerError(voice.search_worker_stopped(exc)) from None
            ok, value = pickle.loads(_bytes(reply))
        if not ok:
            raise WorkerError(value)
        return value

    def pids(self) -> list[int]:
        """No processes here."""
        return []

    def close(self) -> None:
        """Take no more jobs (the page ends its search workers with itself)."""
        self.closed = True


def _to_js(data: bytes) -> Any:
    """Bytes as the page's JavaScript takes them (a Uint8Array) in the browser; as they are elsewhere."""
    if not IN_BROWSER:
        return data
    from pyodide.ffi import to_js

    return to_js(data)


def _bytes(data: Any) -> bytes:
    """Bytes from a JavaScript Uint8Array (or from bytes)."""
    return data.to_bytes() if hasattr(data, "to_bytes") else bytes(data)


def serve_job(job: Any) -> Any:
    """A search worker's one job (the page's searchworker.js): a pickled ``(function, args)`` in, the
    pickled answer out, as :func:`.workers.run_pickled` answers a worker process's."""
    return _to_js(run_pickled(_bytes(job)))


def browser_pool(lane: str) -> BrowserPool | None:
    """The pool for ``lane`` when running in the browser, else None (worker processes then)."""
    if not IN_BROWSER:
        return None
    return BrowserPool(lane, _lanes())


__all__ = ["IN_BROWSER", "BrowserPool", "browser_pool", "serve_job"]
