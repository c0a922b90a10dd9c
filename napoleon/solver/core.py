"""The compiled search core, fed with the Python engine's own rule tables.

The C sources are in ``csrc/`` (``core.h`` says which file holds what, and
lists the assumptions about the rules that the core checks as it reads the
tables). ``encode_rules`` flattens what :class:`~napoleon.engine.game.Game` compiled
from a game's rule data (fit tables, spaces, the routes each pile's
cards may take in each phase, whole-pile moves, waste piles in play,
interchangeable piles, safe auto-play) into a list of integers that
``csrc/rules.c`` reads in the same order, headed by :data:`TABLE_VERSION`. Every game's
redeal is data (``Game.redeal_order``) that the engine and the core both carry out, so no
rule is written twice and no search calls back into Python. The hooks that the
tables are read from (``routes``, ``active_wastes``, ``symmetric_groups``,
``autoplay_allowed``) may depend on the number of redeals used only; that is
how a "phase" is defined here.

If the extension is not built (no C compiler), :data:`available` is False and
the solver uses its pure-Python search instead.
"""

from __future__ import annotations

import hashlib
import inspect
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from ..engine.autoplay import autoplay_allowed, supporters
from ..engine.errors import NapoleonError
from ..engine.game import UNLIMITED, Game
from ..engine.move import Move
from ..engine.rules import Foundation
from ..engine.state import State
from .compiled import TABLE_VERSION as TABLE_VERSION
from .compiled import _core as _core
from .compiled import available as available
from .fingerprint import source_digest
from .memory import MEMORY_SHARE as MEMORY_SHARE
from .memory import format_memory as format_memory
from .memory import memory_limit as memory_limit
from .memory import physical_memory as physical_memory
from .memory import search_memory as search_memory
from .memory import set_memory_limit as set_memory_limit
from .memory import share_memory as share_memory
from .projectable import refusal
from .search import LOST, UNKNOWN, WON, Pruned, Result, Verdict

MAX_PHASES = 6
MAX_PILES = 32


STOPPED_MEMORY = -3
"""The core's verdict for a search stopped at the memory limit (csrc/core.h)."""



class CheckpointError(NapoleonError, ValueError):
    """A checkpoint file that cannot be taken up or written (it is left as it was)."""


def _checkpoint_error(checkpoint: str | os.PathLike[str], exc: Exception) -> CheckpointError:
    """The core's refusal or failure of a checkpoint, said with the checkpoint's name."""
    reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return CheckpointError(f"checkpoint {os.fsdecode(checkpoint)}: {reason}")


class NotCompilable(Exception):
    """The game's tables do not fit the core's fixed limits."""


def _phase_state(game: Game, redeals: int) -> State:
    s = State(game, 1)
    s.redeals = redeals
    return s


def _phase(game: Game, redeals: int) -> tuple:
    s = _phase_state(game, redeals)
    routes = tuple(
        tuple((bool(first_only), bool(runs), tuple(dsts)) for first_only, runs, dsts in game.routes(s)[p])
        for p in range(game.npiles)
    )
    return routes, tuple(game.active_wastes(s)), autoplay_allowed(s), tuple(map(tuple, game.symmetric_groups(s)))


@lru_cache(maxsize=64)
def encode_rules(game: Game) -> list[int]:
    """The flat table list that ``csrc/rules.c``'s ``read_rules`` reads.

    Raises :class:`NotCompilable` when the game breaks one of the core's
    assumptions (``csrc/core.h``): the solver then uses the Python search."""
    if game.npiles > MAX_PILES:
        raise NotCompilable(f"{game.id} has more than {MAX_PILES} piles")
    limit = game.max_redeals
    last = 1 if limit == UNLIMITED else limit
    phases = [_phase(game, r) for r in range(min(last, MAX_PHASES - 1) + 1)]
    # Later phases must all equal the last one kept (the core reuses it).
    for r in range(len(phases), min(last, 3 * MAX_PHASES) + 1):
        if _phase(game, r) != phases[-1]:
            raise NotCompilable(f"{game.id}: rules change after {MAX_PHASES} redeals")
    out: list[int] = [
        TABLE_VERSION,
        game.npiles,
        -1 if game.stock is None else game.stock,
        game.decks,
        limit,
        int(game.redeal_needs_empty_stock),
        len(phases),
        len(game.foundations), *game.foundations,
        len(game.sources), *game.sources,
    ]
    for p in range(game.npiles):
        rule = game.groups[game.pile_group[p]].rule
        limit_p = min(1 << 20, game.limit[p])
        group = game.group_piles[game.pile_group[p]]
        out += [limit_p, int(game.one_per_suit[p]), int(game.runs[p]), int(isinstance(rule, Foundation)),
                len(group), *group, _mask(game.space[p])]
        fit = game.fit[p]
        out += [_mask(fit[t]) if fit is not None else 0 for t in range(64)]
    for by_pile, wastes, auto, sym in phases:
        for targets in by_pile:
            out.append(len(targets))
            for first_only, runs, dsts in targets:
                out += [int(first_only), int(runs), len(dsts), *dsts]
        out += [len(wastes), *wastes, int(auto), len(sym)]
        for group in sym:
            out += [len(group), *group]
    out.append(len(game.whole_moves))
    for src, dsts in game.whole_moves:
        out += [src, len(dsts), *dsts]
    out += [_mask(s) for s in supporters(game)]
    gather = game.role_piles.get(game.redeal_gathers, []) if game.redeal_gathers else []
    out += [len(gather), *gather]
    order = game.redeal_order()  # carried out in the core from the same data as in the engine
    if order is None:
        out += [0, 0, 0, 0, 0]
    else:
        play_ups = order.play_ups or ()
        out += [len(order.gather), *order.gather, len(order.deal_to), *order.deal_to, int(order.bottom_first),
                int(order.play_ups is not None), len(play_ups), *play_ups]
    if _core is not None:
        try:  # the core checks its assumptions about the rules (csrc/core.h) as it reads them
            _core.moves(out, [[] for _ in range(game.npiles)], 0)
        except NotImplementedError as exc:
            raise NotCompilable(f"{game.id}: {exc}") from None
    return out


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _refuse_search(state: State, mode: str, limited: float | None, fingerprints: bool | None,
                   checkpoint: object, projections: tuple[int, int, int] | None) -> None:
    """Raise ValueError for a combination of :func:`search`'s arguments it cannot honour."""
    if fingerprints and mode != "dfs":
        raise ValueError(f"fingerprints are for depth-first search, not {mode!r}")
    if checkpoint is not None and mode != "dfs":
        raise ValueError(f"only depth-first search keeps a checkpoint, not {mode!r}")
    if projections is not None:
        _projections_refused(state, mode, checkpoint)
    if mode in ("playouts", "nested") and not limited:
        raise ValueError(f"{mode} never end by themselves: give a budget or max_states")


def _projections_refused(state: State, mode: str, checkpoint: object = None) -> None:
    """Raise ValueError where projections may not prune ``state``'s search: the C core asks
    :func:`.projectable.refusal`'s question of no game itself."""
    if mode != "dfs" or checkpoint is not None:
        raise ValueError("projections are asked by depth-first search only, without a checkpoint")
    why = refusal(state.game)
    if why:
        raise ValueError(f"a projection's loss proves nothing in this game: {why}")


CORE_SEARCHES = {"dfs": 0, "best": 1, "greedy": 2, "playouts": 3, "nested": 4}
"""The searches of :data:`~napoleon.engine.searching.MODES` that :func:`search` runs, each by the
number the C core knows it by (staged and beam searches are :mod:`.staged`'s, over :mod:`.exploration`)."""


class Switch:
    """An on/off setting of the core's searches, for the block it is used in: ``with
    core.deadends(True):``; ``core.deadends.on`` is the setting in force here (a ContextVar, so
    that each thread and task keeps its own). Each switch's own docstring says what it does."""

    def __init__(self, name: str, default: bool, doc: str) -> None:
        self._var: ContextVar[bool] = ContextVar(name, default=default)
        self.__doc__ = inspect.cleandoc(doc)

    @property
    def on(self) -> bool:
        """Whether the switch is on in this thread or task."""
        return self._var.get()

    @contextmanager
    def __call__(self, on: bool = True) -> Iterator[None]:
        token = self._var.set(on)
        try:
            yield
        finally:
            self._var.reset(token)


_DEADENDS = deadends = Switch("deadends", False, """
    Within this block, core searches run with the dead-end test on (or off).

    The test (``csrc/deadend.c``) proves a position lost when some set of
    cards can never move again; it is sound (``tests/solver/test_deadends.py``)
    and cuts positions, but on the full games it costs more time than it
    saves (docs/benchmarks.md), so it is off unless asked for. A ``lost``
    found with it is re-checked by the same search without it.
    """)

_WASTE = waste_test = Switch("waste_test", False, """
    Within this block, core searches run with the waste test on (or off).

    The test (``csrc/wastedead.c``) proves a position of a one-pass stock
    lost when, at the moment some card of the waste must leave it, the cards
    that must then lie in the columns need more columns than there are
    (one more if that card can only go into a space); its argument is
    written out there. It is sound (``tests/solver/test_deadends.py``) and
    apart from the dead-end test (:func:`deadends`): either, both or neither.
    """)

_MACROS = macros = Switch("macros", True, """
    Within this block, depth-first search turns a one-pass stock by macro
    moves (on, the default) or card by card (off): the same verdicts (A7 in
    ``csrc/core.h``, ``tests/solver/test_macro_moves.py``), the second over
    several times the positions, to re-check a verdict without the shortcut.""")

_FINGERPRINTS = fingerprints = Switch("fingerprints", False, """
    Within this block, depth-first search keeps fingerprints of the
    positions it has seen instead of the positions (see :func:`search`).""")


def _deadend_bits(deadends: bool, waste: bool) -> int:
    """The core's Ctx.deadends: which dead-end tests run (csrc/core.h)."""
    return int(bool(deadends)) | 2 * int(bool(waste))


DEFAULT_WEIGHTS = (40, 3, 12, 0, 8, 0)


def verdict_of(code: int) -> Verdict:
    """The verdict a core search's code stands for (1 won, 0 lost, anything else unknown)."""
    return {1: WON, 0: LOST}.get(code, UNKNOWN)


def _position(state: State) -> tuple[list[int], list[list[int]], int]:
    """The core's arguments for ``state``: its game's tables, a copy of its piles, its redeals."""
    return encode_rules(state.game), [p[:] for p in state.piles], state.redeals


def _search_args(state: State, budget: float | None, max_states: int | None) -> tuple:
    """The arguments every core search starts with: tables, position, limits.

    Raises :class:`NotCompilable` where the core is not built, so that every
    search's caller falls back as it does for a game the core cannot take."""
    if _core is None:
        raise NotCompilable("the compiled search core is not built")
    return (*_position(state), state.game.total_cards, float(budget or 0.0), int(max_states or 0))


def checkpoint_tag(state: State, deadends: bool, macros: bool, fingerprints: bool, waste: bool = False) -> bytes:
    """What names a depth-first search for its checkpoint: a digest of the
    sources that decide a deal (the compiled core's headers too), the game's
    tables, the position and the settings that change which positions it
    visits. A checkpoint with another tag is refused."""
    digest = hashlib.sha256(source_digest((".py", ".c", ".h")).encode())
    digest.update(repr((encode_rules(state.game), state.piles, state.redeals, state.game.total_cards,
                        bool(deadends), bool(macros), bool(fingerprints), bool(waste))).encode())
    return digest.digest()


def _shortcuts(deadends: bool | None, waste: bool | None, macros: bool | None) -> tuple[bool, bool, bool]:
    """The dead-end tests and macro moves a search runs with: each as asked, or None as its enclosing block says."""
    return (_DEADENDS.on if deadends is None else deadends, _WASTE.on if waste is None else waste,
            _MACROS.on if macros is None else macros)


def search(state: State, budget: float | None = None, max_states: int | None = None, mode: str = "best",
           weights: tuple[int, ...] | None = None, deadends: bool | None = None, level: int = 1,
           policy: bool = True, seed: int = 0, macros: bool | None = None, fingerprints: bool | None = None,
           checkpoint: str | os.PathLike[str] | None = None, waste: bool | None = None,
           projections: tuple[int, int, int] | None = None) -> Result:
    """Run the compiled search from ``state``; same contract as :class:`.search.Search`.

    ``mode``: ``"best"`` expands the most promising position first (by a
    score read off the tables: cards home, cards in order, spaces);
    ``"dfs"`` goes depth-first and needs far less memory. Either visits every
    reachable position before it answers ``lost``. ``"greedy"`` is an
    incomplete best-first pass (every card that can go home does, one space
    stands for all) that can only answer ``won`` or ``unknown``; so is
    ``"playouts"``: randomised playouts, foundation moves first, and
    ``"nested"``: nested rollouts (Nested Monte Carlo Search, ``csrc/nested.c``)
    of ``level`` (0: playouts alone), whose playouts weigh moves by what they
    do unless ``policy`` is False (then they play as ``"playouts"`` does, which
    are level 0 without the policy), both from the random ``seed`` (0: the
    playouts' seed); the same arguments give the same search. Level 1 with
    the policy, the default, won the most deals for the fewest positions
    (docs/history.md). ``weights`` tune the best-first score: (card
    home, break in order, space, depth, break cap, depth of the cards the
    foundations need next). ``deadends=True``
    turns the dead-end test on (``csrc/deadend.c``: a set of cards that can
    never move again proves a position lost where no redeal is left); None:
    as the enclosing :func:`deadends` block says (off outside one).
    ``waste=True`` turns the waste test on (``csrc/wastedead.c``); None: as
    the enclosing :func:`waste_test` block says.
    ``macros``: depth-first search turns a one-pass stock by macro moves,
    "turn k cards, then play the k-th" (``csrc/core.h``, A7), and never
    stores a position with a turned card not yet played; False turns it card
    by card, the same verdict over more positions (to re-check one); None:
    as the enclosing :func:`macros` block says (on outside one).
    ``fingerprints`` (depth-first search only): keep two 64-bit hashes of each
    position seen instead of the position (on Forty Thieves 42 bytes a
    position where exact keys take about 210), so a search under the
    memory limit goes about five times as far; a ``lost`` is then wrong
    with a chance below states² / 2^129 (``csrc/core.h``, ``Seen``), and
    says so (``Result.fingerprints``). None: as the enclosing
    :func:`fingerprints` block says for depth-first search (off outside one).
    ``checkpoint`` (depth-first search only): a file that keeps the search's
    progress between runs. If it holds a checkpoint of this search (same
    code, tables, position and settings) the search is taken up where it
    stopped; if the search stops short (budget, ``max_states``, which counts
    from the first run, the memory limit, an interrupt) its progress is
    written there (beside it first, then renamed into place); a search that
    ends removes it. The runs together visit exactly the positions one run
    would. A file that is not this search's checkpoint raises ValueError and
    is left as it is.
    ``projections`` (depth-first search only, no checkpoint): ``(size, stock,
    cap)`` leaves out a position with at most ``stock`` cards in the stock
    (and no redeal left) when its projection onto some ``size`` suits (1 to
    3; :mod:`.projection` argues why that proves it lost) is lost by a
    depth-first search of at most ``cap`` positions, each
    projection searched once (``csrc/projection.c``); ``Result.projections``
    says what they did. Off by default: on Forty Thieves they cost more than
    they save (docs/benchmarks.md). A game where a projection's loss proves
    nothing (:func:`.projectable.refusal`) raises ValueError.
    """
    _refuse_search(state, mode, budget or max_states, fingerprints, checkpoint, projections)
    if fingerprints is None:
        fingerprints = mode == "dfs" and _FINGERPRINTS.on
    deadends, waste, macros = _shortcuts(deadends, waste, macros)
    kept: tuple = (None, b"")
    if checkpoint is not None:
        kept = (os.fsdecode(checkpoint),
                checkpoint_tag(state, deadends, macros, fingerprints, waste))
    start = time.perf_counter()
    try:
        verdict, moves, states, *pruned = _core.search(
            *_search_args(state, budget, max_states), CORE_SEARCHES[mode], tuple(weights or DEFAULT_WEIGHTS),
            _deadend_bits(deadends, waste), level, int(policy), seed, bool(macros), bool(fingerprints), *kept,
            tuple(projections or (0, 0, 0)),
        )
    except (ValueError, OSError) as exc:
        if checkpoint is None:
            raise
        raise _checkpoint_error(checkpoint, exc) from exc
    if mode in ("greedy", "playouts", "nested") and verdict == 0:
        verdict = -1  # the greedy pass may miss wins: finding none proves nothing
    name = verdict_of(verdict)
    return Result(name, [Move(*m) for m in moves], states, time.perf_counter() - start, verdict in (0, 1),
                  verdict == STOPPED_MEMORY, bool(fingerprints) and verdict == 0,
                  Pruned(*pruned[0]) if pruned else None)


def estimate_probes(state: State, budget: float, cap: int, probes: int, seed: int, deadends: bool, waste: bool,
                    macros: bool, commute: bool) -> tuple[list[float], bool, bool]:
    """The random probes of ``csrc/estimate.c`` from ``state`` (see :func:`.estimate.probe`): each
    probe's estimate as its natural logarithm, whether the whole search ended within ``cap`` (then
    the one "estimate" is its count), and whether a probe's search found a win."""
    args = _search_args(state, None, None)
    logs, _depths, exact, won, _spent, _secs = _core.estimate(
        *args[:4], float(budget), cap, probes, seed, _deadend_bits(deadends, waste), bool(macros), bool(commute))
    return list(logs), bool(exact), bool(won)
