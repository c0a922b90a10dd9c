"""The solver: is a position won, lost, or not yet known?

>>> from napoleon import new_game
>>> result = solve(new_game("werner", deal=1), budget=30)
>>> result.verdict
<Verdict.WON: 'won'>
>>> replays_to_win(new_game("werner", deal=1), result.moves)
True

``solve`` never answers ``won`` without a solution that replays through the
engine's checked ``play``, and never ``lost`` unless its search was complete.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..engine.move import Move
from ..engine.searching import DEFAULT_PLAN, MODES, SearchPlan
from ..engine.state import State
from .search import LOST, UNKNOWN, WON, Result, Search, Verdict, replays_to_win

__all__ = [
    "LOST",
    "STRATEGIES",
    "UNKNOWN",
    "WON",
    "Result",
    "Verdict",
    "replays_to_win",
    "search_plan",
    "solve",
    "solve_json",
]


_pauses = 0
_pauses_lock = threading.Lock()
_collector_was_on = False


@contextmanager
def collector_paused() -> Iterator[None]:
    """Within this block Python's cyclic garbage collector does not run.

    A search keeps many Python objects alive and frees them all at its end
    (St. Helena's redeal planning holds the positions it keeps as ``State``
    objects), and it makes no reference cycles (``tests/solver/
    test_collector.py``), so every full collection during it walks every
    kept object only to free nothing: 0.6-0.7 s of every St. Helena deal,
    7% of the tuning block's time (docs/benchmarks.md). Reference counting
    still frees everything else at once. Nested and concurrent blocks
    (searches in threads) share one count: the collector is switched back
    on, if it was on, when the last of them ends.
    """
    global _pauses, _collector_was_on
    with _pauses_lock:
        if _pauses == 0:
            _collector_was_on = gc.isenabled()
            gc.disable()
        _pauses += 1
    try:
        yield
    finally:
        with _pauses_lock:
            _pauses -= 1
            if _pauses == 0 and _collector_was_on:
                gc.enable()


# How the core spends a budget is a fact about the game: each game declares
# its ``search_plan`` (steps in the terms of engine.searching, measured in
# docs/benchmarks.md); a game that declares none gets DEFAULT_PLAN.
STRATEGIES = ("auto", *MODES)
INCOMPLETE_STEP_CAP = 10.0  # seconds for an incomplete step when there is no budget


def solve(state: State, budget: float | None = None, max_states: int | None = None,
          progress: Callable[[int], None] | None = None, engine: str = "auto", strategy: str = "auto",
          deadends: bool = False, card_by_card: bool = False, level: int = 1,
          fingerprints: bool = False, checkpoint: str | os.PathLike[str] | None = None,
          shorten: bool = True, waste: bool = False) -> Result:
    """Search from ``state`` (which is left as it was) within ``budget`` seconds.

    ``max_states`` caps the positions of each search: with ``strategy="auto"``
    each search of the game's portfolio in turn (a review's short searches
    rely on the complete one getting its cap after the quick ones), where the
    budget's seconds are shared out among them.

    ``won``: ``moves`` is a checked solution; ``lost``: no sequence of legal
    moves wins; ``unknown``: the budget ran out after ``states`` positions.
    The compiled core runs the search when it is built (``engine="python"``
    forces the pure-Python search, the reference the core is tested against).
    ``strategy`` is ``"auto"`` (the game's portfolio) or one search:
    ``"best"``, ``"dfs"``, ``"greedy"``, ``"playouts"``, ``"nested"`` (nested
    rollouts, level 1, with the playout policy) (the core's modes) or
    ``"staged"`` (redeal planning) or ``"beam"`` (a beam over the stock's
    turns), both in :mod:`.staged`, or ``"layers"``, the complete search
    layer by layer (:func:`.layered.layers`), which raises
    :class:`.layered.NotLayered` for a game it cannot take. ``deadends`` turns the core's dead-end
    test on (:func:`.core.deadends`); a ``lost`` it helped find is re-checked
    by the same call without it; ``waste`` turns the core's waste test on
    (:func:`.core.waste_test`) in the same way. ``card_by_card`` turns a one-pass stock
    card by card in depth-first search instead of by macro moves
    (:func:`.core.macros`): the same verdicts over more positions, to
    re-check one without that shortcut. ``fingerprints``: depth-first search
    keeps fingerprints of positions, not positions (:func:`.core.search`):
    it goes further under the memory limit, and a ``lost`` it finds carries
    ``Result.fingerprints``, a chance of being wrong. ``level``: the nested rollouts'
    level with ``strategy="nested"`` (0-4; 0 is playouts with the policy, 2
    wins some St. Helena deals in seconds that redeal planning needs
    minutes for: docs/history.md); any other strategy refuses a level
    but 1. ``checkpoint`` (with ``strategy="dfs"``): a file in which the
    depth-first search keeps its progress between calls, so that a long
    search can be run in pieces (:func:`.core.search`); with
    ``strategy="layers"``, a folder (:func:`.layered.layers`); ``max_states``
    then counts from the first piece. ``shorten``: a solution found is
    shortened into one a player would follow (:mod:`.shorten`); False keeps
    the search's own line (a study that wants only the verdict, a figure of
    the search itself).
    """
    from . import core

    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    if level != 1 and strategy != "nested":
        raise ValueError(f"a level is for nested rollouts (strategy 'nested'), not strategy {strategy!r}")
    if not 0 <= level <= 4:
        raise ValueError(f"nested rollouts have a level of 0 to 4, not {level!r}")
    if checkpoint is not None:
        if strategy not in ("dfs", "layers"):
            raise ValueError("a checkpoint is kept by depth-first search (strategy 'dfs') and the layered search "
                             f"(strategy 'layers'), not {strategy!r}")
        if not core.available or engine == "python" or progress is not None:
            raise ValueError("a checkpoint is kept by the compiled core's depth-first search only")
    with collector_paused():
        if core.available and progress is None and engine != "python":
            try:
                with core.deadends(deadends), core.waste_test(waste), core.macros(not card_by_card), \
                        core.fingerprints(fingerprints):
                    if checkpoint is not None and strategy == "layers":
                        from .layered import layers

                        result = layers(state, budget=budget, max_states=max_states, checkpoint=checkpoint)[0]
                    elif checkpoint is not None:
                        result = core.search(state, budget=budget, max_states=max_states, mode="dfs",
                                             checkpoint=checkpoint)
                    else:
                        result = _run_core(core, state, budget, max_states, strategy, level)
            except core.NotCompilable:
                result = Search(state, budget=budget, max_states=max_states).run()
        else:
            result = Search(state, budget=budget, max_states=max_states, progress=progress).run()
    if result.verdict == WON and not replays_to_win(state, result.moves):
        raise AssertionError("solver bug: its solution does not replay to a win")
    if result.verdict == WON and shorten:
        from .shorten import shorten as shortened

        result.moves = shortened(state, result.moves)
    return result


def search_plan(state: State) -> SearchPlan:
    """The steps ``solve`` runs on ``state`` with ``strategy="auto"``: the
    game's declared ``search_plan``, or :data:`napoleon.engine.searching.DEFAULT_PLAN`."""
    return state.game.search_plan or DEFAULT_PLAN


def _run_core(core, state: State, budget: float | None, max_states: int | None, strategy: str,
              level: int = 1) -> Result:
    if strategy != "auto":
        return _run_mode(core, state, budget, max_states, strategy, None, level)
    total = Result(UNKNOWN)
    start = time.perf_counter()
    for step in search_plan(state):
        left = None if budget is None else max(budget - (time.perf_counter() - start), 0.0)
        if left is None:
            slice_ = None if step.complete else INCOMPLETE_STEP_CAP
        else:
            slice_ = left * step.share
            if slice_ <= 0:
                break
        result = _run_mode(core, state, slice_, max_states, step.mode, step.weights)
        total.states += result.states
        total.out_of_memory |= result.out_of_memory
        if result.verdict != UNKNOWN:
            result.states = total.states
            result.seconds = time.perf_counter() - start
            return result
    total.seconds = time.perf_counter() - start
    return total


def _run_mode(core, state: State, budget: float | None, max_states: int | None, mode: str,
              weights: tuple[int, ...] | None, level: int = 1) -> Result:
    if mode == "staged":
        from .staged import staged_search

        return staged_search(state, budget=budget, max_states=max_states)
    if mode == "beam":
        from .staged import beam_search

        return beam_search(state, budget=budget, max_states=max_states)
    if mode == "layers":
        from .layered import layers

        return layers(state, budget=budget, max_states=max_states)[0]
    return core.search(state, budget=budget, max_states=max_states, mode=mode, weights=weights, level=level)


def solve_json(position: dict[str, Any], budget: float | None = None, max_states: int | None = None) -> dict[str, Any]:
    """Solve a position given as JSON and answer in JSON (for worker processes)."""
    from ..games import position_from_json

    state = position_from_json(position)
    result = solve(state, budget=budget, max_states=max_states)
    return result_json(state, result)


def result_json(state: State, result: Result) -> dict[str, Any]:
    """``{"verdict", "moves", "states", "seconds", ...}`` for a result from ``state``
    (``out_of_memory``: an unknown that the memory limit ended, not the budget;
    ``fingerprints``: a lost from a search that kept fingerprints of positions)."""
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
        "out_of_memory": result.out_of_memory,
        "fingerprints": result.fingerprints,
    }
