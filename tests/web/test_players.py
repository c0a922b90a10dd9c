"""The page as players of other patience programs expect it, in Chromium.

Keys that do what their tooltips say, messages that go with what they were
about, two windows on one game, every control on a phone's screen, settings
kept per player, moving cards, the end of a game and the statistics.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import napoleon

from .conftest import SHOTS
from .test_browser import api, board, drag, expected_piles, shown_piles, tap, wait_ready

pytestmark = pytest.mark.browser


def message(page):
    return page.inner_text("#message").strip()


def deal_of(page):
    return board(page).get_attribute("data-deal")


def key_move(page, src, dst):
    """A move with the keyboard: focus the pile, Enter, focus the target, Enter."""
    page.focus(f"#board .slot[data-pile='{src}']")
    page.keyboard.press("Enter")
    page.focus(f"#board .slot[data-pile='{dst}']")
    page.keyboard.press("Enter")


# ------------------------------------------------------------ keys


def test_n_deals_a_new_game_and_asks_first_when_one_is_under_way(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    assert "(N)" in page.get_attribute("#new-deal", "title")
    # Nothing played yet: N deals at once.
    page.locator("#board").focus()
    page.keyboard.press("n")
    page.wait_for_function("() => document.getElementById('board').dataset.deal !== '1'")
    wait_ready(page, "werner", 0)
    first = deal_of(page)
    # A move made: N asks first; "Keep playing" keeps the game.
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    key_move(page, "tableau-7", "tableau-6")
    wait_ready(page, "werner", 1)
    page.keyboard.press("n")
    page.wait_for_selector("#leave-dialog[open]")
    assert "counts as played and lost" in page.inner_text("#leave-dialog")
    page.click("#leave-no")
    page.wait_for_timeout(300)
    assert deal_of(page) == "1" and board(page).get_attribute("data-moves") == "1"
    # "Leave it": a new deal.
    page.keyboard.press("n")
    page.click("#leave-yes")
    page.wait_for_function("() => document.getElementById('board').dataset.deal !== '1'")
    wait_ready(page, "werner", 0)
    assert deal_of(page) not in ("1", first)


# --------------------------------------------------------- messages


def test_messages_go_with_what_they_were_about(server, page):
    # A refusal in Forty Thieves is gone once the Tomb is on the table.
    page.goto(f"{server}/#forty-thieves/1")
    wait_ready(page, "forty-thieves", 0)
    tap(page, "tableau-1", "foundation-1")
    page.wait_for_selector("#message.error")
    page.select_option("#game-select", "napoleons-tomb")
    wait_ready(page, "napoleons-tomb", 0)
    assert message(page) == ""
    # "Looking for a deal the solver can win…" goes when the deal is on the table.
    page.select_option("#game-select", "werner")
    wait_ready(page, "werner", 0)
    page.evaluate("""() => {
        window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById('message').textContent))
            .observe(document.getElementById('message'), {childList: true, characterData: true, subtree: true});
    }""")
    before = deal_of(page)
    page.click("#winnable-deal")
    page.wait_for_function(f"() => document.getElementById('board').dataset.deal !== '{before}'", timeout=60000)
    wait_ready(page, "werner", 0)
    assert any("Looking for a deal" in text for text in page.evaluate("window.said"))
    assert message(page) == ""
    # Undo says what it undid, and the refusal before it is gone.
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    key_move(page, "tableau-7", "tableau-6")
    wait_ready(page, "werner", 1)
    tap(page, "tableau-1", "tableau-2")
    page.wait_for_selector("#message.error")
    page.keyboard.press("u")
    wait_ready(page, "werner", 0)
    assert message(page) == "Undone: the 4♥ back from column 6 to column 7"
    assert page.locator("#message.error").count() == 0


# ------------------------------------------------------ two windows


def test_a_second_window_on_the_same_game_is_told_the_game_moved_on(server, new_page):
    a = new_page()
    a.goto(f"{server}/#werner/1")
    wait_ready(a, "werner", 0)
    gid = board(a).get_attribute("data-id")
    # Window B, in the same browser, finds the same game and moves the 4 of Hearts (T7-T6).
    b = new_page(context=a.context)
    b.goto(f"{server}/#werner/1")
    wait_ready(b, "werner", 0)
    assert board(b).get_attribute("data-id") == gid
    key_move(b, "tableau-7", "tableau-6")
    wait_ready(b, "werner", 1)
    after_b = api(server, f"/api/games/{gid}")
    # Window A still shows the 4 of Hearts on T7 and drags it: refused, A redraws the game as it is.
    a.bring_to_front()
    drag(a, "tableau-7", "tableau-6")
    a.wait_for_function("() => document.getElementById('message').textContent.includes('another window')")
    wait_ready(a, "werner", 1)
    now = api(server, f"/api/games/{gid}")
    assert now["moves"] == after_b["moves"] == ["T7-T6"]
    assert shown_piles(a) == expected_piles(now)
    # Window A plays on; window B, when it is shown again, looks again and draws what A did.
    key_move(a, "tableau-3", "foundation-1")
    wait_ready(a, "werner", 2)
    b.bring_to_front()
    b.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    b.wait_for_function("() => document.getElementById('message').textContent.includes('another window')")
    wait_ready(b, "werner", 2)
    assert shown_piles(b) == expected_piles(api(server, f"/api/games/{gid}"))


# ---------------------------------------------------- phones


@pytest.mark.parametrize("size", [(390, 844), (360, 740), (844, 390)])
def test_every_control_is_on_a_phones_screen_and_a_link_skips_to_the_table(server, new_page, size):
    width, height = size
    page = new_page(width=width, height=height)
    page.goto(f"{server}/#forty-thieves/3")
    wait_ready(page, "forty-thieves", 0)
    check = """([w, h]) => {
        const out = [];
        for (const el of document.querySelectorAll('#toolbar button, #toolbar select, #toolbar input, #toolbar a')) {
            if (!el.getClientRects().length) {                  // not shown: only Redeal in a game without one,
                if (!['redeal', 'finish', 'grade-badge'].includes(el.id) && !el.closest('#toolbar:not(.menu-open) .secondary'))
                    out.push(`${el.id || el.textContent} (hidden)`);   // or what waits behind "More"
                continue;
            }
            const r = el.getBoundingClientRect();
            if (r.left < 0 || r.right > w + 0.5 || r.top < 0 || r.bottom > h) out.push(el.id || el.textContent);
            // and nothing in front of it: a click lands on it
            const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
            if (!el.contains(hit)) out.push(`${el.id || el.textContent} (covered)`);
        }
        return out;
    }"""
    assert page.evaluate(check, [width, height]) == []
    # The table keeps most of the screen, a phone on its side too: the controls used less often wait behind "More".
    assert page.evaluate("document.getElementById('toolbar').getBoundingClientRect().bottom") < 0.25 * max(height, 500)
    assert page.is_visible("#undo") and page.is_visible("#hint") and page.is_hidden("#solution")
    page.click("#menu-btn")
    assert page.get_attribute("#menu-btn", "aria-expanded") == "true"
    assert page.evaluate(check, [width, height]) == []
    assert page.is_visible("#new-deal") and page.is_visible("#solution") and page.is_visible("#stats-link")
    # The buttons that ran off the edge work with a tap.
    page.click("#solution")
    page.wait_for_selector("#message:not(:empty)")
    # The first Tab stop skips to the table; the keyboard then plays there.
    page.goto(f"{server}/#werner/1")
    page.reload()  # a fresh load, focus at the start of the page
    wait_ready(page, "werner", 0)
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "skip-link"
    assert page.locator("#skip-link").is_visible()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('#board') !== null")
    assert page.evaluate("document.activeElement.classList.contains('slot')")


@pytest.mark.parametrize("size", [(360, 740), (844, 390)])
def test_a_phones_buttons_are_one_line_with_a_redeal_too(server, new_page, size):
    """The buttons a game needs most (More, Undo, Redo, Redeal, Hint) take one line on the narrowest
    phone held upright, where a second line took a tenth of the screen from the table; on its
    side, the game's status shares their line."""
    width, height = size
    page = new_page(width=width, height=height, has_touch=True, is_mobile=True)
    for game_id in ("napoleons-tomb", "st-helena"):
        page.goto(f"{server}/#{game_id}/2")
        wait_ready(page, game_id, 0)
        tops = page.evaluate("['menu-btn', 'undo', 'redo', 'redeal', 'hint'].map("
                             "id => Math.round(document.getElementById(id).getBoundingClientRect().top))")
        assert len(set(tops)) == 1, (game_id, tops)
        if width > height:
            title = page.evaluate("document.getElementById('game-title').getBoundingClientRect().top")
            assert title < page.evaluate("document.getElementById('undo').getBoundingClientRect().bottom"), game_id


# -------------------------------------------------------- settings


def test_settings_are_kept_per_player(server, new_page):
    page = new_page()
    page.goto(f"{server}/#forty-thieves/2")
    wait_ready(page, "forty-thieves", 0)
    width_fit = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
    page.click("#settings-btn")
    page.check("#opt-four")
    page.select_option("#opt-size", "small")
    page.select_option("#opt-back", "red")
    page.select_option("#opt-speed", "slow")
    page.uncheck("#opt-autoplay")
    page.click("#settings-close")
    page.reload()
    wait_ready(page, "forty-thieves", 0)
    page.click("#settings-btn")
    assert page.is_checked("#opt-four") and not page.is_checked("#opt-autoplay")
    assert page.input_value("#opt-size") == "small"
    assert page.input_value("#opt-back") == "red"
    assert page.input_value("#opt-speed") == "slow"
    page.click("#settings-close")
    assert "cards/four/" in page.locator("#board .card[data-pile^='tableau'] img").first.get_attribute("src")
    assert page.locator("#board .card[data-pile='stock'] img").first.get_attribute("src").endswith("back-red.svg")
    assert page.evaluate("getComputedStyle(document.querySelector('#board .card')).transitionDuration") \
        .startswith("0.38s")
    width_small = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
    assert width_small < 0.9 * width_fit
    # A new game starts with the player's auto-play setting.
    page.goto(f"{server}/#forty-thieves/4")
    wait_ready(page, "forty-thieves", 0)
    assert api(server, f"/api/games/{board(page).get_attribute('data-id')}")["autoplay"] is False


def test_reduced_motion_is_honoured(server, new_page):
    page = new_page(reduced_motion="reduce")
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    assert page.evaluate("getComputedStyle(document.querySelector('#board .card')).transitionDuration") \
        .startswith("0s")
    page.click("#settings-btn")
    assert page.locator("#motion-note").is_visible()
    page.click("#settings-close")


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


def solution(game_id, deal):
    """A solution found by the solver here, by position count (no clock)."""
    from napoleon.solver import solve

    state = napoleon.new_game(game_id, deal)
    result = solve(state, max_states=200_000)
    assert result.verdict == "won"
    return [state.game.notation(m) for m in result.moves]


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
    assert "from column 1 to the empty cell 3" in page.inner_text("#lost-text")
    assert "1 move back" in page.inner_text("#lost-undo")
    page.click("#lost-undo")
    wait_ready(page, "werner", len(LOSING))
    assert api(server, f"/api/games/{gid}")["moves"] == LOSING


# ------------------------------------------- a whole game, keyboard only


class Keys:
    """Arrow keys, and nothing else, to move the keyboard from pile to pile (reading order wraps)."""

    def __init__(self, page):
        self.page = page
        self.order = page.evaluate("napoleonApp.board.spec.order")
        self.here = page.evaluate("document.activeElement.dataset.pile")

    def to(self, pile):
        steps = (self.order.index(pile) - self.order.index(self.here)) % len(self.order)
        key = "ArrowRight"
        if steps > len(self.order) // 2:
            steps, key = len(self.order) - steps, "ArrowLeft"
        for _ in range(steps):
            self.page.keyboard.press(key)
        self.here = pile


def test_a_whole_game_won_with_the_keyboard_only(server, page):
    moves = solution("werner", 1)
    page.goto(f"{server}/#werner/1")
    page.evaluate("localStorage.setItem('napoleon.speed', '\"off\"')")  # no waiting for cards to travel
    page.reload()  # focus at the start of the page
    wait_ready(page, "werner", 0)
    gid = board(page).get_attribute("data-id")
    game = napoleon.get_game("werner")
    page.keyboard.press("Tab")      # the skip link
    page.keyboard.press("Enter")    # to the table
    keys = Keys(page)
    found = set(game.foundations)
    for i, text in enumerate(moves):
        move = game.parse_notation(text)
        keys.to(game.pile_names[move.src])
        if move.dst in found:
            page.keyboard.press("f")    # home, to the first foundation that takes it
        else:
            page.keyboard.press("Enter")
            for _ in range(move.count - 1):
                page.keyboard.press("Shift+ArrowUp")
            keys.to(game.pile_names[move.dst])
            page.keyboard.press("Enter")
        wait_ready(page, "werner", i + 1)
        if i == len(moves) // 2:  # the keys went where the test thinks
            assert page.evaluate("document.activeElement.dataset.pile") == keys.here
    page.wait_for_selector("#end-dialog[open]", timeout=10000)
    assert "You won" in page.inner_text("#end-dialog")
    view = api(server, f"/api/games/{gid}")
    assert view["status"] == "won" and len(view["moves"]) == len(moves)


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


# --------------------------------------------- easy to read on a phone


READABLE = """() => {
    // For every card with another card on it: is its index (rank and suit) in view?
    const out = [];
    const byPile = {};
    for (const c of document.querySelectorAll('#board .card')) (byPile[c.dataset.pile] ||= []).push(c);
    for (const [pile, cards] of Object.entries(byPile)) {
        cards.sort((a, b) => a.dataset.index - b.dataset.index);
        for (let i = 0; i + 1 < cards.length; i++) {
            const card = cards[i], next = cards[i + 1];
            if (!card.dataset.card) continue;                         // face down
            const r = card.getBoundingClientRect(), n = next.getBoundingClientRect();
            if (Math.abs(r.left - n.left) < 0.5 && Math.abs(r.top - n.top) < 0.5) continue;  // squared up
            const idx = card.querySelector('.idx');
            const shown = getComputedStyle(idx).display !== 'none';
            // the large index where cards are small, else the card's own corner
            const box = shown ? idx.getBoundingClientRect()
                : {left: r.left, top: r.top, right: r.left + 0.16 * r.width, bottom: r.top + 0.22 * r.height};
            const covered = box.right > n.left + 0.5 && box.bottom > n.top + 0.5
                && box.left < n.right && box.top < n.bottom;
            if (covered) out.push(`${pile}: ${card.dataset.card} under ${next.dataset.card}`);
        }
    }
    return out;
}"""


@pytest.mark.parametrize("size", [(360, 740), (844, 390)], ids=["upright", "on-its-side"])
@pytest.mark.parametrize("game_id", ["napoleons-tomb", "st-helena", "forty-thieves", "grand-napoleon",
                                     "werner", "napoleons-square"])
def test_every_card_index_is_readable_on_a_phone(server, new_page, game_id, size):
    width, height = size
    page = new_page(width=width, height=height)
    page.goto(f"{server}/#{game_id}/3")
    wait_ready(page, game_id, 0)
    page.wait_for_timeout(400)  # the cards' slide into place
    assert page.evaluate(READABLE) == []
    # The table uses the screen's height too: cards are not tiny, the table not a strip at the top.
    card = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
    table = page.evaluate("document.getElementById('board').getBoundingClientRect()")
    assert card >= 40, f"cards {card:.0f} px wide"
    assert table["bottom"] > 0.6 * height
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{game_id}-{width}x{height}-readable.png"))


def test_forty_thieves_uses_the_height_of_a_phone(server, new_page):
    page = new_page(width=390, height=844)
    page.goto(f"{server}/#forty-thieves/3")
    wait_ready(page, "forty-thieves", 0)
    card = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
    assert card >= 55, f"cards {card:.0f} px wide (32 px before)"
    # On a wide screen the rulebook's table stays: one row of ten columns.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_timeout(300)
    tops = page.evaluate("[...document.querySelectorAll('#board .slot[data-pile^=tableau]')]"
                         ".map(s => s.getBoundingClientRect().top)")
    assert max(tops) - min(tops) < 1


def test_a_refusal_is_read_whole_at_360_px(server, new_page):
    page = new_page(width=360, height=740)
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    tap(page, "tableau-1", "tableau-2")
    page.wait_for_selector("#message.error")
    cut = page.evaluate("(() => { const m = document.getElementById('message');"
                        " const r = m.getBoundingClientRect();"
                        " return m.scrollWidth > m.clientWidth + 1 || r.right > 361; })()")
    assert not cut


# ------------------------------------ auto-play on the opening layout


def test_safe_auto_play_acts_on_the_opening_layout(server, new_page):
    from napoleon.engine.autoplay import safe_moves

    state = napoleon.new_game("forty-thieves", 4)
    opening = [state.game.notation(m) for m in safe_moves(state)]
    assert opening  # deal 4 has an Ace on top of a column
    page = new_page(autoplay=True)
    page.goto(f"{server}/#forty-thieves/4")
    wait_ready(page, "forty-thieves", len(opening))
    view = api(server, f"/api/games/{board(page).get_attribute('data-id')}")
    assert view["moves"] == opening and view["autoplay"] is True
    assert shown_piles(page) == expected_piles(view)
    # Part of the game, not a turn to take back.
    assert page.locator("#undo").is_disabled()
    # With auto-play off the deal is as dealt.
    off = new_page(autoplay=False)
    off.goto(f"{server}/#forty-thieves/4")
    wait_ready(off, "forty-thieves", 0)


# ----------------------------------------------------- moves move


WATCH_PILES = """() => {
    window.arrivals = [];
    new MutationObserver((records) => {
        for (const r of records) {
            if (r.oldValue === r.target.dataset.pile) continue;     // drawn again where it was
            window.arrivals.push({card: r.target.dataset.card, pile: r.target.dataset.pile, t: performance.now()});
        }
    }).observe(document.getElementById('board'),
               {attributes: true, attributeFilter: ['data-pile'], attributeOldValue: true, subtree: true});
}"""


@pytest.mark.parametrize("speed", ["normal", "off"])
def test_auto_play_moves_follow_one_another(server, new_page, speed):
    page = new_page(autoplay=True)
    page.goto(f"{server}/#werner/17")
    page.evaluate("(speed) => localStorage.setItem('napoleon.speed', JSON.stringify(speed))", speed)
    page.reload()
    wait_ready(page, "werner", 0)
    page.evaluate(WATCH_PILES)
    # Werner deal 17: T1-T3 uncovers an Ace, which auto-play sends home.
    key_move(page, "tableau-1", "tableau-3")
    wait_ready(page, "werner", 2)
    arrivals = page.evaluate("window.arrivals")
    assert sorted(a["pile"][:5] for a in arrivals) == ["found", "table"], arrivals  # two cards moved, once each
    to_column = next(a["t"] for a in arrivals if a["pile"] == "tableau-3")
    home = next(a["t"] for a in arrivals if a["pile"].startswith("foundation"))
    if speed == "normal":
        assert home - to_column >= 100, "the auto-play move waits for the player's move to be seen"
    else:
        assert home - to_column < 100, "no animation: both at once"
