"""The review of a whole game: a verdict after every move, the move that lost it, a line that wins.

Every position of a game is winnable, lost, or not known within the budget.
Verdicts along one game are ordered: a position before a winnable one is
winnable (play on to it, then win from there), and a position after a lost
one is lost. So the winnable positions are a first run of the game and the
lost ones a last run, and the review only has to find where the one ends
and the other starts:

* a solution from position ``k`` gives one from every earlier position (the
  player's moves up to ``k``, then it), and one from each later position as
  long as the player's moves follow it: no search for those;
* the last position is searched first (the end of a lost game is mostly
  cheap to prove lost; a won game needs no search at all), then the
  positions between the last one proven winnable and the first one proven
  lost are halved, two at a time, one in each lane of the solver service
  (both cores);
* a position the search leaves undecided is ``unknown``, and the halving
  goes on around it; when nothing is left to halve but undecided positions,
  they are searched again, each round :data:`LONGER` times longer (the losing
  move of a Forty Thieves game is often found only so); positions never
  reached within the review's time stay unknown.

A move is called the losing one only when the position before it was
proven winnable and the one after it proven lost.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..engine.game import Game
from ..engine.move import Move
from ..solver import replays_to_win
from ..solver.service import Answer, Verdict
from .answers import Analysis

__all__ = ["LOST", "REVIEW_BUDGET", "REVIEW_TIME", "UNKNOWN", "WINNABLE", "Review", "review_game"]

WINNABLE, LOST, UNKNOWN = "winnable", "lost", "unknown"

REVIEW_BUDGET = 2.0
"""Seconds one position of a review may be searched."""

REVIEW_TIME = 240.0
"""Seconds a whole review may take: positions not reached by then stay unknown."""

LONGER = 4
"""How much longer each round of searches is than the one before, when positions are left undecided
between the last one proven winnable and the first one proven lost."""

ROUNDS = 3
"""Rounds of searches at most (``REVIEW_BUDGET`` seconds a position, then 4 times that, then 16)."""


@dataclass
class Review:
    """A game's review: ``verdicts[k]`` and ``lengths[k]`` are the position after ``k``
    moves (0: the deal as dealt), ``home[k]`` its cards on the foundations.

    ``losing_move`` is the number of the move that lost a winnable game
    (the first is 1), ``line`` a winning line from the position before it
    (``line_home``: cards home along it). ``won`` holds a won game's length
    against the shortest solution known; ``help`` the moves where the
    player took a hint, the solution or an undo, or let Finish play the
    rest out. ``done`` is False while
    the review is still at work.
    """

    game: str
    options: dict[str, Any]
    deal: int
    moves: list[str]
    texts: list[str]
    home: list[int]
    verdicts: list[str]
    lengths: list[int | None]
    losing_move: int | None = None
    line: list[str] = field(default_factory=list)
    line_home: list[int] = field(default_factory=list)
    won: dict[str, Any] | None = None
    help: list[dict[str, Any]] = field(default_factory=list)
    done: bool = False
    checked: int = 0
    """Positions decided or searched so far (the progress of a review at work)."""
    searches: int = 0
    seconds: float = 0.0
    id: int | None = None
    result: str | None = None
    stored: bool = False
    """Read back from the store, not worked out now."""

    @property
    def unknown(self) -> int:
        """How many positions have no verdict."""
        return self.verdicts.count(UNKNOWN)

    def changes(self) -> list[int]:
        """The moves after which the verdict differs from the one before."""
        return [k for k in range(1, len(self.verdicts)) if self.verdicts[k] != self.verdicts[k - 1]]

    def to_json(self) -> dict[str, Any]:
        """The review as JSON: ``moves`` (one entry a move: ``index``, ``move`` in notation,
        ``text``, ``verdict`` after it, ``length`` of a solution from there, ``home``,
        ``help``), ``start`` (the deal's verdict), ``losing_move``, ``line``, and the rest."""
        helps: dict[int, list[str]] = {}
        for h in self.help:
            helps.setdefault(h["at"], []).append(h["kind"])
        moves = [{"index": k, "move": self.moves[k - 1], "text": self.texts[k - 1], "verdict": self.verdicts[k],
                  "length": self.lengths[k], "home": self.home[k], "help": sorted(set(helps.get(k, [])))}
                 for k in range(1, len(self.verdicts))]
        return {
            "id": self.id, "game": self.game, "options": self.options, "deal": self.deal, "result": self.result,
            "start": {"verdict": self.verdicts[0], "length": self.lengths[0], "home": self.home[0],
                      "help": sorted(set(helps.get(0, [])))},
            "moves": moves, "losing_move": self.losing_move, "line": self.line, "line_home": self.line_home,
            "changes": self.changes(), "unknown": self.unknown, "won": self.won, "help": self.help,
            "done": self.done, "checked": self.checked, "searches": self.searches, "seconds": round(self.seconds, 3),
            "stored": self.stored,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Review:
        """A review as :meth:`to_json` wrote it (the store keeps them so)."""
        entries = [obj["start"], *obj["moves"]]
        return cls(game=obj["game"], options=obj["options"], deal=obj["deal"],
                   moves=[m["move"] for m in obj["moves"]], texts=[m["text"] for m in obj["moves"]],
                   home=[e["home"] for e in entries], verdicts=[e["verdict"] for e in entries],
                   lengths=[e["length"] for e in entries], losing_move=obj["losing_move"], line=obj["line"],
                   line_home=obj["line_home"], won=obj["won"], help=obj["help"], done=obj["done"],
                   checked=obj["checked"], searches=obj["searches"], seconds=obj["seconds"], id=obj["id"], result=obj["result"])


@dataclass
class _Known:
    """A solution from a position of the game: the player's moves up to ``anchor``, then ``rest``."""

    anchor: int
    rest: tuple[Move, ...]


class _Reviewer:
    """The work of one review (see the module's docstring)."""

    def __init__(self, analysis: Analysis, game: Game, deal: int, moves: list[Move], budget: float,
                 time_limit: float, on_progress: Callable[[Review], None] | None) -> None:
        self.analysis = analysis
        self.moves = moves
        self.budget = budget
        self.deadline = time.monotonic() + time_limit
        self.on_progress = on_progress
        state = game.new_state(deal)
        self.positions = [state.copy()]
        texts = []
        for move in moves:
            texts.append(state.describe(move, past=True))
            state.play(move)
            self.positions.append(state.copy())
        n = len(moves)
        self.solutions: list[_Known | None] = [None] * (n + 1)
        self.lost = n + 1       # the first position proven lost (n + 1: none)
        self.tried: set[int] = set()
        self.flying: set[int] = set()
        self.round = 0
        self.review = Review(game.id, game.options_json(), deal, [game.notation(m) for m in moves], texts,
                             [p.cards_home for p in self.positions], [UNKNOWN] * (n + 1), [None] * (n + 1))

    # ------------------------------------------------------- verdicts

    @property
    def winnable(self) -> int:
        """The last position proven winnable (-1: none)."""
        return max((k for k, s in enumerate(self.solutions) if s is not None), default=-1)

    def length(self, k: int) -> int | None:
        known = self.solutions[k]
        return None if known is None else known.anchor - k + len(known.rest)

    def solution(self, k: int) -> list[Move]:
        known = self.solutions[k]
        assert known is not None
        return [*self.moves[k:known.anchor], *known.rest]

    def won_at(self, k: int, rest: tuple[Move, ...]) -> None:
        """A solution ``rest`` from position ``k``: it wins from every position before,
        and from those after as long as the player's moves follow it."""
        n = len(self.moves)
        while k < n and rest and rest[0] == self.moves[k]:
            k, rest = k + 1, rest[1:]
        new = _Known(k, rest)
        for j in range(k, -1, -1):
            old = self.solutions[j]
            if old is None or k - j + len(rest) < old.anchor - j + len(old.rest):
                self.solutions[j] = new
        for j in range(k + 1, n + 1):
            if self.solutions[j] is None and self.positions[j].is_won:
                self.solutions[j] = _Known(j, ())

    def take(self, k: int, answer: Answer) -> None:
        if answer.verdict is Verdict.WON:
            self.won_at(k, tuple(answer.moves))
        elif answer.verdict is Verdict.LOST:
            self.lost = min(self.lost, k)
        self.tried.add(k)

    # --------------------------------------------------------- search

    def next_probe(self) -> int | None:
        """The position to search next: the middle of the widest stretch not yet
        tried between the last winnable and the first lost position; the end
        first of all."""
        if time.monotonic() >= self.deadline:
            return None
        n = len(self.moves)
        lo, hi = self.winnable, self.lost
        if hi == n + 1 and lo < n and n not in self.tried and n not in self.flying:
            return n
        best: list[int] = []
        run: list[int] = []
        for k in range(lo + 1, hi):
            if k in self.tried or k in self.flying:
                if len(run) > len(best):
                    best = run
                run = []
            else:
                run.append(k)
        if len(run) > len(best):
            best = run
        if best:
            return best[len(best) // 2]
        if lo + 1 < hi and not self.flying and self.round + 1 < ROUNDS:
            # Every position between is undecided at this budget: a round of longer searches.
            self.round += 1
            self.tried -= set(range(lo + 1, hi))
            return self.next_probe()
        return None

    async def probe(self, k: int, background: bool) -> None:
        state = self.positions[k]
        answer = await self.analysis.followed(state)
        if answer is None:
            left = max(0.05, self.deadline - time.monotonic())
            self.review.searches += 1
            longer = LONGER ** self.round
            states = None if self.analysis.max_states is None else self.analysis.max_states * longer
            answer = await self.analysis.solve(state, min(self.budget * longer, left), states,
                                               background=background)
        self.take(k, answer)

    async def lane(self, background: bool) -> None:
        while (k := self.next_probe()) is not None:
            self.flying.add(k)
            try:
                await self.probe(k, background)
            finally:
                self.flying.discard(k)
            self.publish()

    def settle_known(self) -> None:
        """What needs no search: the service's known answers, a won or blocked end."""
        n = len(self.moves)
        for k in range(n, -1, -1):
            settled = self.analysis.settled(self.positions[k])
            if settled is not None:
                self.take(k, settled)
        end = self.positions[n]
        if end.is_won:
            self.won_at(n, ())
        elif not end.legal_moves():
            self.lost = min(self.lost, n)

    # -------------------------------------------------------- results

    def publish(self, done: bool = False) -> Review:
        """Bring the review up to date with what is proven, and pass it on."""
        r = self.review
        lo, hi = self.winnable, self.lost
        for k in range(len(r.verdicts)):
            r.verdicts[k] = WINNABLE if k <= lo else LOST if k >= hi else UNKNOWN
            r.lengths[k] = self.length(k) if k <= lo else None
        if 1 <= hi == lo + 1 <= len(self.moves):
            line = self.solution(lo)
            r.losing_move, r.line = hi, [self.positions[0].game.notation(m) for m in line]
            walk = self.positions[lo].copy()
            r.line_home = [walk.cards_home]
            for move in line:
                walk.push(move)
                r.line_home.append(walk.cards_home)
        r.checked = (lo + 1) + (len(r.verdicts) - hi) + len([k for k in self.tried if lo < k < hi])
        r.done = done
        if self.on_progress is not None:
            self.on_progress(r)
        return r

    async def won_game(self) -> None:
        """A won game's length against the shortest solution the solver knows from the deal."""
        start = self.positions[0]
        answer = self.analysis.settled(start)
        if answer is None or not answer.moves:
            left = max(0.05, self.deadline - time.monotonic())
            self.review.searches += 1
            answer = await self.analysis.solve(start, min(self.budget * 5, left), self.analysis.max_states)
        solver = len(answer.moves) if answer.won and answer.moves else None
        played = len(self.moves)
        self.review.won = {"length": played, "solver_length": solver,
                           "shortest_known": played if solver is None else min(played, solver)}

    async def run(self) -> Review:
        started = time.monotonic()
        self.settle_known()
        self.publish()
        if self.positions[-1].is_won:
            await self.won_game()
        else:
            await asyncio.gather(self.lane(False), self.lane(True))
        review = self.publish(done=True)
        if review.losing_move is not None:
            assert replays_to_win(self.positions[review.losing_move - 1], self.solution(review.losing_move - 1))
        review.seconds = time.monotonic() - started
        return review


async def review_game(analysis: Analysis, game: Game, deal: int, moves: list[Move],
                      budget: float = REVIEW_BUDGET, time_limit: float = REVIEW_TIME,
                      on_progress: Callable[[Review], None] | None = None) -> Review:
    """Review the game of ``moves`` from ``deal`` (each checked by the engine).

    ``budget`` seconds at most for each position searched, ``time_limit``
    for the whole; ``on_progress`` gets the review as it fills in.
    """
    return await _Reviewer(analysis, game, deal, moves, budget, time_limit, on_progress).run()
