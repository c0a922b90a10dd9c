"""The command line's values: each argument that is a number or an id, as a bounded type.

Arguments are text; each type here reads ASCII digits only (``٣`` is not
3) with a range, so that ``--deal 0``, a 5,000-digit ``--max-states`` or
``--budget nan`` is one line of error, never a traceback.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from ..shuffle import MAX_DEAL
from .base import SchemaError
from .values import ID_RE, deal_from_text

_INT = re.compile(r"[0-9]{1,24}")
_NUMBER = re.compile(r"[0-9]{1,12}(?:\.[0-9]{1,9})?")
MAX_BUDGET = 1e6
"""The longest search budget a command takes (seconds; about 11 days)."""

def whole(what: str, low: int, high: int) -> Callable[[str], int]:
    """A reader of a whole number from ``low`` to ``high`` (``what`` names it in the error)."""
    def read(text: str) -> int:
        t = text.strip()
        if not _INT.fullmatch(t) or not low <= int(t) <= high:
            raise SchemaError(f"{what} must be from {low} to {high} (a whole number), not {text[:30]!r}")
        return int(t)
    return read

def seconds(what: str, high: float = MAX_BUDGET) -> Callable[[str], float]:
    """A reader of a number of seconds above 0 and at most ``high``."""
    def read(text: str) -> float:
        t = text.strip()
        value = float(t) if _NUMBER.fullmatch(t) else math.nan
        if not 0 < value <= high:
            raise SchemaError(f"{what} must be a number of seconds above 0 and at most {high:g}, not {text[:30]!r}")
        return value
    return read

def game_id(text: str) -> int:
    """A game's id as ``napoleon history`` lists it: ASCII digits, no leading zero (as in the web app's URLs)."""
    if not ID_RE.fullmatch(text.strip()):
        raise SchemaError(f"a game's id is its number as the history lists it (digits, no leading zero), "
                          f"not {text[:30]!r}")
    return int(text)


def deal_number(text: str) -> int:
    """A deal number, 1 to MAX_DEAL, spelled as the web API and game files spell it (no leading zero)."""
    try:
        return deal_from_text(text)
    except ValueError:
        raise SchemaError(f"deal number must be from 1 to {MAX_DEAL}, digits with no leading zero, "
                          f"not {text[:30]!r}") from None

MAX_STUDY_DEALS = 10_000_000
"""The most deals one set of deal ranges may name (a study of ten million deals is days of a cluster)."""
_RANGE = re.compile(r"([0-9]{1,24})(?:-([0-9]{1,24}))?")


def deal_ranges(text: str) -> list[int]:
    """``"1-100"``, ``"7"`` or ``"1-10,50-60"`` -> the deal numbers, in order, once each.

    ASCII digits only; each range first to last within 1..MAX_DEAL; at most
    :data:`MAX_STUDY_DEALS` deals in all, counted before any list is made.

    >>> deal_ranges("3-5,4,9")
    [3, 4, 5, 9]
    """
    spans: list[tuple[int, int]] = []
    total = 0
    for part in text.split(","):
        match = _RANGE.fullmatch(part.strip())
        if not match:
            raise SchemaError(f"bad deal range {part[:40]!r}: write e.g. 1-10000 or 7 or 1-10,50-60")
        first = int(match[1])
        last = int(match[2]) if match[2] else first
        if not 1 <= first <= last <= MAX_DEAL:
            raise SchemaError(f"bad deal range {part[:40]!r}: deals go from 1 to {MAX_DEAL}, first to last")
        total += last - first + 1
        if total > MAX_STUDY_DEALS:
            raise SchemaError(f"too many deals (at most {MAX_STUDY_DEALS:,} in all)")
        spans.append((first, last))
    deals: set[int] = set()
    for first, last in spans:
        deals.update(range(first, last + 1))
    return sorted(deals)
