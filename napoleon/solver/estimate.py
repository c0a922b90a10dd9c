"""How big is it? An estimate of the positions a complete depth-first search of a deal visits.

:func:`estimate_search` spends a budget in two parts. The first quarter runs
the search itself (``core.search(mode="dfs")``, the settings of
``napoleon solve --strategy dfs``): if it ends, its count is the answer;
otherwise its positions are a sure lower bound and its speed is the speed a
long search is quoted at. The rest runs random probes (``csrc/estimate.c``):
Knuth's estimator over the search's own moves, each probe counting exactly
below the first position of its walk whose own search ends within ``cap``
positions, and leaving out the children the search surely saw first. A
probe's estimate still counts a position once per line to it above that
point (but for the same moves in another order), so its mean is at least
the search's size: measured on
deals whose search ends (docs/benchmarks.md), the mean ran from about the
true count (2-30 times) where the cap is a quarter of the search to a
thousand times it and more where the search is some 500 times the cap. Read it as an
upper estimate, and the positions the search reached as a lower bound.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from ..engine.state import State
from . import core

CAP_STEP = 4096
"""The exact searches stop only at multiples of this (``csrc/dfs.c`` checks its limits every 4096 positions)."""

FIXED_CAP = 65536
"""The cap when a number of probes is given and no cap: one that does not depend on the machine's speed."""

PROBES_PER_BUDGET = 10
"""The probes the cap is chosen for, each costing some eight capped searches: more probes, a smaller cap."""


@dataclass
class Estimate:
    """What :func:`estimate_search` found.

    ``positions``: the estimate (the mean of the probes), with ``low``,
    ``high`` a 90% bootstrap interval of that mean; ``exact`` when the
    search ended (then all three are its count, and ``verdict`` is its
    verdict). ``reached``: positions the search itself visited (a lower
    bound) in ``search_seconds`` of CPU time, so ``rate`` positions a CPU
    second (a machine shared with other work slows the clock, not that).
    ``won``: a probe's search found a win (the deal is won: the search
    would stop at its first win, sooner than any estimate of the whole).
    """

    positions: float
    low: float
    high: float
    probes: int
    cap: int
    exact: bool
    verdict: str | None
    reached: int
    search_seconds: float
    won: bool
    seconds: float

    @property
    def rate(self) -> float:
        """Positions a CPU second of the search's own first part."""
        return self.reached / self.search_seconds if self.search_seconds > 0 else 0.0

    @property
    def eta(self) -> float | None:
        """CPU seconds a search of ``positions`` would take at :attr:`rate` (None: no rate measured)."""
        return self.positions / self.rate if self.rate > 0 else None

    def to_json(self) -> dict:
        """The estimate as JSON values (``napoleon solve --estimate --json``)."""
        return {"positions": self.positions, "low": self.low, "high": self.high, "probes": self.probes,
                "cap": self.cap, "exact": self.exact, "verdict": self.verdict, "reached": self.reached,
                "positions_per_cpu_second": round(self.rate), "eta_cpu_seconds": self.eta, "won": self.won,
                "seconds": round(self.seconds, 3)}


def mean_of_logs(logs: list[float]) -> float:
    """The mean of the numbers whose natural logarithms are ``logs`` (empty: 0)."""
    if not logs:
        return 0.0
    top = max(logs)
    if top == -math.inf:
        return 0.0
    return _exp(top + math.log(sum(math.exp(x - top) for x in logs) / len(logs)))


def _exp(x: float) -> float:
    """exp(x), or infinity past the largest float (a probe's walk can weigh more than 10^308)."""
    return math.exp(x) if x < 709.0 else math.inf


def bootstrap(logs: list[float], seed: int, rounds: int = 1000, level: float = 0.9) -> tuple[float, float]:
    """A percentile bootstrap interval of the mean of the numbers whose logs are ``logs``."""
    if len(logs) < 2:
        value = mean_of_logs(logs)
        return value, value
    top = max(logs)
    scaled = [math.exp(x - top) for x in logs]
    draw = random.Random(seed)
    n = len(scaled)
    means = sorted(sum(draw.choices(scaled, k=n)) / n for _ in range(rounds))
    tail = (1 - level) / 2
    lo, hi = means[int(tail * (rounds - 1))], means[int((1 - tail) * (rounds - 1))]
    return _exp(top + math.log(lo)), _exp(top + math.log(hi))


@dataclass
class Probes:
    """The probes of :func:`probe`: the mean of their estimates and its 90% bootstrap interval."""

    mean: float
    low: float
    high: float
    count: int
    cap: int      # the cap the probes ran with (rounded up to CAP_STEP)
    exact: bool   # the whole search ended within the cap: ``mean`` is its count
    won: bool     # an exact search of a probe found a win


def probe(state: State, cap: int, probes: int, budget: float = 0.0, seed: int = 1, deadends: bool = False,
          waste: bool = False, macros: bool = True, commute: bool = True) -> Probes:
    """Up to ``probes`` random probes of the depth-first search from ``state`` (``csrc/estimate.c``),
    within ``budget`` seconds (0: no limit; one probe at least), each counting exactly below the first
    position of its walk whose search ends within ``cap`` positions (rounded up to :data:`CAP_STEP`).
    The same arguments without a budget give the same probes. ``commute=False`` counts two moves that
    commute in both orders (only to measure what leaving them out gains)."""
    if cap < 1 or probes < 1:
        raise ValueError(f"a probe needs a cap and a number of probes above 0, not {cap!r} and {probes!r}")
    cap = -(-cap // CAP_STEP) * CAP_STEP
    logs, exact, won = core.estimate_probes(state, budget, cap, probes, seed, deadends, waste, macros, commute)
    mean = mean_of_logs(logs)
    low, high = (mean, mean) if exact else bootstrap(logs, seed)
    return Probes(mean, low, high, len(logs), cap, exact, won)


def estimate_search(state: State, budget: float = 30.0, probes: int | None = None, cap: int | None = None,
                    seed: int = 1, deadends: bool = False, waste: bool = False, macros: bool = True) -> Estimate:
    """Estimate the positions ``napoleon solve --strategy dfs`` visits from ``state`` before it ends.

    Runs the search for a quarter of ``budget`` seconds (its answer, if it
    ends), then random probes (:func:`probe`) for the rest, or exactly
    ``probes`` of them when given (then the same ``seed``, ``cap`` and
    ``probes`` give the same estimate on any machine). ``cap``: the probes
    count exactly below the first position whose search ends within ``cap``
    positions; None chooses it from the speed measured, so that about
    :data:`PROBES_PER_BUDGET` probes fit (:data:`FIXED_CAP` when ``probes``
    is given). ``deadends``, ``waste``,
    ``macros``: the search's settings (:func:`.core.search`). Raises
    ValueError for a budget, cap or count of probes that is not positive,
    :class:`.core.NotCompilable` where the compiled core cannot run the game.
    """
    if not budget or budget <= 0 or not math.isfinite(budget):
        raise ValueError(f"an estimate needs a budget of seconds above 0, not {budget!r}")
    if probes is not None and probes < 1:
        raise ValueError(f"an estimate needs at least one probe, not {probes!r}")
    if cap is not None and cap < 1:
        raise ValueError(f"the cap of a probe's exact search is a number of positions above 0, not {cap!r}")
    start, cpu = time.perf_counter(), time.process_time()
    first = core.search(state, budget=budget / 4, mode="dfs", deadends=deadends, waste=waste, macros=macros)
    cpu = time.process_time() - cpu
    if first.complete:
        n = float(first.states)
        return Estimate(n, n, n, 0, 0, True, first.verdict, first.states, cpu, first.won,
                        time.perf_counter() - start)
    left = max(budget - (time.perf_counter() - start), 0.0)
    if cap is None:
        # the probes share the machine as the first part did: wall seconds at its wall speed
        wall_rate = first.states / first.seconds if first.seconds > 0 else 0.0
        cap = FIXED_CAP if probes is not None else int(left * wall_rate / (PROBES_PER_BUDGET * 8))
    cap = max(CAP_STEP, cap)
    found = probe(state, cap, probes or 10**9, 0.0 if probes is not None else left, seed, deadends, waste, macros)
    return Estimate(found.mean, found.low, found.high, found.count, found.cap, found.exact,
                    None, first.states, cpu, found.won or first.won, time.perf_counter() - start)
