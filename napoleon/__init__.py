"""napoleon: the Napoleon family of patience games, with a solver.

>>> import napoleon
>>> state = napoleon.new_game("forty-thieves", deal=1)
>>> len(state.piles[state.game.stock])
64
"""

from .engine.errors import (
    IllegalMoveError,
    NapoleonError,
    NotationError,
    OptionError,
    PositionError,
    UnknownGameError,
)
from .engine.game import Game
from .engine.move import REDEAL, Move
from .engine.state import State, Status
from .games import GAMES, game_class, get_game, new_game, position_from_json

__version__ = "0.3.0"
"""The version of the package (distribution ``napoleon-patience``), as ``napoleon --version`` prints it."""

__all__ = [
    "GAMES",
    "REDEAL",
    "Game",
    "IllegalMoveError",
    "Move",
    "NapoleonError",
    "NotationError",
    "OptionError",
    "PositionError",
    "State",
    "Status",
    "UnknownGameError",
    "game_class",
    "get_game",
    "new_game",
    "position_from_json",
]
