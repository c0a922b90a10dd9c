"""The web API's requests: each route's body, query and path, as typed models.

A body is read with :func:`napoleon.schemas.base.load_json` (size, depth and
number bounds) and then checked here; a query string and a path are
strings checked here. What the models cannot know (whether a game has such
a pile or option, whether a move is legal) the engine says.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from .base import Strict
from .values import (
    ID_RE,
    WINNABLE_GRADES,
    Count,
    DealNumber,
    GameName,
    MAX_MOVES,
    IsoDate,
    MoveText,
    Options,
    PileName,
    Version,
    text,
)

MAX_BODY = 64 * 1024
"""The largest request body read (bytes)."""
MAX_BUDGET = 120.0
"""The longest a search asked for over the web may take (seconds)."""
MIN_BUDGET = 0.01
"""The shortest: a search of less does not start a worker's work, and 1e-20 s is no budget."""

Budget = Annotated[float, Field(ge=MIN_BUDGET, le=MAX_BUDGET, allow_inf_nan=False)]
Grade = Literal[WINNABLE_GRADES + ("any",)]  # type: ignore[valid-type]
QueryNumber = text(r"[0-9]{1,6}(\.[0-9]{1,3})?", "a budget in seconds such as 5 or 2.5")
QueryCount = text(r"[1-9][0-9]{0,2}", "a positive whole number of cards")


class NewGame(Strict):
    """``POST /api/games``: a new game; ``deal`` a number, ``"winnable"`` (with ``grade``, ``start``),
    ``"daily"`` (with ``date``), or left out for a random one."""

    game: GameName
    options: Options | None = None
    deal: DealNumber | Literal["winnable", "daily"] | None = None
    autoplay: bool = True
    start: DealNumber | None = None
    grade: Grade | None = None
    date: IsoDate | None = None

    @model_validator(mode="after")
    def _together(self) -> NewGame:
        if self.grade not in (None, "any") and self.deal != "winnable":
            raise ValueError("'grade' goes with \"deal\": \"winnable\"")
        if self.start is not None and self.deal != "winnable":
            raise ValueError("'start' goes with \"deal\": \"winnable\"")
        if self.date is not None and self.deal != "daily":
            raise ValueError("'date' goes with \"deal\": \"daily\"")
        return self

    @property
    def wanted_grade(self) -> str | None:
        return None if self.grade in (None, "any") else self.grade


class MoveBody(Strict):
    """``POST /api/games/{id}/moves``: ``{"from", "to", "count"}``, ``{"notation"}`` or ``{"redeal": true}``."""

    from_: PileName | None = Field(None, alias="from")
    to: PileName | None = None
    count: Count | None = None
    notation: MoveText | None = None
    redeal: Literal[True] | None = None
    autoplay: bool | None = None
    version: Version | None = None

    @model_validator(mode="after")
    def _one_move(self) -> MoveBody:
        by_piles = self.from_ is not None or self.to is not None or self.count is not None
        if self.redeal:
            if by_piles or self.notation not in (None, "redeal"):
                raise ValueError("a redeal is {\"redeal\": true} alone")
        elif by_piles:
            if self.from_ is None or self.to is None:
                raise ValueError("a move needs 'from' and 'to' pile names (or 'notation', or 'redeal')")
        elif self.notation is None:
            raise ValueError("a move needs 'from' and 'to' pile names (or 'notation', or 'redeal')")
        return self

    @property
    def by_piles(self) -> bool:
        return self.from_ is not None


class ChangeBody(Strict):
    """The body of undo, redo, restart, auto, finish, pause and leave: nothing, or the version it was made on."""

    version: Version | None = None


class BackBody(Strict):
    """``POST /api/games/{id}/back``: back to the position after ``to`` moves (the last winnable one)."""

    to: Annotated[int, Field(ge=0, le=MAX_MOVES)]
    version: Version | None = None


class GameSettings(Strict):
    """``POST /api/games/{id}/settings``."""

    autoplay: bool


class SolveBody(Strict):
    """``POST /api/games/{id}/solve``."""

    budget: Budget | None = None
    steps: bool = True


class ResetStats(Strict):
    """``POST /api/stats/reset``: one game's statistics, or every game's."""

    game: GameName | None = None


class Query(Strict):
    """A query string: every field a string; parameters the route does not read are let by."""

    model_config = Strict.model_config | {"extra": "ignore"}


class GameQuery(Query):
    """``?game=ID`` (optional): ``/api/games``, ``/api/stats``."""

    game: GameName | Literal[""] | None = None


class DailyQuery(Query):
    """``/api/daily?game=ID[&date=YYYY-MM-DD]``."""

    game: GameName
    date: IsoDate | None = None


class HistoryQuery(Query):
    """``/api/history[?game=ID&limit=N]``."""

    game: GameName | Literal[""] | None = None
    limit: text(r"1000|[1-9][0-9]{0,2}", "a whole number from 1 to 1000") = "100"  # type: ignore[valid-type]


class TargetsQuery(Query):
    """``/api/games/{id}/targets?from=PILE&count=N``."""

    from_: PileName = Field(alias="from")
    count: QueryCount = "1"


def _seconds(text: str | None, default: float | None, name: str) -> float | None:
    if text is None:
        return default
    value = float(text)
    if not MIN_BUDGET <= value <= MAX_BUDGET:
        from .base import SchemaError

        raise SchemaError(f"'{name}' must be a number of seconds from {MIN_BUDGET:g} to {MAX_BUDGET:g}")
    return value


class BudgetQuery(Query):
    """``?budget=S`` of a hint or of the last winnable position: seconds, from MIN_BUDGET to MAX_BUDGET."""

    budget: QueryNumber | None = None

    def seconds(self, default: float) -> float:
        """The budget asked for, else ``default``; a SchemaError when it is out of range."""
        return _seconds(self.budget, default, "budget")


class VerdictQuery(Query):
    """``/api/games/{id}/verdict[?longer=S]``: the next step of the live verdict, or a longer search of S seconds."""

    longer: QueryNumber | None = None

    def seconds(self) -> float | None:
        """The longer search's seconds, or None; a SchemaError when out of range."""
        return _seconds(self.longer, None, "longer")


class GamePath(Strict):
    """``/api/games/{game_id}/...``: a game's id as it is spelled (ASCII digits, no leading zero)."""

    game_id: text(ID_RE.pattern, "a game's id: digits, no leading zero")  # type: ignore[valid-type]


class CardPath(Strict):
    """``/cards/{style}/{name}.svg`` (``deck``: every card in one document)."""

    style: Literal["two", "four"]
    name: text(r"[A2-9TJQK][CDHS]|back(?:-red|-green)?|deck", "a card such as QH, back, or deck")  # type: ignore[valid-type]
