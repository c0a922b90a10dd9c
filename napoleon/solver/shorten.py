"""A solution a player would follow: the search's line with its wanderings taken out.

A search's line wins, but it is the line of a machine: depth-first search
moves a card to a column and later straight back, shuffles a run between
two columns, parks a card on the way to its foundation. A hint that follows
such a line shuffles too, and its length says more about the search than
about the deal. :func:`shorten` takes out, over and over until nothing
changes:

* **returns**: a stretch of the line that leaves the position as it found
  it (a move and its undoing, a run taken to another column and back) is
  cut whole;
* **shortcuts**: where one legal move reaches a position that the line
  reaches only later, it takes that move instead (``T8-T2, T2-T3`` becomes
  ``T8-T3`` when nothing else moved between);
* **detours**: a run moved from pile A to pile B and later moved on from B
  is moved on from A instead, with the first move gone, when every move
  between is still legal and the line is back on its own position after it
  (only piles A and B differed in between).

Every step keeps a line that wins, checked by the engine: a change is kept
only when the moves it touches are legal and it joins the old line at one
of its own positions, and the result is replayed move by move before it is
returned. The work is counted in positions, not seconds, so a deal's line is
shortened the same way on every machine.
"""

from __future__ import annotations

from typing import Any

from ..engine.move import Move
from ..engine.state import State
from .search import replays_to_win

__all__ = ["SHORTEN_WORK", "shorten"]

SHORTEN_WORK = 6_000
"""Positions whose legal moves the shortening may look at, at most (about 1-2 s of the
engine's move generation at worst; most lines need far fewer)."""

DETOUR_SPAN = 120
"""Moves between a run's move and its next one that a detour may span."""


class _Work:
    """The shortening's allowance of positions looked at."""

    def __init__(self, limit: int) -> None:
        self.left = limit

    def take(self, n: int = 1) -> bool:
        self.left -= n
        return self.left >= 0


def _walk(start: State) -> State:
    walk = start.copy()
    walk.history = []
    walk._snapshots = []
    return walk


def _keys(start: State, moves: list[Move]) -> list[tuple[Any, ...]]:
    """The position before each move and after the last."""
    walk = _walk(start)
    keys = [walk.key()]
    for m in moves:
        walk.push(m)
        keys.append(walk.key())
    return keys


def _to_first_win(start: State, moves: list[Move]) -> list[Move]:
    """The line up to the first position that is won."""
    walk = _walk(start)
    for i, m in enumerate(moves):
        if walk.is_won:
            return moves[:i]
        walk.push(m)
    return moves


def _canonical(walk: State) -> tuple[Any, ...]:
    """The position with the order of interchangeable piles (cells, foundations, columns where
    their order never matters again) left out."""
    piles = walk.piles
    groups = walk.game.symmetric_groups(walk)
    grouped = {i for g in groups for i in g}
    return (*(tuple(sorted(tuple(piles[i]) for i in g)) for g in groups),
            *(tuple(p) if i not in grouped else () for i, p in enumerate(piles)), walk.redeals, *walk.extra())


def _relabel(now: State, then: State) -> dict[int, int] | None:
    """Where each pile of ``now`` is in ``then``, a position equal to it up to the order of
    interchangeable piles; None when they are not."""
    where = {i: i for i in range(len(now.piles))}
    for group in now.game.symmetric_groups(now):
        free = list(group)
        for i in group:
            j = next((j for j in free if then.piles[j] == now.piles[i]), None)
            if j is None:
                return None
            free.remove(j)
            where[i] = j
    if any(then.piles[where[i]] != p for i, p in enumerate(now.piles)):
        return None
    return where


def _cut_returns(start: State, moves: list[Move]) -> list[Move]:
    """The line with every stretch that comes back to a position it had (up to the order of
    interchangeable piles) cut out, the moves after it told on the piles as they were."""
    walk = _walk(start)
    out: list[Move] = []
    seen: dict[tuple[Any, ...], int] = {_canonical(walk): 0}
    rename: dict[int, int] | None = None
    for m in moves:
        if rename is not None and m.src >= 0:
            m = Move(rename[m.src], rename[m.dst], m.count)
        walk.push(m)
        out.append(m)
        key = _canonical(walk)
        back = seen.get(key)
        if back is None:
            seen[key] = len(out)
            continue
        now = walk.copy()
        while len(out) > back:
            walk.pop()
            out.pop()
        where = _relabel(now, walk)
        if where is None:  # not the same position after all: keep the stretch
            for again in now.history[len(walk.history):]:
                walk.push(again)
                out.append(again)
            seen[key] = len(out)
            continue
        rename = where if rename is None else {i: where[j] for i, j in rename.items()}
        seen = {k: i for k, i in seen.items() if i <= back}
    return out


def _shortcuts(start: State, moves: list[Move], work: _Work) -> list[Move]:
    """The line where one legal move reaches a later position of it directly, that move."""
    keys = _keys(start, moves)
    last: dict[tuple[Any, ...], int] = {}
    for i, k in enumerate(keys):
        last[k] = i
    walk = _walk(start)
    out: list[Move] = []
    i = 0
    while i < len(moves):
        best, move = i + 1, moves[i]
        if work.take():
            for m in walk.legal_moves():
                walk.push(m)
                j = last.get(walk.key(), -1)
                walk.pop()
                if j > best:
                    best, move = j, m
        out.append(move)
        walk.push(move)
        i = best
    return out


def _carried(walk: State, move: Move) -> tuple[int, ...]:
    return tuple(walk.piles[move.src][-move.count:]) if move.src >= 0 else ()


def _detours(start: State, moves: list[Move], work: _Work) -> list[Move]:
    """The line with runs moved on from where they first were, where that joins the line again."""
    stock = start.game.stock
    walk = _walk(start)
    keys, carried = [walk.key()], []
    for m in moves:
        carried.append(_carried(walk, m))
        walk.push(m)
        keys.append(walk.key())
    walk = _walk(start)
    moves = list(moves)
    k = 0
    while k < len(moves):
        first = moves[k]
        if first.src >= 0 and first.src != stock and work.left > 0:
            run = carried[k]
            j = next((j for j in range(k + 1, min(len(moves), k + 1 + DETOUR_SPAN))
                      if moves[j].src == first.dst and carried[j] == run), None)
            joined = None if j is None else _join(walk, moves, k, j, keys[j + 1], work)
            if joined is not None:
                new, new_keys, new_carried = joined
                moves[k:j + 1] = new
                # the positions after moves k .. j-1 are new; the one after j is the line's own
                # (and when nothing is left, it is the one before k: kept once)
                keys[k + 1:j + 1 + (not new)] = new_keys
                carried[k:j + 1] = new_carried
                continue  # the same place again: the run may have gone further
        walk.push(first)
        k += 1
    return moves


def _join(walk: State, moves: list[Move], k: int, j: int, target: tuple[Any, ...], work: _Work
          ) -> tuple[list[Move], list[tuple[Any, ...]], list[tuple[int, ...]]] | None:
    """Moves ``k+1 .. j`` played from ``walk`` (the position before move ``k``) without move ``k``,
    move ``j`` taken from move ``k``'s source; None unless every one is legal and they end on
    ``target`` (the line's position after move ``j``). Else the moves, the positions after each
    but the last (which is ``target``), and the cards each carries."""
    first, last = moves[k], moves[j]
    trial = walk.copy()
    out: list[Move] = []
    keys: list[tuple[Any, ...]] = []
    carried: list[tuple[int, ...]] = []
    between = moves[k + 1:j]
    if last.dst != first.src:
        between.append(Move(first.src, last.dst, last.count))
    for m in between:
        if not work.take() or not trial.is_legal(m):
            return None
        if out:
            keys.append(trial.key())
        carried.append(_carried(trial, m))
        trial.push(m)
        out.append(m)
    return (out, keys, carried) if trial.key() == target else None


def shorten(state: State, moves: list[Move] | tuple[Move, ...], work: int = SHORTEN_WORK) -> list[Move]:
    """A shorter line than ``moves`` (a solution from ``state``) that wins too, or ``moves`` itself.

    ``state`` is left as it was. ``work`` bounds the positions whose legal
    moves are looked at. Raises ValueError when ``moves`` does not win from
    ``state`` (the result is held to the same test).
    """
    moves = list(moves)
    if not replays_to_win(state, moves):
        raise ValueError("not a solution of this position: nothing to shorten")
    allowance = _Work(work)
    line = _cut_returns(state, _to_first_win(state, moves))
    while allowance.left > 0:
        before = len(line)
        line = _cut_returns(state, _detours(state, line, allowance))
        if len(line) < before:
            continue
        line = _cut_returns(state, _shortcuts(state, line, allowance))
        if len(line) == before:
            break
    # Each step kept only what joins the line again at one of its own positions; the whole is
    # still replayed, so that a fault in them can cost a shorter line, never a win.
    return line if len(line) < len(moves) and replays_to_win(state, line) else moves
