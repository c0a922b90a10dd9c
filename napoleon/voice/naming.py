"""Cards, piles and moves in words, and the small helpers every sentence uses (plurals, clocks, capitals)."""

from __future__ import annotations

from typing import Any

from ..cards import RANKS, SUIT_SYMBOLS
from ..rule_names import FOUNDATION, STOCK, TABLEAU


# The engine's kinds, as the voice reads them: it stands below the engine and never imports it.
State = Any
"""A position, :class:`napoleon.engine.state.State`."""
Move = Any
"""A move, :class:`napoleon.engine.move.Move`."""
Game = Any
"""A game, :class:`napoleon.engine.game.Game`."""

# ------------------------------------------------- cards, piles and moves
# The notation (``T4-T7``) is for the command line and the JSON; what a player reads in either
# interface is said here. Pile names are the game's own (:meth:`Game.pile_label`), with a tableau pile
# called a column, as players call it.


def card_name(card: int) -> str:
    """A card as players write it: ``10♣``, ``J♦``, ``A♠``."""
    r = RANKS[(card & 15) - 1]
    return ("10" if r == "T" else r) + SUIT_SYMBOLS[card >> 4]


def pile_name(state: State, pile: int) -> str:
    """A pile as players call it: ``column 4``, ``foundation 2``, ``waste``, ``central reserve``."""
    return pile_called(state.game, pile)


def pile_called(game: Game, pile: int) -> str:
    """:func:`pile_name`, for a game with no position at hand (the page's list of piles)."""
    label = game.pile_label(pile)
    if game.pile_roles[pile] == TABLEAU:
        return label.replace("tableau", "column", 1)
    return label


def _cards(cards: list[int]) -> str:
    if len(cards) == 1:
        return f"the {card_name(cards[0])}"
    return f"the {len(cards)} cards {card_name(cards[0])} to {card_name(cards[-1])}"


def describe_move(state: State, move: Move, past: bool = False) -> str:
    """``move`` (made from ``state``, which is left alone) in words.

    ``past=False`` is advice ("move the 10♣ ..."): a stock card is not named,
    since the player cannot see it yet. ``past=True`` tells what was done
    ("moved the 10♣ ...", "turned the 7♥ from the stock onto the waste").
    A move that does not fit the position is given in notation.

    >>> from napoleon import new_game
    >>> state = new_game("werner", deal=1)
    >>> describe_move(state, state.parse_move("T3-F1"))
    'move the A♣ from column 3 to foundation 1'
    """
    game = state.game
    if move.is_redeal:
        left = game.redeals_left(state)
        if past:
            return "redealt the cards"
        more = "" if left < 0 else f" ({plural(left, 'redeal')} left)"
        return f"redeal the cards{more}"
    n = game.npiles
    if not (0 <= move.src < n and 0 <= move.dst < n) or not 0 < move.count <= len(state.piles[move.src]):
        return game.notation(move)
    src, dst = state.piles[move.src], state.piles[move.dst]
    moving = src[-move.count:]
    where = pile_name(state, move.dst)
    if move.src == game.stock or game.pile_roles[move.src] == STOCK:
        if past:
            return f"turned {_cards(moving)} from the stock onto {_the(where)}"
        return f"turn the next stock card onto {_the(where)}"
    verb = "moved" if past else "move"
    what = f"{verb} {_cards(moving)} from {_the(pile_name(state, move.src))}"
    if game.pile_roles[move.dst] == FOUNDATION:
        return f"{what} to {where}"
    if not dst:
        return f"{what} to the empty {where}"
    return f"{what} onto the {card_name(dst[-1])} in {_the(where)}"


def _the(name: str) -> str:
    """``column 4`` as it is, ``waste`` as ``the waste``."""
    return name if name[-1].isdigit() else f"the {name}"


def the_pile(state: State, pile: int) -> str:
    """A pile as a sentence names it: ``column 4``, ``foundation 2``, ``the waste``."""
    return _the(pile_name(state, pile))


# ------------------------------------------------------------------ helpers


def clock(seconds: float) -> str:
    """``m:ss`` or ``h:mm:ss`` (whole seconds, rounded down as a clock shows them).

    >>> clock(83.9), clock(3725)
    ('1:23', '1:02:05')
    """
    s = int(seconds)
    h, rest = divmod(s, 3600)
    return f"{h}:{rest // 60:02d}:{rest % 60:02d}" if h else f"{rest // 60}:{rest % 60:02d}"


def plural(n: int, word: str) -> str:
    """``1 move``, ``2 moves``."""
    return f"{n} {word}{'s' * (n != 1)}"


def capital(text: str) -> str:
    """The sentence with its first letter a capital."""
    return text[:1].upper() + text[1:]


def cards_named(cards: list[int]) -> str:
    """``the A♣``, ``the A♣ and 2♣``, ``the A♣, 2♣ and A♥``."""
    names = [card_name(c) for c in cards]
    return "the " + (", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0])
