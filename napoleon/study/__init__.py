"""Winnability study: solve a range of deals and estimate how many are won.

Each deal is solved in a worker process (or on a Dask cluster) with
:func:`napoleon.solver.solve_json`; each result is written to the store as
it arrives, so a study that is interrupted resumes where it stopped and a
result is never computed twice.

The estimate is ``won / (won + lost)`` over the deals decided. Its 95%
interval is a Wilson score interval made conservative for the deals the
solver could not decide within its budget: they count as lost for the lower
bound and as won for the upper.

>>> low, high = wilson(81, 263)
>>> round(low, 4), round(high, 4)
(0.2553, 0.3662)
>>> s = Summary("werner", {}, won=8, lost=1, unknown=1, seconds=[])
>>> s.estimate, [round(x, 3) for x in s.interval]
(0.889, [0.49, 0.982])
"""

from __future__ import annotations

import functools
import math
import os
import statistics
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.errors import NapoleonError
from ..schemas.base import SchemaError
from ..schemas.cli import deal_ranges
from ..solver.fingerprint import source_digest

if TYPE_CHECKING:
    from ..store import Store

Z95 = 1.959963984540054
"""The 97.5% point of the standard normal distribution (a two-sided 95% interval)."""


class StudyError(NapoleonError):
    """A study that cannot be run as asked."""


STUDY_EXTRA = "pip install 'napoleon-patience[study]'"
"""How to install what only studies need (Dask's ``distributed``, matplotlib)."""


def need_extra(module: str, what: str) -> Any:
    """Import ``module`` of the ``study`` extra for ``what``; a StudyError naming the extra when it is missing.

    >>> need_extra("no_such_module_here", "--plot")
    Traceback (most recent call last):
    ...
    napoleon.study.StudyError: --plot needs the 'study' extra (no_such_module_here is not installed): pip install ...
    """
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise StudyError(f"{what} needs the 'study' extra ({module} is not installed): {STUDY_EXTRA}") from None


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (``(0, 1)`` when ``n`` is 0)."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be from 0 to {n}, not {successes}")
    p = successes / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    denom = 1 + z2 / n
    return max(0.0, (centre - spread) / denom), min(1.0, (centre + spread) / denom)


def bounds(won: int, lost: int, unknown: int) -> tuple[float, float]:
    """95% interval with unknown deals as lost (lower bound) and as won (upper)."""
    n = won + lost + unknown
    return wilson(won, n)[0], wilson(won + unknown, n)[1]


def parse_deals(text: str) -> list[int]:
    """``"1-100"``, ``"7"`` or ``"1-10,50-60"`` -> the deal numbers, in order, once each
    (:func:`napoleon.schemas.cli.deal_ranges`; a bad range is a StudyError).

    >>> parse_deals("3-5,4,9")
    [3, 4, 5, 9]
    """
    try:
        return deal_ranges(text)
    except SchemaError as exc:
        raise StudyError(str(exc)) from None


def percentile(values: list[float], q: float) -> float | None:
    """The ``q`` quantile (0..1) by the nearest-rank method; None for no values.

    >>> percentile([1.0, 2.0, 3.0, 4.0, 10.0], 0.9)
    10.0
    """
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


@dataclass
class Summary:
    """The counts of a study and what follows from them."""

    game: str
    options: dict[str, Any]
    won: int = 0
    lost: int = 0
    unknown: int = 0
    seconds: list[float] = field(default_factory=list)
    budget: float = 0.0
    max_states: int = 0
    deal_range: str = ""
    errors: list[tuple[int, str]] = field(default_factory=list)
    computed: int = 0
    """Deals solved in this run (the others came from the store)."""
    solver: str = ""
    """The fingerprint of the solver code (see :func:`solver_fingerprint`)."""
    settled: dict[str, Any] | None = None
    """What a settling pass added to the counts (:func:`napoleon.study.settle.merge`): won, lost, budgets."""

    @property
    def deals(self) -> int:
        return self.won + self.lost + self.unknown

    @property
    def estimate(self) -> float | None:
        decided = self.won + self.lost
        return round(self.won / decided, 3) if decided else None

    @property
    def interval(self) -> tuple[float, float]:
        return bounds(self.won, self.lost, self.unknown)

    def timing(self) -> dict[str, float | None]:
        s = self.seconds
        return {
            "total": round(sum(s), 3),
            "median": round(statistics.median(s), 4) if s else None,
            "p90": percentile(s, 0.9),
            "max": max(s) if s else None,
        }

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "game": self.game,
            "options": self.options,
            "deals": self.deals,
            "won": self.won,
            "lost": self.lost,
            "unknown": self.unknown,
            "estimate": self.estimate,
            "interval": [round(low, 4), round(high, 4)],
            "seconds": self.timing(),
            "deal_range": self.deal_range,
            "budget": self.budget,
            "max_states": self.max_states or None,
            "solver": self.solver,
            "settled": self.settled,
        }


# ------------------------------------------------------------------ workers

@functools.lru_cache(maxsize=1)
def solver_fingerprint() -> str:
    """12 hex digits of SHA-256 over the sources that decide a deal
    (:func:`napoleon.solver.fingerprint.source_digest`).

    Stored with each result: a study resumes only from results of the same
    code, and a Dask worker running other code is caught.
    """
    return source_digest()[:12]



def solve_deal(game_id: str, options: dict[str, Any], deal: int, budget: float | None,
               max_states: int | None) -> dict[str, Any]:
    """Solve one deal (in a worker); errors come back as ``{"deal", "error"}``."""
    try:
        from ..games import new_game
        from ..solver import solve_json

        position = new_game(game_id, deal, options).to_json()
        result = solve_json(position, budget=budget or None, max_states=max_states or None)
        result["solver"] = solver_fingerprint()
        return result
    except Exception as exc:  # noqa: BLE001 - a worker must answer for every deal it was given
        return {"deal": deal, "error": f"{type(exc).__name__}: {exc}"}


Task = tuple[str, dict[str, Any], int, float | None, int | None]


def local_results(tasks: list[Task], jobs: int,
                  worker: Callable[..., dict[str, Any]] = solve_deal) -> Iterator[dict[str, Any]]:
    """Results of ``worker(*task)`` for each task from ``jobs`` worker processes, as they finish.

    The workers are the solver service's (:class:`napoleon.solver.workers.WorkerPool`),
    the one pool of the package: each dies with this process, leaves Ctrl-C to
    it, and gives its searches 1/``jobs`` of the memory (two 300 s Forty Thieves
    searches side by side grew to 14 GB each on a 24 GB machine and the system
    killed one: docs/benchmarks.md). ``worker`` (a module-level function, so
    that it pickles) is the solver by default; the grading study passes its
    own (napoleon/grading/study.py).
    """
    from concurrent.futures import as_completed

    from ..solver.workers import WorkerPool

    # The workers' errors go where this process's go; ``worker`` may live wherever this process imports from.
    pool = WorkerPool(jobs, stderr=None, path=sys.path)
    try:
        for future in as_completed([pool.submit(worker, *task).future for task in tasks]):
            yield future.result()
    finally:
        pool.close()


def _on_dask_worker(worker: Callable[..., dict[str, Any]], *task: Any) -> dict[str, Any]:
    """``worker(*task)`` on a Dask worker, its searches given their share of
    that worker's memory limit (one share a thread: each may run a search)."""
    from distributed import get_worker

    from ..solver import core

    try:
        here = get_worker()
    except ValueError:  # not on a worker (a client run in-process): the process's own limit stands
        return worker(*task)
    limit = getattr(getattr(here, "memory_manager", None), "memory_limit", None)
    threads = getattr(getattr(here, "state", None), "nthreads", None) or 1
    core.share_memory(threads, total=int(limit * core.MEMORY_SHARE) if limit else None)
    return worker(*task)


def dask_results(tasks: list[Task], address: str, connect_timeout: float = 20.0,
                 worker: Callable[..., dict[str, Any]] = solve_deal) -> Iterator[dict[str, Any]]:
    """Results of ``worker(*task)`` for each task from the Dask cluster at ``address``, as they finish."""
    distributed = need_extra("distributed", "--dask")
    Client, as_completed = distributed.Client, distributed.as_completed
    try:
        client = Client(address, timeout=f"{connect_timeout}s")
    except (OSError, TimeoutError) as exc:
        raise StudyError(f"cannot reach the Dask scheduler at {address}: {exc}") from None
    futures = [client.submit(_on_dask_worker, worker, *task, pure=False) for task in tasks]
    try:
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.cancel(futures)
        client.close()


# -------------------------------------------------------------------- study


def stored(store: Store, game: str, options_json: str, budget: float, max_states: int,
           solver: str) -> dict[int, tuple[str, float]]:
    """Deal -> (verdict, seconds) of the results already in the store (see :meth:`Store.study_results`)."""
    return store.study_results(game, options_json, budget, max_states, solver)


def save_result(store: Store, options_json: str, budget: float, max_states: int, result: dict[str, Any]) -> None:
    """Write one solver result (see :meth:`Store.save_study_result`)."""
    store.save_study_result(options_json, budget, max_states, result)


def run_study(store: Store, game_id: str, options: dict[str, Any], deals: Iterable[int], budget: float = 10.0,
              max_states: int | None = None, jobs: int | None = None, dask: str | None = None,
              on_result: Callable[[dict[str, Any], Summary], None] | None = None,
              on_start: Callable[[int, int], None] | None = None, deal_range: str = "",
              connect_timeout: float = 20.0) -> Summary:
    """Solve every deal of ``deals`` not yet in the store; return the summary of them all.

    ``on_start(total, done)`` is called once the deals left to solve are
    known; ``on_result(result, summary)`` after each new result is stored.
    With ``dask`` (a scheduler address) the deals are solved on that Dask
    cluster, which must answer within ``connect_timeout`` seconds.
    """
    from ..games import get_game
    from ..store.db import canonical_options

    game = get_game(game_id, options)
    opts = canonical_options(game.options)
    limit = int(max_states or 0)
    wanted = list(dict.fromkeys(deals))
    solver = solver_fingerprint()
    have = stored(store, game.id, opts, budget, limit, solver)
    summary = Summary(game.id, dict(game.options), budget=budget, max_states=limit, deal_range=deal_range,
                      solver=solver)
    for deal in wanted:
        if deal in have:
            verdict, seconds = have[deal]
            _count(summary, verdict, seconds)
    todo: list[Task] = [(game.id, dict(game.options), d, budget, limit) for d in wanted if d not in have]
    if on_start:
        on_start(len(wanted), len(wanted) - len(todo))
    if not todo:
        return summary
    for result in run_jobs(todo, solve_deal, jobs, dask, connect_timeout, solver, summary.errors):
        save_result(store, opts, budget, limit, result)
        summary.computed += 1
        _count(summary, result["verdict"], result["seconds"])
        if on_result:
            on_result(result, summary)
    return summary


def run_jobs(tasks: list[tuple[Any, ...]], worker: Callable[..., dict[str, Any]], jobs: int | None, dask: str | None,
             connect_timeout: float, solver: str, errors: list[tuple[int, str]]) -> Iterator[dict[str, Any]]:
    """The results of ``worker(*task)`` for each of ``tasks`` made by ``solver``'s code (:func:`accepted`),
    as they come: from the Dask cluster at ``dask``, else from ``jobs`` worker processes (every core
    when None); the workers are let go when the results stop being read."""
    if dask:
        results = dask_results(tasks, dask, connect_timeout, worker=worker)
    else:
        results = local_results(tasks, min(max(1, jobs or os.cpu_count() or 1), len(tasks)), worker=worker)
    try:
        yield from accepted(results, solver, errors)
    finally:
        close = getattr(results, "close", None)
        if close:
            close()


def accepted(results: Iterable[dict[str, Any]], solver: str,
             errors: list[tuple[int, str]]) -> Iterator[dict[str, Any]]:
    """The results made by ``solver``'s code, as they come; a deal whose job failed goes to ``errors``.

    Raise StudyError at the first result of other solver code: a Dask
    worker with another install would mix two solvers' verdicts in one study.
    """
    for result in results:
        if "error" in result:
            errors.append((result["deal"], result["error"]))
            continue
        if result["solver"] != solver:
            raise StudyError(f"a worker runs other solver code (fingerprint {result['solver']}, here {solver}): "
                             "install the same napoleon on every worker")
        yield result


def _count(summary: Summary, verdict: str, seconds: float) -> None:
    if verdict == "won":
        summary.won += 1
    elif verdict == "lost":
        summary.lost += 1
    else:
        summary.unknown += 1
    summary.seconds.append(seconds)


def running_estimates(store: Store, game_id: str, options: dict[str, Any], deals: Iterable[int], budget: float,
                      max_states: int | None = None) -> list[tuple[int, float | None, float, float]]:
    """(deals solved, estimate, low, high) after each stored result, in deal order (for the plot)."""
    from ..games import get_game
    from ..store.db import canonical_options

    game = get_game(game_id, options)
    have = stored(store, game.id, canonical_options(game.options), budget, int(max_states or 0),
                  solver_fingerprint())
    won = lost = unknown = 0
    out = []
    for deal in deals:
        if deal not in have:
            continue
        verdict = have[deal][0]
        won += verdict == "won"
        lost += verdict == "lost"
        unknown += verdict not in ("won", "lost")
        low, high = bounds(won, lost, unknown)
        est = won / (won + lost) if won + lost else None
        out.append((won + lost + unknown, est, low, high))
    return out
