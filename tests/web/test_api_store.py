"""The JSON API's store: unfinished games, statistics, games left, and a server restarted."""

from __future__ import annotations

from starlette.testclient import TestClient

from napoleon.interfaces.web import create_app

from .api_client import SETTINGS, new, snapshot, refused, first_move


# ------------------------------------------------------------ store, stats


def test_unfinished_games_are_listed(client):
    a = new(client, "werner", 5)["id"]
    b = new(client, "st-helena", 6, options={"spaces": "any"})["id"]
    first_move(client, a)
    first_move(client, b)
    listed = {g["id"]: g for g in client.get("/api/games").json()["games"]}
    assert {a, b} <= set(listed)
    assert listed[b]["hash"] == "#st-helena/6?spaces=any" and listed[b]["result"] == "playing"


def test_stats(client):
    first_move(client, new(client, "werner", 5)["id"])
    rows = client.get("/api/stats").json()["stats"]
    assert rows and rows[0]["game"] == "werner" and rows[0]["unfinished"] == 1
    assert client.get("/api/stats", params={"game": "werner"}).json()["stats"] == rows
    assert "unknown game" in refused(client.get("/api/stats", params={"game": "patience"}), 400)


def test_a_game_left_after_a_move_counts_as_played_and_lost(client):
    played = new(client, "werner", 5)["id"]
    first_move(client, played)
    untouched = new(client, "werner", 6)["id"]
    assert client.post(f"/api/games/{played}/leave").json() == {"id": played, "result": "abandoned"}
    assert client.post(f"/api/games/{untouched}/leave").json()["result"] == "playing"
    row = client.get("/api/stats", params={"game": "werner"}).json()["stats"][0]
    assert row["played"] == 1 and row["won"] == 0 and row["abandoned"] == 1 and row["win_pct"] == 0.0
    # The history lists the game left, not the deal opened and left untouched.
    games = client.get("/api/history").json()["games"]
    assert [(g["id"], g["result"], g["counted"]) for g in games] == [(played, "abandoned", True)]
    assert client.get("/api/history", params={"game": "werner", "limit": 1}).json()["games"] == games
    assert "'limit'" in refused(client.get("/api/history", params={"limit": "0"}), 400)
    assert "unknown game" in refused(client.get("/api/history", params={"game": "patience"}), 400)
    assert "no game" in refused(client.post("/api/games/424242/leave"), 404)


def test_statistics_reset(client):
    for deal in (5, 6):
        gid = new(client, "werner", deal)["id"]
        first_move(client, gid)
        client.post(f"/api/games/{gid}/leave")
    ft = new(client, "forty-thieves", 1)["id"]
    client.post(f"/api/games/{ft}/moves", json=client.get(f"/api/games/{ft}").json()["legal"][0])
    client.post(f"/api/games/{ft}/leave")
    assert "unknown game" in refused(client.post("/api/stats/reset", json={"game": "patience"}), 400)
    assert "unknown field" in refused(client.post("/api/stats/reset", json={"games": "werner"}), 400)
    assert client.post("/api/stats/reset", json={"game": "werner"}).json() == {"reset": 2, "game": "werner"}
    rows = {r["game"]: r for r in client.get("/api/stats").json()["stats"]}
    assert "werner" not in rows or rows["werner"]["played"] == 0
    assert rows["forty-thieves"]["played"] == 1
    # The history keeps the games, marked as no longer counted.
    counted = {g["game"]: g["counted"] for g in client.get("/api/history").json()["games"]}
    assert counted == {"werner": False, "forty-thieves": True}
    assert client.post("/api/stats/reset").json()["reset"] == 1


def test_many_games_at_once_do_not_interfere(client):
    a = new(client, "werner", 1)["id"]
    b = new(client, "werner", 1)["id"]
    assert a != b
    client.post(f"/api/games/{a}/moves", json={"notation": "T7-T6"})
    client.post(f"/api/games/{b}/moves", json={"notation": "T3-F1"})
    assert client.get(f"/api/games/{a}").json()["moves"] == ["T7-T6"]
    assert client.get(f"/api/games/{b}").json()["moves"] == ["T3-F1"]


def test_games_survive_a_server_restart(db):
    with TestClient(create_app(db, settings=SETTINGS)) as first:
        first.headers["X-Napoleon-Token"] = first.get("/api/token").json()["token"]  # as the page does
        gid = new(first, "napoleons-tomb", 42)["id"]
        view = first.get(f"/api/games/{gid}").json()
        for move in view["legal"][:1]:
            first.post(f"/api/games/{gid}/moves", json=move)
        first.post(f"/api/games/{gid}/moves", json={"from": "stock", "to": "waste-3"})
        kept = snapshot(first, gid)
        won = new(first, "werner", 1)["id"]
        for text in first.post(f"/api/games/{won}/solve", json={}).json()["moves"]:
            first.post(f"/api/games/{won}/moves", json={"notation": text})
    with TestClient(create_app(db, settings=SETTINGS)) as second:
        second.headers["X-Napoleon-Token"] = second.get("/api/token").json()["token"]  # as the page does
        again = snapshot(second, gid)
        assert again["position"] == kept["position"] and again["moves"] == kept["moves"]
        assert again["can_undo"]
        r = second.post(f"/api/games/{gid}/undo")
        assert r.json()["moves"] == kept["moves"][:-1]
        assert second.post(f"/api/games/{gid}/moves", json={"notation": "S-W1"}).status_code == 200
        # A won game can be looked at after the restart, and is still won.
        assert second.get(f"/api/games/{won}").json()["status"] == "won"
        assert second.post(f"/api/games/{won}/moves", json={"notation": "T1-T2"}).status_code == 422
    with TestClient(create_app(db, settings=SETTINGS)) as third:
        third.headers["X-Napoleon-Token"] = third.get("/api/token").json()["token"]  # as the page does
        assert third.get(f"/api/games/{gid}").json()["moves"][-1] == "S-W1"
