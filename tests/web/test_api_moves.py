"""The JSON API's moves: by piles and notation, auto-play, refusals, undo, redo, restart, Finish."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.engine.autoplay import safe_moves

from .api_client import new, unchanged, refused


# ------------------------------------------------------------------- moves


def test_move_by_piles_by_notation_and_redeal(client):
    gid = new(client, "werner", 1)["id"]
    r = client.post(f"/api/games/{gid}/moves", json={"from": "tableau-7", "to": "tableau-6", "count": 1})
    assert r.status_code == 200
    assert r.json()["made"] == [{"from": "tableau-7", "to": "tableau-6", "count": 1, "notation": "T7-T6",
                                 "text": "moved the 4♥ from column 7 onto the 5♣ in column 6"}]
    r = client.post(f"/api/games/{gid}/moves", json={"notation": "t3-f"})
    assert [m["notation"] for m in r.json()["made"]] == ["T3-F1"]
    assert r.json()["moves"] == ["T7-T6", "T3-F1"] and r.json()["can_undo"]

    grand = new(client, "grand-napoleon", 3)["id"]
    r = client.post(f"/api/games/{grand}/moves", json={"redeal": True})
    assert r.status_code == 200
    assert r.json()["made"] == [{"redeal": True, "notation": "redeal", "text": "redealt the cards"}]
    assert r.json()["redeals_left"] == 1


def test_autoplay_follows_a_move_unless_turned_off(client):
    # Werner deal 17: nothing goes home on the opening layout; after T1-T3 an Ace does.
    gid = new(client, "werner", 17, autoplay=True)["id"]
    assert client.get(f"/api/games/{gid}").json()["moves_made"] == 0
    r = client.post(f"/api/games/{gid}/moves", json={"notation": "T1-T3"})
    state = napoleon.new_game("werner", 17)
    state.play_text("T1-T3")
    auto = [state.game.notation(m) for m in safe_moves(state)]
    assert auto and [m["notation"] for m in r.json()["made"]] == ["T1-T3", *auto]
    # One turn: a single undo takes back the move and its auto-play.
    r = client.post(f"/api/games/{gid}/undo")
    assert r.json()["moves_made"] == 0 and len(r.json()["undone"]) == 1 + len(auto)
    r = client.post(f"/api/games/{gid}/moves", json={"notation": "T1-T3", "autoplay": False})
    assert [m["notation"] for m in r.json()["made"]] == ["T1-T3"] and r.json()["autoplay"] is True


def test_a_new_game_with_auto_play_starts_with_the_opening_layouts_safe_moves(client):
    view = new(client, "werner", 1, autoplay=True)
    opening = [napoleon.new_game("werner", 1).game.notation(m) for m in safe_moves(napoleon.new_game("werner", 1))]
    assert opening and view["moves"] == opening and not view["can_undo"]
    with unchanged(client, view["id"]):
        assert "nothing to undo" in refused(client.post(f"/api/games/{view['id']}/undo"), 409)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (None, 400, "got nothing"),
        ("[1", 400, "malformed JSON"),
        ("\"T3-F1\"", 400, "JSON object"),
        ({}, 400, "'from' and 'to'"),
        ({"from": "tableau-1"}, 400, "'from' and 'to'"),
        ({"from": "tableau-99", "to": "tableau-1"}, 400, "not a pile"),
        ({"from": "tableau-1", "to": 3}, 400, "'to' must be a pile's name"),
        ({"from": "tableau-7", "to": "tableau-6", "count": 0}, 400, "'count'"),
        ({"from": "tableau-7", "to": "tableau-6", "count": "1"}, 400, "'count'"),
        ({"from": "tableau-7", "to": "tableau-6", "count": True}, 400, "'count'"),
        ({"notation": 31}, 400, "'notation'"),
        ({"notation": "T3 to F1"}, 400, "not a move"),
        ({"notation": "T9-F1"}, 400, "no pile T9"),
        ({"notation": "T3-F2", "from": "tableau-3", "to": "foundation-1"}, 400, "disagrees"),
        ({"from": "tableau-3", "count": 1}, 400, "'from' and 'to'"),
        ({"redeal": True, "notation": "T3-F1"}, 400, "redeal"),
        ({"redeal": False}, 400, "redeal"),
        ({"redeal": True, "from": "tableau-1"}, 400, "redeal"),
        ({"notation": "T3-F1", "autoplay": 1}, 400, "'autoplay'"),
        ({"notation": "T3-F1", "speed": 2}, 400, "unknown field"),
        # Well-formed but illegal: the engine says why.
        ({"from": "tableau-1", "to": "foundation-1"}, 422, "does not go on foundation 1"),
        ({"from": "tableau-1", "to": "tableau-2"}, 422, "alternating colours"),
        ({"from": "tableau-7", "to": "tableau-6", "count": 2}, 422, "only one card moves at a time"),
        # The f key's "T1-F", refused in a player's words, not in notation.
        ({"notation": "T1-F"}, 422, "cannot go to a foundation yet"),
        ({"from": "foundation-1", "to": "tableau-1"}, 422, "empty"),
        ({"redeal": True}, 422, "has no redeal"),
    ],
)
def test_move_refusals_leave_the_game_unchanged(client, body, status, words):
    gid = new(client, "werner", 1)["id"]
    with unchanged(client, gid):
        url = f"/api/games/{gid}/moves"
        if body is None:
            r = client.post(url)
        elif isinstance(body, str):
            r = client.post(url, content=body, headers={"Content-Type": "application/json"})
        else:
            r = client.post(url, json=body)
        assert words in refused(r, status)


def test_moves_after_a_win_are_refused(client):
    gid = new(client, "werner", 1)["id"]
    # The solution is shown in another game of the deal: a game whose solution was shown is
    # played with help, and its win is counted apart.
    other = new(client, "werner", 1)["id"]
    solution = client.post(f"/api/games/{other}/solve", json={}).json()
    for text in solution["moves"]:
        assert client.post(f"/api/games/{gid}/moves", json={"notation": text}).status_code == 200
    assert client.get(f"/api/games/{gid}").json()["status"] == "won"
    with unchanged(client, gid):
        assert "won" in refused(client.post(f"/api/games/{gid}/moves", json={"notation": "T1-T2"}), 422)
    stats = {s["game"]: s for s in client.get("/api/stats").json()["stats"]}
    assert stats["werner"]["won"] == 1 and stats["werner"]["played"] == 1


# ------------------------------------------------------ undo, redo, restart


def test_undo_redo_restart(client):
    gid = new(client, "werner", 1)["id"]
    for text in ("T7-T6", "T3-F1"):
        client.post(f"/api/games/{gid}/moves", json={"notation": text})
    r = client.post(f"/api/games/{gid}/undo")
    assert r.json()["moves"] == ["T7-T6"] and r.json()["can_redo"]
    assert r.json()["undone"] == [{"from": "tableau-3", "to": "foundation-1", "count": 1, "notation": "T3-F1",
                                   "text": "moved the A♣ from column 3 to foundation 1"}]
    r = client.post(f"/api/games/{gid}/redo")
    assert r.json()["moves"] == ["T7-T6", "T3-F1"] and not r.json()["can_redo"]
    assert r.json()["made"][0]["notation"] == "T3-F1"
    with unchanged(client, gid):
        assert "nothing to redo" in refused(client.post(f"/api/games/{gid}/redo"), 409)
    r = client.post(f"/api/games/{gid}/restart")
    assert r.json()["moves_made"] == 0
    assert r.json()["position"] == napoleon.new_game("werner", 1).to_json()
    assert [m["notation"] for m in r.json()["undone"]] == ["T3-F1", "T7-T6"]
    with unchanged(client, gid):
        assert "nothing to undo" in refused(client.post(f"/api/games/{gid}/undo"), 409)
    # Restart is a step like the others: redo brings the moves back, one turn at a time.
    assert client.post(f"/api/games/{gid}/redo").json()["moves"] == ["T7-T6"]


def test_a_change_on_a_stale_position_is_refused_and_changes_nothing(client):
    """Two windows on one game: a move, undo, redo, restart or auto made on a position the game
    has left is refused (409, stale) and the game stays where the other window put it."""
    gid = new(client, "werner", 1)["id"]
    seen = client.get(f"/api/games/{gid}").json()["version"]      # window A looks
    r = client.post(f"/api/games/{gid}/moves", json={"notation": "T7-T6", "version": seen})  # window B moves
    assert r.status_code == 200
    now = r.json()["version"]
    assert now != seen
    with unchanged(client, gid):
        for path, body in (("moves", {"notation": "T3-F1", "version": seen}), ("undo", {"version": seen}),
                           ("redo", {"version": seen}), ("restart", {"version": seen}),
                           ("auto", {"version": seen})):
            r = client.post(f"/api/games/{gid}/{path}", json=body)
            assert r.status_code == 409, (path, r.text)
            assert r.json()["stale"] is True and "another window" in r.json()["error"]
        assert "'version'" in refused(client.post(f"/api/games/{gid}/undo", json={"version": 3}), 400)
    # On the current version the change goes through; undo and redo name positions too.
    r = client.post(f"/api/games/{gid}/moves", json={"notation": "T3-F1", "version": now})
    assert r.status_code == 200
    after = r.json()["version"]
    r = client.post(f"/api/games/{gid}/undo", json={"version": after})
    assert r.json()["version"] == now
    r = client.post(f"/api/games/{gid}/redo", json={"version": now})
    assert r.json()["version"] == after
    # Without a version a change is taken as it comes (the command line, older pages).
    assert client.post(f"/api/games/{gid}/undo").status_code == 200


def test_finish_plays_the_rest_out_when_it_plays_itself(client):
    gid = new(client, "werner", 1)["id"]
    view = client.get(f"/api/games/{gid}").json()
    assert view["finish"] == 0
    with unchanged(client, gid):
        assert "does not finish by itself" in refused(client.post(f"/api/games/{gid}/finish"), 409)
    moves = client.post(f"/api/games/{gid}/solve", json={}).json()["moves"]
    played = 0
    while view["finish"] == 0:
        view = client.post(f"/api/games/{gid}/moves", json={"notation": moves[played]}).json()
        played += 1
    assert played < len(moves) and view["status"] == "playing"
    r = client.post(f"/api/games/{gid}/finish", json={"version": view["version"]})
    assert r.status_code == 200, r.text
    done = r.json()
    assert done["status"] == "won" and len(done["made"]) == view["finish"]
    assert all(m["to"].startswith("foundation") for m in done["made"])
    # One turn: a single undo takes the whole finish back.
    assert client.post(f"/api/games/{gid}/undo").json()["version"] == view["version"]


def test_auto_plays_safe_cards_home_or_says_why_not(client):
    gid = new(client, "werner", 1)["id"]
    r = client.post(f"/api/games/{gid}/auto")
    assert [m["notation"] for m in r.json()["made"]] == ["T3-F1", "C3-F2"]
    ft = new(client, "forty-thieves", 1)["id"]
    with unchanged(client, ft):
        assert "safely" in refused(client.post(f"/api/games/{ft}/auto"), 409)
    grand = new(client, "grand-napoleon", 3)["id"]
    with unchanged(client, grand):
        assert "redeal" in refused(client.post(f"/api/games/{grand}/auto"), 409)


def test_settings_turn_autoplay_on_and_off(client):
    gid = new(client, "werner", 1)["id"]
    view = client.post(f"/api/games/{gid}/settings", json={"autoplay": True}).json()
    # Turned on, auto-play plays the safe cards home at once, as the terminal's A does: both Aces
    # of the deal go home, as the opening's (the player's count stays at 0).
    assert view["autoplay"] is True and view["moves"] == ["T3-F1", "C3-F2"]
    assert [m["notation"] for m in view["made"]] == ["T3-F1", "C3-F2"]
    assert view["moves_played"] == 0 and view["say"] == "safe auto-play on: played home the A♣ and A♠"
    assert not view["can_undo"]
    view = client.post(f"/api/games/{gid}/settings", json={"autoplay": False}).json()
    assert view["autoplay"] is False and view["say"] == "safe auto-play off" and view["made"] == []
    with unchanged(client, gid):
        refused(client.post(f"/api/games/{gid}/settings", json={}), 400)
        refused(client.post(f"/api/games/{gid}/settings", json={"autoplay": "off"}), 400)
        refused(client.post(f"/api/games/{gid}/settings", json={"autoplay": False, "four": True}), 400)
        refused(client.post(f"/api/games/{gid}/settings"), 400)


def test_back_to_a_move_is_one_request(client):
    gid = new(client, "werner", 1)["id"]
    for text in ("T7-T6", "T3-F1", "C3-F2"):
        version = client.post(f"/api/games/{gid}/moves", json={"notation": text}).json()["version"]
    r = client.post(f"/api/games/{gid}/back", json={"to": 1, "version": version})
    assert r.status_code == 200, r.text
    view = r.json()
    # Made on the line the asker showed: what changed, not the whole line.
    assert "moves" not in view and [m["notation"] for m in view["undone"]] == ["C3-F2", "T3-F1"]
    assert client.get(f"/api/games/{gid}").json()["moves"] == ["T7-T6"]
    assert view["say"] == "Back to the last winnable position (move 1): 2 turns taken back (redo plays them again)"
    with unchanged(client, gid):
        assert "stale" in client.post(f"/api/games/{gid}/back", json={"to": 0, "version": version}).json()
        refused(client.post(f"/api/games/{gid}/back", json={"to": -1}), 400)
        refused(client.post(f"/api/games/{gid}/back", json={}), 400)
        assert "nothing to undo" in refused(client.post(f"/api/games/{gid}/back", json={"to": 1}), 409)
