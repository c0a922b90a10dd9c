"""The end of a game in the page, in Chromium: Finish, a win celebrated, a loss said with the way
back to the last winnable position, and the statistics after games played, left and reset."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import napoleon

from .test_browser import api, board, wait_ready
from .test_players import key_move, message, solution

pytestmark = pytest.mark.browser


# ------------------------------------------------- the end of a game


def post(base, path, body=None):
    import json
    import urllib.request

    with urllib.request.urlopen(base + "/api/token", timeout=10) as r:
        token = json.load(r)["token"]  # as the page does: the token the server gives its own page
    req = urllib.request.Request(base + path, data=json.dumps(body or {}).encode(), method="POST",
                                 headers={"Content-Type": "application/json", "X-Napoleon-Token": token})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_finish_plays_the_rest_out_and_a_win_is_celebrated(server, new_page, motion):
    page = new_page(reduced_motion=motion)
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    gid = board(page).get_attribute("data-id")
    assert page.locator("#finish").is_hidden()
    # Play the solution until the rest plays itself.
    moves = solution("werner", 1)
    view = None
    for text in moves:
        view = post(server, f"/api/games/{gid}/moves", {"notation": text})
        if view["finish"]:
            break
    assert view["finish"] and view["status"] == "playing"
    page.reload()
    wait_ready(page, "werner", view["moves_made"])
    assert page.locator("#finish").is_visible()
    assert "plays itself" in message(page)
    page.click("#finish")
    page.wait_for_selector("#end-dialog[open]", timeout=15000)
    assert "You won" in page.inner_text("#end-dialog")
    assert api(server, f"/api/games/{gid}")["status"] == "won"
    celebrating = page.evaluate("document.getElementById('board').classList.contains('celebrate')")
    assert celebrating is (motion == "no-preference")


# Werner deal 1: winnable after the first 11 of these moves, proven lost after the 12th (T1-C3).
LOSING = ["T7-T6", "T3-F1", "C2-T6", "T2-C2", "C3-F2", "T6-C3", "T5-F1", "C3-T6", "T3-C3", "T4-T3", "C3-F2"]


def test_a_lost_position_is_said_and_the_last_winnable_one_is_a_click_away(server, page):
    from napoleon.solver import solve

    state = napoleon.new_game("werner", 1)
    for text in LOSING:
        state.play(state.parse_move(text))
    assert solve(state, max_states=50_000).verdict == "won"
    state.play(state.parse_move("T1-C3"))
    assert solve(state, max_states=50_000).verdict == "lost"

    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    gid = board(page).get_attribute("data-id")
    for text in LOSING:
        post(server, f"/api/games/{gid}/moves", {"notation": text})
    page.reload()
    wait_ready(page, "werner", len(LOSING))
    page.wait_for_selector("#winnable-badge.won", timeout=15000)
    # In a player's words: no search statistics.
    assert "position" not in page.get_attribute("#winnable-badge", "title")
    key_move(page, "tableau-1", "cell-3")
    wait_ready(page, "werner", len(LOSING) + 1)
    page.wait_for_selector("#lost-banner:not([hidden])", timeout=15000)
    assert "can no longer be won" in page.inner_text("#lost-banner")
    # The losing move by its cards (the server's words), not "T1-C3".
    expect(page.locator("#lost-text")).to_contain_text(f"move {len(LOSING) + 1} lost it (moved the ",
                                                       timeout=30000)
    assert "from column 1 to the empty cell 3" in page.inner_text("#lost-text")
    assert page.locator("#lost-restart").is_visible() and page.locator("#lost-new").is_visible()
    page.click("#lost-undo")
    wait_ready(page, "werner", len(LOSING))
    assert api(server, f"/api/games/{gid}")["moves"] == LOSING
    assert page.locator("#lost-banner").is_hidden()


def test_the_way_back_is_offered_for_a_game_opened_already_lost(server, page):
    """A game reloaded at a lost position: the page never saw a winnable one, so the server finds it."""
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    gid = board(page).get_attribute("data-id")
    for text in [*LOSING, "T1-C3"]:
        post(server, f"/api/games/{gid}/moves", {"notation": text})
    page.reload()
    wait_ready(page, "werner", len(LOSING) + 1)
    page.wait_for_selector("#lost-banner:not([hidden])", timeout=15000)
    page.wait_for_selector("#lost-undo:not([hidden])", timeout=30000)
    # The way back may be offered at once (the game kept it, when the server's verdict proved it in
    # time): the losing move by its cards follows, in the server's words.
    expect(page.locator("#lost-text")).to_contain_text("from column 1 to the empty cell 3", timeout=30000)
    assert "1 move back" in page.inner_text("#lost-undo")
    page.click("#lost-undo")
    wait_ready(page, "werner", len(LOSING))
    assert api(server, f"/api/games/{gid}")["moves"] == LOSING


# ------------------------------------------------------- statistics


def stats_row(page, game_name):
    """The statistics table's row of a game, as {column: text}."""
    return page.evaluate("""(name) => {
        const table = document.querySelector('#stats-body table.stats');
        if (!table) return null;
        const heads = [...table.tHead.rows[0].cells].map(c => c.textContent);
        for (const row of table.tBodies[0].rows) {
            const cells = [...row.cells].map(c => c.textContent);
            if (cells[0] === name) return Object.fromEntries(heads.map((h, i) => [h, cells[i]]));
        }
        return null;
    }""", game_name)


def test_an_abandoned_game_shows_as_played_and_lost_and_statistics_reset(tmp_path, browser):
    # A server of its own: the statistics of this test only.
    import socket
    import threading
    import time

    import uvicorn

    from napoleon.interfaces.web import Settings, create_app

    app = create_app(tmp_path / "napoleon.db", settings=Settings(max_budget=0.5))
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not srv.started:
        time.sleep(0.02)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script("localStorage.setItem('napoleon.autoplay', 'false')")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{base}/#werner/1")
        wait_ready(page, "werner", 0)
        gid = board(page).get_attribute("data-id")
        key_move(page, "tableau-7", "tableau-6")
        wait_ready(page, "werner", 1)
        # Given up for a new deal: played and lost.
        page.keyboard.press("n")
        page.click("#leave-yes")
        page.wait_for_function("() => document.getElementById('board').dataset.deal !== '1'")
        wait_ready(page, "werner", 0)
        page.goto(f"{base}/#stats")
        page.wait_for_selector("#stats-body table.stats")
        names = {g["id"]: g["name"] for g in api(base, "/api/catalog")["games"]}
        row = stats_row(page, names["werner"])
        assert row["Played"] == "1" and row["Won"] == "0" and row["Given up"] == "1" and row["Win %"] == "0"
        past = page.locator(f"#history-body tr[data-id='{gid}']")
        assert past.get_attribute("data-result") == "abandoned"
        assert "given up" in past.inner_text()
        # Reset, with a confirmation: Cancel keeps them, Reset stops counting them.
        page.click("#stats-reset")
        page.click("#reset-no")
        page.wait_for_timeout(200)
        assert stats_row(page, names["werner"])["Played"] == "1"
        page.click("#stats-reset")
        page.click("#reset-yes")
        page.wait_for_selector("#history-body tr:has-text('not counted')")
        row = stats_row(page, names["werner"])
        assert row is None or row["Played"] == "0"
        assert api(base, "/api/history")["games"][0]["counted"] is False
    finally:
        context.close()
        srv.should_exit = True
        thread.join(10)
        sock.close()
    assert not errors, errors
