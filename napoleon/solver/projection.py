"""Dead ends found by a projection: the position with the other suits' cards already home.

A *projection* of a position onto a set of suits is the same game's position
with every card of the other suits taken out of the columns, the stock, the
waste and the cells and put home, each foundation of those suits complete:
the cards of the kept suits stay where they are, in the same order. If the
projection cannot be won, neither can the position (the dead-end tables of an
abstraction, as the Aidos planner prunes with them; here one search a
projection, its verdict kept in a :class:`ProjectionTable` for the deal).

**Why it is sound.** Every move of the position is a move of its projection or
changes nothing there, so a winning line of the position is one of the
projection (and every card home there is every card home here):

* a card of another suit moving anywhere: nothing moves in the projection;
* a kept card home: it was on top of its pile, and is on top there too (the
  cards above it in the projection are those above it here: none); a
  foundation takes it after the card below it of its suit, kept as well;
* a kept card onto a card: it goes onto a card of its own suit (where the
  game builds by suit alone), kept too, the top of its pile there as here;
* a kept card into a space: the pile is empty there as well (a pile that holds
  only other suits' cards is a space there: more moves, never fewer);
* a turn of the stock: its top card goes onto the waste, here as there, or
  it is another suit's card and nothing moves there.

Hence :func:`applies`: the columns and cells build by suit (or take one card),
no run or whole pile moves as one, no redeal is left (a redeal's cycle rule
compares whole positions, which a projection merges), and the foundations are
built up by suit from the Ace. The projection is a position of the same game
and is searched by the same complete search: nothing of the rules is written
again here.

**What it costs and finds** (docs/benchmarks.md): on Forty Thieves' lost
endgames, a projection onto two suits proves a quarter of them lost and onto
three suits nine in ten, but its searches cost more positions than the
endgames' own, and at the start of a deal every projection is won. The
compiled core's depth-first search asks them as a pruning rule
(``core.search(projections=...)``, ``csrc/projection.c``: the same
projection, each searched by the same search, off by default).

>>> from napoleon import new_game
>>> from napoleon.cards import HEARTS, SPADES
>>> state = new_game("forty-thieves", deal=1)
>>> applies(state)
True
>>> kept = project(state, {HEARTS, SPADES})
>>> kept.cards_home, len(kept.piles[kept.game.stock])
(52, 33)
>>> ProjectionTable(size=2).lost(state)  # every projection of a fresh deal is won
False
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from ..cards import ACE, make_card, suit
from ..engine.state import State
from .projectable import applies
from .search import Search

__all__ = ["ProjectionTable", "applies", "project"]


def project(state: State, suits: Iterable[int]) -> State:
    """``state`` with every card of a suit not in ``suits`` home (a new position of the same game, no history)."""
    game, kept = state.game, set(suits)
    homes = set(game.foundations)
    piles = [p[:] if i in homes else [c for c in p if suit(c) in kept] for i, p in enumerate(state.piles)]
    copies = game.all_cards().count
    empty = [f for f in game.foundations if not piles[f]]
    for s in range(4):
        if s in kept:
            continue
        full = [make_card(r, s) for r in range(ACE, game.top_rank + 1)]
        begun = [f for f in game.foundations if piles[f] and suit(piles[f][0]) == s]
        for f in begun + [empty.pop() for _ in range(copies(make_card(ACE, s)) - len(begun))]:
            piles[f] = full[:]
    projected = game.blank_state(state.deal)
    projected.piles = piles
    projected.redeals = state.redeals
    projected.changed()
    return projected


class ProjectionTable:
    """The verdicts of a deal's projections, each searched once (complete, up to ``cap`` positions).

    ``size`` suits are kept in each projection; :meth:`lost` asks every such
    set of suits in turn. ``searches`` and ``positions`` count what the
    table's own searches cost; ``asked`` how many projections were looked up.
    """

    def __init__(self, size: int = 2, cap: int = 100_000) -> None:
        if not 1 <= size <= 3:
            raise ValueError(f"a projection keeps 1 to 3 of the 4 suits, not {size}")
        self.size, self.cap = size, cap
        self.verdicts: dict[bytes | tuple, str] = {}
        self.searches = self.positions = self.asked = 0

    def lost(self, state: State) -> bool:
        """Whether some projection of ``state`` onto ``size`` suits is lost: then ``state`` is lost.

        False where :func:`applies` does not hold, or no projection is proven lost within the cap.
        """
        if not applies(state):
            return False
        return any(self.verdict(project(state, kept)) == "lost" for kept in combinations(range(4), self.size))

    def verdict(self, projected: State) -> str:
        """The complete search's verdict of a projection (``won``, ``lost``, or ``unknown`` at the cap)."""
        self.asked += 1
        key = Search(projected).key()  # piles the game treats alike, in order: one search for their arrangements
        known = self.verdicts.get(key)
        if known is None:
            result = _complete_search(projected, self.cap)
            self.searches += 1
            self.positions += result.states
            known = self.verdicts[key] = result.verdict.value
        return known


def _complete_search(state: State, cap: int):
    """Depth-first search, complete up to ``cap`` positions: the compiled core's where it is built.

    Only the verdict is wanted: a projection's win is not replayed (as :func:`~napoleon.solver.solve`
    replays every win), which would cost more than most of these searches."""
    from . import core

    if core.available:
        try:
            return core.search(state, max_states=cap, mode="dfs")
        except core.NotCompilable:
            pass
    return Search(state, max_states=cap).run()
