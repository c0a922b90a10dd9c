"""Reading untrusted input: bounded JSON, and models' errors as one line.

Everything napoleon is given from outside (a web request, a file, standard
input, the environment) is read here before anything acts on it:
:func:`load_json` refuses, before Python's parser recurses into it, input
that is too large, nested too deep, or that holds a number too long to be
a number napoleon uses, and an object that gives a key twice; :func:`parse` checks the result against a typed
model (pydantic) and turns the first thing wrong into one line of
:class:`SchemaError`.
"""

from __future__ import annotations

import json
import math
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from ..engine.errors import NapoleonError

MAX_DEPTH = 16
"""How deep arrays and objects may nest in any JSON napoleon reads (a position is 3 deep)."""
MAX_INT_DIGITS = 24
"""The longest integer napoleon reads in JSON (a deal number has at most 19 digits)."""
MAX_JSON_BYTES = 1 << 20
"""The largest JSON document read from a file or standard input (a long game's file is some kB)."""
MAX_TEXT = 200
"""The longest free text field (a move in notation, a pile or game name, a date)."""

M = TypeVar("M", bound=BaseModel)


class SchemaError(NapoleonError, ValueError):
    """Input that is not what it must be: the message says what, in one line."""


class InputTooLargeError(SchemaError):
    """Input over its size limit (the web answers 413)."""


class Strict(BaseModel):
    """A model of outside input: no field it does not know, no coercion of one type into another
    (``"3"`` is not 3 and ``0`` is not false), every field bounded by its type."""

    # defer_build: a model's validator is built when it first reads something, not when its module
    # is imported; a program (the browser's above all, where building them all took half a second)
    # builds only those it uses.
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, hide_input_in_errors=True, defer_build=True)


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise SchemaError(f"a number of {len(text)} digits (at most {MAX_INT_DIGITS} are read)")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise SchemaError(f"the number {text[:20]} is out of range")
    return value


def _no_constant(text: str) -> Any:
    raise SchemaError(f"{text} is not a JSON number")


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object whose keys are each given once: ``{"deal": 1, "deal": 2}`` says two things, and
    readers disagree on which one counts (Python's json keeps the last)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise SchemaError(f"the key {twice[:40]!r} is given twice in one object")
    return obj


def check_depth(raw: str, limit: int = MAX_DEPTH) -> None:
    """Refuse JSON text nested deeper than ``limit``, reading it as text (the parser would recurse)."""
    if raw.count("[") + raw.count("{") <= limit:
        return
    depth = 0
    in_string = escaped = False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                raise SchemaError(f"JSON nested more than {limit} deep")
        elif ch in "]}":
            depth -= 1


def load_json(raw: bytes | str, what: str, max_bytes: int = MAX_JSON_BYTES) -> Any:
    """Parse ``raw`` as JSON within the bounds above; SchemaError (InputTooLargeError) naming ``what``."""
    if len(raw) > max_bytes:
        raise InputTooLargeError(f"{what} is too large (over {max_bytes} bytes)")
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise SchemaError(f"{what} is not UTF-8 text") from None
    if not raw.strip():
        raise SchemaError(f"expected {what} as JSON, got nothing")
    check_depth_what(raw, what)
    try:
        return json.loads(raw, parse_int=_bounded_int, parse_float=_finite_float, parse_constant=_no_constant,
                          object_pairs_hook=_unique_keys)
    except SchemaError as exc:
        raise SchemaError(f"{what}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise SchemaError(f"{what} is malformed JSON: {exc}") from None


def check_depth_what(raw: str, what: str) -> None:
    try:
        check_depth(raw)
    except SchemaError as exc:
        raise SchemaError(f"{what}: {exc}") from None


def one_line(exc: ValidationError, what: str) -> str:
    """The first error of a validation, as one line: where in the input, and what is wrong."""
    err = exc.errors(include_url=False, include_input=False)[0]
    where = ".".join(str(p) for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
    msg = err["msg"]
    msg = msg.removeprefix("Value error, ")
    if err["type"] == "extra_forbidden":
        return f"{what}: unknown field: '{where}'"
    if err["type"] == "missing":
        return f"{what}: missing field: '{where}'"
    msg = msg[:1].lower() + msg[1:]
    text = f"{what}: '{where}' {msg}" if where else f"{what}: {msg}"
    return text.replace("\n", " ")


def parse(model: type[M], data: Any, what: str) -> M:
    """``data`` (parsed JSON, or a dict of strings) as ``model``; SchemaError in one line otherwise."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise SchemaError(one_line(exc, what)) from None


def adapter(kind: Any) -> TypeAdapter[Any]:
    """A TypeAdapter of ``kind`` whose validator is built when it first reads something, as
    :class:`Strict`'s models' are."""
    return TypeAdapter(kind, config=ConfigDict(defer_build=True))


def parse_as(adapter: TypeAdapter[Any], data: Any, what: str) -> Any:
    """``data`` checked against a bare type (a TypeAdapter); SchemaError in one line otherwise."""
    try:
        return adapter.validate_python(data)
    except ValidationError as exc:
        raise SchemaError(one_line(exc, what)) from None
