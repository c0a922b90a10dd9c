"""One analysis: every question put to the solver, with one policy.

:class:`Analysis` (:mod:`.answers`) answers the live verdict, the hint and
its outcome (:mod:`.hints`), the solution to show, and where a lost game
was lost; :mod:`.review` reviews a whole game on the same solver service,
and :mod:`.stored` keeps reviews with the games in the store. Every
interface asks this package and nothing below it.
"""

from ..solver.service import Answer, Verdict
from .answers import HINT_BUDGET, QUICK_HINT_BUDGET, VERDICT_BUDGETS, Analysis, LostAt, WorkerError, ask_hint
from .hints import GUESS, NOT_WINNABLE, OUTCOMES, OVER, UNKNOWN, WINNABLE, Hint, hint_of

__all__ = [
           "GUESS",
           "HINT_BUDGET",
           "NOT_WINNABLE",
           "OUTCOMES",
           "OVER",
           "QUICK_HINT_BUDGET",
           "UNKNOWN",
           "VERDICT_BUDGETS",
           "WINNABLE",
           "Analysis",
           "Answer",
           "Hint",
           "LostAt",
           "Verdict",
           "WorkerError",
           "ask_hint",
           "hint_of",
]
