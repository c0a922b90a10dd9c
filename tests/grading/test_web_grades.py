"""Graded deals through the web API: a winnable deal of a chosen grade, the deal of the day, a deal's grade."""

from __future__ import annotations

import datetime

import pytest
from starlette.testclient import TestClient

import napoleon
from napoleon.grading import daily_deal, grade
from napoleon.interfaces.web import Settings, create_app
from napoleon.store import Store

WERNER = napoleon.get_game("werner")


@pytest.fixture(scope="module")
def path(tmp_path_factory):
    return tmp_path_factory.mktemp("db") / "napoleon.db"


@pytest.fixture(scope="module")
def client(path):
    with TestClient(create_app(path, settings=Settings(winnable_budget=0.05, winnable_tries=1))) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]  # as the page does
        yield c


def refused(response, status):
    assert response.status_code == status, response.text
    return response.json()["error"]


def test_a_winnable_deal_of_a_chosen_grade_is_recorded_with_its_grade(client, path):
    for wanted in ("hard", "easy"):
        r = client.post("/api/games", json={"game": "werner", "deal": "winnable", "grade": wanted})
        assert r.status_code == 201, r.text
        v = r.json()
        assert v["grade"] == wanted and grade(WERNER, v["deal"]).grade == wanted
        with Store.open(path) as store:
            assert store.get(int(v["id"])).grade == wanted
    stats = client.get("/api/stats").json()
    assert isinstance(stats["by_grade"], list)


def test_beyond_the_shipped_grades_the_deal_is_graded_and_its_solution_kept(client):
    r = client.post("/api/games", json={"game": "werner", "deal": "winnable", "grade": "easy", "start": 900_000})
    assert r.status_code == 201, r.text
    v = r.json()
    assert v["deal"] >= 900_000 and v["grade"] == "easy"
    assert grade(WERNER, v["deal"], compute=True).grade == "easy"
    solved = client.post(f"/api/games/{v['id']}/solve", json={"steps": False}).json()
    assert solved["verdict"] == "won" and solved["cached"] is True


def test_the_deal_of_the_day(client):
    day = datetime.date(2026, 11, 23)
    expected = daily_deal(WERNER, day)
    r = client.post("/api/games", json={"game": "werner", "deal": "daily", "date": day.isoformat()})
    assert r.status_code == 201, r.text
    assert (r.json()["deal"], r.json()["grade"]) == (expected.deal, expected.grade)
    got = client.get("/api/daily", params={"game": "werner", "date": "2026-11-23"}).json()
    assert got == {"game": "werner", "deal": expected.deal, "grade": expected.grade, "date": "2026-11-23"}


def test_a_deals_grade_on_demand(client):
    v = client.post("/api/games", json={"game": "werner", "deal": 900_008}).json()
    assert v["grade"] is None  # beyond the shipped grades: not known yet
    answer = client.get(f"/api/games/{v['id']}/grade").json()
    assert answer["grade"] == grade(WERNER, 900_008).grade and answer["source"] == "computed"
    assert client.get(f"/api/games/{v['id']}").json()["grade"] == answer["grade"]
    lost = client.post("/api/games", json={"game": "werner", "deal": 8}).json()
    assert lost["grade"] == "lost"  # shipped: known at once


@pytest.mark.parametrize("body, status, says", [
    ({"game": "werner", "deal": "winnable", "grade": "trivial"}, 400, "'grade' input should be 'easy'"),
    ({"game": "werner", "deal": 5, "grade": "easy"}, 400, "'grade' goes with"),
    ({"game": "werner", "date": "2026-11-23"}, 400, "'date' goes with"),
    ({"game": "werner", "deal": "daily", "date": "23/11/2026"}, 400, "'date' must be a date, YYYY-MM-DD"),
])
def test_bad_graded_requests_are_refused(client, body, status, says):
    assert says in refused(client.post("/api/games", json=body), status)


def test_shipped_graded_deals_are_handed_out_without_a_worker(path, tmp_path, monkeypatch):
    # In the browser a worker's Python takes seconds to start: a lookup must not wait for one.
    from napoleon.grading import handed_out_at_once
    from napoleon.interfaces.web.live import WebCore

    assert handed_out_at_once(WERNER, "daily") and handed_out_at_once(WERNER, "random", "easy")
    assert not handed_out_at_once(WERNER, "next")  # the next one may lie beyond the shipped grades

    async def no_search(self, request, kind, question):
        raise AssertionError(f"a {kind} search was asked for")

    monkeypatch.setattr(WebCore, "search", no_search)
    with TestClient(create_app(tmp_path / "n.db")) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
        day = datetime.date(2026, 11, 23)
        r = c.post("/api/games", json={"game": "werner", "deal": "daily", "date": day.isoformat()})
        assert r.status_code == 201 and r.json()["deal"] == daily_deal(WERNER, day).deal
        r = c.post("/api/games", json={"game": "werner", "deal": "winnable", "grade": "hard"})
        assert r.status_code == 201 and r.json()["grade"] == "hard"
        daily = c.get("/api/daily", params={"game": "werner", "date": day.isoformat()})
        assert daily.status_code == 200 and daily.json()["deal"] == daily_deal(WERNER, day).deal
