"""Request forgery: a page elsewhere, a sandboxed frame or a request without the page's token changes nothing."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from napoleon.interfaces.web import Settings, create_app

SETTINGS = Settings(hint_budget=2.0, solve_budget=2.0, winnable_budget=0.05, winnable_tries=1)


@pytest.fixture
def setup(tmp_path):
    """A client holding the page's token, a game with one move and a finished game (for the statistics)."""
    with TestClient(create_app(tmp_path / "f.db", settings=SETTINGS)) as c:
        token = c.get("/api/token").json()["token"]
        c.headers["X-Napoleon-Token"] = token
        gid = c.post("/api/games", json={"game": "forty-thieves", "deal": 5, "autoplay": False}).json()["id"]
        assert c.post(f"/api/games/{gid}/moves", json={"notation": "S-W"}).status_code == 200
        lost = c.post("/api/games", json={"game": "werner", "deal": 2, "autoplay": False}).json()["id"]
        c.post(f"/api/games/{lost}/moves", json={"notation": c.get(f"/api/games/{lost}").json()["legal"][0]["notation"]})
        c.post(f"/api/games/{lost}/leave")
        yield c, token, gid


def everything(c, gid):
    """What a forged request could change: the game, the unfinished list, the history and statistics."""
    return (c.get(f"/api/games/{gid}").json()["moves"], c.get("/api/games").json(), c.get("/api/history").json(),
            c.get("/api/stats").json())


def forged_requests(gid):
    """Every request that changes something, as another site's page would send it."""
    return [
        ("POST", "/api/stats/reset", {}),
        ("POST", "/api/games", {"game": "werner", "deal": 1}),
        ("POST", f"/api/games/{gid}/moves", {"notation": "S-W"}),
        ("POST", f"/api/games/{gid}/undo", None),
        ("POST", f"/api/games/{gid}/restart", None),
        ("POST", f"/api/games/{gid}/leave", None),
        ("POST", f"/api/games/{gid}/settings", {"autoplay": True}),
        ("POST", f"/api/games/{gid}/solve", {}),
        ("GET", f"/api/games/{gid}/hint", None),
        # Reads that set a search going or write: a review, a grade, the deal of the day...
        ("GET", f"/api/games/{gid}/review", None),
        ("GET", f"/api/games/{gid}/verdict?longer=5", None),
        ("GET", f"/api/games/{gid}/verdict", None),
        ("GET", f"/api/games/{gid}/last-winnable", None),
        ("GET", f"/api/games/{gid}/grade", None),
        ("GET", "/api/daily?game=werner", None),
    ]


def nothing_searched(c):
    """No worker process was started: no search ran for anyone."""
    service = c.app.state.web.analysis.service
    return service.foreground.started == 0 and service.background.started == 0


@pytest.mark.parametrize("headers", [
    {"Origin": "null"},                                   # a sandboxed frame, a data: page
    {"Origin": "http://evil.example"},                    # another site
    {"Origin": "http://127.0.0.1:9999"},                  # another server on this machine
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},                      # another port of 127.0.0.1 is the same site
], ids=["null", "evil", "other-port", "cross-site", "same-site"])
def test_a_request_from_elsewhere_changes_nothing_even_with_the_token(setup, headers):
    c, _, gid = setup
    before = everything(c, gid)
    for method, path, body in forged_requests(gid):
        r = c.request(method, path, json=body, headers=headers)
        assert r.status_code == 403, (path, r.text)
        assert "refused" in r.json()["error"]
    assert everything(c, gid) == before
    assert nothing_searched(c)
    assert c.get("/api/token", headers=headers).status_code == 403  # nor can it read the token


@pytest.mark.parametrize("token", [None, "", "guess", "x" * 43])
def test_a_request_without_the_pages_token_changes_nothing(setup, token):
    c, real, gid = setup
    before = everything(c, gid)
    headers = {"X-Napoleon-Token": token} if token is not None else {}
    del c.headers["X-Napoleon-Token"]
    for method, path, body in forged_requests(gid):
        r = c.request(method, path, json=body, headers=headers)
        assert r.status_code == 403 and r.json()["token"] == "refused", (path, r.text)
    c.headers["X-Napoleon-Token"] = real
    assert everything(c, gid) == before
    assert nothing_searched(c)
    assert not c.get("/api/history").json()["games"][0]["assisted"]  # no hint was given


def test_the_page_itself_is_let_through(setup):
    c, _, gid = setup
    host = "testserver"
    r = c.post(f"/api/games/{gid}/moves", json={"notation": "S-W"},
               headers={"Origin": f"http://{host}", "Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 200 and r.json()["moves"] == ["S-W", "S-W"]


def test_each_run_of_the_server_has_its_own_token(tmp_path):
    tokens = set()
    for _ in range(2):
        with TestClient(create_app(tmp_path / "t.db", settings=SETTINGS)) as c:
            r = c.get("/api/token")
            assert r.headers["cache-control"] == "no-store"
            tokens.add(r.json()["token"])
    assert len(tokens) == 2


def test_a_browsers_word_that_the_request_is_same_origin_is_proof_enough(setup):
    """Sec-Fetch-Site is set by the browser alone: same-origin is the page (an older browser sends the token)."""
    c, token, gid = setup
    del c.headers["X-Napoleon-Token"]
    r = c.post(f"/api/games/{gid}/moves", json={"notation": "S-W"}, headers={"Sec-Fetch-Site": "same-origin"})
    assert r.status_code == 200
    r = c.post(f"/api/games/{gid}/moves", json={"notation": "S-W"},
               headers={"Sec-Fetch-Site": "same-origin", "Origin": "null"})
    assert r.status_code == 403
    c.headers["X-Napoleon-Token"] = token


def test_an_image_on_another_sites_page_stores_no_review(setup):
    """``<img src="http://127.0.0.1:PORT/api/games/N/review">`` elsewhere: the browser sends a cross-site GET."""
    c, _, gid = setup
    del c.headers["X-Napoleon-Token"]
    for path in (f"/api/games/{gid}/review", f"/api/games/{gid}/grade"):
        r = c.get(path, headers={"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image"})
        assert r.status_code == 403
    store = c.app.state.web.store
    assert store.db.execute("SELECT count(*) FROM reviews").fetchone()[0] == 0
    assert nothing_searched(c)


def test_no_other_site_may_frame_the_page(setup):
    c, _, gid = setup
    for path in ("/", "/static/js/main.js", "/api/catalog", f"/api/games/{gid}", "/api/nothing"):
        r = c.get(path)
        assert r.headers["x-frame-options"] == "DENY", path
        policy = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy and "style-src 'self'" in policy
        assert r.headers["referrer-policy"] == "no-referrer"
    refused = c.get(f"/api/games/{gid}/hint", headers={"Origin": "http://evil.example"})
    assert refused.status_code == 403 and refused.headers["x-frame-options"] == "DENY"
