"""Hostile input for every web route: malformed, oversized, deeply nested and wrongly typed.

One table, used by the fuzz test of the API (tests/web/test_fuzz_api.py)
and by ``bench/fuzz_inputs.py``, which counts how many such requests a
version of the server answers with a 5xx. Every request here must be
refused with a 4xx and change nothing: none is a valid request.
(Import it as ``fuzz_cases``: tests/ is on sys.path.)
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import NamedTuple

GAME = "{gid}"
"""Stands for the id of a game the fuzz run opened (with one move made)."""

BODY_ROUTES: dict[str, tuple[str, dict[str, object]]] = {
    # path: (what a valid body needs besides the field tried, the fields and their one valid kind)
    "/api/games": ("new game", {"game": "werner"}),
    f"/api/games/{GAME}/moves": ("move", {}),
    f"/api/games/{GAME}/undo": ("change", {}),
    f"/api/games/{GAME}/redo": ("change", {}),
    f"/api/games/{GAME}/restart": ("change", {}),
    f"/api/games/{GAME}/auto": ("change", {}),
    f"/api/games/{GAME}/finish": ("change", {}),
    f"/api/games/{GAME}/leave": ("change", {}),
    f"/api/games/{GAME}/settings": ("settings", {}),
    f"/api/games/{GAME}/solve": ("solve", {}),
    "/api/stats/reset": ("reset", {}),
}
FIELDS = {
    "new game": ("game", "options", "deal", "autoplay", "start", "grade", "date"),
    "move": ("from", "to", "count", "notation", "redeal", "autoplay", "version"),
    "change": ("version",),
    "settings": ("autoplay",),
    "solve": ("budget", "steps"),
    "reset": ("game",),
}
BOOLS = {"autoplay", "steps", "redeal"}

BIG = "1" + "0" * 5000
"""An integer of 5,001 digits, written into the JSON text (Python's int-str limit is 4,300)."""
WRONG = ["true", "false", "0", "-1", "3.5", "[1, 2]", "{}", '""', '"\\u0663"', '"\\uff11\\uff13"', json.dumps("x" * 300),
         str(2**70), BIG, "-" + BIG, "1e999", "[" * 50 + "]" * 50, '{"a": ' * 40 + "1" + "}" * 40, '"T3-F1x' + "9" * 5000 + '"']
"""Values wrongly typed or out of range for every field (JSON text)."""

DEEP = ["[" * 60000, "[" * 60000 + "]" * 60000, '{"a":' * 60000, '{"game": ' + "[" * 5000 + "]" * 5000 + "}"]
MALFORMED = ["{", "}", "{'game': 'werner'}", "\xff\xfe", '{"a": NaN}', "[]", '"x"', "5", "null", "true",
             '{"game": "werner",}', "{" + '"a": 1,' * 2000 + '"b": 2}']


class Case(NamedTuple):
    """One request: method, path (``{gid}`` for the game), body bytes or None, headers, and what it tries."""

    method: str
    path: str
    body: bytes | None
    headers: dict[str, str]
    what: str


JSON = {"Content-Type": "application/json"}


def valid_alone(kind: str, field: str, text: str) -> bool:
    """Whether ``{field: value}`` (with what the route needs besides) would be a valid request (such are left out)."""
    value = json.loads(text) if len(text) < 1000 and text != "1e999" else None
    if field in BOOLS and isinstance(value, bool):
        return True
    if kind == "new game" and field == "options" and value == {}:
        return True
    return kind == "solve" and field == "budget" and isinstance(value, int | float) and not isinstance(value, bool) \
        and 0 < value <= 120


def body_cases() -> Iterator[Case]:
    """Every body route with every malformed, oversized, deep and wrongly typed body."""
    for path, (kind, base) in BODY_ROUTES.items():
        for text in DEEP + MALFORMED:
            yield Case("POST", path, text.encode("utf-8", "surrogateescape") if text != "\xff\xfe" else b"\xff\xfe",
                       JSON, f"{kind}: {text[:20]!r}")
        yield Case("POST", path, b'{"zz": 1}', JSON, f"{kind}: an unknown field")
        yield Case("POST", path, b'{"version": "1.abc"}' if kind != "change" else b'{"version": 7}', JSON,
                   f"{kind}: a bad version")
        yield Case("POST", path, b" " * 10 + b"[" * (5 << 20), JSON, f"{kind}: 5 MB")
        yield Case("POST", path, json.dumps({**base, "zz": 1}).encode(), {"Content-Type": "text/plain"},
                   f"{kind}: text/plain")
        for field in FIELDS[kind]:
            for text in WRONG:
                if valid_alone(kind, field, text):
                    continue
                body = json.dumps(base)[:-1] + (", " if base else "") + f'"{field}": {text}' + "}"
                yield Case("POST", path, body.encode(), JSON, f"{kind}: {field}={text[:20]}")


QUERY_ROUTES = {
    "/api/games": {"game": ["x" * 300, "\u0663", "werner\x00", "klondike"]},
    "/api/stats": {"game": ["x" * 300, "klondike", "\u0663"]},
    "/api/history": {"game": ["klondike", "x" * 300], "limit": ["0", "-1", "1001", "3.5", BIG, "\u0663", "", "abc"]},
    "/api/daily": {"game": ["", "klondike", "x" * 300], "date": ["2026-02-30", "true", "-1", "3.5", "[1,2]", BIG]},
    f"/api/games/{GAME}/targets": {"from": ["", "tableau-99", "x" * 300], "count": ["0", "-1", BIG, "3.5", "\u0663"]},
    f"/api/games/{GAME}/hint": {"budget": ["0", "-1", "nan", "inf", "121", BIG, "abc", "1e3", "\u0663"]},
    f"/api/games/{GAME}/last-winnable": {"budget": ["0", "-1", "nan", BIG, "abc"]},
    f"/api/games/{GAME}/verdict": {"longer": ["0", "-1", "nan", BIG, "abc", "1e3"]},
}
"""Query routes and bad values of each parameter (``/api/daily`` also without ``game``)."""

BAD_IDS = ["024", "\uff11\uff13", "\u0663", "0", "-1", "abc", "9" * 30, "1e3", " 1", "1 ", "+1", "1.0", BIG]
GAME_ROUTES = [("GET", ""), ("POST", "/moves"), ("POST", "/undo"), ("POST", "/redo"), ("POST", "/restart"),
               ("POST", "/auto"), ("POST", "/finish"), ("POST", "/settings"), ("GET", "/targets"), ("GET", "/hint"),
               ("POST", "/solve"), ("GET", "/last-winnable"), ("GET", "/verdict"), ("POST", "/leave"),
               ("GET", "/grade")]
VALID_BODY = {"/moves": {"notation": "S-W"}, "/settings": {"autoplay": True}, "/solve": {"budget": 0.1}}


def query_cases() -> Iterator[Case]:
    from urllib.parse import urlencode

    for path, params in QUERY_ROUTES.items():
        for name, values in params.items():
            for value in values:
                extra = {"game": "werner"} if path == "/api/daily" and name != "game" else {}
                query = urlencode({**extra, name: value})
                yield Case("GET", f"{path}?{query}", None, {}, f"{path} ?{name}={value[:20]!r}")
    yield Case("GET", "/api/daily", None, {}, "daily without a game")
    yield Case("GET", f"/api/games/{GAME}/targets", None, {}, "targets without a pile")


def path_cases() -> Iterator[Case]:
    """Every game route under every wrong spelling of the game's id (each must be 404), with a valid body."""
    from urllib.parse import quote

    for bad in BAD_IDS:
        for method, tail in GAME_ROUTES:
            body = json.dumps(VALID_BODY.get(tail, {})).encode() if method == "POST" else None
            yield Case(method, f"/api/games/{quote(bad)}{tail}", body, JSON if body else {}, f"id {bad[:12]!r}{tail}")
    for style, name in (("three", "QH"), ("two", "ZZ"), ("two", "x" * 300), ("four", "\u0663H")):
        yield Case("GET", f"/cards/{style}/{quote(name)}.svg", None, {}, f"card {style}/{name[:10]}")


def all_cases() -> list[Case]:
    """The whole table."""
    return [*body_cases(), *query_cases(), *path_cases()]
