"""A damaged row is one damaged game: the lists, the statistics and the other games go on without
it and say which game could not be read; ``napoleon doctor`` sets it aside, keeping it whole to
put back. And a game's own settings come back with it."""

from __future__ import annotations

import json
import sqlite3

import pytest
from starlette.testclient import TestClient

import napoleon
from napoleon.interfaces.cli import main
from napoleon.interfaces.web import Settings, create_app
from napoleon.session import Session
from napoleon.store import DamagedRecordError, Store

DAMAGE = {
    "moves not JSON": "UPDATE games SET moves = '[\"T1-T8\",' WHERE id = ?",
    "moves not a list": "UPDATE games SET moves = '{\"a\": 1}' WHERE id = ?",
    "options not JSON": "UPDATE games SET options = '{' WHERE id = ?",
    "turns of text": "UPDATE games SET turns = '[\"x\"]' WHERE id = ?",
    "a move that does not replay": "UPDATE games SET moves = '[\"T1-T1\"]', turns = '[1]' WHERE id = ?",
}


def played(store: Store, deal: int, moves: int = 2, leave: bool = True) -> int:
    session = Session.recorded(store, napoleon.new_game("werner", deal), autoplay=False)
    for _ in range(moves):
        session.play(session.state.legal_moves()[0])
    if leave:
        session.leave()
    return session.record_id


@pytest.fixture
def db(tmp_path):
    """A store of three games, the first of which is then damaged by the test."""
    path = tmp_path / "d.db"
    with Store.open(path) as store:
        ids = [played(store, deal) for deal in (1, 2, 3)]
    return path, ids


def damage(path, how: str, gid: int) -> None:
    with sqlite3.connect(path) as raw:
        raw.execute(DAMAGE[how], (gid,))


@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_the_commands_go_on_without_a_damaged_game_and_name_it(db, how, capsys, tmp_path):
    path, (bad, *good) = db
    damage(path, how, bad)
    readable = how == "a move that does not replay"  # its row reads: it fails when it is played back
    assert main(["history", "--db", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    listed = [g["id"] for g in json.loads(out)]
    assert sorted(good) == sorted(i for i in listed if i != bad)
    assert (bad in listed) == readable
    assert readable or f"game #{bad} could not be read" in err
    assert main(["stats", "--db", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    stats = json.loads(out)
    assert stats["stats"][0]["played"] == (3 if readable else 2)
    assert readable or stats["damaged"][0]["id"] == bad
    for command in (["export", str(bad), str(tmp_path / "x.json")], ["resume", str(bad), "--plain"],
                    ["review", str(bad)]):
        assert main([*command, "--db", str(path)]) == 2, command
        assert f"#{bad}" in capsys.readouterr().err
    assert main(["export", str(good[0]), str(tmp_path / "y.json"), "--db", str(path)]) == 0
    capsys.readouterr()


@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_the_api_goes_on_without_a_damaged_game_and_names_it(db, how):
    path, (bad, *good) = db
    damage(path, how, bad)
    readable = how == "a move that does not replay"
    with TestClient(create_app(path, settings=Settings())) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
        history = c.get("/api/history")
        assert history.status_code == 200
        assert {int(g["id"]) for g in history.json()["games"]} >= set(good)
        stats = c.get("/api/stats")
        assert stats.status_code == 200
        assert c.get("/api/games").status_code == 200
        if not readable:
            assert [d["id"] for d in history.json()["damaged"]] == [str(bad)]
            assert [d["id"] for d in stats.json()["damaged"]] == [str(bad)]
        one = c.get(f"/api/games/{bad}")
        assert one.status_code in (400, 404) and f"#{bad}" in one.json()["error"]
        assert c.get(f"/api/games/{good[0]}").status_code == 200


def test_doctor_sets_damaged_games_aside_and_puts_them_back(db, capsys):
    path, (bad, *good) = db
    damage(path, "moves not JSON", bad)
    with sqlite3.connect(path) as raw:
        before = raw.execute("SELECT * FROM games WHERE id = ?", (bad,)).fetchone()
    assert main(["doctor", "--db", str(path), "--dry-run", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["damaged"][0]["id"] == bad
    with Store.open(path) as store:
        assert [e.record_id for e in store.damaged()] == [bad]  # a dry run moves nothing
    assert main(["doctor", "--db", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"game #{bad} was set aside" in out and "--restore" in out
    with Store.open(path) as store:
        assert store.damaged() == [] and store.get(bad) is None
        assert len(store.games()) == 2
    assert main(["doctor", "--db", str(path)]) == 0
    assert "nothing to set aside" in capsys.readouterr().out
    assert main(["doctor", "--db", str(path), "--restore", str(bad)]) == 0
    capsys.readouterr()
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT * FROM games WHERE id = ?", (bad,)).fetchone() == before
    with Store.open(path) as store, pytest.raises(DamagedRecordError):
        store.get(bad)


def test_a_games_autoplay_comes_back_with_it(tmp_path):
    """Made with auto-play off: off again after a restart, on a second server, after eviction."""
    path = tmp_path / "a.db"
    with TestClient(create_app(path, settings=Settings())) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
        off = c.post("/api/games", json={"game": "werner", "deal": 1, "autoplay": False}).json()
        on = c.post("/api/games", json={"game": "werner", "deal": 2, "autoplay": True}).json()
        turned = c.post("/api/games", json={"game": "werner", "deal": 3, "autoplay": True}).json()
        assert c.post(f"/api/games/{turned['id']}/settings", json={"autoplay": False}).status_code == 200
        c.app.state.web.registry.close()  # as when 200 other games pushed them out of memory
        assert c.get(f"/api/games/{off['id']}").json()["autoplay"] is False
    with TestClient(create_app(path, settings=Settings())) as c:  # a restart, or a second server
        assert c.get(f"/api/games/{off['id']}").json()["autoplay"] is False
        assert c.get(f"/api/games/{on['id']}").json()["autoplay"] is True
        assert c.get(f"/api/games/{turned['id']}").json()["autoplay"] is False
    with Store.open(path) as store:
        assert Session.reopen(store, store.get(int(off["id"]))).autoplay is False
