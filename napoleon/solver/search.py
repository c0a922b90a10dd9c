"""A complete depth-first search with only sound pruning.

The search answers a reachability question: can a won position be reached
from this one by legal moves? It visits every reachable position at most
once (a transposition table of canonical keys), so when it runs out of
positions without a win the deal is proven lost. Every shortcut it takes is
one that cannot hide a win:

* positions equal up to the order of interchangeable piles share one key
  (:meth:`Game.symmetric_groups`), and the two copies of a card are the same
  integer already;
* a card whose every possible "child" (every card that could ever be put on
  it outside the foundations) is already home goes home at once: the
  position with it home dominates the one without (:mod:`napoleon.engine.autoplay`);
* of the moves of one run into several empty interchangeable piles, only the
  first is tried;
* while the stock has not been rebuilt since the search began, it is always a
  suffix of the starting stock, so the key holds its length, not its cards;
* only when asked (``stubborn=True``): of a position's moves, only those of a
  strong stubborn set (:mod:`.stubborn`, where its argument holds).
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from ..engine.autoplay import safe_moves
from ..engine.move import Move
from ..engine.state import State
from .stubborn import stubborn_moves


class Verdict(enum.StrEnum):
    """The solver's word on a position: the one type every layer uses.

    A ``StrEnum``, so it compares equal to, prints as, and serialises to
    ``"won"``, ``"lost"`` or ``"unknown"`` (the JSON and the store's values).
    """

    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"


WON, LOST, UNKNOWN = Verdict.WON, Verdict.LOST, Verdict.UNKNOWN


class Pruned(NamedTuple):
    """What a depth-first search's projections onto fewer suits did (napoleon/solver/projection.py,
    ``core.search(projections=...)``)."""

    asked: int  # projections looked up
    searched: int  # of those, searched (the others were known from the search's table)
    positions: int  # the positions those searches visited
    lost: int  # of those searched, found lost
    cut: int  # positions left out because a projection of theirs is lost


@dataclass
class Result:
    """What the solver found: a verdict, and for ``won`` the moves that win."""

    verdict: Verdict
    moves: list[Move] = field(default_factory=list)
    states: int = 0
    seconds: float = 0.0
    complete: bool = False
    # An unknown that the memory limit ended, not the budget
    # (napoleon.solver.core.set_memory_limit): more time would not help.
    out_of_memory: bool = False
    # A "lost" from a depth-first search that kept fingerprints of the
    # positions it saw, not the positions (napoleon.solver.core.search): wrong
    # with a chance below states² / 2^129, so not a proof by itself.
    fingerprints: bool = False
    # What the projections of a depth-first search asking them did (None: none asked).
    projections: Pruned | None = None

    def __post_init__(self) -> None:
        self.verdict = Verdict(self.verdict)

    @property
    def chance_wrong(self) -> float | None:
        """For a loss found with fingerprints, the bound on its chance of being wrong
        (states² / 2^129, ``csrc/core.h``, ``Seen``); None for any other answer."""
        return self.states ** 2 / 2 ** 129 if self.fingerprints and self.verdict == LOST else None

    @property
    def won(self) -> bool:
        return self.verdict == WON


class Search:
    """One search from one position; see the module text for what it prunes."""

    def __init__(self, state: State, budget: float | None = None, max_states: int | None = None,
                 progress: Callable[[int], None] | None = None, prune: bool = True,
                 stubborn: bool = False) -> None:
        """``prune=False`` turns every shortcut off: the exact key, no
        auto-play, every legal move tried. Slow, but it is the plain meaning of
        "winnable" that the tests hold the pruned searches to. ``stubborn=True``
        (with ``prune``) expands only the moves of a strong stubborn set where
        :mod:`.stubborn` applies (a one-pass stock): the same verdicts;
        :attr:`cut` counts the positions where it left a move out."""
        self.prune = prune
        self.stubborn = stubborn and prune
        self.cut = 0
        self.root = state
        self.state = state.copy()
        self.state.history = []
        self.state._snapshots = []
        self.game = state.game
        self.budget = budget
        self.max_states = max_states
        self.progress = progress
        self.states = 0
        self.root_redeals = state.redeals
        self._foundations = self.game.foundations

    # -------------------------------------------------------------- pruning

    def key(self) -> bytes | tuple:
        """The canonical key of the current position."""
        s = self.state
        if not self.prune:
            return s.key()
        game = self.game
        piles = s.piles
        parts: list[bytes] = []
        grouped: set[int] = set()
        for group in game.symmetric_groups(s):
            grouped.update(group)
            parts.append(b"\x40".join(sorted(bytes(piles[i]) for i in group)))
        for i, p in enumerate(piles):
            if i in grouped:
                continue
            if i == game.stock and s.redeals == self.root_redeals:
                parts.append(len(p).to_bytes(2, "big"))
            else:
                parts.append(bytes(p))
        parts.append(bytes((s.redeals & 0xFF,)) + s.key_extra())
        return b"\x00".join(parts)

    def autoplay(self) -> list[Move]:
        return safe_moves(self.state) if self.prune else []

    def ordered_moves(self) -> list[Move]:
        """The moves worth trying, best first, one per equivalent empty target."""
        s = self.state
        game = self.game
        moves = s.legal_moves()
        if not self.prune:
            return moves
        last = s.history[-1] if s.history else None
        symmetric = {}
        for group in game.symmetric_groups(s):
            for i in group:
                symmetric[i] = group
        found = set(self._foundations)
        piles = s.piles
        seen_empty: set[tuple[int, int, tuple[int, ...]]] = set()
        scored: list[tuple[int, Move]] = []
        for m in moves:
            if last is not None and m.src == last.dst and m.dst == last.src and m.count == last.count and m.src >= 0:
                continue  # straight back: the position is the one before
            if m.src >= 0 and not piles[m.dst] and m.dst in symmetric:
                sig = (m.src, m.count, symmetric[m.dst])
                if sig in seen_empty:
                    continue
                seen_empty.add(sig)
                if len(piles[m.src]) == m.count and m.src in symmetric.get(m.dst, ()):
                    continue  # a whole pile into a space of its own group: same position
            scored.append((self._score(m, found, piles), m))
        scored.sort(key=lambda t: -t[0])
        out = [m for _, m in scored]
        if self.stubborn:
            kept = stubborn_moves(s, out)
            self.cut += len(kept) < len(out)
            return kept
        return out

    def _score(self, m: Move, found: set[int], piles: list[list[int]]) -> int:
        if m.src < 0:
            return -100
        if m.dst in found:
            return 100
        if m.src == self.game.stock:
            return -50
        src = piles[m.src]
        score = 0
        if len(src) == m.count:
            score += 30  # empties a pile
        if not piles[m.dst]:
            score -= 20  # uses a space
        return score

    # --------------------------------------------------------------- search

    def run(self) -> Result:
        start = time.perf_counter()
        deadline = None if self.budget is None else start + self.budget
        s = self.state
        seen: set[bytes] = set()
        path: list[Move] = []

        def finish(verdict: str, complete: bool) -> Result:
            return Result(verdict, list(path) if verdict == WON else [], self.states,
                          time.perf_counter() - start, complete)

        autos = self.autoplay()
        path.extend(autos)
        if s.is_won:
            return finish(WON, True)
        seen.add(self.key())
        self.states = 1
        # A frame: [moves to try, next index, number of path entries it pushed]
        frames: list[list] = [[self.ordered_moves(), 0, len(autos)]]
        while frames:
            frame = frames[-1]
            moves, i = frame[0], frame[1]
            if i == len(moves):
                frames.pop()
                for _ in range(frame[2]):
                    s.pop()
                    path.pop()
                continue
            frame[1] = i + 1
            m = moves[i]
            s.push(m)
            path.append(m)
            autos = self.autoplay()
            path.extend(autos)
            pushed = 1 + len(autos)
            if s.is_won:
                return finish(WON, True)
            k = self.key()
            if k in seen or self.game.is_dead(s):
                for _ in range(pushed):
                    s.pop()
                    path.pop()
                continue
            seen.add(k)
            self.states += 1
            if self.states & 1023 == 0:
                if self.progress is not None:
                    self.progress(self.states)
                if (deadline is not None and time.perf_counter() > deadline) or (
                    self.max_states is not None and self.states >= self.max_states
                ):
                    return finish(UNKNOWN, False)
            frames.append([self.ordered_moves(), 0, pushed])
        return finish(LOST, True)


def replays_to_win(state: State, moves: list[Move]) -> bool:
    """Whether ``moves``, each checked by the engine, take ``state`` to a win."""
    s = state.copy()
    for m in moves:
        if s.why_illegal(m) is not None:
            return False
        s.push(m)
    return s.is_won
