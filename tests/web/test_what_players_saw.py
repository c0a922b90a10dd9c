"""Faults players met on the page, each through the API as the page meets it: the clock ran while
the page was closed, the move counts of the game, the history and the statistics disagreed,
Restart after a win reopened the won game, and auto-play turned on at move 0 counted its moves as
the player's."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

import napoleon
from napoleon.interfaces.web import Settings, create_app
from napoleon.solver import solve
from napoleon.store import Store
from napoleon.store.reviews import help_marks

from tests.fake_clock import FakeClock


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def client(db, clock):
    settings = Settings(hint_budget=5.0, solve_budget=10.0, winnable_budget=0.05, winnable_tries=1, clock=clock)
    with TestClient(create_app(db, settings=settings)) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]
        yield c


def test_the_clock_stops_while_the_page_is_closed(client, clock, db):
    view = client.post("/api/games", json={"game": "werner", "deal": 1, "autoplay": False}).json()
    gid = view["id"]
    clock.wait(5)  # the deal looked at: the clock has not started
    view = client.post(f"/api/games/{gid}/moves", json={"notation": "T7-T6"}).json()
    assert view["clock_running"] and view["elapsed"] == 0.0
    clock.wait(1)
    view = client.post(f"/api/games/{gid}/pause", json={"version": view["version"]}).json()
    assert not view["clock_running"] and view["elapsed"] == 1.0
    clock.wait(45)  # the page closed 45 s, then opened again
    view = client.get(f"/api/games/{gid}").json()
    assert view["elapsed"] == 1.0 and not view["clock_running"]
    assert Store.open(db).get(int(gid)).elapsed == 1.0
    # The next action starts it again.
    view = client.post(f"/api/games/{gid}/undo").json()
    clock.wait(2)
    assert client.get(f"/api/games/{gid}").json()["elapsed"] == 3.0


def won_game(client):
    """Werner deal 1 with auto-play on (its opening sends two Aces home), won along a solution."""
    view = client.post("/api/games", json={"game": "werner", "deal": 1, "autoplay": True}).json()
    assert view["moves_made"] == 2 and view["moves_played"] == 0
    state = napoleon.new_game("werner", 1)
    for text in view["moves"]:
        state.push(state.parse_move(text))
    for move in solve(state, budget=60).moves:
        view = client.post(f"/api/games/{view['id']}/moves",
                           json={"notation": state.game.notation(move), "autoplay": False}).json()
    assert view["status"] == "won"
    return view


def test_the_game_the_history_and_the_statistics_count_the_same_moves(client):
    view = won_game(client)
    played = view["moves_played"]
    assert played == view["moves_made"] - 2
    assert str(played) in view["end"]
    history = client.get("/api/history").json()["games"]
    assert [g["moves"] for g in history if g["id"] == view["id"]] == [played]
    stats = client.get("/api/stats?game=werner").json()
    assert [row["fewest_moves"] for row in stats["stats"]] == [played]
    # Taken up again from the store (a server restarted), the game counts the same.
    again = client.get(f"/api/games/{view['id']}").json()
    assert again["moves_played"] == played


def test_restart_after_a_win_is_a_new_game_of_the_deal(client, db):
    won = won_game(client)
    view = client.post(f"/api/games/{won['id']}/restart").json()
    assert view["id"] != won["id"] and view["status"] == "playing" and view["moves_played"] == 0
    assert view["end"] is None and not view["can_redo"] and view["leave"] is None
    assert "stays won" in view["say"]
    store = Store.open(db)
    kept = store.get(int(won["id"]))
    assert kept.result == "won" and kept.moves == won["moves"]
    # Leaving the new game untouched records nothing and counts no loss.
    assert client.post(f"/api/games/{view['id']}/leave").json()["result"] == "playing"
    assert [g["result"] for g in client.get("/api/history").json()["games"]] == ["won"]
    row = client.get("/api/stats?game=werner").json()["stats"][0]
    assert row["played"] == 1 and row["won"] == 1
    # The won game's own review gained no undo.
    assert not [m for m in help_marks(store, int(won["id"])) if m["kind"] == "undo"]
