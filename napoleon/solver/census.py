"""What learning from lost positions could at best save a depth-first search.

A search that learns, from a position it has left lost, a pattern proving
other positions lost (the cards its subtree never uncovered, say) must keep
in each pattern what that subtree read: the foundations and the stock, and
the top card of every pile in play and of the waste (or that it is empty),
since every move the search tries reads them. Positions that differ there
are never covered by one pattern, so the search still visits at least one
position of each class of positions alike in those. A census
(``csrc/census.c``) runs the depth-first search and counts those classes,
with the piles in play and the waste cut to their top 1, 2 and 3 cards, and
with the piles in play left out altogether and the waste kept whole (depth
0: the most a pattern keeping only the foundations, the stock and the waste
could reach). The search itself is the one :func:`.core.search` runs in
``"dfs"`` mode (no projections, no checkpoint); only the positions its
dead-end tests do not prove lost are counted (those are the ones learning
would have to prune).

>>> from napoleon import new_game
>>> c = census(new_game("forty-thieves", 5, {"ranks": 4, "columns": 3}), deadends=False, waste=False)
>>> c.verdict.value, c.states, c.classes
('lost', 172, (96, 119, 172, 172))
"""

from __future__ import annotations

import time
from typing import NamedTuple

from ..engine.state import State
from .core import _core, _deadend_bits, _search_args, _shortcuts, verdict_of
from .search import Verdict

DEPTHS = 4
"""Classes are counted with the piles in play and the waste cut to 0 .. DEPTHS - 1 cards (csrc/napoleon_core.h)."""


class Census(NamedTuple):
    """A depth-first search's verdict and what learning could at best cut it to."""

    verdict: Verdict  # won, lost or unknown (the budget or position cap ran out)
    states: int  # positions visited
    open: int  # of those, the ones the dead-end tests did not prove lost
    classes: tuple[int, ...]  # classes[d]: the open positions' classes, piles in play and waste cut to d cards
    seconds: float

    def most_saved(self, depth: int) -> float:
        """The share of the open positions a learning search keeping ``depth``
        cards of each pile in play and of the waste (0: the columns left out,
        the waste whole) could at most have left out."""
        return 1 - self.classes[depth] / self.open if self.open else 0.0


def census(state: State, budget: float | None = None, max_states: int | None = None,
           deadends: bool | None = None, waste: bool | None = None, macros: bool | None = None) -> Census:
    """Search ``state`` depth-first, as :func:`.core.search` does, and count the
    classes of the positions it visited (the module's docstring). ``deadends``,
    ``waste`` and ``macros`` as for :func:`.core.search` (None: as the enclosing
    blocks say). The classes are kept as 64-bit hashes: two that collide count
    as one, with odds of about n² / 2^65 for n classes."""
    deadends, waste, macros = _shortcuts(deadends, waste, macros)
    start = time.perf_counter()
    verdict, states, open_, classes = _core.census(*_search_args(state, budget, max_states),
                                                   _deadend_bits(deadends, waste), bool(macros))
    return Census(verdict_of(verdict), states, open_, tuple(classes),
                  time.perf_counter() - start)
