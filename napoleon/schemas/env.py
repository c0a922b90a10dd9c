"""What napoleon reads from the environment: ``NAPOLEON_MEMORY``.

Kept apart from the other schemas so that the solver, which reads it when
it is imported, needs nothing else of this package.
"""

from __future__ import annotations

import math
import re

from .base import SchemaError

MEMORY_UNITS = {"": 1, "K": 2**10, "M": 2**20, "G": 2**30, "T": 2**40}
MAX_MEMORY = 2**50
"""The largest memory limit taken (1 PiB): more is no limit in all but name, and says a mistake."""
_MEMORY_RE = re.compile(r"([0-9]{1,16}(?:\.[0-9]{1,6})?)([KMGT]?)(?:I?B)?", re.ASCII)


def parse_memory(text: str) -> int:
    """Bytes from ``12G``, ``800M``, ``1.5GiB``, ``64K`` or a plain number of bytes (``0``: no limit).

    Anything else raises SchemaError (a ValueError) saying what is taken.

    >>> parse_memory("12G"), parse_memory("800MB"), parse_memory("0"), parse_memory("64k")
    (12884901888, 838860800, 0, 65536)
    """
    m = _MEMORY_RE.fullmatch(text.strip().upper())
    if m is None:
        raise SchemaError(f"not an amount of memory: {text[:40]!r} (say 12G, 800M, 64K, a number of bytes, "
                          "or 0 for no limit)")
    value = float(m.group(1)) * MEMORY_UNITS[m.group(2)]
    if not math.isfinite(value) or value > MAX_MEMORY:
        raise SchemaError(f"not an amount of memory: {text[:40]!r} is more than 1 PiB")
    return int(value)
