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

from collections.abc import Callable
from typing import Any

from ..engine.move import Move
from ..engine.state import State
from .search import LOST, UNKNOWN, WON, Result, Search

__all__ = ["LOST", "UNKNOWN", "WON", "Result", "hint", "replays_to_win", "solve", "solve_json"]


def replays_to_win(state: State, moves: list[Move]) -> bool:
    """Whether ``moves``, each checked by the engine, take ``state`` to a win."""
    s = state.copy()
    for m in moves:
        if s.why_illegal(m) is not None:
            return False
        s.push(m)
    return s.is_won


def solve(state: State, budget: float | None = None, max_states: int | None = None,
          progress: Callable[[int], None] | None = None, engine: str = "auto", strategy: str = "best") -> Result:
    """Search from ``state`` (which is left as it was) within ``budget`` seconds.

    ``won``: ``moves`` is a checked solution; ``lost``: no sequence of legal
    moves wins; ``unknown``: the budget ran out after ``states`` positions.
    The compiled core runs the search when it is built (``engine="python"``
    forces the pure-Python search, the reference the core is tested against;
    ``strategy`` is the core's ``"best"``-first or ``"dfs"`` order).
    """
    from . import core

    if core.available and progress is None and engine != "python":
        try:
            result = core.search(state, budget=budget, max_states=max_states, mode=strategy)
        except core.NotCompilable:
            result = Search(state, budget=budget, max_states=max_states).run()
    else:
        result = Search(state, budget=budget, max_states=max_states, progress=progress).run()
    if result.verdict == WON and not replays_to_win(state, result.moves):
        raise AssertionError("solver bug: its solution does not replay to a win")
    return result


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
