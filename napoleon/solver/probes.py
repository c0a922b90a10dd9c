"""The compiled core's single steps, read one at a time: its moves, keys, dead-end tests,
projections, auto-play and redeal, each from one position.

Nothing in the package plays or searches through these: they are the surface on which the
tests hold the core (``csrc/``) to the Python engine, and on which benchmarks walk a search by
hand. :mod:`.core`, :mod:`.exploration` and :mod:`.layered` keep the searches. Each probe
reaches the extension through ``core._core`` when it is called, so the WebAssembly build
standing in for it (:func:`.wasm.standing_in`) answers the probes too. (The estimator's random probes are another thing: :mod:`.estimate`.)
"""

from __future__ import annotations

from ..engine.move import Move
from ..engine.state import State
from . import core
from .search import Pruned


def core_redeal(state: State) -> tuple[list[list[int]], int]:
    """The piles and redeal count after a redeal as the core carries it out (to test it against the engine)."""
    return core._core.redeal(*core._position(state))


def core_moves(state: State) -> list[Move]:
    """The legal moves as the core generates them (to test it against the engine)."""
    return [Move(*m) for m in core._core.moves(*core._position(state))]


def core_dfs_moves(state: State) -> list[list[Move]]:
    """The moves depth-first search tries from ``state``, in its order, each
    as the plain moves it stands for: a macro move of the stock (``csrc/core.h``,
    A7) as its turns and then its play (to test them against the engine)."""
    lines = core._core.dfs_moves(*core._position(state))
    return [[Move(*m) for m in line] for line in lines]


def core_key(state: State, root_redeals: int | None = None) -> tuple[bytes, int]:
    """The core's canonical key of ``state`` and its 64-bit hash (``csrc/keys.c``),
    the stock keyed as a suffix of the stock of a search begun at
    ``root_redeals`` redeals (None: this position's own count), to test that
    the hash tells positions apart exactly as the key does."""
    root = state.redeals if root_redeals is None else root_redeals
    return core._core.key(*core._position(state), root)


def core_playout_check(state: State, max_states: int, seed: int = 1) -> int:
    """Run the core's playouts from ``state`` for ``max_states`` positions,
    checking at every move that the map of tops and the pile hashes they keep
    from move to move are those of the position made afresh (``csrc/nested.c``).
    The positions checked; an AssertionError names the first that differs."""
    return core._core.playout_check(*core._search_args(state, None, max_states), seed)


def core_dead_end(state: State) -> bool:
    """Whether the core's dead-end test (``csrc/deadend.c``) proves ``state`` lost."""
    return core._core.dead_end(*core._position(state))


def core_waste_dead(state: State) -> bool:
    """Whether the core's waste test (``csrc/wastedead.c``) proves ``state`` lost."""
    return core._core.waste_dead(*core._position(state))


def core_project(state: State, kept: set[int]) -> list[list[int]]:
    """The piles of ``state``'s projection onto the suits ``kept`` as the core makes it
    (``csrc/projection.c``), to test it against :func:`.projection.project`."""
    mask = sum(1 << s for s in kept)
    return core._core.project(*core._position(state), state.game.total_cards, mask)


def core_projection_lost(state: State, size: int, cap: int) -> tuple[bool, Pruned]:
    """Whether the core finds some projection of ``state`` onto ``size`` suits lost (each searched
    depth-first to at most ``cap`` positions, as :func:`.core.search` asks them), and what that took."""
    core._projections_refused(state, "dfs")
    lost, done = core._core.projection_lost(*core._position(state), state.game.total_cards, size, cap,
                                            core._deadend_bits(core.deadends.on, core.waste_test.on),
                                            core.macros.on)
    return lost, Pruned(*done)


def core_autoplay(state: State) -> list[Move]:
    """The moves the core's auto-play makes from ``state`` (state untouched)."""
    return [Move(*m) for m in core._core.autoplay(*core._position(state))]


def core_layer(root: State, state: State) -> int:
    """``state``'s layer in a layered search from ``root`` (:func:`.layered.layers`), to test that no move lowers it."""
    rules, root_piles, redeals = core._position(root)
    return core._core.layer(rules, root_piles, [p[:] for p in state.piles], redeals)
