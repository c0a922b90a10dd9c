"""Where a projection onto fewer suits proves a position lost: :func:`refusal` of a game, and
:func:`applies` to a position (why: :mod:`.projection`, "Why it is sound").

A module of its own so that the compiled core's search (:mod:`.core`, which
asks it before it prunes by projections) and :mod:`.projection` (whose
searches are the core's) both read it without importing each other.

>>> from napoleon import new_game
>>> refusal(new_game("werner", 1).game)
'its piles build across suits'
>>> applies(new_game("forty-thieves", 1))
True
"""

from __future__ import annotations

from ..cards import ACE
from ..engine.game import Game
from ..engine.rules import SAME, TABLEAU, Build, Foundation
from ..engine.state import State

__all__ = ["applies", "refusal"]


def refusal(game: Game) -> str | None:
    """Why a projection's loss proves nothing in ``game`` (module text, "Why it is sound"); None
    where it proves the position lost (once no redeal is left: :func:`applies`)."""
    if game.whole_moves:
        return "it moves whole piles"
    if any(game.runs):
        return "it moves runs of cards"
    if TABLEAU not in game.role_piles:
        return "it has no columns"
    for group in game.groups:
        rule = group.rule
        if isinstance(rule, Build) and rule.suit != SAME:
            return "its piles build across suits"
        if isinstance(rule, Foundation) and not (rule.start == ACE and rule.up and rule.length == rule.top):
            return "its foundations are not built up by suit from the Ace"
    if not all(isinstance(game.groups[game.pile_group[f]].rule, Foundation) for f in game.foundations):
        return "its foundations do not take whole suits"
    return None


def applies(state: State) -> bool:
    """Whether a projection's loss proves ``state`` lost: the game allows it (:func:`refusal`) and no
    redeal is left."""
    return state.game.redeals_left(state) == 0 and refusal(state.game) is None
