"""A move to try where no solution is known: the hint of last resort.

On the hard two-deck games many positions are neither won nor proven lost
within a hint's budget, and a hint that says nothing is no help. There the
hint falls back on a short best-first search (:func:`.exploration.explore`) and
suggests the first move of its line to the best position it found: the
most cards home, the best-looking layout among equals. That line may lead
into a lost position, so every interface says the move is a suggestion, not
a step of a solution.

>>> from napoleon import new_game
>>> state = new_game("forty-thieves", deal=20010)
>>> s = suggest(state, max_states=20_000)
>>> state.is_legal(s.move) and s.home > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.move import REDEAL, Move
from ..engine.state import State

SUGGEST_STATES = 100_000
"""Positions the search for a suggestion visits at most (about 0.3 s on
Forty Thieves): a count, so that the same position gets the same
suggestion on any machine."""

SUGGEST_BUDGET = 3.0
"""Seconds it may take at most, on a slow or busy machine."""


@dataclass(frozen=True)
class Suggestion:
    """The first move of a line to the best position a short search found.

    ``line``: the moves to that position, auto-play included; ``home``:
    cards on the foundations there (``now``: here); ``states``: positions
    searched.
    """

    line: tuple[Move, ...]
    home: int
    now: int
    states: int

    @property
    def move(self) -> Move:
        """The move suggested: the line's first."""
        return self.line[0]

    def to_json(self, state: State) -> dict[str, Any]:
        """The suggestion from ``state`` in JSON: the move (as the game's
        move JSON, with its text), and the figures behind it."""
        game = state.game
        return {"move": {**game.move_to_json(self.move), "text": state.describe(self.move)},
                "home": self.home, "now": self.now, "length": len(self.line), "states": self.states}

    def reason(self) -> str:
        """Why a guess, and where it leads."""
        leads = f": it leads to {self.home} cards home" if self.home > self.now else ""
        return f"no solution known{leads}"

    def note(self) -> str:
        """What the move is, beside it: a guess, and why."""
        return f"a guess, {self.reason()}"

    def text(self, state: State) -> str:
        """The move from ``state`` in words, and its note."""
        return f"{state.describe(self.move)} ({self.note()})"


def suggest(state: State, budget: float | None = SUGGEST_BUDGET,
            max_states: int | None = SUGGEST_STATES) -> Suggestion | None:
    """A move worth trying from ``state`` when no solution is known, or None.

    The search never redeals (St. Helena: the best position of the current
    deal); when that is this very position, the suggestion is the redeal, if
    one may be taken. None when the game is over, when the position has no
    move, when nothing beats it and no redeal is left, or when the game's
    rules are not ones the compiled core can search.
    """
    from . import core, exploration

    if state.is_won or not state.legal_moves():
        return None
    try:
        result, found = exploration.explore(state, budget=budget, max_states=max_states, keep=1)
    except core.NotCompilable:
        return None
    now = state.cards_home
    if result.won and result.moves:
        return Suggestion(tuple(result.moves), state.game.total_cards, now, result.states)
    if not found or not found[0].line:
        # Nothing in this deal beats the position as it is: a redeal, where one may be taken.
        if state.is_legal(REDEAL):
            return Suggestion((REDEAL,), now, now, result.states)
        return None
    best = found[0]
    return Suggestion(tuple(best.line), best.home, now, result.states)
