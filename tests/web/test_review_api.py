"""The review route: a won game's length against the solver's, and where help was taken."""

from __future__ import annotations

import time

from starlette.testclient import TestClient

from napoleon import new_game
from napoleon.interfaces.web import Settings, create_app
from napoleon.solver import solve

from .api_client import new


def test_the_review_of_a_won_game_names_its_length_and_where_help_was_taken(tmp_path):
    moves = [new_game("werner", 1).game.notation(m) for m in solve(new_game("werner", 1), budget=30).moves]
    with TestClient(create_app(tmp_path / "v.db", settings=Settings())) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]  # as the page does
        gid = new(client, "werner", 1, autoplay=False)["id"]
        client.post(f"/api/games/{gid}/moves", json={"notation": moves[0]})
        assert client.get(f"/api/games/{gid}/hint").json()["outcome"] == "winnable"
        client.post(f"/api/games/{gid}/moves", json={"notation": moves[1]})
        client.post(f"/api/games/{gid}/undo", json={})
        for text in moves[1:]:
            assert client.post(f"/api/games/{gid}/moves", json={"notation": text}).status_code == 200
        deadline = time.monotonic() + 60
        while not (review := client.get(f"/api/games/{gid}/review").json())["done"]:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    assert review["result"] == "won" and review["losing_move"] is None
    assert review["won"]["length"] == len(moves) and review["won"]["shortest_known"] <= len(moves)
    assert review["help"] == [{"at": 1, "kind": "hint"}, {"at": 1, "kind": "undo"}]
    assert review["moves"][0]["help"] == ["hint", "undo"]
    assert review["words"]["move_help"][:3] == ["", "hint, undo", ""]
    assert all(m["verdict"] == "winnable" for m in review["moves"])
    # A won game has no losing move to play from.
    with TestClient(create_app(tmp_path / "v.db", settings=Settings())) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]
        refused = client.post(f"/api/games/{gid}/play-from-here")
        assert refused.status_code == 404 and "no reviewed losing move" in refused.json()["error"]


def test_a_finish_is_said_in_the_review_help_line(tmp_path, werner1_solution):
    with TestClient(create_app(tmp_path / "f.db", settings=Settings())) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]
        gid = new(client, "werner", 1, autoplay=False)["id"]
        for text in werner1_solution:
            view = client.post(f"/api/games/{gid}/moves", json={"notation": text}).json()
            if view["finish"]:
                break
        at = len(view["moves"])
        assert client.post(f"/api/games/{gid}/finish", json={}).json()["status"] == "won"
        deadline = time.monotonic() + 60
        while not (review := client.get(f"/api/games/{gid}/review").json())["done"]:
            assert time.monotonic() < deadline
            time.sleep(0.2)
    assert review["words"]["help_line"] == f"Help taken: Finish at move {at}."
    assert review["words"]["help"] == [f"Finish at move {at}"]
    assert review["words"]["move_help"][at] == "Finish" and review["moves"][at - 1]["help"] == ["finish"]


def test_play_from_here_takes_the_winning_line_onto_the_table_as_a_game_played_with_help(tmp_path):
    from tests.analysis.test_review import DEAL, FOLLOWED, GAME

    with TestClient(create_app(tmp_path / "p.db", settings=Settings())) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]
        gid = new(client, "werner", DEAL, autoplay=False)["id"]
        for text in GAME:
            assert client.post(f"/api/games/{gid}/moves", json={"notation": text}).status_code == 200
        assert client.post(f"/api/games/{gid}/play-from-here").status_code == 404  # not reviewed yet
        deadline = time.monotonic() + 120
        while not (review := client.get(f"/api/games/{gid}/review").json())["done"]:
            assert time.monotonic() < deadline
            time.sleep(0.2)
        assert review["losing_move"] == 19
        made = client.post(f"/api/games/{gid}/play-from-here")
        assert made.status_code == 201
        body = made.json()
        assert body["moves"] == 18 and body["hash"] == f"#werner/{DEAL}" and body["id"] != gid
        view = client.get(f"/api/games/{body['id']}").json()
        assert view["moves"] == FOLLOWED
        # The first move of the winning line is legal there, and the game counts as played with help.
        first = client.post(f"/api/games/{body['id']}/moves", json={"notation": review["line"][0]})
        assert first.status_code == 200
        listed = {g["id"]: g for g in client.get("/api/history").json()["games"]}
        assert listed[body["id"]]["assisted"]
        assert client.get(f"/api/games/{gid}").json()["moves"] == GAME  # the reviewed game is left as it was
