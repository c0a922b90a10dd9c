"""Stage by stage: redeal planning, and a beam over the stock's turns.

Both searches here split a game at the moves that cannot be taken back:
redeals, and turning a card of a one-pass stock. Each stage is searched
alone, best first, by the compiled core (:func:`.core.explore`); only its
best positions go on to the next stage.

Redeal planning
---------------

In a game whose redeals may be taken "whenever you choose" (St. Helena),
every position of a deal is a possible redeal point and each gives a new
layout, so one search over all the deals at once drowns in redeal points.
Most of a deal's positions are poor places to redeal from, though: the
fewer cards left, the shorter the next deal. This search is a beam over the
deals:

1. search the current deal alone, without redealing (:func:`.core.explore`),
   and keep its positions with the most cards home;
2. redeal from each, search each new deal alone, and pool what they found;
   keep the best of the pool, and so on to the last deal;
3. from each position that starts the last deal, run the ordinary searches
   (greedy, then best-first) on a small budget.

Each round doubles the widths and budgets, until a win or the budget runs
out. Mostly it looks at chosen redeal points, not all of them, and then
finding no win proves nothing. But when a round visited every position of
every deal it searched, kept them all as redeal points, and each last deal
was searched to the end, it has covered every line of play: then, and only
then, it answers ``lost``.

A beam over the stock
---------------------

With a one-pass stock (Forty Thieves) every turn is a stage: from each
position of the beam the tableau is searched without turning the stock,
the best positions found are pooled, and the best of the pool each take
the next turn (or the redeal). It can only find wins.

Measured in docs/benchmarks.md: St. Helena 0 → 46 of deals 1-50 won in
30 s, Forty Thieves 14 → 22 (with depth-first search after the beam, 23
won and 2 proven lost).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..engine.game import UNLIMITED
from ..engine.move import REDEAL, Move
from ..engine.state import State
from . import core
from .search import LOST, UNKNOWN, WON, Result


@dataclass(frozen=True)
class Plan:
    """Widths and budgets of the first round (each later round doubles them).

    ``explore``: seconds to search one deal, for the first deal, the
    second, ... (the last figure stands for the later ones); ``keep``:
    positions kept from one deal's search; ``last``: (mode, seconds)
    searches of each position that starts the last deal.
    """

    # Tuned on St. Helena's deals 1-50 at 30 s (docs/benchmarks.md): many
    # short last-deal searches win more than few long ones; a greedy pass
    # and a very short best-first search (there to finish small last deals,
    # so that a round can be exhaustive) beat a longer best-first search:
    # 46 won against 44 with keep=30, 0.15 s per middle deal, 0.01 + 0.02 s.
    explore: tuple[float, ...] = (1.0, 0.1)
    keep: int = 50
    last: tuple[tuple[str, float], ...] = (("greedy", 0.005), ("best", 0.001))


DEFAULT_PLAN = Plan()
MAX_SCALE = 1 << 20  # widths beyond any real search; keeps the core's counts in range


class _Spent(Exception):
    """The budget or the position cap ran out."""


class _Run:
    def __init__(self, budget: float | None, max_states: int | None) -> None:
        self.deadline = None if budget is None else time.perf_counter() + budget
        self.max_states = max_states
        self.states = 0
        self.exhaustive = True  # so far, this round has left out no line of play

    def left(self, want: float | None = None) -> float | None:
        """Seconds for the next search: ``want`` (None: all there is), within
        the budget; raises _Spent when nothing is left."""
        if self.max_states is not None and self.states >= self.max_states:
            raise _Spent
        if self.deadline is None:
            return want
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise _Spent
        return left if want is None else min(want, left)

    def cap(self) -> int | None:
        return None if self.max_states is None else max(self.max_states - self.states, 1)

    def beam_round(self, state: State, plan: BeamPlan, width: int) -> list[Move] | None:
        beam = [([], state)]
        while beam:
            pool: dict[tuple, tuple[int, list[Move], State]] = {}
            for line, s in beam:
                budget = self.left()
                cap = plan.states if self.max_states is None else min(plan.states, self.cap())
                result, found = core.explore(s, budget=budget, max_states=cap, keep=plan.keep,
                                             weights=plan.weights, hold_stock=True)
                self.states += result.states
                if result.won:
                    return line + result.moves
                for f in found:
                    key = f.position.key()
                    if key not in pool or pool[key][0] < f.score:
                        pool[key] = (f.score, line + f.line, f.position)
            beam = []
            for _score, line, s in sorted(pool.values(), key=lambda item: -item[0]):
                if len(beam) >= width:
                    break
                for move in _stage_moves(s):
                    t = s.copy()
                    t.push(move)
                    beam.append((line + [move], t))
        return None

    def one_round(self, state: State, plan: Plan, scale: int) -> list[Move] | None:
        beam = [([], state)]
        stage = 0
        while beam and state.game.redeals_left(beam[0][1]) > 0:
            seconds = plan.explore[min(stage, len(plan.explore) - 1)] * scale
            stage += 1
            pool: list[tuple[int, list[Move], State]] = []
            for line, s in beam:
                result, found = core.explore(s, budget=self.left(seconds), max_states=self.cap(),
                                             keep=plan.keep * scale)
                self.states += result.states
                if result.won:
                    return line + result.moves
                if not result.complete or len(found) >= plan.keep * scale:
                    self.exhaustive = False  # some positions were not kept or not visited
                for f in found:
                    pool.append((f.home, line + f.line, f.position))
            # Most cards home first; the sort is stable, so a deal's own order breaks ties.
            pool.sort(key=lambda item: -item[0])
            beam = []
            for _, line, s in pool:
                if not s.game.can_redeal(s):
                    continue  # not a redeal point: nothing is left out
                t = s.copy()
                t.push(REDEAL)
                beam.append((line + [REDEAL], t))
        for line, s in beam:
            decided = False
            for mode, seconds in plan.last:
                result = core.search(s, budget=self.left(seconds * scale), max_states=self.cap(), mode=mode)
                self.states += result.states
                if result.won:
                    return line + result.moves
                decided = decided or result.verdict == LOST
            self.exhaustive = self.exhaustive and decided
        return None


@dataclass(frozen=True)
class BeamPlan:
    """The first round of :func:`beam_search` (each later round doubles ``width``).

    ``width``: positions carried from one stage to the next; ``states``:
    positions searched from each; ``keep``: the best of them kept for the
    pool; ``weights``: the best-first score (see :func:`.core.search`).
    """

    width: int = 8
    states: int = 2000
    keep: int = 8
    # The "next card" term matters here: deals 1-20 of Forty Thieves at 20 s,
    # won 8 without it, 10 with weight 5, 11 with 12, 10 with 25.
    weights: tuple[int, ...] = (40, 3, 12, 0, 8, 12)


DEFAULT_BEAM = BeamPlan()


def beam_search(state: State, budget: float | None = None, max_states: int | None = None,
                plan: BeamPlan = DEFAULT_BEAM) -> Result:
    """Look for a win stage by stage, a stage ending at each stock turn or redeal.

    From each position of the beam, the tableau is searched without turning
    the stock (:func:`.core.explore`); the pool of the best positions found,
    duplicates merged, is cut to the ``width`` best by score, and each takes
    its stock turn (or redeal) into the next stage. A round ends when no
    position can go on; the next one doubles the width. It can only find
    wins: ``won`` or ``unknown``.
    """
    if budget is None and max_states is None:
        raise ValueError("the beam search never ends by itself: give a budget or max_states")
    start = time.perf_counter()
    run = _Run(budget, max_states)
    width = plan.width
    try:
        while width <= MAX_SCALE:
            line = run.beam_round(state, plan, width)
            if line is not None:
                return Result(WON, line, run.states, time.perf_counter() - start, True)
            width *= 2
    except _Spent:
        pass
    return Result(UNKNOWN, [], run.states, time.perf_counter() - start, False)


def _stage_moves(state: State) -> list[Move]:
    """The moves that end a stage: stock turns and the redeal."""
    return [m for m in state.legal_moves() if m == REDEAL or m.src == state.game.stock]


def staged_search(state: State, budget: float | None = None, max_states: int | None = None,
                  plan: Plan = DEFAULT_PLAN) -> Result:
    """Look for a win by redeal planning (see the module text).

    ``won`` with a solution, ``lost`` only when a round left out no line of
    play, else ``unknown``.

    Without a budget or a position cap it would widen for ever, so one of
    the two is required.
    """
    if budget is None and max_states is None:
        raise ValueError("redeal planning never ends by itself: give a budget or max_states")
    if state.game.max_redeals == UNLIMITED:
        raise ValueError("redeal planning needs a limited number of redeals")
    start = time.perf_counter()
    run = _Run(budget, max_states)
    scale = 1
    try:
        while True:
            run.exhaustive = True
            line = run.one_round(state, plan, scale)
            if line is not None:
                return Result(WON, line, run.states, time.perf_counter() - start, True)
            if run.exhaustive:
                return Result(LOST, [], run.states, time.perf_counter() - start, True)
            if scale >= MAX_SCALE:
                break
            scale *= 2
    except _Spent:
        pass
    return Result(UNKNOWN, [], run.states, time.perf_counter() - start, False)
