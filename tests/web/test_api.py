"""The web app's JSON API through Starlette's test client: the catalog, new games and what a game shows.

Every refusal is checked to be a 4xx with a JSON ``error`` message and to
leave the game exactly as it was (:mod:`.api_client`).
"""

from __future__ import annotations

import json

import pytest

import napoleon

from .api_client import new, unchanged, refused, LOST_WERNER_DEAL


# ------------------------------------------------------------------ catalog


def test_catalog_lists_every_game_with_rules_piles_and_options(client):
    r = client.get("/api/catalog")
    assert r.status_code == 200
    games = {g["id"]: g for g in r.json()["games"]}
    assert set(games) == set(napoleon.GAMES)
    for gid, g in games.items():
        game = napoleon.get_game(gid)
        assert [p["name"] for p in g["piles"]] == list(game.pile_names)
        assert [p["abbr"] for p in g["piles"]] == list(game.pile_abbrs)
        assert g["rules"] == type(game).rules
    assert games["st-helena"]["option_choices"] == {"spaces": ["none", "any"], "build": ["suit", "any"]}
    assert games["forty-thieves"]["option_choices"] == {"redeals": None}
    assert r.json()["max_deal"] == str(2**63 - 1)


def test_catalog_serves_each_games_table_and_foundation_starts(client):
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    for gid, g in games.items():
        game = napoleon.get_game(gid)
        pictures = g["table"]["pictures"]
        assert pictures == [p.to_json() for p in game.table().pictures()]
        for picture in pictures:
            assert set(picture["piles"]) == set(game.pile_names)
        assert g["short_name"] == (game.short_name or game.name)
    assert games["st-helena"]["foundation_starts"] == {f"foundation-{n}": "K" if n <= 4 else "A" for n in range(1, 9)}
    assert games["grand-napoleon"]["foundation_starts"]["foundation-1"] == "A"
    assert set(games["napoleons-tomb"]["foundation_starts"].values()) == {"K"}
    assert games["forty-thieves"]["short_name"] == "Forty Thieves"
    assert client.get("/api/catalog").json()["default_game"] == napoleon.games.DEFAULT_GAME in games


# --------------------------------------------------------------- new games


def test_new_game_deals_the_engines_position(client):
    v = new(client, "forty-thieves", 1234)
    assert v["position"] == napoleon.new_game("forty-thieves", 1234).to_json()
    assert v["hash"] == "#forty-thieves/1234"
    assert v["moves_made"] == 0 and not v["can_undo"] and not v["can_redo"]
    assert v["status"] == "playing" and v["autoplay"] is False


def test_new_game_with_options_alias_and_digit_string_deal(client):
    v = new(client, "napoleon-at-st-helena", "77", options={"redeals": "2"})
    assert v["game"] == "forty-thieves" and v["deal"] == 77
    assert v["options"] == {"redeals": "2"} and v["hash"] == "#forty-thieves/77?redeals=2"
    assert v["max_redeals"] == 2


def test_new_game_random_deal_when_left_out(client):
    r = client.post("/api/games", json={"game": "werner"})
    assert r.status_code == 201
    v = r.json()
    assert 1 <= v["deal"] and v["deal_text"] == str(v["deal"])
    assert v["autoplay"] is True


def test_huge_deal_number_round_trips_as_text(client):
    v = new(client, "werner", str(2**63 - 1))
    assert v["deal_text"] == str(2**63 - 1)


def test_winnable_deal_is_proven_and_its_solution_known(client):
    v = new(client, "werner", "winnable", start=1)
    assert v["deal"] == 1  # the solver wins Werner deal 1 at once
    r = client.post(f"/api/games/{v['id']}/solve", json={"steps": False})
    assert r.json()["verdict"] == "won" and r.json()["cached"] is True




def test_winnable_deal_not_found_is_a_clear_refusal(client):
    # One try from a lost deal: nothing winnable in range.
    body = {"game": "werner", "deal": "winnable", "start": LOST_WERNER_DEAL}
    assert "winnable" in refused(client.post("/api/games", json=body), 422)


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (None, 400, "got nothing"),
        ("{not json", 400, "malformed JSON"),
        ([1, 2], 400, "JSON object"),
        ({"deal": 1}, 400, "'game'"),
        ({"game": 7}, 400, "'game'"),
        ({"game": "klondike"}, 400, "unknown game"),
        ({"game": "werner", "options": {"redeals": 2}}, 400, "no option"),
        ({"game": "forty-thieves", "options": {"redeals": "lots"}}, 400, "redeals"),
        ({"game": "st-helena", "options": {"spaces": "some"}}, 400, "spaces"),
        ({"game": "werner", "options": [1]}, 400, "'options'"),
        ({"game": "forty-thieves", "options": {"redeals": [2]}}, 400, "'options.redeals'"),
        ({"game": "werner", "deal": 0}, 400, "'deal'"),
        ({"game": "werner", "deal": -3}, 400, "'deal'"),
        ({"game": "werner", "deal": 1.5}, 400, "'deal'"),
        ({"game": "werner", "deal": True}, 400, "'deal'"),
        ({"game": "werner", "deal": "abc"}, 400, "'deal'"),
        ({"game": "werner", "deal": 2**63}, 400, "'deal'"),
        ({"game": "werner", "autoplay": "yes"}, 400, "'autoplay'"),
        ({"game": "werner", "start": "winnable"}, 400, "'start'"),
        ({"game": "werner", "colour": "red"}, 400, "unknown field"),
    ],
)
def test_new_game_refusals(client, body, status, words):
    before = client.get("/api/games").json()
    if body is None:
        r = client.post("/api/games")
    elif isinstance(body, str):
        r = client.post("/api/games", content=body, headers={"Content-Type": "application/json"})
    else:
        r = client.post("/api/games", json=body)
    assert words in refused(r, status)
    assert client.get("/api/games").json() == before  # no game was recorded


def test_body_must_be_json_and_small(client):
    refused(client.post("/api/games", content="game=werner", headers={"Content-Type": "text/plain"}), 415)
    refused(client.post("/api/games", content=json.dumps({"game": "werner", "x": "y" * 70_000}),
                        headers={"Content-Type": "application/json"}), 413)


# ----------------------------------------------------------------- showing


def test_unknown_game_ids_are_404(client):
    for gid in ("999999", "abc", "1x", "0" * 40):
        assert "no game" in refused(client.get(f"/api/games/{gid}"), 404)
        refused(client.post(f"/api/games/{gid}/undo"), 404)
        refused(client.post(f"/api/games/{gid}/moves", json={"notation": "T1-T2"}), 404)


def test_view_has_legal_moves_and_every_target(client):
    v = new(client, "werner", 1)
    state = napoleon.new_game("werner", 1)
    assert [m["notation"] for m in v["legal"]] == [state.game.notation(m) for m in state.legal_moves()]
    # Every foundation that takes the Ace is a target, not only the first.
    assert v["targets"]["tableau-3"]["1"] == ["foundation-1", "foundation-2", "foundation-3", "foundation-4"]
    assert v["piles"][0] == {"name": "foundation-1", "abbr": "F1", "label": "foundation 1", "called": "foundation 1",
                             "role": "foundation", "group": 0, "group_label": ""}
    assert {p["name"]: p["called"] for p in v["piles"]}["tableau-2"] == "column 2"
    assert v["elapsed"] == 0 and v["clock_running"] is False


def test_run_targets_are_listed_by_count(client):
    v = new(client, "napoleons-square", 1)
    gid = v["id"]
    # Build a run, then see it offered as a unit.
    client.post(f"/api/games/{gid}/moves", json={"notation": "T10-T1"})
    state = napoleon.new_game("napoleons-square", 1)
    state.play_text("T10-T1")
    view = client.get(f"/api/games/{gid}").json()
    runs = {(state.game.pile_names[m.src], m.count, state.game.pile_names[m.dst])
            for m in state.legal_moves() if m.count > 1}
    listed = {(src, int(n), dst) for src, by in view["targets"].items() for n, dsts in by.items() if int(n) > 1
              for dst in dsts}
    assert listed == runs and ("tableau-1", 2, "tableau-3") in listed
    r = client.post(f"/api/games/{gid}/moves", json={"from": "tableau-1", "to": "tableau-3", "count": 2})
    assert r.json()["made"][0]["notation"] == "T1-T3x2"


def test_targets_endpoint(client):
    gid = new(client, "werner", 1)["id"]
    r = client.get(f"/api/games/{gid}/targets", params={"from": "tableau-7", "count": 1})
    assert r.json() == {"from": "tableau-7", "count": 1, "targets": ["tableau-6"],
                        "text": "the 4♥ from column 7: it may go onto the 5♣ in column 6"}
    nowhere = client.get(f"/api/games/{gid}/targets", params={"from": "tableau-1"}).json()
    assert nowhere["targets"] == [] and nowhere["text"] == "the 8♣ from column 1: it may go nowhere now"
    with unchanged(client, gid):
        assert "not a pile" in refused(client.get(f"/api/games/{gid}/targets", params={"from": "tableau-99"}), 400)
        refused(client.get(f"/api/games/{gid}/targets"), 400)
        for count in ("0", "-1", "x", "99"):
            assert "'count'" in refused(client.get(f"/api/games/{gid}/targets",
                                                   params={"from": "tableau-1", "count": count}), 400)
