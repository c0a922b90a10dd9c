"""One spelling for each value, from the web API, the command line and a game file alike: a deal
has no leading zero or space, the reduced deck is for the solver's tests only, a JSON object
gives each key once, a budget is a budget, and a game is left only from the position it is in."""

from __future__ import annotations

import json

import pytest
from starlette.testclient import TestClient

import napoleon
from napoleon.interfaces.cli import main
from napoleon.interfaces.web import Settings, create_app
from napoleon.schemas import SchemaError, load_json
from napoleon.store import Store
from napoleon.store.transfer import export_game, import_file


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "s.db", settings=Settings())) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
        yield c


def created(c, **body):
    return c.post("/api/games", json={"game": "werner", "autoplay": False, **body})


@pytest.mark.parametrize("deal", ["01", " 5 ", "5 ", "+5", "0x5", "٣"])
def test_a_deal_has_one_spelling_over_the_api(client, deal):
    r = created(client, deal=deal)
    assert r.status_code == 400 and "deal" in r.json()["error"]
    assert client.get("/api/history").json()["games"] == []
    assert created(client, deal="5").json()["deal"] == created(client, deal=5).json()["deal"] == 5


@pytest.mark.parametrize("deal", ["007", " 7", "7 ", "+7"])
def test_a_deal_has_one_spelling_on_the_command_line(capsys, deal):
    with pytest.raises(SystemExit) as refused:
        main(["deal", "werner", "--deal", deal, "--json"])
    assert refused.value.code == 2 and "deal number" in capsys.readouterr().err
    assert main(["deal", "werner", "--deal", "7", "--json"]) == 0


def test_the_reduced_deck_is_for_tests_only(client, capsys, tmp_path):
    r = client.post("/api/games", json={"game": "st-helena", "deal": 3, "options": {"ranks": 2}})
    assert r.status_code == 400 and "tests only" in r.json()["error"]
    r = client.post("/api/games", json={"game": "forty-thieves", "deal": 3, "options": {"columns": 4}})
    assert r.status_code == 400 and "tests only" in r.json()["error"]
    assert main(["play", "st-helena", "--deal", "3", "-o", "ranks=2", "--plain"]) == 2
    assert "tests only" in capsys.readouterr().err
    assert main(["solve", "forty-thieves", "--deal", "3", "-o", "ranks=5", "--budget", "1"]) == 2
    assert "tests only" in capsys.readouterr().err
    # Nor from a file: a game of two ranks is won in a few moves, and would count as a win.
    with Store.open(tmp_path / "a.db") as store:
        state = napoleon.new_game("forty-thieves", 3, {"ranks": 2})
        gid = store.insert(state.game, 3)
        path = tmp_path / "g.json"
        export_game(store, gid, path)
    with Store.open(tmp_path / "b.db") as other, pytest.raises(napoleon.NapoleonError, match="tests only"):
        import_file(other, path)


def test_a_json_object_gives_each_key_once(client):
    with pytest.raises(SchemaError, match="given twice"):
        load_json('{"deal": 1, "deal": 2}', "it")
    assert load_json('{"a": {"b": 1}, "b": {"b": 2}}', "it") == {"a": {"b": 1}, "b": {"b": 2}}
    r = client.post("/api/games", content=b'{"game": "werner", "deal": 1, "deal": 2}',
                    headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "twice" in r.json()["error"]
    assert client.get("/api/history").json()["games"] == []


@pytest.mark.parametrize("budget", ["0.00000000000000000001", "0.001", "0", "1e-20"])
def test_a_budget_too_small_to_search_is_refused(client, budget):
    gid = created(client, deal=1).json()["id"]
    for path in (f"/api/games/{gid}/hint?budget={budget}", f"/api/games/{gid}/verdict?longer={budget}",
                 f"/api/games/{gid}/last-winnable?budget={budget}"):
        r = client.get(path)
        assert r.status_code == 400 and "seconds" in r.json()["error"], path
    r = client.post(f"/api/games/{gid}/solve", json={"budget": float(budget)})
    assert r.status_code == 400
    assert client.app.state.web.analysis.searches == 0


def test_a_game_is_left_only_from_the_position_it_is_in(client):
    view = created(client, deal=1).json()
    gid, old = view["id"], view["version"]
    moved = client.post(f"/api/games/{gid}/moves", json={"notation": view["legal"][0]["notation"]}).json()
    r = client.post(f"/api/games/{gid}/leave", json={"version": old})
    assert r.status_code == 409 and r.json()["stale"]
    assert client.get(f"/api/games/{gid}").json()["end"] is None
    assert [g["result"] for g in client.get("/api/history").json()["games"]] == ["playing"]
    r = client.post(f"/api/games/{gid}/leave", json={"version": moved["version"]})
    assert r.status_code == 200 and r.json()["result"] == "abandoned"
    assert json.loads(json.dumps(r.json()))["id"] == gid
