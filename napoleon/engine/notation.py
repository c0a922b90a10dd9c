"""A game's move notation: a move written as text (``T3-F1``, ``T4-T9x3``,
``redeal``) or as a JSON object, and read back from either.

The pile abbreviations are the game's (``T3``, ``F1``, ``S``, ``W2``); the
:class:`~.game.Game` methods of the same names call these.

>>> from napoleon.games import get_game
>>> game = get_game("werner")
>>> move = parse_notation(game, "t3-f1")
>>> move_notation(game, move), move_from_json(game, move_to_json(game, move)) == move
('T3-F1', True)
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .. import voice
from .errors import NotationError
from .move import REDEAL, Move

if TYPE_CHECKING:
    from .game import Game


def move_notation(game: Game, move: Move) -> str:
    """The text form of ``move``: ``T3-F1``, ``S-W2``, ``T4-T9x3``, ``redeal``."""
    if move.is_redeal:
        return "redeal"
    text = f"{game.pile_abbrs[move.src]}-{game.pile_abbrs[move.dst]}"
    return text if move.count == 1 else f"{text}x{move.count}"


# Lazy letters: ``T1-Cx2`` (the Tomb's C, whole pile) is C with a count, not a pile "CX2".
# ASCII digits, and few of them: "T3-F1x" and 5,000 digits is no move (and no int() of them).
_MOVE_RE = re.compile(r"^\s*([A-Za-z]+?[0-9]{0,3})\s*-\s*([A-Za-z]+?[0-9]{0,3})\s*(?:[xX]([0-9]{1,3}))?\s*$",
                      re.ASCII)


def parse_notation(game: Game, text: str) -> Move:
    """Parse a move in ``game``'s notation; raise NotationError.

    ``F`` with no number is left to :meth:`State.parse_move <.state.State.parse_move>`,
    which knows the position and picks the foundation that takes the card.
    """
    if text.strip().lower() == "redeal":
        return REDEAL
    m = _MOVE_RE.match(text)
    if not m:
        raise NotationError(voice.not_a_move(text))
    src_name, dst_name, count = m.group(1).upper(), m.group(2).upper(), m.group(3)
    src = _pile_from_abbr(game, src_name, text)
    dst = -2 if dst_name == "F" and "F" not in game.abbr_index else _pile_from_abbr(game, dst_name, text)
    n = int(count) if count else 1
    if n < 1:
        raise NotationError(f"{text!r}: {voice.NO_CARD_MOVED}")
    return Move(src, dst, n)


def _pile_from_abbr(game: Game, name: str, text: str) -> int:
    try:
        return game.abbr_index[name]
    except KeyError:
        piles = " ".join(game.pile_abbrs)
        raise NotationError(f"{text!r}: {voice.no_pile_named(game.name, name, piles)}") from None


def move_to_json(game: Game, move: Move) -> dict[str, Any]:
    """``{"from", "to", "count", "notation"}``, or ``{"redeal": true, ...}``."""
    if move.is_redeal:
        return {"redeal": True, "notation": "redeal"}
    return {
        "from": game.pile_names[move.src],
        "to": game.pile_names[move.dst],
        "count": move.count,
        "notation": game.notation(move),
    }


def move_from_json(game: Game, obj: Any) -> Move:
    """The move of a JSON object (see :func:`move_to_json`) or of a notation
    string; raise NotationError."""
    if isinstance(obj, str):
        return game.parse_notation(obj)
    if not isinstance(obj, dict):
        raise NotationError(f"a move must be an object or a notation string, not {type(obj).__name__}")
    if obj.get("redeal") is True:
        return REDEAL
    src, dst, count = obj.get("from"), obj.get("to"), obj.get("count", 1)
    for key, value in (("from", src), ("to", dst)):
        if value not in game.pile_index:
            raise NotationError(f"move {key!r}: {value!r} is not a pile of {game.name}")
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise NotationError(f"move 'count' must be a positive integer, not {count!r}")
    return Move(game.pile_index[src], game.pile_index[dst], count)
