"""The core's searches that the staged searches are made of: one deal, or the stock's turns.

:func:`explore` searches the current deal alone, best first, and keeps its
best positions; an :class:`Exploration` is such a search kept open, to be
taken further later. :func:`beam` is the beam over the stock's turns.
:mod:`.staged` builds redeal planning and its beam search on these;
:mod:`.core` keeps the complete searches and the switches these read.

Each reaches the extension through ``core._core`` when it is called, so that
the WebAssembly build standing in for it (:func:`.wasm.standing_in`) runs them too.
"""

from __future__ import annotations

import math
import time
from typing import NamedTuple

from ..engine.move import Move
from ..engine.state import State
from . import core
from .search import UNKNOWN, WON, Result

C_INT_MAX = 2**31 - 1
"""The largest count the core takes (a C int)."""


def beam(state: State, budget: float | None = None, max_states: int | None = None, width: int = 8,
         stage_states: int = 2000, keep: int = 8, weights: tuple[int, ...] | None = None) -> Result:
    """The beam over the stock's turns (``csrc/beam.c``), from ``state``.

    Each stage, every position of the beam is searched best first without
    turning the stock (at most ``stage_states`` positions); the ``keep``
    best of each search are pooled, and the ``width`` best of the pool each
    take every stock turn (or redeal) into the next stage. A round that runs
    out of positions starts again with twice the width. It only finds wins:
    ``won`` or ``unknown``. :func:`.staged.beam_search` is its front end.
    """
    if not budget and not max_states:
        raise ValueError("the beam search never ends by itself: give a budget or max_states")
    start = time.perf_counter()
    width, stage_states, keep = (min(int(x), C_INT_MAX) for x in (width, stage_states, keep))
    verdict, moves, states = core._core.beam(
        *core._search_args(state, budget, max_states), width, stage_states, keep,
        tuple(weights or core.DEFAULT_WEIGHTS), core._deadend_bits(core.deadends.on, core.waste_test.on))
    return Result(WON if verdict == 1 else UNKNOWN, [Move(*m) for m in moves], states, time.perf_counter() - start,
                  verdict == 1, verdict == core.STOPPED_MEMORY)


class Found(NamedTuple):
    """A position an :func:`explore` search kept."""

    line: list[Move]  # the moves that reach it from the searched position
    position: State
    home: int  # cards on the foundations
    score: int  # its best-first score
    redealt: bool = False  # chosen for what its redeal deals: home and score are after it


def explore(state: State, budget: float | None = None, max_states: int | None = None, keep: int = 10,
            weights: tuple[int, ...] | None = None, hold_stock: bool = False,
            redealt: int = 0, lookahead: int | None = None) -> tuple[Result, list[Found]]:
    """Search the current deal of ``state`` only (no redeal), best first.

    Returns the result (``won`` with its moves, else ``unknown``: a deal that
    cannot be won without a redeal proves nothing; ``complete`` says whether
    every position of the deal was visited) and the ``keep`` positions of the
    search with the most cards home, the best score first among equals.
    ``hold_stock`` turns no stock card either. The searches of
    :mod:`.staged` go on from these positions.

    With ``redealt`` > 0, ``keep`` more positions follow (``redealt`` set):
    the redeal points (not already kept) whose redeals look best. Up to
    ``redealt`` of them, evenly spread over the search, are redealt (and
    auto-played) and judged by the score of what the redeal dealt; their
    ``home`` and ``score`` are those after the redeal (``line`` and
    ``position`` stay before it). Inside a :func:`.core.deadends` block, positions
    the dead-end test proves lost are neither searched on nor kept.

    ``lookahead`` changes how fast, never what, it searches: once its table
    has that many slots, each position's children are looked up in it a
    pass ahead, so the lookups do not wait on memory one by one (None: the
    core's own threshold; 0: always; a huge number: never).

    It is an :class:`Exploration` run once: one that is kept can be taken
    further later without searching its first positions again.
    """
    return Exploration(state, weights, hold_stock, lookahead).run(budget, max_states, keep, redealt)


class Exploration:
    """A best-first search of one deal (as :func:`explore`) that can be taken
    further: each :meth:`run` goes on from where the last one stopped.

    The core stops a search only between positions, at counts that depend on
    the count alone, so running to 100,000 positions and then on to 200,000
    visits the same positions in the same order, and keeps the same ones, as
    running to 200,000 at once; only the first 100,000 are not searched
    twice. Redeal planning (:mod:`.staged`) asks for the same middle deals
    round after round, each time twice as deep. An exploration holds all it
    has visited (:attr:`nbytes`) until it is dropped.

    >>> from napoleon import new_game
    >>> ex = Exploration(new_game("st-helena", deal=2))
    >>> first, _ = ex.run(max_states=20_000, keep=3)
    >>> more, found = ex.run(max_states=40_000, keep=3)
    >>> once, again = explore(new_game("st-helena", deal=2), max_states=40_000, keep=3)
    >>> (first.states, more.states, ex.states, once.states)
    (20480, 20480, 40960, 40960)
    >>> [f.line for f in found] == [f.line for f in again]
    True
    """

    def __init__(self, state: State, weights: tuple[int, ...] | None = None, hold_stock: bool = False,
                 lookahead: int | None = None) -> None:
        self.state = state.copy()
        rules, piles, redeals, total, _budget, _cap = core._search_args(state, None, None)
        self._handle = core._core.exploration(
            rules, piles, redeals, total, tuple(weights or core.DEFAULT_WEIGHTS), bool(hold_stock),
            core._deadend_bits(core.deadends.on, core.waste_test.on),
            -1 if lookahead is None else min(int(lookahead), 1 << 62))
        self.states = 0  # positions visited so far, from the start
        self.complete = False  # won, or every position visited: nothing more to search
        self._asked = 0  # the largest cap run to (inf: none)

    def fresh_for(self, max_states: int | None) -> bool:
        """Whether a run to ``max_states`` answers exactly what a new search
        run to it at once would: when it is no smaller than any cap run to
        before (a search stopped at a larger one has gone past where a new
        one would stop), or the search has nothing more to visit."""
        return self.complete or (math.inf if not max_states else max_states) >= self._asked

    @property
    def nbytes(self) -> int:
        """The memory the search holds, in bytes."""
        return core._core.exploration_bytes(self._handle)

    def run(self, budget: float | None = None, max_states: int | None = None, keep: int = 10,
            redealt: int = 0) -> tuple[Result, list[Found]]:
        """Take the search on to ``max_states`` positions in all (None: to
        the end) within ``budget`` seconds, then answer as :func:`explore`
        does, except that the result's ``states`` counts only the positions
        this run visited. A cap at or below :attr:`states` searches nothing
        more: what it answers is then what a search run to the larger cap at
        once would answer."""
        start = time.perf_counter()
        # The core counts these in C ints; no search holds that many positions, so
        # a larger width (redeal planning doubles its widths round after round)
        # means the same as the largest int.
        keep, redealt = min(keep, C_INT_MAX), min(int(redealt), C_INT_MAX)
        verdict, moves, states, found = core._core.explore_more(self._handle, float(budget or 0.0),
                                                                int(max_states or 0), keep, redealt)
        visited, self.states = states - self.states, states
        self._asked = max(self._asked, math.inf if not max_states else max_states)
        self.complete = verdict in (0, 1)  # the deal was won, or all of its positions were visited
        result = Result(WON if verdict == 1 else UNKNOWN, [Move(*m) for m in moves], visited,
                        time.perf_counter() - start, self.complete, verdict == core.STOPPED_MEMORY)
        kept = []
        for path, home, score, lane in found:
            # Replayed through the engine, so each position is a full State.
            s = self.state.copy()
            line = [Move(*m) for m in path]
            for m in line:
                s.push(m)
            kept.append(Found(line, s, home, score, bool(lane)))
        return result, kept
