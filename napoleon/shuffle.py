"""The project's own shuffle: the same deal on every machine, forever.

A deal is fully determined by the game id and the deal number (options never
change the layout, so a deal can be compared across options). The algorithm,
documented in ``docs/shuffle.md`` and pinned by test vectors, is:

1. ``seed`` = the first 8 bytes, big-endian, of
   ``SHA-256("napoleon:" + game_id + ":" + str(deal_number))`` (UTF-8).
2. A SplitMix64 generator is started from ``seed``. Each draw adds
   ``0x9E3779B97F4A7C15`` to the state (mod 2^64) and mixes it:
   ``z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9``,
   ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB``, ``z ^ (z >> 31)``.
3. A number below ``n`` is drawn by rejection: draws ``x`` with
   ``x >= 2^64 - (2^64 mod n)`` are thrown away, the answer is ``x mod n``.
4. Fisher-Yates: for ``i`` from ``len - 1`` down to 1, swap item ``i`` with
   item ``below(i + 1)``.

The shuffled list is the deal order: its first card is dealt first.

>>> SplitMix64(0).next()
16294208416658607535
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MAX_DEAL = (1 << 63) - 1


class SplitMix64:
    """Sebastiano Vigna's SplitMix64 generator (public domain algorithm)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """An unbiased integer in ``range(n)``."""
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next()
            if x < limit:
                return x % n


def seed_for(game_id: str, deal: int) -> int:
    """The 64-bit seed of a (game, deal number) pair."""
    digest = hashlib.sha256(f"napoleon:{game_id}:{deal}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def check_deal_number(deal: object) -> int:
    """Return ``deal`` if it is a valid deal number, else raise ValueError."""
    if isinstance(deal, bool) or not isinstance(deal, int) or not 1 <= deal <= MAX_DEAL:
        raise ValueError(f"deal number must be an integer from 1 to {MAX_DEAL}, not {deal!r}")
    return deal


def shuffled(items: Sequence[T], game_id: str, deal: int) -> list[T]:
    """A copy of ``items`` in the order of deal ``deal`` of ``game_id``."""
    check_deal_number(deal)
    out = list(items)
    rng = SplitMix64(seed_for(game_id, deal))
    for i in range(len(out) - 1, 0, -1):
        j = rng.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out
