"""Every search belongs to whoever asked for it: it ends when its client goes away, a few run at
once of each kind and one more is told the solver is busy, and a player's hint never waits behind
a review."""

from __future__ import annotations

import asyncio
import time

import httpx

from napoleon.interfaces.web import Settings, create_app
from napoleon.interfaces.web import reviews as reviews_module
from napoleon.interfaces.web.searches import LIMITS

from .api_client import hard_deal
from .conftest import served

SETTINGS = Settings(hint_budget=1.0, solve_budget=2.0, winnable_budget=0.05, winnable_tries=1)


def run_with(app, scenario):
    """``scenario(client)`` against ``app`` in one event loop, the app's workers ended after."""
    async def main():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://testserver", timeout=120) as c:
            c.headers["X-Napoleon-Token"] = (await c.get("/api/token")).json()["token"]  # as the page does
            return await scenario(c)

    try:
        return asyncio.run(main())
    finally:
        app.state.web.close()


async def game_of(c, deal, moves=0, game="forty-thieves"):
    view = (await c.post("/api/games", json={"game": game, "deal": deal, "autoplay": False})).json()
    for _ in range(moves):
        legal = [m for m in view["legal"] if not m.get("redeal")] or view["legal"]
        view = (await c.post(f"/api/games/{view['id']}/moves", json={"notation": legal[0]["notation"]})).json()
    return view["id"]


async def until(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        await asyncio.sleep(0.05)


def wait(condition, seconds=30.0):
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.05)


def test_a_search_ends_when_its_client_goes_away(tmp_path):
    """A client asks for a long search and hangs up: the search stops, and the player's own is served."""
    import socket

    app = create_app(tmp_path / "s.db", settings=SETTINGS)
    web = app.state.web
    base, stop = served(app)
    try:
        with httpx.Client(base_url=base, timeout=120) as c:
            c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
            gid = c.post("/api/games", json={"game": "forty-thieves", "deal": hard_deal()[1]}).json()["id"]
            port = int(base.rsplit(":", 1)[1])
            for _ in range(3):
                client = socket.create_connection(("127.0.0.1", port))
                client.sendall(f"GET /api/games/{gid}/verdict?longer=60 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                               f"X-Napoleon-Token: {c.headers['X-Napoleon-Token']}\r\n\r\n".encode())
                wait(lambda: web.analysis.pids("background"))
                time.sleep(0.3)
                client.close()  # the client goes away
                wait(lambda: web.searches.running["verdict"] == 0, 5)
            wait(lambda: not web.analysis.pids("background"), 5)
            start = time.monotonic()
            r = c.get(f"/api/games/{gid}/verdict")
            took = time.monotonic() - start
    finally:
        stop()
    assert web.searches.cancelled == 3
    assert r.status_code == 200 and took < 30  # the ladder's first step, not behind three minutes of searches


def test_a_few_searches_of_a_kind_at_once_and_then_busy(tmp_path):
    app = create_app(tmp_path / "s.db", settings=SETTINGS)
    web = app.state.web
    _, deal = hard_deal()
    limit = LIMITS["verdict"]

    async def scenario(c):
        gid = await game_of(c, deal)
        asked = [asyncio.create_task(c.get(f"/api/games/{gid}/verdict", params={"longer": 60})) for _ in range(limit)]
        await until(lambda: web.searches.running["verdict"] == limit)
        start = time.monotonic()
        busy = await c.get(f"/api/games/{gid}/verdict", params={"longer": 60})
        took = time.monotonic() - start
        other = await c.get(f"/api/games/{gid}/targets", params={"from": "tableau-1"})  # reads go on
        for task in asked:
            task.cancel()
        await until(lambda: web.searches.running["verdict"] == 0, 5)
        return busy, took, other

    busy, took, other = run_with(app, scenario)
    assert busy.status_code == 503 and busy.json()["busy"] is True and busy.headers["retry-after"] == "2"
    assert "busy" in busy.json()["error"] and took < 1.0
    assert other.status_code == 200


def test_a_hint_does_not_wait_behind_reviews(tmp_path):
    app = create_app(tmp_path / "s.db", settings=SETTINGS)
    web = app.state.web
    _, deal = hard_deal()

    async def scenario(c):
        reviewed = [await game_of(c, deal, moves=6) for _ in range(LIMITS["review"])]
        for gid in reviewed:
            assert (await c.get(f"/api/games/{gid}/review")).status_code == 200
        await until(lambda: len(web.reviews.analysis.pids()) == 2)
        refused = await c.get(f"/api/games/{await game_of(c, deal, moves=3)}/review")
        player = await game_of(c, 1, game="werner")
        await c.get(f"/api/games/{player}/hint")  # the foreground worker started: the next hint is the measure
        await c.post(f"/api/games/{player}/moves", json={"notation": (await c.get(f"/api/games/{player}")).json()["legal"][0]["notation"]})
        start = time.monotonic()
        hint = await c.get(f"/api/games/{player}/hint")
        took = time.monotonic() - start
        still = [not t.done() for t in web.reviews.tasks.values()]
        return refused, hint, took, still

    refused, hint, took, still = run_with(app, scenario)
    assert refused.status_code == 503 and refused.json()["busy"]
    assert hint.status_code == 200 and hint.json()["move"] is not None
    assert any(still), "the reviews ended before the hint: nothing was measured"
    assert took < 1.5


def test_a_review_nobody_asks_after_is_stopped(tmp_path, monkeypatch):
    monkeypatch.setattr(reviews_module, "ABANDONED", 1.0)
    app = create_app(tmp_path / "s.db", settings=SETTINGS)
    web = app.state.web
    _, deal = hard_deal()

    async def scenario(c):
        gid = await game_of(c, deal, moves=6)
        assert (await c.get(f"/api/games/{gid}/review")).status_code == 200
        await until(lambda: web.reviews.analysis.pids())
        await until(lambda: not web.reviews.tasks, 10)
        await until(lambda: not web.reviews.analysis.pids(), 5)
        return web.searches.running["review"]

    assert run_with(app, scenario) == 0
