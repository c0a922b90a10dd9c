"""The page, its files and cards, unknown routes, cross-site posts, the serve command, and the
view's answers from the engine."""

from __future__ import annotations

import html

import napoleon
from napoleon import voice

from .api_client import new, unchanged, refused


# ------------------------------------------------------------ page, safety


def test_page_and_static_files(client):
    r = client.get("/")
    assert r.status_code == 200 and '<script type="module" src="static/js/main.js">' in r.text
    # What the page says when it cannot reach the server is the voice's, written into the page.
    assert f'<meta name="napoleon-unreachable" content="{html.escape(voice.UNREACHABLE)}">' in r.text
    for path in ("/static/js/main.js", "/static/js/board.js", "/static/js/layouts.js", "/static/js/input.js",
                 "/static/js/api.js", "/static/js/cards.js", "/static/app.css", "/static/cards/LICENSE.txt"):
        assert client.get(path).status_code == 200, path
    assert "javascript" in client.get("/static/js/main.js").headers["content-type"]


def test_card_images(client):
    two = client.get("/cards/two/7D.svg")
    four = client.get("/cards/four/7D.svg")
    assert two.status_code == four.status_code == 200
    assert two.headers["content-type"] == "image/svg+xml"
    assert 'fill="red"' in two.text and 'fill="blue"' in four.text and 'fill="red"' not in four.text
    assert client.get("/cards/four/7S.svg").text == client.get("/cards/two/7S.svg").text
    assert 'fill="green"' in client.get("/cards/four/KC.svg").text
    assert client.get("/cards/two/back.svg").status_code == 200
    for bad in ("/cards/two/1X.svg", "/cards/three/AS.svg", "/cards/two/..%2Findex.svg", "/cards/two/LICENSE.svg"):
        refused(client.get(bad), 404)


def test_the_deck_holds_every_card_as_drawn_alone_with_its_ids_kept_apart(client):
    import re

    from napoleon.interfaces.web.page import CARD_NAMES, card_svg

    for style in ("two", "four"):
        deck = client.get(f"/cards/{style}/deck.svg")
        assert deck.status_code == 200 and deck.headers["content-type"] == "image/svg+xml"
        ids = re.findall(r'id="([^"]+)"', deck.text)
        assert len(ids) == len(set(ids)) and set(CARD_NAMES) <= set(ids) and len(CARD_NAMES) == 55
        assert set(re.findall(r'(?:href="#|url\(#)([^")]+)', deck.text)) <= set(ids)  # every reference found
        for name in CARD_NAMES:  # each card: its own drawing, with its ids named after it
            alone = card_svg(name, style == "four")
            mine = [i for i in ids if i.startswith(f"{name}.")]
            assert len(mine) == alone.count(' id="') and deck.text.count(f'href="#{name}.') == alone.count('href="#')
            for path in re.findall(r' d="([^"]+)"', alone):
                assert f' d="{path}"' in deck.text
    assert 'fill="blue"' in client.get("/cards/four/deck.svg").text and 'fill="blue"' not in client.get("/cards/two/deck.svg").text


def test_every_card_face_is_shipped_with_its_licence():
    from napoleon.interfaces.web.app import CARDS

    faces = {p.stem for p in CARDS.glob("*.svg")} - {"back"}
    assert len(faces) == 52 and {"AS", "TD", "KH", "2C"} <= faces
    licence = (CARDS / "LICENSE.txt").read_text()
    assert "Adrian Kennard" in licence and "CC0" in licence and "MIT License" in licence
    assert sum(p.stat().st_size for p in CARDS.iterdir()) < 1_000_000


def test_unknown_routes_and_methods_answer_json(client):
    assert "nothing at" in refused(client.get("/api/nothing"), 404)
    assert "not allowed" in refused(client.delete("/api/games"), 405)
    assert "not allowed" in refused(client.get("/api/games/1/undo"), 405)


def test_cross_site_posts_are_refused(client):
    gid = new(client, "werner", 1)["id"]
    with unchanged(client, gid):
        r = client.post(f"/api/games/{gid}/moves", json={"notation": "T3-F1"}, headers={"Origin": "http://evil.example"})
        assert "refused" in refused(r, 403)
    ok = client.post(f"/api/games/{gid}/moves", json={"notation": "T3-F1"}, headers={"Origin": "http://testserver"})
    assert ok.status_code == 200


def test_serve_command_is_registered_and_refuses_a_taken_port(tmp_path):
    import socket

    from napoleon.interfaces.cli import build_parser, main

    args = build_parser().parse_args(["serve", "--port", "0", "--db", "x.db"])
    assert args.port == 0 and args.host == "127.0.0.1" and not args.open and args.db == "x.db"
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    try:
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--db", str(tmp_path / "serve.db")]) == 2
    finally:
        taken.close()


def test_option_choices_are_the_games_declared_choices_not_read_from_help_text(client):
    from napoleon.engine.game import Game, Option, choice

    class Made(Game):  # a game whose help text does not list its words
        id = "made-up"
        option_specs = (Option("deck", "plain", choice("plain", "fancy"), "a deck style", "what the cards look like"),)

    (opt,) = Made.option_specs
    assert opt.choices == ("plain", "fancy") and opt.parse(" Fancy ") == "fancy"
    games = {g["id"]: g for g in client.get("/api/catalog").json()["games"]}
    for gid, g in games.items():
        for o in type(napoleon.get_game(gid)).option_specs:
            assert g["option_choices"][o.name] == (list(o.choices) if o.choices else None)
    assert games["napoleons-square"]["option_choices"] == {"single": ["true", "false"]}


def test_the_view_carries_the_engines_answers_about_piles(client):
    v = new(client, "napoleons-tomb", 3)
    state = napoleon.new_game("napoleons-tomb", 3)
    g = state.game
    assert v["not_in_play"] == []
    assert v["refusals"]["foundation-1"] == state.why_not_pick(g.pile_index["foundation-1"])
    assert "stock" not in v["refusals"] and "tableau-1" not in v["refusals"]
    assert v["most_movable"] == {g.pile_names[p]: state.most_movable(p) for p in g.sources if state.piles[p]}
    state.redeals = 2
    assert [g.pile_names[p] for p in range(g.npiles) if not state.in_play(p)] == ["waste-4", "waste-5"]
