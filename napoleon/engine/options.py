"""A game's options: what each one is, how its value is read from text or JSON
and how it is written back (``name=value`` on the command line).

>>> format_option(UNLIMITED), format_option(True), format_option(3)
('unlimited', 'true', '3')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..cards import KING

UNLIMITED = -1
"""``max_redeals`` of a game that may redeal without limit."""


@dataclass(frozen=True)
class Option:
    """An option a game takes: ``name=value`` on the command line.

    ``parse`` turns the text (or JSON value) into the option's value and
    raises ValueError with a message for a bad one.
    """

    name: str
    default: Any
    parse: Callable[[Any], Any]
    values: str
    help: str

    @property
    def choices(self) -> tuple[str, ...] | None:
        """The words the option takes when they are a fixed few (a menu
        offers them), as its ``parse`` declares them; None otherwise."""
        return getattr(self.parse, "choices", None)


class _Flag:
    """Parse an on/off option value (``true``/``false``, ``yes``/``no``, ...)."""

    choices = ("true", "false")

    def __call__(self, value: Any) -> bool:
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in ("1", "true", "yes", "on", ""):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"expected true or false, not {value!r}")


flag = _Flag()
"""Parse an on/off option value."""


class choice:  # lower case: it reads as a function, ``choice("none", "any")``
    """Parse an option that takes one of ``allowed`` words; ``choices`` lists them.

    >>> choice("none", "any")(" Any ")
    'any'
    """

    def __init__(self, *allowed: str) -> None:
        self.choices = allowed

    def __call__(self, value: Any) -> str:
        text = str(value).strip().lower()
        if text not in self.choices:
            raise ValueError(f"expected one of {', '.join(self.choices)}, not {value!r}")
        return text


def parse_ranks(value: Any) -> int:
    """A number of ranks, 2 to 13 (the reduced deck of the solver's tests)."""
    text = str(value).strip()
    if isinstance(value, bool) or not text.isdigit() or not 2 <= int(text) <= KING:
        raise ValueError(f"expected a number of ranks from 2 to 13, not {value!r}")
    return int(text)


RANKS = Option("ranks", KING, parse_ranks, "2..13",
               "test only: a reduced deck of the ranks Ace to this one; the highest plays the King's part")
"""The hidden option of a reduced deck. A game lists it in ``test_option_specs``
when its deal works with fewer cards: the solver's tests use it to build deals
small enough for an exhaustive search (see :meth:`Game.reduced <.game.Game.reduced>`)."""


def format_option(value: Any) -> str:
    """An option value as it is written on the command line."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value == UNLIMITED:
        return "unlimited"
    return str(value)
