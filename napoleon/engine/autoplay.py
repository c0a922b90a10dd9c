"""Safe automatic play to the foundations: when a foundation move can never hurt.

A card may go home at once when every card that could ever be put on it
outside the foundations (its "supporters", read off the game's own build
rules) is already home, all copies of it. Then the card has no use left where
it is: the position with it home can do everything the other can. In the
two-deck games this is subtler than in FreeCell: both copies of each
supporter must be home, and in the Tomb, whose foundations go round twice, a
card's supporters are home only in the second round.

Grand Napoleon and St. Helena redeal by position (a card's place shapes the
next deal, and Grand Napoleon's re-layout plays cards up by itself), so there
nothing is played home automatically until the last redeal is used.

>>> from napoleon import new_game
>>> state = new_game("werner", deal=1)
>>> [state.game.notation(m) for m in safe_autoplay(state)]
['T3-F1', 'C3-F2']
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

from .game import Game
from .move import Move
from .rules import Build
from .state import State, Status


@lru_cache(maxsize=64)
def supporters(game: Game) -> tuple[frozenset[int], ...]:
    """For each card, the cards that could ever be put on it outside the foundations."""
    out: list[set[int]] = [set() for _ in range(64)]
    for i in range(game.npiles):
        rule = game.groups[game.pile_group[i]].rule
        if isinstance(rule, Build):
            for top in range(64):
                out[top] |= game.fit[i][top]
    return tuple(frozenset(s) for s in out)


def autoplay_allowed(state: State) -> bool:
    """False while a redeal by position is still to come."""
    game = state.game
    return not (game.layout_matters_for_redeal and game.redeals_left(state) > 0)


def is_safe(state: State, card: int) -> bool:
    """Whether every card that could be put on ``card`` is already home."""
    game = state.game
    piles = state.piles
    copies = game.decks
    for x in supporters(game)[card]:
        home = 0
        for f in game.foundations:
            home += piles[f].count(x)
        if home < copies:
            return False
    return True


def _wanted(state: State) -> set[int]:
    """Every card some foundation may take now, and perhaps a few more (an empty foundation's first
    cards, whichever suits its group holds already): a card not in it goes home nowhere."""
    game, piles = state.game, state.piles
    wanted: set[int] = set()
    for f in game.foundations:
        q = piles[f]
        if not q:
            wanted |= game.space[f]
        elif len(q) < game.limit[f]:
            wanted |= game.fit[f][q[-1]]
    return wanted


def safe_moves(state: State, seen: Callable[[Move], None] | None = None) -> list[Move]:
    """Play home every safe card, repeatedly; return the moves made (pushed).

    ``seen`` is told each move just before it is pushed (to tell it in words
    from the position it is made on)."""
    if not autoplay_allowed(state):
        return []
    game = state.game
    piles = state.piles
    routes = game.routes(state)
    done: list[Move] = []
    changed = True
    while changed:
        changed = False
        wanted = _wanted(state)
        for src in game.sources:
            p = piles[src]
            if not p or p[-1] not in wanted or not is_safe(state, p[-1]):
                continue
            target = _home_of(state, routes, src, True)
            if target is not None:
                m = Move(src, target, 1)
                if seen is not None:
                    seen(m)
                state.push(m)
                done.append(m)
                changed = True
                wanted = _wanted(state)
    return done


def _home_of(state: State, routes: Any, src: int, interchangeable: bool) -> int | None:
    """The first foundation that takes the top card of ``src`` now, along its routes (with
    ``interchangeable``, only along routes to interchangeable piles, as auto-play goes)."""
    game, piles = state.game, state.piles
    p = piles[src]
    if not p:
        return None
    c = p[-1]
    found = game.foundations
    for first_only, _, dsts in routes[src]:
        if first_only or not interchangeable:
            target = next((f for f in dsts if f in found and game.foundation_accepts(piles, f, c)), None)
            if target is not None:
                return target
    return None


def safe_autoplay(state: State) -> list[Move]:
    """The player's "auto-play to foundations": the same rule the solver plays by."""
    return safe_moves(state)


def home_move(state: State) -> Move | None:
    """The first legal move of a card to a foundation, in the order of the legal moves (a source's
    first foundation that takes its top card), found without listing every move."""
    piles, wanted = state.piles, _wanted(state)
    routes = state.game.routes(state)
    for src in state.game.sources:
        if not piles[src] or piles[src][-1] not in wanted:
            continue
        target = _home_of(state, routes, src, False)
        if target is not None:
            return Move(src, target, 1)
    return None


def finish_moves(state: State) -> list[Move] | None:
    """The moves that play the rest of the game out by themselves, or None.

    A game "plays itself" when safe moves and foundation moves alone (any
    card that goes home, taken in order) win it from here: then a player
    can be offered to finish at once. ``state`` is not changed; the moves
    returned are those to play from it, in order. The walk lists no
    position's moves: it looks at the tops of the piles only.
    """
    if state.status is not Status.PLAYING:
        return None
    walk = state.copy()
    done: list[Move] = []
    while not walk.is_won:
        done += safe_moves(walk)
        if walk.is_won:
            break
        home = home_move(walk)
        if home is None:
            return None
        walk.push(home)
        done.append(home)
    return done or None
