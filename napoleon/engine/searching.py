"""What a game declares about how it is searched: plain data, no search.

A game states its search plan as a class attribute, ``search_plan``: a
tuple of :class:`Step` values run in turn, each given a share of what is
left of the budget, and its grading ladder, ``grading_ladder``: the
(search, positions) rungs a deal is put to when it is graded. The solver
and the grading read them instead of knowing games by name, so a new game
brings its own. The names of the searches are the solver's; this module
only lists them so that a game's declaration is checked where it is made.

>>> plan = (Step("playouts", 0.5), Step("best", 1.0))
>>> [s.mode for s in plan], plan[0].complete, plan[1].complete
(['playouts', 'best'], False, True)
>>> Step("fast", 1.0)
Traceback (most recent call last):
...
ValueError: unknown search mode 'fast': expected one of best, dfs, greedy, playouts, staged, beam, nested, layers
"""

from __future__ import annotations

from dataclasses import dataclass

# The searches a step may name. "best" and "dfs" are the core's complete
# searches and may answer lost, and so may "layers" (the core's complete
# search layer by layer, for games whose cards only move forward: no
# redeal, one waste; napoleon/solver/layered.py's layers()); "greedy", "playouts" and "nested" (nested
# rollouts, level 1 with the playout policy, in the core) only find wins;
# "staged" (redeal planning, for redeals taken whenever one chooses) may
# answer lost only after a round that left nothing out; "beam" (a beam over
# the turns of a stock) only finds wins. Both of the last are in
# napoleon/solver/staged.py.
MODES = ("best", "dfs", "greedy", "playouts", "staged", "beam", "nested", "layers")
COMPLETE_MODES = ("best", "dfs", "layers")

SIMPLE_PLAYERS = (("greedy", 20_000), ("playouts", 50_000))
"""The first rungs of a grading ladder (``Game.grading_ladder``): the simple
players a person resembles, each as (search, positions)."""


@dataclass(frozen=True)
class Step:
    """One search of a plan: ``mode`` (one of :data:`MODES`), the ``share``
    of the budget left when it starts (1.0: all of it), and for the core's
    best-first search optionally its score ``weights`` (see
    :func:`napoleon.solver.core.search`)."""

    mode: str
    share: float
    weights: tuple[int, ...] | None = None

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown search mode {self.mode!r}: expected one of {', '.join(MODES)}")
        if not 0 < self.share <= 1:
            raise ValueError(f"a step's share of the budget is in (0, 1], not {self.share!r}")

    @property
    def complete(self) -> bool:
        """Whether the search visits every position it must, so that it may answer lost."""
        return self.mode in COMPLETE_MODES


SearchPlan = tuple[Step, ...]

DEFAULT_PLAN: SearchPlan = (Step("best", 1.0),)
"""What a game that declares no plan gets: best-first search for the whole budget."""
