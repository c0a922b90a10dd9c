"""A game's record as the store keeps it, the version that names its line of play, and the store's errors.

Every write of a game's line of play names the version of the record it
was made on (:func:`line_version` of the moves it last read or wrote); a
write made on a line the record no longer holds, because another window or
process saved the game since, is refused with :class:`StaleGameError`, and
the caller reloads the game from the store instead of overwriting it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..engine.errors import NapoleonError
from ..engine.state import State
from . import schema

if TYPE_CHECKING:
    from ..engine.game import Game

RESULTS = ("playing", "won", "lost", "abandoned")
RESUMABLE = ("playing", "abandoned")
"""A game left (abandoned) can be taken up again; its next move makes it unfinished again."""
HELP_KINDS = ("hint", "solution")


class StoreError(NapoleonError):
    """The database cannot be used (damaged, foreign, newer) or a record is missing."""


class DamagedRecordError(StoreError):
    """A game's row holds what no game's record can be (its moves are not a JSON list of moves, ...):
    that one game cannot be read; the others can. ``record_id`` is its id, ``why`` what is wrong."""

    def __init__(self, record_id: Any, why: str) -> None:
        super().__init__(f"game #{record_id} could not be read ({why}); `napoleon doctor` sets it aside")
        self.record_id = record_id
        self.why = why


class StaleGameError(StoreError):
    """A game's record moved on (another window or process saved it) since the line a write was made on.

    Nothing was written; reload the game from the store. ``record_id`` is the game's id.
    """

    def __init__(self, record_id: int) -> None:
        super().__init__(f"game #{record_id} moved on in another window or process; "
                         "nothing was overwritten: it is reloaded as saved there")
        self.record_id = record_id


class ReadOnlyStoreError(StoreError):
    """The database can only be read (no write permission, a read-only disk) and a write was asked for."""


def line_version(moves: Sequence[str]) -> str:
    """The version of a game's line of play: its length and a digest of its moves in notation.

    The store names a record's version by this; the web page gets it as the
    game's ``version``. It depends only on the moves, so it survives a
    restart and is the same in every process.

    >>> line_version([])
    '0.da39a3ee5e6b'
    >>> line_version(["T3-F1"]) == line_version(["T3-F1"]) != line_version(["T4-F1"])
    True
    """
    digest = hashlib.sha1(" ".join(moves).encode()).hexdigest()[:12]
    return f"{len(moves)}.{digest}"


def stored_version(moves_json: Any) -> str:
    """The :func:`line_version` of a row's ``moves`` column as stored; a version no line has when the
    column cannot be read (a damaged row is never taken for the line a write was made on)."""
    try:
        moves = json.loads(moves_json)
    except (TypeError, ValueError):
        moves = None
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        return "unreadable"
    return line_version(moves)


def now() -> str:
    """The time now, ISO 8601 in UTC to the millisecond (sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def canonical_options(options: dict[str, Any]) -> str:
    """Options as canonical JSON: every option (defaults included), keys sorted."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


@dataclass
class SavedGame:
    """One recorded game. ``moves`` are in notation, ``elapsed`` in seconds."""

    id: int
    game: str
    options: dict[str, Any]
    deal: int
    moves: list[str]
    elapsed: float
    started: str
    updated: str
    result: str = "playing"
    ended: str | None = None
    turns: list[int] = field(default_factory=list)
    uid: str = ""
    origin: str = "played"
    won_elapsed: float | None = None
    won_moves: int | None = None
    hints: int = 0
    """How many hints the player asked for in this game."""
    solution: bool = False
    """Whether the solution was shown or played in this game."""
    counted: bool = True
    """False once the statistics were reset: the record stays in the history only."""
    grade: str | None = None
    """How hard the deal is (docs/grades.md), once known."""
    opening: int = 0
    """How many of the first moves safe auto-play made on the opening layout (not the player's)."""
    autoplay: bool | None = None
    """The game's own setting of safe auto-play after each move; None: not known (the player's default)."""
    winnable: int | None = None
    """The moves of the longest start of the line that the solver proved winnable (where the way back
    after a loss goes); None: none known."""

    def play_turns(self) -> list[int]:
        """The turn sizes to undo by: as recorded when they add up to the moves, else one move a turn."""
        turns = self.turns
        if sum(turns) != len(self.moves) or any(t < 1 for t in turns):
            return [1] * len(self.moves)
        return list(turns)

    @property
    def moves_played(self) -> int:
        """The moves the player's count shows: the line without the opening's auto-play (as a
        :class:`~napoleon.session.Session` counts them)."""
        return len(self.moves) - (self.opening if self.play_turns()[:1] == [self.opening] else 0)

    @property
    def assisted(self) -> bool:
        """Whether the player had help (a hint or the solution): such a game is never a win in the statistics."""
        return self.hints > 0 or self.solution

    def game_obj(self) -> Game:
        from ..games import get_game

        return get_game(self.game, self.options)

    def describe(self) -> str:
        """``werner`` or ``forty-thieves redeals=2``."""
        try:
            return self.game_obj().describe()
        except NapoleonError:
            return self.game

    def replay(self) -> State:
        """The position after the moves, each checked by the engine; raise a NapoleonError."""
        state = self.game_obj().new_state(self.deal)
        for number, text in enumerate(self.moves, 1):
            try:
                state.play(state.parse_move(text))
            except NapoleonError as exc:
                raise StoreError(f"move {number} ({text}) of game #{self.id} does not replay: {exc}") from None
        return state


GAME_COLUMNS = ("id, game, options, deal, moves, elapsed, started, updated, result, ended, turns, uid, origin,"
                " won_elapsed, won_moves, hints, solution, counted, grade, opening, autoplay, winnable")


def _json_of(text: Any, kind: type, what: str) -> Any:
    """The JSON column ``text`` read as a ``kind`` (list or dict); ValueError saying ``what`` is wrong."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        value = None
    if not isinstance(value, kind):
        raise ValueError(f"its {what} are not a JSON {'list' if kind is list else 'object'}")
    return value


def saved_from_row(row: tuple[Any, ...]) -> SavedGame:
    """The record of one row of ``SELECT {GAME_COLUMNS}``; :class:`DamagedRecordError` when the row
    holds what no record can be (a damaged file, a hand edit): that game alone cannot be read."""
    (gid, game, options, deal, moves, elapsed, started, updated, result, ended, turns, uid, origin, we, wm,
     hints, solution, counted, grade, opening, autoplay, winnable) = row
    try:
        moves = _json_of(moves, list, "moves")
        if not all(isinstance(m, str) for m in moves):
            raise ValueError("its moves are not all text")
        turns = _json_of(turns, list, "turns")
        if not all(isinstance(t, int) and not isinstance(t, bool) for t in turns):
            raise ValueError("its turns are not all whole numbers")
        options = _json_of(options, dict, "options")
        if not isinstance(game, str) or not isinstance(deal, int) or not isinstance(elapsed, int | float):
            raise ValueError("its game, deal or time is not of its kind")
    except ValueError as exc:
        raise DamagedRecordError(gid, str(exc)) from None
    return SavedGame(id=gid, game=game, options=options, deal=deal, moves=moves,
                     elapsed=elapsed, started=started, updated=updated, result=result, ended=ended,
                     turns=turns, uid=uid, origin=origin, won_elapsed=we, won_moves=wm,
                     hints=hints, solution=bool(solution), counted=bool(counted), grade=grade, opening=opening,
                     autoplay=None if autoplay is None else bool(autoplay),
                     winnable=winnable if isinstance(winnable, int) and winnable <= len(moves) else None)



@dataclass
class ResumePoint:
    """A game to take up again: its record, the position its moves reach, and its turns."""

    saved: SavedGame
    state: State
    turns: list[int]


def check_grade(grade: str | None) -> None:
    """A StoreError unless ``grade`` is None (not known) or a grade of docs/grades.md."""
    if grade is not None and grade not in schema.GRADES:
        raise StoreError(f"a grade is one of {', '.join(schema.GRADES)}, not {grade!r}")
