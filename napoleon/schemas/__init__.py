"""One layer of typed models for everything napoleon reads from outside.

Web requests (:mod:`.web`), files, standard input and the environment
(:mod:`.files`) are read through :func:`load_json` (size, nesting depth and
number bounds, checked before Python's parser recurses) and checked against
pydantic models with bounds on every field (:func:`parse`). A bad input
gives one :class:`SchemaError` line; the interfaces answer it with a 4xx or
exit status 2, and nothing changes. This package is part of the core: it
imports no interface.
"""

from .base import (
    MAX_DEPTH,
    MAX_INT_DIGITS,
    MAX_JSON_BYTES,
    InputTooLargeError,
    SchemaError,
    Strict,
    adapter,
    load_json,
    parse,
    parse_as,
)
from .values import is_game_id

__all__ = ["MAX_DEPTH", "MAX_INT_DIGITS", "MAX_JSON_BYTES", "InputTooLargeError", "SchemaError", "Strict",
           "adapter", "is_game_id", "load_json", "parse", "parse_as"]
