"""The six games, and looking them up by id.

>>> get_game("napoleon-at-st-helena").id
'forty-thieves'
>>> [cls.id for cls in GAMES.values()][:2]
['napoleons-tomb', 'napoleons-square']
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from ..engine.errors import OptionError, PositionError, UnknownGameError
from ..engine.game import Game
from ..engine.state import State, state_from_json
from .forty_thieves import FortyThieves
from .grand import GrandNapoleon
from .square import NapoleonsSquare
from .st_helena import StHelena
from .tomb import NapoleonsTomb
from .werner import Werner

GAMES: dict[str, type[Game]] = {
    cls.id: cls for cls in (NapoleonsTomb, NapoleonsSquare, GrandNapoleon, Werner, FortyThieves, StHelena)
}
ALIASES: dict[str, str] = {alias: cls.id for cls in GAMES.values() for alias in cls.aliases}
DEFAULT_GAME = FortyThieves.id
"""The game an interface opens when none is named."""


def game_class(game_id: str) -> type[Game]:
    """The class of the game ``game_id`` (or an alias); raise UnknownGameError."""
    key = ALIASES.get(game_id, game_id) if isinstance(game_id, str) else game_id
    try:
        return GAMES[key]
    except (KeyError, TypeError):
        known = ", ".join(GAMES)
        raise UnknownGameError(f"unknown game {str(game_id)[:40]!r} (games: {known})") from None


def get_game(game_id: str, options: Mapping[str, Any] | None = None) -> Game:
    """The game ``game_id`` with ``options``; the same object for the same rules."""
    cls = game_class(game_id)
    parsed = cls.parse_options(options or {})
    return _cached(cls.id, tuple(sorted(parsed.items())))


@lru_cache(maxsize=64)
def _cached(game_id: str, options: tuple[tuple[str, Any], ...]) -> Game:
    return GAMES[game_id](dict(options))


def player_game(game_id: str, options: Mapping[str, Any] | None = None) -> Game:
    """:func:`get_game` for the options a player, a request or a file gives: the options kept for the
    solver's tests (:attr:`Game.test_option_specs`, a reduced deck) are refused with an OptionError,
    so that no game of them is played, imported or counted. A position's JSON may still carry them."""
    cls = game_class(game_id)
    for spec in cls.test_option_specs:
        if spec.name in (options or {}):
            known = ", ".join(o.name for o in cls.option_specs) or "none"
            raise OptionError(f"option {spec.name} of {cls.id} is for the solver's tests only (its options: {known})")
    return get_game(game_id, options)


def new_game(game_id: str, deal: int, options: Mapping[str, Any] | None = None) -> State:
    """The starting position of deal ``deal`` of ``game_id``."""
    return get_game(game_id, options).new_state(deal)


def position_from_json(obj: Any) -> State:
    """A position from its JSON (see :meth:`State.to_json`); raise a NapoleonError."""
    if not isinstance(obj, dict):
        raise PositionError("a position must be a JSON object")
    if "game" not in obj:
        raise PositionError("a position needs a 'game' (a game id)")
    options = obj.get("options") or {}
    if not isinstance(options, dict):
        raise PositionError("'options' must be an object")
    return state_from_json(get_game(obj.get("game"), options), obj)
