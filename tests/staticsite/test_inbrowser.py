"""The web app as the static site runs it: called as ASGI with no socket, searching through the
page's search lanes, exporting and importing game files, on a store made where there are no hard links."""

from __future__ import annotations

import asyncio
import inspect
import json
import os
import re
import subprocess
import sys

import pytest
from starlette.routing import Route
from starlette.testclient import TestClient

from napoleon import voice
from napoleon.interfaces.web import Settings, create_app
from napoleon.interfaces.web.inbrowser import Rehearsal, answer, open_app, warm
from napoleon.solver.browser import BrowserPool, serve_job
from napoleon.solver.workers import WorkerError, run_pickled
from napoleon.store import Store
from napoleon.schemas.files import MAX_GAME_FILE, MAX_GAMES_FILE
from napoleon.store.transfer import export_game, export_games, game_file_text, game_to_json


def ask(app, method, url, headers=None, body=b""):
    return asyncio.run(answer(app, method, url, headers, body))


def token(app):
    return json.loads(ask(app, "GET", "/api/token")["body"])["token"]


def test_requests_without_a_socket_get_the_servers_answers(tmp_path):
    app = open_app(str(tmp_path / "a.db"))
    headers = {"X-Napoleon-Token": token(app), "Content-Type": "application/json"}
    made = ask(app, "POST", "/api/games", headers, json.dumps({"game": "werner", "deal": 1, "autoplay": False}))
    assert made["status"] == 201 and made["headers"]["content-type"] == "application/json"
    view = json.loads(made["body"])
    moved = ask(app, "POST", f"/api/games/{view['id']}/moves", headers,
                json.dumps({"notation": "T3-F1", "version": view["version"]}))
    assert moved["status"] == 200
    # The same requests to a server on another store: the same views, key for key.
    with TestClient(create_app(tmp_path / "b.db")) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]
        served = client.post("/api/games", json={"game": "werner", "deal": 1, "autoplay": False}).json()
        assert client.post(f"/api/games/{served['id']}/moves", json={"notation": "T3-F1"}).status_code == 200
        served = client.get(f"/api/games/{served['id']}").json()
    mine = json.loads(ask(app, "GET", f"/api/games/{view['id']}")["body"])
    assert mine.keys() == served.keys() and mine["position"] == served["position"]
    assert mine["position"] != view["position"]  # the move was made
    # A query string, a refusal, and a change without the page's token.
    assert ask(app, "GET", f"/api/games/{view['id']}/targets?from=tableau-1&count=1")["status"] == 200
    assert json.loads(ask(app, "GET", "/api/games/99")["body"])["error"] == "no game with id '99'"
    refused = ask(app, "POST", f"/api/games/{view['id']}/undo", {"Content-Type": "application/json"}, "{}")
    assert refused["status"] == 403 and json.loads(refused["body"])["token"] == "refused"


def test_warming_leaves_opening_the_app_no_pattern_to_compile(tmp_path, monkeypatch):
    # warm() runs before the page's worker keeps its copy of Python: what it compiled is kept there.
    re.purge()
    warm()

    def compiled(*args, **kwargs):
        raise AssertionError(f"a pattern compiled as the app opens: {args[0]!r}")

    monkeypatch.setattr(re._compiler, "compile", compiled)
    open_app(str(tmp_path / "a.db")).state.web.close()


def test_a_rehearsal_plays_its_moves_on_a_throwaway_store_and_leaves_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("NAPOLEON_DB", str(tmp_path / "player.db"))  # the player's store: never made
    rehearsal = Rehearsal(moves=3)

    async def play():
        steps = 1
        while await rehearsal.step():
            steps += 1
        return steps

    assert asyncio.run(play()) == 2 + 2 * 3  # the token, the deal, and each move with its undo
    assert rehearsal.view["moves_made"] == 0 and rehearsal.view["can_redo"]  # the last move undone
    folder = rehearsal.folder
    rehearsal.close()
    assert not os.path.exists(folder) and not (tmp_path / "player.db").exists()


def test_a_search_asked_without_a_socket_is_answered_not_taken_for_a_client_gone(tmp_path):
    # The app stops a search whose client goes away; the page in the browser never goes away
    # while it waits, so the bridge must not say it did before the answer is out.
    app = open_app(str(tmp_path / "s.db"))
    headers = {"X-Napoleon-Token": token(app), "Content-Type": "application/json"}
    made = json.loads(ask(app, "POST", "/api/games", headers,
                          json.dumps({"game": "werner", "deal": 1, "autoplay": False}))["body"])
    for method, path, body in [("GET", f"/api/games/{made['id']}/hint", b""),
                               ("GET", f"/api/games/{made['id']}/verdict", b""),
                               ("POST", f"/api/games/{made['id']}/solve", json.dumps({"budget": 5}))]:
        got = ask(app, method, path, headers, body)
        assert got["status"] == 200, (path, got["body"])


def test_every_endpoint_is_async_since_the_browser_has_no_threads(tmp_path):
    app = create_app(tmp_path / "n.db")
    endpoints = [r.endpoint for r in app.routes if isinstance(r, Route)]
    assert len(endpoints) > 20
    assert [e for e in endpoints if not inspect.iscoroutinefunction(e)] == []


def test_export_is_the_file_of_napoleon_export_and_import_takes_it_back(tmp_path):
    with TestClient(create_app(tmp_path / "phone.db", settings=Settings())) as phone:
        phone.headers["X-Napoleon-Token"] = phone.get("/api/token").json()["token"]
        gid = phone.post("/api/games", json={"game": "werner", "deal": 1, "autoplay": False}).json()["id"]
        phone.post(f"/api/games/{gid}/moves", json={"notation": "T3-F1"})
        phone.post(f"/api/games/{gid}/leave")
        exported = phone.get(f"/api/games/{gid}/export")
        assert exported.status_code == 200
        assert f'filename="napoleon-game-{gid}.json"' in exported.headers["content-disposition"]
        store = Store.open(tmp_path / "phone.db")
        export_game(store, int(gid), tmp_path / "cli.json")
        store.close()
        assert exported.text == (tmp_path / "cli.json").read_text()
        assert phone.get("/api/games/999/export").status_code == 404
    with TestClient(create_app(tmp_path / "computer.db")) as computer:
        computer.headers["X-Napoleon-Token"] = computer.get("/api/token").json()["token"]
        made = computer.post("/api/import", content=exported.text)
        assert made.status_code == 201, made.text
        history = computer.get("/api/history").json()["games"]
        assert [(g["id"], g["game"], g["moves"]) for g in history] == [(made.json()["id"], "werner", 1)]
        again = computer.post("/api/import", content=exported.text)
        assert again.status_code == 400 and "already in the store" in again.json()["error"]
        for junk in ("not json", "{}", json.dumps({**json.loads(exported.text), "moves": ["T1-T1"]})):
            r = computer.post("/api/import", content=junk)
            assert r.status_code == 400 and r.json()["error"]
        # A file of one game is at most MAX_GAME_FILE bytes, a file of games MAX_GAMES_FILE.
        padded = json.dumps({**json.loads(exported.text), "pad": "x" * MAX_GAME_FILE})
        r = computer.post("/api/import", content=padded)
        assert r.status_code == 400 and "too large" in r.json()["error"]
        assert computer.post("/api/import", content=b"x" * (MAX_GAMES_FILE + 1)).status_code == 413
        assert len(computer.get("/api/history").json()["games"]) == 1  # nothing more was stored
        assert computer.post("/api/import", content=exported.text, headers={"X-Napoleon-Token": "no"}).status_code == 403


def test_every_game_is_exported_in_one_file_and_imported_again_without_twins(tmp_path):
    with TestClient(create_app(tmp_path / "phone.db", settings=Settings())) as phone:
        phone.headers["X-Napoleon-Token"] = phone.get("/api/token").json()["token"]
        for game, deal, move in (("werner", 1, "T3-F1"), ("forty-thieves", 9, "S-W")):
            gid = phone.post("/api/games", json={"game": game, "deal": deal, "autoplay": False}).json()["id"]
            phone.post(f"/api/games/{gid}/moves", json={"notation": move})
        phone.post("/api/games", json={"game": "werner", "deal": 2, "autoplay": False})  # untouched: no game
        exported = phone.get("/api/export")
        assert exported.status_code == 200 and exported.headers["cache-control"] == "no-store"
        assert re.search(r'filename="napoleon-games-\d{4}-\d\d-\d\d\.json"', exported.headers["content-disposition"])
        store = Store.open(tmp_path / "phone.db")
        export_games(store, tmp_path / "cli.json")
        store.close()
        assert exported.text == (tmp_path / "cli.json").read_text()  # the file napoleon export --all writes
        assert [(g["game"], g["deal"]) for g in exported.json()["games"]] == [("werner", 1), ("forty-thieves", 9)]
    with TestClient(create_app(tmp_path / "computer.db")) as computer:
        computer.headers["X-Napoleon-Token"] = computer.get("/api/token").json()["token"]
        made = computer.post("/api/import", content=exported.text)
        assert made.status_code == 201, made.text
        assert len(made.json()["ids"]) == 2 and made.json()["held"] == 0
        assert made.json()["text"] == voice.games_imported(2, 0)
        # Again: nothing twice, and said so.
        again = computer.post("/api/import", content=exported.text)
        assert again.status_code == 201 and again.json()["ids"] == [] and again.json()["held"] == 2
        # One game of the file that does not replay: the whole file is refused, naming it.
        broken = exported.json()
        broken["games"].append({**broken["games"][0], "uid": "f" * 32, "moves": ["T1-T1"], "turns": [1]})
        r = computer.post("/api/import", content=json.dumps(broken))
        assert r.status_code == 400 and r.json()["error"].startswith("game 3 of 3 in the file: ")
        assert len(computer.get("/api/history").json()["games"]) == 2


def test_game_file_text_is_what_export_writes(tmp_path):
    store = Store.open(tmp_path / "s.db")
    from napoleon import get_game

    rid = store.insert(get_game("werner"), 5, moves=[], turns=[], result="playing", elapsed=0.0)
    saved = store.get(rid)
    export_game(store, rid, tmp_path / "g.json")
    assert (tmp_path / "g.json").read_text() == game_file_text(game_to_json(saved))
    store.close()


class Lanes:
    """A stand-in for the page's napoleonLanes: each job runs as a search worker would run it."""

    def __init__(self):
        self.jobs, self.dropped = [], []

    async def run(self, lane, job_id, data):
        self.jobs.append((lane, job_id))
        if lane == "slow":
            await asyncio.sleep(10)
        return serve_job(data)

    def drop(self, lane, job_id):
        self.dropped.append((lane, job_id))


def test_searches_go_to_the_lanes_search_worker_and_come_back():
    lanes = Lanes()
    pool = BrowserPool("background", lanes)
    assert asyncio.run(pool.run(divmod, 17, 5)) == (3, 2)
    assert lanes.jobs == [("background", 1)] and pool.pids() == []
    with pytest.raises(WorkerError, match="ZeroDivisionError"):
        asyncio.run(pool.run(divmod, 1, 0))
    # Without lanes the job runs here.
    assert asyncio.run(BrowserPool("foreground").run(divmod, 9, 2)) == (4, 1)


def test_a_search_given_up_stops_its_worker():
    lanes = Lanes()
    pool = BrowserPool("slow", lanes)

    async def give_up():
        task = asyncio.ensure_future(pool.run(divmod, 1, 1))
        await asyncio.sleep(0.05)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(give_up())
    assert lanes.dropped == [("slow", 1)]
    pool.close()
    with pytest.raises(WorkerError, match="closed"):
        asyncio.run(pool.run(divmod, 1, 1))


def test_run_pickled_answers_as_a_worker_process_does():
    import pickle

    assert pickle.loads(run_pickled(pickle.dumps((divmod, (7, 2))))) == (True, (3, 1))
    ok, message = pickle.loads(run_pickled(pickle.dumps((divmod, (7, 0)))))
    assert not ok and message.startswith("ZeroDivisionError")


def test_a_store_is_made_where_there_are_no_hard_links(tmp_path, monkeypatch):
    monkeypatch.delattr(os, "link")
    store = Store.open(tmp_path / "no-links.db")
    store.close()
    assert Store.open(tmp_path / "no-links.db") is not None
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".new")]


def test_a_store_in_the_browser_leaves_its_file_and_a_cleared_journal_to_copy_after_a_write(tmp_path, monkeypatch):
    # The browser copies the store's files whole into IndexedDB after each write: a WAL log,
    # growing to megabytes between checkpoints, would be copied every time. The store is held
    # in exclusive locking mode there, which keeps the rollback journal's file between writes
    # with its header cleared (nothing to roll back), cut back to a small limit.
    from napoleon.store.opening import BROWSER_JOURNAL_LIMIT

    with Store.open(tmp_path / "phone.db") as store:  # made on a computer (an import's file, a test's)
        assert store.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
        assert store.db.execute("PRAGMA locking_mode").fetchone() == ("normal",)
    monkeypatch.setattr(sys, "platform", "emscripten")
    app = open_app(str(tmp_path / "phone.db"))
    store = app.state.web.store
    assert store.db.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    assert store.db.execute("PRAGMA locking_mode").fetchone() == ("exclusive",)
    headers = {"X-Napoleon-Token": token(app), "Content-Type": "application/json"}
    made = json.loads(ask(app, "POST", "/api/games", headers,
                          json.dumps({"game": "werner", "deal": 1, "autoplay": False}))["body"])
    for _ in range(40):  # a long line: more pages written than the journal keeps
        made = json.loads(ask(app, "POST", f"/api/games/{made['id']}/moves", headers,
                              json.dumps({"notation": "T3-F1"}))["body"])
        made = json.loads(ask(app, "POST", f"/api/games/{made['id']}/undo", headers, "{}")["body"])
    with store.transaction() as db:
        db.executemany("INSERT INTO help (game_id, at, kind, made) VALUES (?, 0, 'hint', ?)",
                       [(int(made["id"]), "x" * 2000) for _ in range(200)])
    with store.transaction() as db:  # a write of many pages: the journal grows past the limit, then is cut back
        db.execute("DELETE FROM help WHERE kind = 'hint'")
    assert (tmp_path / "phone.db-journal").stat().st_size <= BROWSER_JOURNAL_LIMIT
    assert ask(app, "POST", f"/api/games/{made['id']}/moves", headers, json.dumps({"notation": "T3-F1"}))["status"] == 200
    assert sorted(p.name for p in tmp_path.iterdir()) == ["phone.db", "phone.db-journal"]
    journal = (tmp_path / "phone.db-journal").read_bytes()
    assert len(journal) <= BROWSER_JOURNAL_LIMIT and journal[:28] == bytes(28)  # no hot journal: nothing to roll back
    store.close()
    with Store.open(tmp_path / "phone.db") as again:  # on a computer again, as a file imported or exported
        assert [g.moves for g in again.unfinished()] == [["T3-F1"]]
        assert again.db.execute("PRAGMA journal_mode").fetchone() == ("delete",)


class ValueErrorJs(Exception):
    """As Pyodide raises a JavaScript Error: its ``name`` says which Python exception it stands for."""

    name = "ValueError"


class FakeJsCore:
    """A stand-in for the WebAssembly core's wrapper: the native core's answers, JavaScript's shapes."""

    TABLE_VERSION = 3

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        def call(*args):
            self.calls.append((name, args))
            if name == "dead_end":
                raise ValueErrorJs("bad piles")
            return ((1, [[0, 1, 1]], 7), memoryview(b"key"))[name == "key"]
        return call


def test_the_browser_core_calls_the_javascript_functions_one_for_one():
    from napoleon.solver.jscore import FUNCTIONS, JsCore

    fake = FakeJsCore()
    core = JsCore(fake, to_js=lambda v: ("js", v))
    assert core.TABLE_VERSION == 3 and all(callable(getattr(core, f)) for f in FUNCTIONS)
    assert core.search([1, 2], [[3]], 0) == [1, [[0, 1, 1]], 7]
    assert fake.calls[-1] == ("search", (("js", [1, 2]), ("js", [[3]]), ("js", 0)))
    assert core.key([1], [[2]], 0, 0) == b"key"
    with pytest.raises(ValueError, match="bad piles"):
        core.dead_end([1], [[2]], 0)


def test_the_apps_start_builds_no_model_validator_before_a_request_needs_it():
    # Building every model's (and bare type's) validator on import took half a second of the
    # browser's start; each is built when it first reads something instead.
    code = """
import pydantic
import napoleon.interfaces.web.inbrowser
from napoleon.interfaces import common
from napoleon.schemas import files, values, web
models = [c for m in (web, files) for c in vars(m).values()
          if isinstance(c, type) and issubclass(c, pydantic.BaseModel)]
adapters = [files.MoveList, values.MOVE_TEXT, common.OPTIONS]
print(len(models), sum(c.__pydantic_complete__ for c in models) + sum(a.pydantic_complete for a in adapters))
print(web.NewGame.model_validate({"game": "werner", "deal": 1}).deal, values.MOVE_TEXT.validate_python("T3-F1"))
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    counted, read = done.stdout.split("\n")[:2]
    models, built = map(int, counted.split())
    assert models > 15 and built == 0
    assert read == "1 T3-F1"
