"""Stage by stage: redeal planning, and a beam over the stock's turns.

Both searches here split a game at the moves that cannot be taken back:
redeals, and turning a card of a one-pass stock. Each stage is searched
alone, best first, by the compiled core (:func:`.exploration.explore`); only its
best positions go on to the next stage.

Redeal planning
---------------

In a game whose redeals may be taken "whenever you choose" (St. Helena),
every position of a deal is a possible redeal point and each gives a new
layout, so one search over all the deals at once drowns in redeal points.
Most of a deal's positions are poor places to redeal from, though. This
search is a beam over the deals:

1. search the current deal alone, without redealing (:func:`.exploration.explore`),
   and keep two sets of redeal points: those with the most cards home, and
   those whose redeal deals the best-looking layout;
2. redeal from each, and queue the new deals, best first; search each
   alone in turn and queue what it keeps, and so on to the last deal;
3. from each position that starts the last deal, run short searches:
   nested rollouts (which find wins), then best-first (which may also
   prove the last deal lost).

The queues take turns by the work each has had, so last deals are searched
from the first good redeal points, long before every middle deal is done.
Each round doubles the widths and budgets, until a win or the budget runs
out; several plans (widths and budgets) take turns the same way. A deal
searched in an earlier round, or by another plan, is taken further from
where that search stopped (:class:`.exploration.Exploration`), not searched from
its start again. Mostly a round looks at chosen redeal points, not all of
them, and then finding no win proves nothing. But when a round visited
every position of every deal it searched, kept them all as redeal points,
and each last deal was searched to the end, it has covered every line of
play: then, and only then, it answers ``lost``. The best-first searches of
last deals serve that proof alone (nested rollouts find the wins), so they
run only while a round may still give it.

A beam over the stock
---------------------

With a one-pass stock (Forty Thieves) every turn is a stage: from each
position of the beam the tableau is searched without turning the stock,
the best positions found are pooled, and the best of the pool each take
the next turn (or the redeal). Each round doubles the width; a stage
already searched from the same position in an earlier round is not
searched again. It can only find wins.

Measured in docs/benchmarks.md: St. Helena 0 → 49 of deals 1-50 won in
30 s, Forty Thieves 14 → 22 (with depth-first search after the beam, 23
won and 2 proven lost).
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Generator
from dataclasses import dataclass, replace

from ..engine.game import UNLIMITED
from ..engine.move import REDEAL, Move
from ..engine.searching import COMPLETE_MODES
from ..engine.state import State
from . import core, exploration
from .search import LOST, UNKNOWN, WON, Result


@dataclass(frozen=True)
class Plan:
    """Widths and budgets of the first round (each later round doubles them).

    ``explore``: positions to search in one deal, for the first deal, the
    second, ... (the last figure stands for the later ones); ``keep``:
    positions kept from one deal's search; ``last``: (mode, positions)
    searches of each position that starts the last deal. ``redealt``: how
    many redeal points of one deal's search are redealt and judged by what
    they deal, for ``keep`` more positions kept (:func:`.exploration.explore`).
    Budgets count positions, not seconds, so that a plan searches the same
    positions in the same order on any machine: only the overall budget
    depends on the clock.

    ``resume``: a deal searched again in a later round (or by another plan)
    goes on from where the last search of it stopped (:class:`.exploration.Exploration`),
    and only the positions searched anew count. ``open_proofs``: the last
    deal's complete searches (``best``) run in every round; without it, only
    while the round may still prove the deal lost (it has left no line of
    play out), since otherwise they can only find wins, and the nested
    rollouts before them find those (docs/history.md). The grading keeps
    both as they were when its thresholds were set (:data:`GRADING_PLANS`).
    """

    explore: tuple[int, ...] = (250_000, 150_000)
    keep: int = 50
    last: tuple[tuple[str, int], ...] = (("nested", 5000), ("best", 1000))
    redealt: int = 5000
    resume: bool = True
    open_proofs: bool = False

    def shrunk(self, divisor: int) -> Plan:
        """This plan with every width and budget divided by ``divisor`` (rounded
        down, never to 0 unless it was 0): its round k + log2(divisor) searches
        about what this plan's round k does."""
        def cut(n: int) -> int:
            return max(n // divisor, 1) if n else 0  # a 0 (no redeal point judged) stays 0

        return replace(self, explore=tuple(map(cut, self.explore)), keep=cut(self.keep),
                       last=tuple((mode, cut(n)) for mode, n in self.last), redealt=cut(self.redealt))


# The cost of judging a redeal point by its redeal, in positions searched:
# what the C core searched in the same time when a redeal was a call into
# Python. The core now redeals St. Helena itself, for less than the cost of
# a position (1.5 us against 2.3 us, measured on a middle deal of deal 7),
# but this stays the unit in which the planner weighs its
# searches and the grades count effort (docs/grades.md): changing it would
# change both, and every St. Helena grade with them.
REDEAL_COST = 25


# Tuned on St. Helena (docs/history.md). A redeal point with many cards
# home often deals a poor layout: deal 39's only known win redeals the
# second time with 36 cards home where others have 54. Judging points by
# what they deal too won deals 11 and 39 in under 5 s, which no plan
# judging by cards home alone had won in 30 s. Each plan alone, given a
# cap of 18 M positions, left two or three of the 16 hardest deals of 1-50
# unwon, and not the same ones; taking turns, they leave fewer.
#
# The first deal is searched 250,000 positions deep in a first round (it
# was 1,000,000): on the tuning block 20001-20015, six deals have a first
# deal of over a million positions; each plan searched a million of them,
# and the win came within a million positions after that (deal 20001:
# 2.45 M positions in all, 2 M of them in the first deal; now 0.55 M).
# Later rounds double it, as ever. The two plans search the first deal
# each on its own, although alike: sharing one search lost what the second
# plan's sample of redeal points (``redealt``) finds, and deal 39, won in
# 0.56 M positions this way, was not won in 6 M.
#
# Each start of the last deal is searched first by nested rollouts (the
# core's "nested" mode), where a greedy pass of the same 5,000 positions
# was: on the 42 starts deal 20002's planning reached before its win, the
# greedy pass won from 1 start, nested rollouts from 3, the first of them
# 14 starts earlier. Deal 20003 was won after 11.9 M positions, now 0.45 M.
DEFAULT_PLANS = (Plan(explore=(250_000, 150_000)), Plan(explore=(250_000, 300_000), redealt=2000))

# The plans the grading ladder runs (napoleon/grading): the same plans, their
# first round 16 times smaller. A deal's grading effort is the work done
# until the win, and with the default plans every deal spends the same
# fixed first searches of its first deal (500,000 positions, then as many
# again in the second round) before any last deal is tried: 55% of the wins
# of St. Helena's deals 1-400 came at the first last deal of a round, at
# the same effort to within 0.02%, so no threshold could split them into
# grades. Starting small, a deal won by a short look is won early, and the
# rounds double from there (docs/grades.md).
#
# Grading counts the work until the win, and its thresholds (docs/grades.md)
# were set on the work these plans did before middle deals were taken on
# from round to round and the last deals' proofs were run only where they
# could prove something: it keeps both as they were.
GRADING_PLANS = tuple(replace(plan.shrunk(16), resume=False, open_proofs=True) for plan in DEFAULT_PLANS)
MAX_SCALE = 1 << 20  # widths beyond any real search (exploration.explore takes any width: it clamps to a C int)


KEPT_BYTES = 1 << 30
"""The memory one redeal planning may hold in searches kept for later rounds."""


class _Spent(Exception):
    """The budget or the position cap ran out."""


class _Run:
    """The budget shared by all the searches of one call, and the positions searched."""

    def __init__(self, budget: float | None, max_states: int | None, kept_bytes: int = KEPT_BYTES) -> None:
        self.deadline = None if budget is None else time.perf_counter() + budget
        self.max_states = max_states
        self.states = 0
        # Last deals searched, by exact position: those proven lost, and how
        # many positions each mode searched without a win. Shared by the
        # plans and the rounds, which reach many of the same last deals (St.
        # Helena deal 20003: 602 distinct of 790 searches; 23% of their
        # positions were searched again).
        self.lost: set[tuple] = set()
        self.tried: dict[tuple, int] = {}
        # Searches of one deal kept for a later round to take further, by
        # position, the least recently used first (see explore).
        self.explorations: dict[tuple, exploration.Exploration] = {}
        self.kept_bytes = kept_bytes
        self.out_of_memory = False  # some search stopped at the memory limit (core.set_memory_limit)

    def explore(self, state: State, positions: int | None, keep: int, redealt: int,
                resume: bool) -> tuple[Result, list[exploration.Found], int]:
        """Search the deal of ``state`` to ``positions`` (:func:`.exploration.explore`);
        also the positions its search holds in all. With ``resume``, a search of
        the same position kept from before goes on where it stopped when that
        searches exactly what a new one would (:meth:`.exploration.Exploration.fresh_for`),
        and the result counts only the positions searched anew. Searches are
        kept while they fit in ``kept_bytes``, the least recently used dropped
        first: St. Helena's hard deals searched the same middle deals again,
        round after round, for half of their middle-deal positions."""
        key = state.key()
        ex = self.explorations.pop(key, None) if resume else None
        if ex is None or not ex.fresh_for(positions):
            ex = exploration.Exploration(state)
        result, found = ex.run(self.left(), positions, keep, redealt)
        self.out_of_memory |= result.out_of_memory
        if resume and not result.won:
            self.explorations[key] = ex
            while self.explorations and sum(e.nbytes for e in self.explorations.values()) > self.kept_bytes:
                del self.explorations[next(iter(self.explorations))]
        return result, found, ex.states

    def left(self) -> float | None:
        """Seconds left for the next search (None: no time limit); raises
        _Spent when nothing is left of the budget or the position cap."""
        if self.max_states is not None and self.states >= self.max_states:
            raise _Spent
        if self.deadline is None:
            return None
        left = self.deadline - time.perf_counter()
        if left <= 0:
            raise _Spent
        return left

    def cap(self, want: int | None = None) -> int | None:
        """Positions for the next search: ``want`` (None: all there are), within the cap."""
        if self.max_states is None:
            return want
        left = max(self.max_states - self.states, 1)
        return left if want is None else min(want, left)

    def redeals(self, want: int, positions: int | None) -> int:
        """Redeal points a search of ``positions`` may judge: ``want``, as
        many as fit under the cap after its positions (REDEAL_COST each)."""
        if self.max_states is None or positions is None:
            return want
        return min(want, max(self.max_states - self.states - positions, 0) // REDEAL_COST)


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
    the stock; the pool of the best positions found,
    duplicates merged, is cut to the ``width`` best by score, and each takes
    its stock turn (or redeal) into the next stage. A round ends when no
    position can go on; the next one doubles the width, and offers again
    what each stage searched in an earlier round kept (counted once). It can
    only find wins: ``won`` or ``unknown``. The compiled core runs the whole
    beam (:func:`.exploration.beam`).
    """
    return exploration.beam(state, budget, max_states, plan.width, plan.states, plan.keep, plan.weights)


class _Planner:
    """One plan's rounds of redeal planning, a step at a time, so that
    several plans can take turns within one budget."""

    def __init__(self, run: _Run, state: State, plan: Plan) -> None:
        self.run = run
        self.state = state
        self.plan = plan
        self.work = 0  # positions searched, a judged redeal counting REDEAL_COST
        self.exhaustive = True  # so far, this round has left out no line of play
        self.steps = self._rounds()

    def _rounds(self) -> Generator[int, None, tuple[str, list[Move]]]:
        """Rounds of growing scale; yields the work of each step, returns the verdict."""
        scale = 1
        while True:
            self.exhaustive = True
            line = yield from self._round(scale)
            if line is not None:
                return WON, line
            if self.exhaustive:
                return LOST, []
            if scale >= MAX_SCALE:
                return UNKNOWN, []
            scale *= 2

    def _round(self, scale: int) -> Generator[int, None, list[Move] | None]:
        """One round; yields the work of each search, returns the winning line or None.

        A queue holds the positions reached by k redeals, best first, for
        each k and each of the two ways a search's redeal points are chosen
        (most cards home, best redeal: :func:`.exploration.explore`). The queue
        that has had the least work so far goes next (the deepest among
        equals), so the last deals are searched from the first good redeal
        points found, not after every middle deal has been searched.
        """
        run, plan, state = self.run, self.plan, self.state
        stages = state.game.redeals_left(state)
        queues: dict[tuple[int, int], list[tuple[int, int, list[Move], State]]] = {(0, 0): [(0, 0, [], state)]}
        spent = dict.fromkeys(queues, 0)
        order = 1  # among equals, the position found first goes first
        seen: set[tuple] = set()  # a position reached by two lines is searched once
        while True:
            ready = [q for q in queues if queues[q]]
            if not ready:
                return None
            q = min(ready, key=lambda q: (spent[q], -q[0]))
            _, _, line, s = heapq.heappop(queues[q])
            stage = q[0]
            if stage == stages:
                before = run.states
                won = self._last_deal(s, scale)
                spent[q] += run.states - before
                yield run.states - before
                if won is not None:
                    return line + won
                continue
            positions = run.cap(plan.explore[min(stage, len(plan.explore) - 1)] * scale)
            redealt = run.redeals(plan.redealt * scale, positions)
            result, found, searched = run.explore(s, positions, plan.keep * scale, redealt, plan.resume)
            # A judged redeal point counts as positions, so that a position cap
            # bounds all the work (the grading's efforts: docs/grades.md).
            work = result.states + REDEAL_COST * min(redealt, searched)
            run.states += work
            spent[q] += work
            yield work
            if result.won:
                return line + result.moves
            if not result.complete or sum(not f.redealt for f in found) >= plan.keep * scale:
                self.exhaustive = False  # some positions were not kept or not visited
            for f in found:
                if not f.position.game.can_redeal(f.position):
                    continue  # not a redeal point: nothing is left out
                t = f.position.copy()
                t.push(REDEAL)
                if (key := t.key()) in seen:
                    continue
                seen.add(key)
                lane = (stage + 1, int(f.redealt))
                queues.setdefault(lane, [])
                spent.setdefault(lane, 0)
                heapq.heappush(queues[lane], (-(f.score if f.redealt else f.home), order, line + f.line + [REDEAL], t))
                order += 1

    def _last_deal(self, state: State, scale: int) -> list[Move] | None:
        """Run the plan's searches of one last deal; its winning line, or None.

        A search already run from the same position is not run again when
        it cannot find anything new: when it proved the deal lost, or when
        it searched at least as many positions as this one may. The core's
        searches are deterministic and stop only between positions it
        checks at fixed counts, so a search capped at fewer positions visits
        a prefix of what the earlier one visited, in which it found no win.
        """
        exact = (state.redeals, tuple(map(tuple, state.piles)))
        if exact in self.run.lost:
            return None  # decided: nothing is left out
        for mode, positions in self.plan.last:
            if not self.exhaustive and not self.plan.open_proofs and mode in COMPLETE_MODES:
                continue  # this round has left a line out: it cannot prove a loss
            cap = self.run.cap(positions * scale)
            if cap is not None and self.run.tried.get((mode, exact), -1) >= cap:
                continue
            result = core.search(state, budget=self.run.left(), max_states=cap, mode=mode)
            self.run.states += result.states
            self.run.out_of_memory |= result.out_of_memory
            if result.won:
                return result.moves
            if result.verdict == LOST:
                self.run.lost.add(exact)
                return None
            self.run.tried[(mode, exact)] = result.states
        self.exhaustive = False
        return None


def staged_search(state: State, budget: float | None = None, max_states: int | None = None,
                  plans: tuple[Plan, ...] = DEFAULT_PLANS) -> Result:
    """Look for a win by redeal planning (see the module text).

    The ``plans`` take turns, each in its own rounds, the one that has done
    the least work going next. ``won`` with a solution, ``lost`` only when
    a round of some plan left out no line of play, else ``unknown``. The
    result's ``states``, and ``max_states``, count the positions searched
    and each redeal point judged by its redeal as REDEAL_COST positions.

    Without a budget or a position cap it would widen for ever, so one of
    the two is required.
    """
    if budget is None and max_states is None:
        raise ValueError("redeal planning never ends by itself: give a budget or max_states")
    if state.game.max_redeals == UNLIMITED:
        raise ValueError("redeal planning needs a limited number of redeals")
    if not plans:
        raise ValueError("redeal planning needs at least one plan")
    start = time.perf_counter()
    run = _Run(budget, max_states)
    planners = [_Planner(run, state, plan) for plan in plans]
    try:
        while planners:
            planner = min(planners, key=lambda p: p.work)
            try:
                planner.work += next(planner.steps)
            except StopIteration as done:
                verdict, line = done.value
                if verdict != UNKNOWN:
                    return Result(verdict, line, run.states, time.perf_counter() - start, True)
                planners.remove(planner)
    except _Spent:
        pass
    return Result(UNKNOWN, [], run.states, time.perf_counter() - start, False, run.out_of_memory)
