"""What napoleon reads from files, standard input and the environment, as typed models.

- :class:`GameFile`: the game file format (``napoleon export``/``import``),
  field by field; the replay of its moves is the store's (``store.transfer``);
  :class:`GamesFile`, a file of many (``napoleon export --all``).
- :class:`Position`: a position as JSON (``solve``, ``hint`` and ``moves`` on
  standard input, one a line with ``solve --batch``); the engine checks the cards.
- :data:`MoveList`: ``replay --json-moves``.
"""

from __future__ import annotations

import datetime
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, model_validator

from .base import SchemaError, Strict, adapter
from .values import (
    GRADES,
    MAX_CARDS,
    MAX_MOVES,
    MAX_OPTION,
    DealNumber,
    GameName,
    MoveText,
    Options,
    PileName,
    Seconds,
    text,
)

FORMAT = "napoleon-game"
FORMAT_VERSION = 1
MAX_GAME_FILE = 1 << 20
"""The largest game file read (bytes): a game of the longest kind is some kB."""
GAMES_FORMAT = "napoleon-games"
"""A file of many games (``napoleon export --all``): a list of game files' objects."""
MAX_GAMES_FILE = 64 << 20
"""The largest file of many games read (bytes): some tens of thousands of games."""
MAX_GAMES = 100_000
MAX_HINTS = 1_000_000


def _time(value: Any) -> datetime.datetime:
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError(f"must be a time in ISO 8601, not {value!r:.40}")
    try:
        when = datetime.datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"is not a time in ISO 8601: {value!r}") from None
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.UTC)


def file_format(obj: Any) -> str:
    """The format of a game file's JSON, :data:`FORMAT` (one game) or :data:`GAMES_FORMAT` (many),
    told before its fields are checked: a SchemaError for a file of another kind or a newer version."""
    if not isinstance(obj, dict):
        raise SchemaError("not a napoleon game file (the JSON is not an object)")
    if "format" not in obj:
        raise SchemaError('not a napoleon game file (no "format" field)')
    if obj["format"] not in (FORMAT, GAMES_FORMAT):
        raise SchemaError(f'not a napoleon game file ("format" is {obj["format"]!r:.40}, not {FORMAT!r})')
    version = obj.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        raise SchemaError(f"the file is in game format version {version}; this napoleon reads up to {FORMAT_VERSION}")
    return str(obj["format"])


def _format_first(obj: Any, kind: str = FORMAT) -> Any:
    """Tell a file of another kind, or of a newer format, before checking its fields."""
    if file_format(obj) != kind:
        raise SchemaError(f'not a {"file of games" if kind == GAMES_FORMAT else "single game"}: "format" is '
                          f'{obj["format"]!r}, not {kind!r}')
    return obj


Time = Annotated[str, BeforeValidator(lambda v: (_time(v), v)[1])]


class GameFile(Strict):
    """A game file (``"format": "napoleon-game"``, version 1); see :mod:`napoleon.store.transfer`."""

    format: Literal["napoleon-game"]
    version: Annotated[int, Field(ge=1, le=FORMAT_VERSION)]
    uid: text(r"[0-9a-f]{32}", "32 lowercase hex digits")  # type: ignore[valid-type]
    game: GameName
    options: Options
    deal: DealNumber
    moves: Annotated[list[MoveText], Field(max_length=MAX_MOVES)]
    turns: Annotated[list[Annotated[int, Field(ge=1, le=MAX_MOVES)]], Field(max_length=MAX_MOVES)]
    result: Literal["playing", "won", "lost", "abandoned"]
    elapsed: Seconds
    started: Time
    ended: Time | None
    hints: Annotated[int, Field(ge=0, le=MAX_HINTS)] = 0
    solution: bool = False
    grade: Literal[GRADES] | None = None  # type: ignore[valid-type]
    opening: Annotated[int, Field(ge=0, le=MAX_MOVES)] = 0

    @model_validator(mode="before")
    @classmethod
    def _kind(cls, obj: Any) -> Any:
        return _format_first(obj)

    @model_validator(mode="after")
    def _consistent(self) -> GameFile:
        if sum(self.turns) != len(self.moves):
            raise ValueError("'turns' must be positive integers adding up to the number of moves")
        if self.result == "playing":
            if self.ended is not None:
                raise ValueError("'ended' must be null for a game still playing")
        elif self.ended is None:
            raise ValueError(f"'ended' must be the time a game {self.result} ended, not null")
        elif _time(self.ended) < _time(self.started):
            raise ValueError("'ended' is before 'started'")
        return self


class GamesFile(Strict):
    """A file of many games (``"format": "napoleon-games"``, version 1): ``games``, each a game file's
    object (:class:`GameFile`, checked one by one by :mod:`napoleon.store.transfer`)."""

    format: Literal["napoleon-games"]
    version: Annotated[int, Field(ge=1, le=FORMAT_VERSION)]
    games: Annotated[list[dict[str, Any]], Field(max_length=MAX_GAMES)]

    @model_validator(mode="before")
    @classmethod
    def _kind(cls, obj: Any) -> Any:
        return _format_first(obj, GAMES_FORMAT)


CardText = Annotated[str, StringConstraints(pattern=r"^[ -~]{1,4}$")]


class Position(Strict):
    """A position as :meth:`napoleon.engine.state.State.to_json` writes it; fields a game adds
    (``redeals_left``, ``last_redeal``...) are let by, bounded, for the game to read."""

    model_config = Strict.model_config | {"extra": "allow"}

    game: GameName
    deal: DealNumber | None = None
    options: Options | None = None
    status: Literal["playing", "won", "lost"] | None = None
    piles: Annotated[dict[PileName, Annotated[list[CardText], Field(max_length=MAX_CARDS)]], Field(max_length=64)]
    redeals: Annotated[int, Field(ge=0, le=MAX_OPTION)] = 0

    @model_validator(mode="before")
    @classmethod
    def _object(cls, obj: Any) -> Any:
        if not isinstance(obj, dict):
            raise SchemaError("a position must be a JSON object")
        return obj

    @model_validator(mode="after")
    def _extras(self) -> Position:
        for key, value in (self.model_extra or {}).items():
            if len(key) > 32 or not (value is None or isinstance(value, bool | int | str) and len(str(value)) <= 40):
                raise ValueError(f"{key!r:.40} is not a field of a position")
        return self

    def as_json(self) -> dict[str, Any]:
        """The position as the engine reads it (only the fields given)."""
        return self.model_dump(by_alias=True, exclude_unset=True)


class MoveObject(Strict):
    """A move as the API and ``napoleon moves --json`` write it: ``{"from", "to", "count"}`` with its
    ``notation`` and ``san`` (which replay checks against the move), or ``{"redeal": true}``."""

    from_: PileName | None = Field(None, alias="from")
    to: PileName | None = None
    count: Annotated[int, Field(ge=1, le=MAX_CARDS)] = 1
    notation: MoveText | None = None
    san: Annotated[str, StringConstraints(max_length=80)] | None = None
    redeal: Literal[True] | None = None

    def as_json(self) -> dict[str, Any]:
        """The move as the engine reads it (the fields given, ``san`` left out: it is for reading)."""
        return self.model_dump(by_alias=True, exclude_unset=True, exclude={"san"})


MoveList = adapter(Annotated[list[MoveText | MoveObject], Field(max_length=MAX_MOVES)])
"""``replay --json-moves``: moves in notation or as the API and ``moves --json`` write them."""
