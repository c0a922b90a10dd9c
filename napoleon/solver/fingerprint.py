"""A digest of the package's own sources: what names the code that decides a deal.

A study stores its results under the solver's fingerprint (:func:`napoleon.study.solver_fingerprint`,
the first 12 hex digits), and a depth-first search's checkpoint carries a digest of the same
sources with the compiled core's headers, so that other code never takes either up.
"""

from __future__ import annotations

import functools
import hashlib
from pathlib import Path

FINGERPRINTED = ("solver", "engine", "games", "shuffle.py", "cards.py")
"""The code whose every change may change a verdict (under napoleon/)."""


@functools.lru_cache(maxsize=4)
def source_digest(suffixes: tuple[str, ...] = (".py", ".c")) -> str:
    """SHA-256 (hex) over the files of :data:`FINGERPRINTED` whose names end in ``suffixes``."""
    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for name in FINGERPRINTED:
        base = root / name
        files = sorted(p for p in base.rglob("*") if p.suffix in suffixes) if base.is_dir() else [base]
        for path in files:
            digest.update(path.relative_to(root).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()
