"""Worker processes for searches: a pool of plain ``python`` children that run pickled jobs.

Each worker is started with the path of *this* package first on its
``sys.path`` and without the current folder, so a folder named ``napoleon``
where the program was started can never stand in for the package. Workers
talk over their standard input and output (no semaphores, so nothing is left
for the resource tracker to warn about), and on Linux the kernel kills them
when the process that started them dies (``PR_SET_PDEATHSIG``): ``kill -9``
of the server or the terminal game leaves no worker behind. A job that goes
stale is stopped by ending its worker; the next job starts a fresh one.

The solver service (:mod:`.service`) runs its two lanes on these pools, and
a study runs its local jobs on one.
"""

from __future__ import annotations

import os
import pickle
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import CancelledError, Future
from pathlib import Path
from typing import Any

from .. import voice
from ..processes import die_with_parent


class WorkerError(RuntimeError):
    """A worker process failed: it died, or its job raised."""


_PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent.parent)

# The worker's first lines: this package's folder first on the path, then the
# pool's own folders if it has any, the current folder not at all (``-P`` and
# the filter), then the job loop.
_BOOT = (
    "import sys; sys.path[:] = [{root!r}] + [p for p in sys.path + {extra!r} if p not in ('', {root!r})]; "
    "from napoleon.solver.workers import worker_main; worker_main({ppid}, {share})"
)


def worker_main(parent: int, share: int = 1) -> None:
    """A worker process: run pickled ``(function, args)`` jobs from standard input.

    Its searches take their share of the memory as one of ``share`` worker
    processes (:func:`.core.share_memory`).

    Each answer, ``(True, value)`` or ``(False, message)``, is pickled to the
    standard output that the worker had at start; anything a job prints goes
    to standard error instead, so it cannot garble the answers.
    """
    die_with_parent(parent)
    from . import core

    core.share_memory(share)
    inp = sys.stdin.buffer
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the parent, which stops us
    while True:
        try:
            fn, args = pickle.load(inp)
        except (EOFError, OSError, pickle.UnpicklingError):
            return
        answer = answer_of(fn, args)
        try:
            pickle.dump(answer, out)
            out.flush()
        except OSError:
            return


def answer_of(fn: Callable[..., Any], args: tuple[Any, ...]) -> tuple[bool, Any]:
    """A job's answer as a worker sends it back: ``(True, value)``, or ``(False, message)`` when it raised."""
    try:
        return True, fn(*args)
    except Exception as exc:  # noqa: BLE001 - the parent says what failed; the worker goes on
        return False, f"{type(exc).__name__}: {exc}"


def run_pickled(job: bytes) -> bytes:
    """A worker of another kind (a Web Worker in the browser, :mod:`.browser`): one pickled
    ``(function, args)`` job in, its pickled :func:`answer_of` out."""
    fn, args = pickle.loads(job)
    return pickle.dumps(answer_of(fn, args))


class _Job:
    def __init__(self, fn: Callable[..., Any], args: tuple[Any, ...]) -> None:
        self.fn = fn
        self.args = args
        self.future: Future = Future()
        self.dropped = False


class _Slot:
    """One worker process and the thread that feeds it.

    The thread starts the process (so on Linux the process lives exactly as
    long as this thread, which lives until the pool is closed), sends it a
    job, waits for the answer and sets the job's future.
    """

    def __init__(self, pool: WorkerPool, jobs: queue.SimpleQueue) -> None:
        self.pool = pool
        self.jobs = jobs
        self.lock = threading.Lock()
        self.process: subprocess.Popen | None = None
        self.current: _Job | None = None
        self.thread = threading.Thread(target=self._run, name="napoleon-solver-slot", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while True:
            job = self.jobs.get()
            if job is None:
                break
            if not job.future.set_running_or_notify_cancel():
                continue
            with self.lock:
                if self.pool.closed:
                    job.future.set_exception(CancelledError())
                    break
                self.current = job
            try:
                ok, value = self._call(job)
            except Exception as exc:  # noqa: BLE001 - a dead worker: this job fails, the next gets a new one
                self._stop()
                ok, value = False, exc
            with self.lock:
                self.current = None
            if job.dropped:
                job.future.set_exception(CancelledError())
            elif ok:
                job.future.set_result(value)
            else:
                job.future.set_exception(value if isinstance(value, BaseException) else WorkerError(value))
        self._stop()

    def _call(self, job: _Job) -> tuple[bool, Any]:
        process = self._process()
        assert process.stdin is not None and process.stdout is not None
        try:
            pickle.dump((job.fn, job.args), process.stdin)
            process.stdin.flush()
            return pickle.load(process.stdout)
        except (EOFError, OSError, pickle.UnpicklingError):
            self._stop()
            if job.dropped:
                return False, "stopped"
            raise WorkerError(voice.SOLVER_PROCESS_ENDED) from None

    def _process(self) -> subprocess.Popen:
        with self.lock:
            if self.process is not None and self.process.poll() is None:
                return self.process
            boot = _BOOT.format(root=_PACKAGE_ROOT, extra=self.pool.path, ppid=os.getpid(), share=self.pool.share)
            self.process = subprocess.Popen(
                [sys.executable, "-P", "-c", boot],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.pool.stderr,
                close_fds=True,
            )
            self.pool.started += 1
            return self.process

    def drop(self, job: _Job) -> bool:
        """Stop ``job`` if this slot is running it."""
        with self.lock:
            if self.current is not job:
                return False
            job.dropped = True
            process = self.process
        if process is not None and process.poll() is None:
            process.kill()
        return True

    def _stop(self) -> None:
        with self.lock:
            process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            process.kill()
        for stream in (process.stdin, process.stdout):
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def pid(self) -> int | None:
        with self.lock:
            return self.process.pid if self.process is not None and self.process.poll() is None else None


class WorkerPool:
    """``workers`` worker processes running module-level functions, started on first use.

    :meth:`submit` gives a :class:`concurrent.futures.Future`; :meth:`drop`
    stops a job, ending its worker if it is running (a stale search must not
    delay the next).
    """

    def __init__(self, workers: int = 1, stderr: Any = subprocess.DEVNULL, share: int | None = None,
                 path: list[str] | None = None) -> None:
        self.workers = max(1, workers)
        # Folders the workers may import job functions from, after the package's own (never the
        # current folder): a study runs the functions its caller names, wherever they live.
        self.path = [p for p in path or [] if p and p != os.getcwd()]
        # The worker processes that share the machine's memory with these
        # (these among them): each one's searches get 1/share of it.
        self.share = max(self.workers, share or 0)
        self.stderr = stderr
        self.closed = False
        self.started = 0  # worker processes started so far (tests read it)
        self._jobs: queue.SimpleQueue = queue.SimpleQueue()
        self._slots: list[_Slot] = []
        self._lock = threading.Lock()

    def submit(self, fn: Callable[..., Any], *args: Any) -> _Job:
        """Queue ``fn(*args)`` for a worker; the job's ``future`` gets the answer."""
        with self._lock:
            if self.closed:
                raise WorkerError(voice.SOLVER_CLOSED)
            if len(self._slots) < self.workers:
                self._slots.append(_Slot(self, self._jobs))
            job = _Job(fn, args)
            self._jobs.put(job)
            return job

    def drop(self, job: _Job) -> None:
        """Forget ``job``: cancel it if it is waiting, stop its worker if it runs."""
        if job.future.cancel():
            return
        with self._lock:
            slots = list(self._slots)
        for slot in slots:
            if slot.drop(job):
                return

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` in a worker, awaited; cancelling the await stops the job."""
        # Imported here, not with the module: each worker process imports this module and never awaits.
        import asyncio

        job = self.submit(fn, *args)
        try:
            return await asyncio.wrap_future(job.future)
        except asyncio.CancelledError:
            self.drop(job)
            raise

    def pids(self) -> list[int]:
        """The process ids of the workers alive now."""
        with self._lock:
            slots = list(self._slots)
        return [p for s in slots if (p := s.pid()) is not None]

    def close(self) -> None:
        """End every worker; queued jobs are cancelled. Safe to call twice."""
        with self._lock:
            if self.closed:
                return
            self.closed = True
            slots = list(self._slots)
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                job.future.cancel()
        for slot in slots:
            with slot.lock:
                job = slot.current
                if job is not None:
                    job.dropped = True
            slot._stop()
            self._jobs.put(None)
        for slot in slots:
            slot.thread.join(timeout=5)
