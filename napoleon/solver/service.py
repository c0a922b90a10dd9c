"""One solver service for every interface: worker processes and the solutions known.

The terminal game and the web app both ask the solver the same things (is
this position winnable? the next move? the whole solution?) and both must
stay responsive while it searches, so searches run in worker processes and
the answers are kept by position. :class:`SolverService` is that one piece:

* **Worker processes** (:class:`~.workers.WorkerPool`, in :mod:`.workers`):
  plain ``python`` children that the kernel ends with their parent, so
  ``kill -9`` of the server or the terminal game leaves no worker behind. A
  search that goes stale is stopped by ending its worker. In the browser, a
  Web Worker per lane takes their place (:mod:`.browser`).
* **Two lanes**: ``background`` for the verdict a game works out after every
  move, ``foreground`` for what a player asked for (hint, solution, a
  winnable deal). A hint never waits behind the background verdict.
* **Solutions known** (:class:`SolutionCache`): a solution found from one
  position is a solution from every position along it, so it is filed under
  each. A hint is taken from a known solution when the player's position is
  on it, or when a few moves from the position lead back onto it
  (:meth:`SolutionCache.follow`); a new search runs only when none is known.

The service imports nothing from the interfaces; both interfaces import it.
"""

from __future__ import annotations

import asyncio
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..engine.move import Move
from ..engine.state import State
from .search import LOST, UNKNOWN, WON, Verdict, replays_to_win
from .suggest import SUGGEST_BUDGET, SUGGEST_STATES, Suggestion
from .browser import browser_pool
from .workers import WorkerError, WorkerPool

__all__ = [
    "Answer",
    "SolutionCache",
    "SolverService",
    "Verdict",
    "WorkerError",
    "WorkerPool",
    "find_winnable_job",
    "losing_move",
    "solve_job",
    "suggest_job",
]

MAX_CACHED_POSITIONS = 50_000
MAX_POSITIONS_PER_SOLUTION = 5_000
FOLLOW_DEPTH = 3          # moves tried from a position to get back onto a known solution
FOLLOW_POSITIONS = 3_000  # positions looked at, at most, in doing so
FOLLOW_BACK = 200         # how far back in the game's history a known solution is looked for
LOOK_BACK = 40            # moves walked back, at most, for the last position that can be won


# ------------------------------------------------------------------ answers


@dataclass(frozen=True)
class Answer:
    """The service's word on a position.

    ``moves`` win from the position asked about (``won``); ``source`` says
    where they came from: ``"known"`` (a solution through this very
    position), ``"followed"`` (a few moves back onto a known solution),
    ``"search"`` (a search just now). ``states`` counts the positions a search
    visited (0 when nothing was searched); ``spent`` is the budget a search
    was given, so a longer one can follow an ``unknown``. ``suggestion``: a
    hint's move to try where no solution is known (:mod:`.suggest`).
    """

    verdict: Verdict
    moves: tuple[Move, ...] = ()
    states: int = 0
    seconds: float = 0.0
    complete: bool = False
    source: str = "search"
    spent: float | None = None
    suggestion: Suggestion | None = None

    @property
    def won(self) -> bool:
        return self.verdict is WON

    def notation(self, state: State) -> list[str]:
        """The moves in the game's notation."""
        return [state.game.notation(m) for m in self.moves]


@dataclass
class _Known:
    verdict: Verdict
    line: list[Move] | None = None
    offset: int = 0
    spent: float = 0.0

    def moves(self) -> list[Move]:
        return [] if self.line is None else self.line[self.offset:]


class SolutionCache:
    """Verdicts and solutions by position, shared by every game of the same rules.

    Filled and read from several threads, so it has a lock.
    """

    def __init__(self, limit: int = MAX_CACHED_POSITIONS) -> None:
        self.limit = limit
        self._known: OrderedDict[tuple[Any, ...], _Known] = OrderedDict()
        self._lock = threading.Lock()

    @staticmethod
    def key(state: State) -> tuple[Any, ...]:
        """The position under its game's rules (options included)."""
        return (state.game.describe(), state.key())

    def get(self, state: State) -> Answer | None:
        """What is known of exactly this position: won (with a solution), lost,
        or unknown after a search of some budget; None when nothing is."""
        with self._lock:
            known = self._known.get(self.key(state))
            if known is None:
                return None
            self._known.move_to_end(self.key(state))
        return Answer(known.verdict, tuple(known.moves()), complete=known.verdict is not UNKNOWN,
                      source="known", spent=known.spent)

    def put(self, state: State, answer: Answer) -> None:
        """File a search's answer for ``state`` (a won one under each position along it)."""
        if answer.verdict is WON:
            self.put_solution(state, list(answer.moves))
        elif answer.verdict is LOST:
            self._put(self.key(state), _Known(LOST))
        else:
            key = self.key(state)
            with self._lock:
                old = self._known.get(key)
            if old is None or (old.verdict is UNKNOWN and old.spent < (answer.spent or 0.0)):
                self._put(key, _Known(UNKNOWN, spent=answer.spent or 0.0))

    def put_solution(self, state: State, moves: list[Move]) -> None:
        """File ``moves`` (a checked solution from ``state``) under each position along it."""
        walk = state.copy()
        rules = state.game.describe()
        for i, move in enumerate(moves[:MAX_POSITIONS_PER_SOLUTION]):
            self._put((rules, walk.key()), _Known(WON, moves, i))
            if walk.why_illegal(move) is not None:
                return  # not a solution of this position after all: keep what was checked
            walk.push(move)

    def _put(self, key: tuple[Any, ...], known: _Known) -> None:
        with self._lock:
            old = self._known.get(key)
            if old is not None and old.verdict is WON and known.verdict is not WON:
                return  # a proof is never replaced by less
            self._known[key] = known
            self._known.move_to_end(key)
            while len(self._known) > self.limit:
                self._known.popitem(last=False)

    def follow(self, state: State, depth: int = FOLLOW_DEPTH, limit: int = FOLLOW_POSITIONS) -> Answer | None:
        """A solution from ``state`` made of a known one, without a search.

        When ``state`` is on a known solution, its rest. Otherwise the
        nearest earlier position of the game (its history) that had a known
        solution is found, and a few moves from ``state`` are tried (at most
        ``depth`` moves, ``limit`` positions) for one that gets back onto that
        solution: the player who left the line by a move or two (or made its
        moves in another order) is led back to it.
        """
        here = self.get(state)
        if here is not None and here.verdict is not UNKNOWN:
            return here
        line = self._line_before(state)
        if line is None:
            return None
        start, moves = line
        targets: dict[tuple[Any, ...], int] = {}
        walk = start.copy()
        for i, move in enumerate(moves):
            targets[walk.key()] = i
            walk.push(move)
        targets[walk.key()] = len(moves)
        path = _path_to(state, targets, depth, limit)
        if path is None:
            return None
        steps, index = path
        solution = steps + moves[index:]
        self.put_solution(state, solution)
        return Answer(WON, tuple(solution), complete=True, source="followed")

    def _line_before(self, state: State) -> tuple[State, list[Move]] | None:
        """The nearest earlier position of ``state``'s game with a known solution."""
        walk = state.copy()
        for _ in range(min(FOLLOW_BACK, len(walk.history))):
            walk.pop()
            with self._lock:
                known = self._known.get(self.key(walk))
            if known is not None and known.verdict is WON:
                return walk, known.moves()
            if known is not None and known.verdict is LOST:
                return None  # lost there, lost here
        return None


def _path_to(state: State, targets: dict[tuple[Any, ...], int], depth: int, limit: int
             ) -> tuple[list[Move], int] | None:
    """The fewest moves (breadth first) from ``state`` to a position in ``targets``."""
    root = state.copy()
    root.history = []
    if root.key() in targets:
        return [], targets[root.key()]
    seen = {root.key()}
    frontier: list[list[Move]] = [[]]
    for _ in range(depth):
        nxt: list[list[Move]] = []
        for path in frontier:
            walk = root.copy()
            for m in path:
                walk.push(m)
            for move in walk.legal_moves():
                walk.push(move)
                key = walk.key()
                walk.pop()
                if key in seen:
                    continue
                if key in targets:
                    return [*path, move], targets[key]
                seen.add(key)
                if len(seen) > limit:
                    return None
                nxt.append([*path, move])
        frontier = nxt
    return None


# ------------------------------------------------------------- worker jobs


def solve_job(position: dict[str, Any], budget: float | None, max_states: int | None) -> dict[str, Any]:
    """Worker job: :func:`napoleon.solver.solve_json` on a position JSON."""
    from . import solve_json

    return solve_json(position, budget, max_states)


def suggest_job(position: dict[str, Any], budget: float | None, max_states: int | None) -> Suggestion | None:
    """Worker job: :func:`napoleon.solver.suggest.suggest` on a position JSON."""
    from ..games import position_from_json
    from .suggest import suggest

    return suggest(position_from_json(position), budget, max_states)


def find_winnable_job(game_id: str, options: dict[str, Any], start: int, budget: float, tries: int
                      ) -> dict[str, Any]:
    """Worker job: the first deal from ``start`` that the solver wins, with its solution.

    ``{"deal", "moves"}``, or ``{"error"}`` (a message a player can read) when
    no deal in range was proven winnable.
    """
    from ..engine.errors import NapoleonError
    from ..games import get_game
    from .winnable import next_winnable

    game = get_game(game_id, options)
    try:
        deal, result = next_winnable(game, start, budget=budget, tries=tries)
    except NapoleonError as exc:
        return {"error": str(exc)}
    return {"deal": deal, "moves": [game.notation(m) for m in result.moves]}


# ----------------------------------------------------------------- service


class SolverService:
    """The solver for an interface: worker lanes and the solutions known.

    ``workers`` processes serve what a player asks for (hint, solution,
    winnable deals); ``background`` processes work out verdicts in the
    background. Processes start on first use. ``cache`` may be another
    service's, and ``share`` counts the worker processes of every service of
    the program, which share the memory the searches may take.
    """

    def __init__(self, workers: int = 1, background: int = 1, cache: SolutionCache | None = None,
                 share: int | None = None) -> None:
        self.cache = cache if cache is not None else SolutionCache()
        # The worker processes that share the machine's memory: these, and those of any other
        # service of the same program (``share``).
        share = max(share or 0, max(1, workers) + max(1, background))
        # In the browser there are no processes: a Web Worker per lane instead (:mod:`.browser`).
        self.foreground = browser_pool("foreground") or WorkerPool(workers, share=share)
        self.background = browser_pool("background") or WorkerPool(background, share=share)
        self.searches = 0  # searches run so far (an answer from what is known runs none)

    # --------------------------------------------------------- known

    def known(self, state: State) -> Answer | None:
        """What is known of exactly this position (no search)."""
        return self.cache.get(state)

    def remember(self, state: State, answer: Answer) -> None:
        self.cache.put(state, answer)

    # -------------------------------------------------------- search

    async def solve(self, state: State, budget: float | None = None, max_states: int | None = None,
                    background: bool = False) -> Answer:
        """Won or lost if known, else a search of ``state`` within the budget.

        ``background`` runs it in the background lane (a verdict), else in
        the foreground (a player is waiting). Cancelling the await stops the
        search. Raises :class:`WorkerError` when a worker fails.
        """
        known = self.known(state)
        if known is not None and known.verdict is not UNKNOWN:
            return known
        position = state.to_json()
        pool = self.background if background else self.foreground
        self.searches += 1
        result = await pool.run(solve_job, position, budget, max_states)
        answer = _answer_of(state, result, budget)
        self.remember(state, answer)
        return answer

    async def hint(self, state: State, budget: float | None = None, max_states: int | None = None) -> Answer:
        """A solution from ``state`` for a hint: known, followed on from a known
        one, or (only when none is known) searched in the foreground lane.
        When the search ends ``unknown``, the answer carries a
        :class:`~.suggest.Suggestion`: a move to try, from a short search of
        its own (:data:`~.suggest.SUGGEST_STATES` positions at most), so
        that a hint is never silent while the game can go on. Where a
        search of at least ``budget`` seconds already ended unknown here (the
        background verdict's, mostly), none is run again: the suggestion
        comes at once. A suggestion whose line wins is no guess: the answer is
        won, with that line as its solution (and kept as one)."""
        known = self.known(state)
        if known is not None and known.verdict is not UNKNOWN:
            return known
        copy = state.copy()
        answer = await asyncio.to_thread(self.cache.follow, copy)
        if answer is not None:
            return answer
        if known is not None and budget is not None and max_states is None and (known.spent or 0.0) >= budget:
            answer = known
        else:
            answer = await self.solve(state, budget, max_states)
        if answer.verdict is UNKNOWN:
            states = SUGGEST_STATES if max_states is None else min(max_states, SUGGEST_STATES)
            suggestion = await self.foreground.run(suggest_job, state.to_json(), SUGGEST_BUDGET, states)
            if suggestion is not None and suggestion.home == state.game.total_cards \
                    and replays_to_win(state, list(suggestion.line)):
                # The short search went all the way home: its line is a solution, not a guess.
                answer = replace(answer, verdict=WON, moves=suggestion.line, states=answer.states + suggestion.states,
                                 complete=True)
                self.remember(state, answer)
                return answer
            answer = replace(answer, suggestion=suggestion)
        return answer

    async def last_winnable(self, state: State, budget: float | None = None, max_states: int | None = None,
                            look_back: int = LOOK_BACK, stop: Callable[[], bool] | None = None,
                            known: int | None = None) -> int | None:
        """The last earlier position of ``state``'s game that can be won, as the number of moves of
        its history it keeps; None when none is found.

        Walks back one move at a time: a position already known answers at
        once (every position along a solution found is filed), others are
        searched in the background lane (``budget``, ``max_states``). A
        lost position walks on back; one the search leaves undecided ends the
        walk, as do ``look_back`` moves and ``stop()`` turning true (the game
        moved on: nobody wants the answer any more). ``known``: the moves of a
        start of the line proven winnable before (the game's own record), where
        the walk ends without a search; a later position may still be the last.
        """
        walk = state.copy()
        for _ in range(min(look_back, len(walk.history))):
            walk.pop()
            if known is not None and len(walk.history) == known:
                return known
            answer = await self.solve(walk.copy(), budget, max_states, background=True)
            if answer.won:
                return len(walk.history)
            if answer.verdict is UNKNOWN or (stop is not None and stop()):
                return None
        return None

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Any module-level function in a foreground worker (a winnable deal, ...)."""
        return await self.foreground.run(fn, *args)

    def pids(self) -> list[int]:
        """Process ids of the workers alive now."""
        return self.foreground.pids() + self.background.pids()

    def close(self) -> None:
        """End every worker (the interface is quitting)."""
        self.foreground.close()
        self.background.close()


def _answer_of(state: State, result: dict[str, Any], budget: float | None) -> Answer:
    game = state.game
    verdict = Verdict(result["verdict"])
    moves = tuple(game.parse_notation(m) for m in result["moves"]) if verdict is WON else ()
    return Answer(verdict, moves, result.get("states", 0), result.get("seconds", 0.0),
                  result.get("complete", verdict is not UNKNOWN), "search", budget)


def losing_move(state: State, kept: int) -> tuple[State, Move]:
    """The position after the first ``kept`` moves of ``state``'s game, and
    the move played from it: with ``kept`` from :meth:`SolverService.last_winnable`,
    the move that lost the game (describe it from the position returned)."""
    before = state.copy()
    while len(before.history) > kept + 1:
        before.pop()
    move = before.pop()
    return before, move
