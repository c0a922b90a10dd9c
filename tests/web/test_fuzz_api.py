"""Hostile input to every route: each request is a 4xx with a one-line JSON error, and nothing changes.

The table (tests/fuzz_cases.py) sends malformed, oversized, deeply nested
and wrongly typed bodies, bad query values and wrong spellings of a game's
id to every route; hypothesis adds random bytes and random JSON. The game
played before, the list of unfinished games, the history and the
statistics must be exactly as they were.
"""

from __future__ import annotations

import json

import pytest
from fuzz_cases import BODY_ROUTES, GAME, all_cases
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from napoleon.interfaces.web import Settings, create_app

SETTINGS = Settings(hint_budget=0.2, solve_budget=0.2, winnable_budget=0.05, winnable_tries=1, max_budget=0.2)


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    """A server with a game of one move, a game left after a move and a won game; the client holds the token."""
    db = tmp_path_factory.mktemp("fuzz") / "napoleon.db"
    with TestClient(create_app(db, settings=SETTINGS)) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
        gid = c.post("/api/games", json={"game": "forty-thieves", "deal": 5, "autoplay": False}).json()["id"]
        assert c.post(f"/api/games/{gid}/moves", json={"notation": "S-W"}).status_code == 200
        left = c.post("/api/games", json={"game": "forty-thieves", "deal": 6, "autoplay": False}).json()["id"]
        c.post(f"/api/games/{left}/moves", json={"notation": "S-W"})
        c.post(f"/api/games/{left}/leave")
        yield c, gid


def everything(c: TestClient, gid: str) -> tuple:
    view = c.get(f"/api/games/{gid}").json()
    return (view["moves"], view["autoplay"], c.get("/api/games").json(), c.get("/api/history").json(),
            c.get("/api/stats").json())


def check_refused(r, what: str) -> None:
    assert 400 <= r.status_code < 500, (what, r.status_code, r.text[:300])
    error = r.json()["error"]
    assert error and "\n" not in error and "Traceback" not in error, (what, error)


def test_every_route_refuses_hostile_input_and_nothing_changes(played):
    c, gid = played
    before = everything(c, gid)
    statuses: dict[int, int] = {}
    for case in all_cases():
        r = c.request(case.method, case.path.replace(GAME, gid), content=case.body, headers=case.headers)
        statuses[r.status_code] = statuses.get(r.status_code, 0) + 1
        check_refused(r, case.what)
    assert everything(c, gid) == before
    assert not any(code >= 500 for code in statuses), statuses


def test_another_spelling_of_an_id_is_no_game(played):
    c, gid = played
    for spelling in ("0" + gid, "".join(chr(0xFF10 + int(d)) for d in gid), gid + " ", f"+{gid}"):
        r = c.post(f"/api/games/{spelling}/moves", json={"notation": "S-W"})
        assert r.status_code == 404, spelling
    assert c.get(f"/api/games/{gid}").json()["moves"] == ["S-W"]


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(sorted(BODY_ROUTES)), raw=st.binary(max_size=200) | json_values.map(
    lambda v: json.dumps({"zz": v} if isinstance(v, dict) else v).encode()))
def test_random_bodies_are_refused(played, path, raw):
    """Random bytes, and random JSON that no route takes (not an object, or an object with a field no route has)."""
    c, gid = played
    if raw.strip() in (b"", b"{}"):
        return  # an empty body is a valid request of some routes (undo, leave...)
    before = c.get(f"/api/games/{gid}").json()["moves"]
    r = c.post(path.replace(GAME, gid), content=raw, headers={"Content-Type": "application/json"})
    check_refused(r, repr(raw[:40]))
    assert c.get(f"/api/games/{gid}").json()["moves"] == before
