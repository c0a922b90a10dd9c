"""The complete search layer by layer (``csrc/layers.c``), for games whose layers never shrink.

:func:`layers` is the strategy ``"layers"`` of :func:`napoleon.solver.solve`;
:mod:`.core` keeps the other searches, and the switches, checkpoint tags and
limits this one shares with depth-first search. It reaches the extension
through ``core._core`` when it is called, as :mod:`.core`'s own searches do,
so that whatever stands in for the extension there stands in here too.
"""

from __future__ import annotations

import os
import time
from contextlib import nullcontext
from pathlib import Path
from typing import NamedTuple

from ..engine.errors import NapoleonError
from ..engine.move import Move
from ..engine.state import State
from . import core
from .search import Result


class NotLayered(NapoleonError, ValueError):
    """A game or position the layered search cannot take (its layers could shrink)."""


class LayerStats(NamedTuple):
    """What a layered search reports beside its result."""

    layers: int  # layers searched to their end
    largest: int  # positions in the largest of them
    largest_at: int  # which layer that was
    stored: int  # positions stored in all
    peak_bytes: int  # the most memory its tables held at once
    peak_held: int  # the positions they held then

    @property
    def bytes_a_position(self) -> float:
        """The memory a position held took at the peak, its share of the tables."""
        return self.peak_bytes / self.peak_held if self.peak_held else 0.0


def layers(state: State, budget: float | None = None, max_states: int | None = None,
           folder: str | os.PathLike[str] | None = None, log: str | os.PathLike[str] | None = None,
           deadends: bool | None = None, waste: bool | None = None, macros: bool | None = None,
           checkpoint: str | os.PathLike[str] | None = None) -> tuple[Result, LayerStats]:
    """The complete search layer by layer (``csrc/layers.c``) from ``state``.

    The layer of a position is its cards home plus twice the cards turned
    from the stock less the cards on the waste: no move lowers it where no
    redeal is left and only the stock's turns put cards on the one waste,
    and only moves between columns (and other piles) keep it. Each layer is
    searched whole, its moves into later layers kept in their tables, and
    then forgotten, so the memory goes by the largest layers waiting at
    once, with exact keys (a ``lost`` is a proof, up to the shortcuts
    depth-first search takes too: safe auto-play, the stock's macro moves,
    and the dead-end tests when ``deadends`` or ``waste`` ask for them;
    None: as the enclosing blocks say). Each position stored writes a
    10-byte record (its parent and move) to a file in ``folder`` (None: a
    temporary folder), so that a win comes with its line; the files are
    removed at the end. ``log``: a file that gets a line per layer finished.
    At the memory limit (:func:`.core.set_memory_limit`) the waiting layers go to
    files in ``folder`` and come back in their turn (the disk then holds
    their keys and every move into them, duplicates included: some 60
    bytes each); only a layer that does not fit by itself ends the search,
    unknown with ``out_of_memory``. Raises :class:`NotLayered` for a game or position
    whose layers could shrink (a redeal left, more than one waste pile, cards
    put on the waste by other moves), saying which.

    ``checkpoint``: a folder (made if missing; instead of ``folder``) that
    keeps the search between runs, as depth-first search's checkpoint file
    does (:func:`.core.search`): a search that stops short (budget, ``max_states``,
    which counts from the first run, the memory limit, an interrupt) leaves
    its layers, records and ``layers.state`` there; a run with the same
    code, tables, position and settings takes it up at the position it
    stopped at, and the runs together visit exactly the positions one run
    would. A search that ends empties it of its files. A run killed without
    stopping leaves no ``layers.state`` (the files change as it runs), and
    the next starts afresh. Another search's checkpoint raises
    :class:`.core.CheckpointError` and is left as it is.
    """
    import tempfile

    deadends, waste, macros = core._shortcuts(deadends, waste, macros)
    args = core._search_args(state, budget, max_states)
    tag: tuple = ()
    if checkpoint is not None:
        Path(checkpoint).mkdir(parents=True, exist_ok=True)
        tag = (core.checkpoint_tag(state, deadends, macros, False, waste) + b"layers",)
    start = time.perf_counter()
    with (nullcontext(os.fsdecode(checkpoint)) if checkpoint is not None
          else tempfile.TemporaryDirectory(prefix="napoleon-layers-", dir=folder)) as where:
        try:
            verdict, moves, states, stats = core._core.layers(
                *args, core._deadend_bits(deadends, waste), bool(macros), os.fsencode(where),
                os.fsencode(log) if log is not None else b"", *tag)
        except NotImplementedError as exc:
            raise NotLayered(f"{state.game.id}: {exc}") from None
        except (ValueError, OSError) as exc:
            if not tag:
                raise
            raise core._checkpoint_error(checkpoint, exc) from exc
    name = core.verdict_of(verdict)
    result = Result(name, [Move(*m) for m in moves], states, time.perf_counter() - start, verdict in (0, 1),
                    verdict == core.STOPPED_MEMORY)
    return result, LayerStats(*stats)
