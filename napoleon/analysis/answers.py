"""One analysis: every question an interface puts to the solver, answered with one policy.

:class:`Analysis` stands between the interfaces and the solver service
(:mod:`napoleon.solver.service`: worker processes, the solutions known). It
answers

* the **live verdict** of a position (:meth:`Analysis.verdict`, or one step
  of it at a time with :meth:`Analysis.verdict_step`): a solution already
  known, or followed on from one known for an earlier position of the game,
  answers at once; else searches in the background lane with the budgets of
  one ladder (:data:`VERDICT_BUDGETS`), a quick answer first and longer
  ones while the player thinks;
* the **hint** and its outcome (:meth:`Analysis.hint`, :mod:`.hints`);
* the **solution** to show or play out (:meth:`Analysis.solution`);
* the **move that lost the game** and the last position that could still be
  won (:meth:`Analysis.last_winnable`);
* the **review** of a whole game (:mod:`.review`), on the same service.

The command line, line mode, the terminal and the page ask this object and
nothing below it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..engine.game import Game
from ..engine.move import Move
from ..engine.state import State
from ..solver.service import Answer, SolverService, Verdict, WorkerError, find_winnable_job, losing_move
from .hints import Hint, hint_of

__all__ = ["HINT_BUDGET", "QUICK_HINT_BUDGET", "VERDICT_BUDGETS", "Analysis", "LostAt", "WorkerError", "ask_hint"]

VERDICT_BUDGETS = (1.5, 6.0, 30.0)
"""Seconds of the live verdict's successive searches of one position."""

HINT_BUDGET = 5.0
"""Seconds a hint may search when no solution is known (an interface may give its own)."""

QUICK_HINT_BUDGET = 1.5
"""Seconds the hint of a player at the table (the terminal, the page) searches when no solution is
known: then it offers a guess (a short search's move to try, said to be one) within a second or
two; the background verdict searches on longer, and a solution it finds is the next hint."""


@dataclass(frozen=True)
class LostAt:
    """Where a lost game was lost: after ``kept`` moves the position could still
    be won (``before``), and move ``kept + 1`` (``move``) lost it."""

    kept: int
    before: State
    move: Move

    @classmethod
    def of(cls, state: State, kept: int) -> LostAt:
        """Where ``state``'s game was lost, given that the position after its first ``kept`` moves could be won."""
        return cls(kept, *losing_move(state, kept))

    @property
    def number(self) -> int:
        """The losing move's number in the game (the first move is 1)."""
        return self.kept + 1

    @property
    def text(self) -> str:
        """The losing move in a player's words, in the past tense."""
        return self.before.describe(self.move, past=True)

    @property
    def notation(self) -> str:
        return self.before.game.notation(self.move)


class Analysis:
    """The solver's answers for one interface (its own service, or one given).

    ``budgets`` is the live verdict's ladder; ``max_states`` caps every
    search by positions instead of (or as well as) seconds, for tests.
    """

    def __init__(self, service: SolverService | None = None, *, workers: int = 1, background: int = 1,
                 budgets: tuple[float, ...] = VERDICT_BUDGETS, max_states: int | None = None,
                 share: int | None = None) -> None:
        self.service = service if service is not None else SolverService(workers=workers, background=background,
                                                                         share=share)
        self.budgets = tuple(budgets)
        self.max_states = max_states

    def beside(self) -> Analysis:
        """Another analysis with worker processes of its own (two lanes of one each), sharing this one's
        solutions known and the memory this one's ``share`` counted it in: long work (a review) there
        never holds up a question asked here."""
        service = SolverService(workers=1, background=1, cache=self.service.cache,
                                share=getattr(self.service.foreground, "share", None))
        return Analysis(service, budgets=self.budgets, max_states=self.max_states)

    # ----------------------------------------------------------- known

    def known(self, state: State) -> Answer | None:
        """What is known of exactly this position, without a search (None: nothing)."""
        return self.service.known(state)

    def settled(self, state: State) -> Answer | None:
        """The position's proven verdict (won with a solution, or lost), if known."""
        known = self.service.known(state)
        return known if known is not None and known.verdict is not Verdict.UNKNOWN else None

    def remember(self, state: State, answer: Answer) -> None:
        """File what was learnt of ``state`` elsewhere (a solution that came with a winnable deal, ...)."""
        self.service.remember(state, answer)

    def learn(self, state: State, moves: tuple[Move, ...] | list[Move]) -> None:
        """File ``moves``, a solution from ``state`` checked by the engine (a Finish, a winnable deal)."""
        self.service.remember(state, Answer(Verdict.WON, tuple(moves), complete=True, source="known"))

    async def followed(self, state: State) -> Answer | None:
        """A proven verdict without a search: known, or a known solution followed on to ``state``."""
        settled = self.settled(state)
        if settled is not None:
            return settled
        return await asyncio.to_thread(self.service.cache.follow, state.copy())

    @property
    def searches(self) -> int:
        """Searches run so far (an answer from what is known runs none)."""
        return self.service.searches

    # ----------------------------------------------------- live verdict

    def next_budget(self, state: State) -> float | None:
        """The ladder's next budget for ``state`` (above what a search of it already
        spent); None when the ladder is done or the verdict is proven."""
        known = self.service.known(state)
        if known is not None and known.verdict is not Verdict.UNKNOWN:
            return None
        spent = (known.spent or 0.0) if known is not None else 0.0
        return next((b for b in self.budgets if b > spent), None)

    async def verdict_step(self, state: State, longer: float | None = None) -> tuple[Answer, bool]:
        """One step of the live verdict: (the answer, whether a longer search may follow).

        A proven verdict (known or followed) answers at once; else the
        ladder's next search runs. ``longer`` asks for one search of that
        many seconds whatever the ladder says (a player who wants more).
        """
        answer = await self.followed(state)
        if answer is not None:
            return answer, False
        budget = longer if longer is not None else self.next_budget(state)
        if budget is None:
            known = self.service.known(state)
            return (known if known is not None else Answer(Verdict.UNKNOWN, source="known")), False
        answer = await self.service.solve(state, budget, self.max_states, background=True)
        return answer, answer.verdict is Verdict.UNKNOWN and self.next_budget(state) is not None

    async def verdict(self, state: State, on_answer: Callable[[Answer], None] | None = None,
                      stop: Callable[[], bool] | None = None) -> Answer:
        """The live verdict of ``state``: the whole ladder, each answer passed to
        ``on_answer`` as it comes, until one is proven, the ladder ends or
        ``stop()`` turns true."""
        while True:
            answer, more = await self.verdict_step(state)
            if not more or (stop is not None and stop()):
                return answer
            if on_answer is not None:
                on_answer(answer)

    # ------------------------------------------------------------ hint

    async def hint(self, state: State, budget: float | None = HINT_BUDGET, max_states: int | None = None) -> Hint:
        """The hint for ``state``: a step of a solution (known, followed, or searched
        for ``budget`` seconds), else a move to try, else why there is none."""
        states = max_states if max_states is not None else self.max_states
        answer = await self.service.hint(state, budget, states)
        return hint_of(state, answer)

    # -------------------------------------------------------- solution

    async def solution(self, state: State, budget: float | None = None, max_states: int | None = None,
                       background: bool = False) -> Answer:
        """A whole solution from ``state`` (to show or play out): known, followed, or searched."""
        answer = await self.followed(state)
        if answer is not None:
            return answer
        states = max_states if max_states is not None else self.max_states
        return await self.service.solve(state, budget, states, background=background)

    async def solve(self, state: State, budget: float | None = None, max_states: int | None = None,
                    background: bool = False) -> Answer:
        """A verdict of ``state`` from one search of ``budget`` seconds (none when it is proven already)."""
        return await self.service.solve(state, budget, max_states, background=background)

    # ---------------------------------------------------- a lost game

    async def last_winnable(self, state: State, budget: float | None = None, max_states: int | None = None,
                            stop: Callable[[], bool] | None = None, known: int | None = None) -> LostAt | None:
        """Where ``state``'s game was lost: the last earlier position proven winnable
        and the move after it; None when none is found (within a search of
        ``budget`` seconds per position, walking back). ``known``: a start of the
        line proven winnable before (:attr:`~napoleon.session.Session.winnable`): the
        walk goes no further back, and searches nothing when it is the position just
        before this one."""
        states = max_states if max_states is not None else self.max_states
        kept = await self.service.last_winnable(state, budget, states, stop=stop, known=known)
        return None if kept is None else LostAt.of(state, kept)

    # ------------------------------------------------------- the pool

    async def winnable_deal(self, game: Game, start: int, budget: float, tries: int) -> dict[str, Any]:
        """The first deal from ``start`` that a search of ``budget`` seconds wins (``{"deal", "moves"}``),
        or ``{"error"}`` when none of ``tries`` deals is."""
        return await self.service.run(find_winnable_job, game.id, dict(game.options), start, budget, tries)

    async def run(self, fn: Callable[..., Any], *args: Any, background: bool = False) -> Any:
        """Any module-level function in a worker (a winnable deal, a grade, ...)."""
        if background:
            return await self.service.background.run(fn, *args)
        return await self.service.run(fn, *args)

    def pids(self, lane: str | None = None) -> list[int]:
        """Process ids of the workers alive now (``lane``: only ``"foreground"`` or ``"background"``)."""
        if lane == "foreground":
            return self.service.foreground.pids()
        if lane == "background":
            return self.service.background.pids()
        return self.service.pids()

    def close(self) -> None:
        """End every worker (the interface is quitting)."""
        self.service.close()


def ask_hint(state: State, budget: float | None = HINT_BUDGET, max_states: int | None = None) -> Hint:
    """A hint for ``state`` from a program that has no analysis running (a
    command, line mode): one is started for it and ended after."""
    analysis = Analysis()
    try:
        return asyncio.run(analysis.hint(state, budget, max_states))
    finally:
        analysis.close()
