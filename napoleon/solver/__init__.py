"""The solver: is a position won, lost, or not yet known?

>>> from napoleon import new_game
>>> result = solve(new_game("werner", deal=1), budget=30)
>>> result.verdict
'won'
>>> replays_to_win(new_game("werner", deal=1), result.moves)
True

``solve`` never answers ``won`` without a solution that replays through the
engine's checked ``play``, and never ``lost`` unless its search was complete.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..engine.move import Move
from ..engine.state import State
from .search import LOST, UNKNOWN, WON, Result, Search

__all__ = ["LOST", "STRATEGIES", "UNKNOWN", "WON", "Result", "hint", "replays_to_win", "solve", "solve_json"]


def replays_to_win(state: State, moves: list[Move]) -> bool:
    """Whether ``moves``, each checked by the engine, take ``state`` to a win."""
    s = state.copy()
    for m in moves:
        if s.why_illegal(m) is not None:
            return False
        s.push(m)
    return s.is_won


# How the core spends a budget, per game: phases run in turn, each with a
# share of what is left. Only a complete phase ("best", "dfs") may answer
# lost; "playouts" and "greedy" can only find wins. Measured in
# docs/benchmarks.md: the Tomb's wide stock choices defeat best-first, while
# random playouts that play every card home at once win most deals fast.
# In Werner's game best-first with the "next card" term and plain
# depth-first search each win deals the other misses (deals 2, 47, 49 of
# the benchmark), so both get a share.
PORTFOLIO: dict[str, tuple[tuple[str, float, tuple[int, ...] | None], ...]] = {
    "napoleons-tomb": (("playouts", 0.5, None), ("best", 1.0, None)),
    "werner": (("best", 0.4, (40, 3, 12, 0, 8, 5)), ("dfs", 0.5, None), ("best", 1.0, None)),
    # Redeals "whenever you choose" make every position a redeal point; redeal
    # planning (staged.py) wins most deals, which no complete search here can.
    "st-helena": (("staged", 1.0, None),),
    # A one-pass stock: a beam over its turns (staged.py) wins 21 of deals
    # 1-50, all within 9 s, where best-first alone wins 14 in 30 s. The rest
    # goes to depth-first search, which proves deals 2 and 20 lost and wins
    # 47 and 48 in 3-11 s (docs/benchmarks.md).
    "forty-thieves": (("best", 0.1, None), ("beam", 0.35, None), ("dfs", 1.0, None)),
}
DEFAULT_PORTFOLIO = (("best", 1.0, None),)
COMPLETE_MODES = ("best", "dfs")  # the others only find wins
STRATEGIES = ("auto", "best", "dfs", "greedy", "playouts", "staged", "beam")
INCOMPLETE_PHASE_CAP = 10.0  # seconds for an incomplete phase when there is no budget


def solve(state: State, budget: float | None = None, max_states: int | None = None,
          progress: Callable[[int], None] | None = None, engine: str = "auto", strategy: str = "auto") -> Result:
    """Search from ``state`` (which is left as it was) within ``budget`` seconds.

    ``won``: ``moves`` is a checked solution; ``lost``: no sequence of legal
    moves wins; ``unknown``: the budget ran out after ``states`` positions.
    The compiled core runs the search when it is built (``engine="python"``
    forces the pure-Python search, the reference the core is tested against).
    ``strategy`` is ``"auto"`` (the game's portfolio) or one search:
    ``"best"``, ``"dfs"``, ``"greedy"``, ``"playouts"`` (the core's modes) or
    ``"staged"`` (redeal planning) or ``"beam"`` (a beam over the stock's
    turns), both in :mod:`.staged`.
    """
    from . import core

    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    if core.available and progress is None and engine != "python":
        try:
            result = _run_core(core, state, budget, max_states, strategy)
        except core.NotCompilable:
            result = Search(state, budget=budget, max_states=max_states).run()
    else:
        result = Search(state, budget=budget, max_states=max_states, progress=progress).run()
    if result.verdict == WON and not replays_to_win(state, result.moves):
        raise AssertionError("solver bug: its solution does not replay to a win")
    return result


def _run_core(core, state: State, budget: float | None, max_states: int | None, strategy: str) -> Result:
    if strategy != "auto":
        return _run_mode(core, state, budget, max_states, strategy, None)
    phases = PORTFOLIO.get(state.game.id, DEFAULT_PORTFOLIO)
    total = Result(UNKNOWN)
    start = time.perf_counter()
    for mode, share, weights in phases:
        left = None if budget is None else max(budget - (time.perf_counter() - start), 0.0)
        complete = mode in COMPLETE_MODES
        if left is None:
            slice_ = None if complete else INCOMPLETE_PHASE_CAP
        else:
            slice_ = left * share
            if slice_ <= 0:
                break
        result = _run_mode(core, state, slice_, max_states, mode, weights)
        total.states += result.states
        if result.verdict != UNKNOWN:
            result.states = total.states
            result.seconds = time.perf_counter() - start
            return result
    total.seconds = time.perf_counter() - start
    return total


def _run_mode(core, state: State, budget: float | None, max_states: int | None, mode: str,
              weights: tuple[int, ...] | None) -> Result:
    if mode == "staged":
        from .staged import staged_search

        return staged_search(state, budget=budget, max_states=max_states)
    if mode == "beam":
        from .staged import beam_search

        return beam_search(state, budget=budget, max_states=max_states)
    return core.search(state, budget=budget, max_states=max_states, mode=mode, weights=weights)


def hint(state: State, budget: float | None = 5.0) -> tuple[Move | None, Result]:
    """The next move of a solution from ``state``, and the search result.

    The move is None when the position is already won, proven lost, or the
    budget ran out (``result.verdict`` says which).
    """
    result = solve(state, budget=budget)
    return (result.moves[0] if result.won and result.moves else None), result


def solve_json(position: dict[str, Any], budget: float | None = None, max_states: int | None = None) -> dict[str, Any]:
    """Solve a position given as JSON and answer in JSON (for worker processes)."""
    from ..games import position_from_json

    state = position_from_json(position)
    result = solve(state, budget=budget, max_states=max_states)
    return result_json(state, result)


def result_json(state: State, result: Result) -> dict[str, Any]:
    """``{"verdict", "moves", "states", "seconds", ...}`` for a result from ``state``."""
    game = state.game
    return {
        "game": game.id,
        "deal": state.deal,
        "options": game.options_json(),
        "verdict": result.verdict,
        "moves": [game.notation(m) for m in result.moves],
        "states": result.states,
        "seconds": round(result.seconds, 4),
        "complete": result.complete,
    }
