"""How much memory searches may take: one limit for the machine, shared out among the processes searching.

A complete search holds every position it has visited, and a long one can
outgrow the machine: at its limit a search stops and answers ``unknown``
(``Result.out_of_memory``) instead of growing until the system kills the
process. ``NAPOLEON_MEMORY`` sets the total for the machine; each pool of
searching processes gives each its share (:func:`share_memory`).
"""

from __future__ import annotations

import os
import sys

from ..schemas.env import parse_memory
from .compiled import _core

MEMORY_SHARE = 0.6
"""The share of the machine's memory that all the searches running on it may
take together, unless the environment variable ``NAPOLEON_MEMORY`` says how
much (``12G``, ``800M``, a number of bytes, or ``0`` for no limit). The rest
is left for Python's own objects (redeal planning keeps up to
``staged.KEPT_BYTES`` of searches beside the one running) and for everything
else on the machine."""

def format_memory(nbytes: int) -> str:
    """An amount of memory for people (below 1 MiB in KiB, below 1 KiB in bytes: never "0.0 MiB").

    >>> format_memory(14 * 2**30 + 2**29), format_memory(2 << 20), format_memory(0), format_memory(1024)
    ('14.5 GiB', '2.0 MiB', 'no limit', '1.0 KiB')
    >>> format_memory(100)
    '100 bytes'
    """
    if not nbytes:
        return "no limit"
    if nbytes >= 2**30:
        return f"{nbytes / 2**30:.1f} GiB"
    if nbytes >= 2**20:
        return f"{nbytes / 2**20:.1f} MiB"
    return f"{nbytes / 2**10:.1f} KiB" if nbytes >= 2**10 else f"{nbytes} bytes"


def physical_memory() -> int | None:
    """The machine's memory in bytes, or None where the system does not say."""
    try:
        pages, size = os.sysconf("SC_PHYS_PAGES"), os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return None
    return pages * size if pages > 0 and size > 0 else None


def search_memory() -> int:
    """What all the searches on this machine may take together, in bytes (0:
    no limit): ``NAPOLEON_MEMORY`` if set, else :data:`MEMORY_SHARE` of the
    machine's memory (no limit where that is not known). A malformed
    ``NAPOLEON_MEMORY`` is said in one line on standard error and the default stands."""
    text = os.environ.get("NAPOLEON_MEMORY")
    if text:
        try:
            return parse_memory(text)
        except ValueError as exc:
            # One line for the person who set it, not a Python warning with a line of source.
            print(f"napoleon: warning: NAPOLEON_MEMORY ignored: {exc}; the default limit stands", file=sys.stderr)
    total = physical_memory()
    return int(total * MEMORY_SHARE) if total else 0


def memory_limit() -> int:
    """The memory each search started from now on may take, in bytes (0: no limit)."""
    return _core.memory_limit() if _core is not None else 0


def set_memory_limit(nbytes: int | None) -> None:
    """Let each search started from now on take at most ``nbytes`` (None or
    0: no limit). A complete search holds every position it has visited, and
    a long one can outgrow the machine: at the limit it stops and answers
    ``unknown`` with ``Result.out_of_memory`` set, instead of growing until
    the system kills the process. The limit bounds a search's own tables
    (positions, keys, moves); the process holds a little more."""
    if nbytes is not None and nbytes < 0:
        raise ValueError(f"a memory limit is a number of bytes, not {nbytes!r}")
    if _core is not None:
        _core.set_memory_limit(int(nbytes or 0))


def share_memory(processes: int, total: int | None = None) -> int:
    """Give this process its share of ``total`` bytes (None:
    :func:`search_memory`) as one of ``processes`` processes searching side
    by side: sets its limit and returns it (0: no limit).

    >>> share_memory(2, total=10_000_000_000)
    5000000000
    >>> memory_limit()
    5000000000
    >>> _ = share_memory(1)  # this process alone again
    """
    if processes < 1:
        raise ValueError(f"memory is shared among at least one process, not {processes!r}")
    total = search_memory() if total is None else total
    limit = total // processes
    set_memory_limit(limit)
    return limit


# One process searching alone, until a pool that runs several says otherwise.
share_memory(1)
