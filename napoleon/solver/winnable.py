"""Winnable deals: the next deal number that the solver proves won."""

from __future__ import annotations

from ..engine.errors import NapoleonError
from ..engine.game import Game
from ..shuffle import MAX_DEAL
from . import Result, solve


class NoWinnableDeal(NapoleonError):
    """No deal in the range tried was proven winnable within the budget."""


def next_winnable(game: Game, start: int, budget: float = 10.0, tries: int = 100) -> tuple[int, Result]:
    """The first deal from ``start`` on that is proven won, with its solution.

    Deals whose search runs out of budget are skipped like lost ones: only a
    deal with a checked solution is offered as winnable.
    """
    deal = start
    for _ in range(max(tries, 1)):
        result = solve(game.new_state(deal), budget=budget)
        if result.won:
            return deal, result
        deal = deal + 1 if deal < MAX_DEAL else 1
    raise NoWinnableDeal(f"no winnable {game.id} deal proven among {tries} deals from {start}")
