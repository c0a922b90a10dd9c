"""The values napoleon's inputs are made of, each with its bounds.

Text fields are ASCII where napoleon writes them in ASCII (a deal ``"٣"``
is not deal 3); numbers have a range; lists and objects a length.
"""

from __future__ import annotations

import datetime
import re
from typing import Annotated, Any

from pydantic import AfterValidator, BeforeValidator, Field, StringConstraints

from ..shuffle import MAX_DEAL
from .base import MAX_TEXT, adapter

ID_RE = re.compile(r"[1-9][0-9]{0,17}")
"""A game's id as it is spelled: ASCII digits, no leading zero (at most 18 digits)."""
DEAL_RE = re.compile(r"[1-9][0-9]{0,18}")
"""A deal number as it is spelled: ASCII digits, no leading zero, no space (``"01"`` or ``" 5 "`` is no deal)."""
MAX_OPTION = 1000
"""The largest number an option takes (a number of redeals)."""
MAX_MOVES = 20_000
"""The most moves a game's line of play may have (a long Forty Thieves game has a few hundred)."""
MAX_CARDS = 104

WINNABLE_GRADES = ("easy", "medium", "hard", "expert")
LOST_GRADE = "lost"
UNKNOWN_GRADE = "unknown"
GRADES = (*WINNABLE_GRADES, LOST_GRADE, UNKNOWN_GRADE)
"""The grades of a deal (docs/grades.md): how hard a winnable deal is, easiest first, then a deal
proven lost and one the grading could not settle. A game's record and a game file may hold these."""


def _deal(value: Any) -> int:
    """A deal number: an integer, or its digits as :data:`DEAL_RE` spells them, from 1 to MAX_DEAL."""
    if isinstance(value, str) and DEAL_RE.fullmatch(value):
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DEAL:
        raise ValueError(f"must be a deal number from 1 to {MAX_DEAL} (digits, no leading zero)")
    return value


def deal_from_text(text: str) -> int:
    """A deal number written as text (a command's ``--deal``): one spelling for each deal; ValueError otherwise."""
    return _deal(text if isinstance(text, str) else None)


def _date(value: str) -> str:
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        raise ValueError("must be a date, YYYY-MM-DD") from None
    return value


def _option_value(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if not 0 <= value <= MAX_OPTION:
            raise ValueError(f"an option's number is from 0 to {MAX_OPTION}")
        return value
    if isinstance(value, str) and re.fullmatch(r"[A-Za-z0-9_.+-]{1,32}", value):
        if value.isdigit() and int(value) > MAX_OPTION:
            raise ValueError(f"an option's number is from 0 to {MAX_OPTION}")
        return value
    raise ValueError("an option's value is true, false, a number from 0 to 1000, or a word")


def text(regex: str, what: str) -> Any:
    """A string type matching ``regex`` (ASCII), whose error says it must be ``what``."""
    compiled = re.compile(regex, re.ASCII)

    def check(value: Any) -> str:
        if not isinstance(value, str) or compiled.fullmatch(value) is None:
            raise ValueError(f"must be {what}")
        return value

    return Annotated[str, BeforeValidator(check)]


DealNumber = Annotated[int, BeforeValidator(_deal)]
"""A deal number (JSON integer or ASCII digits)."""
Text = Annotated[str, StringConstraints(min_length=1, max_length=MAX_TEXT)]
GameName = text(r"[A-Za-z0-9_. -]{1,40}", "a game id such as werner")
"""A game's id or alias as the user may write it; the game registry says whether it is one."""
PileName = text(r"[a-z][a-z0-9-]{0,30}", "a pile's name such as tableau-1")
MoveText = text(r"[ -~]{1,40}", "a move in notation such as T3-F1 (at most 40 characters)")
"""A move in notation: printable ASCII, short (``T2-T5x3``, ``redeal``)."""
MOVE_TEXT = adapter(MoveText)
Count = Annotated[int, Field(ge=1, le=MAX_CARDS)]
Version = text(r"[0-9]{1,6}\.[0-9a-f]{12}", "the version the game's view gives")
"""A game's version as its view gives it (``12.3fa0c9d1e2b4``)."""
IsoDate = Annotated[text(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", "a date, YYYY-MM-DD"), AfterValidator(_date)]
OptionName = text(r"[a-z][a-z0-9_-]{0,31}", "an option's name such as redeals")
OptionValue = Annotated[Any, BeforeValidator(_option_value)]
Options = Annotated[dict[OptionName, OptionValue], Field(max_length=16)]
"""A game's options as given: names to values, each bounded; the game says whether they are its own."""
Seconds = Annotated[float, Field(ge=0, lt=1e9, allow_inf_nan=False)]


def is_game_id(text: str) -> bool:
    """Whether ``text`` is a game's id as it is spelled (ASCII digits, no leading zero)."""
    return ID_RE.fullmatch(text) is not None
