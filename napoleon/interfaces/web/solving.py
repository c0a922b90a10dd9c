"""The solver for the web app: run in worker processes, answers remembered.

The solver is pure Python and holds the GIL for as long as it searches, so
the server never calls it on its own threads: every search goes to a
:class:`~concurrent.futures.ProcessPoolExecutor` and the event loop awaits
the future. Worker processes are started with ``spawn``, because forking a
process that runs uvicorn's threads can copy a held lock into the child.

A solution found from one position is also a solution from every position
along it, so :class:`SolutionCache` files it under each of them: a player
who follows a hint, or plays on along the solution, gets the next hint and
the "winnable" verdict at once instead of a new search.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from collections import OrderedDict
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from ...engine.move import Move
from ...engine.state import State

WON, LOST, UNKNOWN = "won", "lost", "unknown"
MAX_CACHED_POSITIONS = 20_000
MAX_POSITIONS_PER_SOLUTION = 5_000


def solve_position(position: dict[str, Any], budget: float) -> dict[str, Any]:
    """Worker entry: :func:`napoleon.solver.solve_json` on a position JSON."""
    from ...solver import solve_json

    return solve_json(position, budget)


def find_winnable(game_id: str, options: dict[str, Any], start: int, budget: float, tries: int) -> dict[str, Any]:
    """Worker entry: the first deal from ``start`` that the solver wins, with its solution.

    Returns ``{"deal", "moves"}``, or ``{"error"}`` when no deal in range was
    proven winnable (an error message the player can read).
    """
    from ...engine.errors import NapoleonError
    from ...games import get_game
    from ...solver.winnable import next_winnable

    game = get_game(game_id, options)
    try:
        deal, result = next_winnable(game, start, budget=budget, tries=tries)
    except NapoleonError as exc:
        return {"error": str(exc)}
    return {"deal": deal, "moves": [game.notation(m) for m in result.moves]}


@dataclass
class Known:
    """What is known of one position: won (with the rest of a solution) or lost."""

    verdict: str
    solution: list[Move] | None = None
    offset: int = 0

    def moves(self) -> list[Move]:
        return [] if self.solution is None else self.solution[self.offset:]


class SolutionCache:
    """Verdicts by position, shared by every game of the same rules.

    Filled from worker threads and read on the event loop, so it has a lock.
    """

    def __init__(self, limit: int = MAX_CACHED_POSITIONS) -> None:
        self.limit = limit
        self._known: OrderedDict[tuple[Any, ...], Known] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(state: State) -> tuple[Any, ...]:
        return (state.game.describe(), state.key())

    def get(self, state: State) -> Known | None:
        key = self.key(state)
        with self._lock:
            known = self._known.get(key)
            if known is not None:
                self._known.move_to_end(key)
            return known

    def put_lost(self, state: State) -> None:
        self._put(self.key(state), Known(LOST))

    def put_solution(self, state: State, moves: list[Move]) -> None:
        """File ``moves`` (a checked solution from ``state``) under each position along it."""
        walk = state.copy()
        rules = state.game.describe()
        for i, move in enumerate(moves[:MAX_POSITIONS_PER_SOLUTION]):
            self._put((rules, walk.key()), Known(WON, moves, i))
            if walk.why_illegal(move) is not None:
                return  # not a solution of this position after all: keep what was checked
            walk.push(move)

    def _put(self, key: tuple[Any, ...], known: Known) -> None:
        with self._lock:
            self._known[key] = known
            self._known.move_to_end(key)
            while len(self._known) > self.limit:
                self._known.popitem(last=False)


class SolverPool:
    """Worker processes for searches; started on first use, never on the event loop's thread."""

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def run(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` in a worker process and await its answer."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor(), fn, *args)

    def shutdown(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
