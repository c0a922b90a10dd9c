"""What a command works on, read from its arguments: the game, the deal number and the position."""

from __future__ import annotations

import argparse
from typing import Any

from .. import position_from_json
from ..engine.game import Game
from ..engine.state import State
from ..schemas import cli as values
from ..schemas import parse
from ..schemas.files import Position
from .common import UsageError, argument, parse_options, read_json_stdin

deal_number = argument(values.deal_number)
"""argparse type of a deal number."""


def read_position(obj: Any, what: str = "position") -> State:
    """A position from its parsed JSON: checked against :class:`~napoleon.schemas.files.Position`, then by the engine."""
    return position_from_json(parse(Position, obj, what).as_json())


def game_of(args: argparse.Namespace) -> Game:
    """The game ``args`` name with their ``-o`` options (those kept for the solver's tests refused)."""
    from ..games import player_game

    return player_game(args.game, parse_options(args.option))


def state_of(args: argparse.Namespace) -> State:
    """The position a command works on: GAME --deal N, or JSON on stdin."""
    if getattr(args, "game", None):
        if getattr(args, "deal", None) is None:
            raise UsageError("give --deal N with a game (or a position as JSON on standard input)")
        state = game_of(args).new_state(args.deal)
        for text in getattr(args, "moves", None) or ():
            state.play_text(text)
        return state
    return read_position(read_json_stdin("a position"))
