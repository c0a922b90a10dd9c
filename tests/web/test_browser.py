"""The page in a real browser: Playwright driving Debian's chromium.

For each of the six games: open a deal, make a legal move by dragging and
another by tapping, try an illegal one (refused with a message, nothing
changes), undo, redo, reload the page and find the same game, and keep a
screenshot under test-artifacts/screenshots/ that is checked not to be blank.

``playwright install`` cannot download browsers here, so the tests use the
system's /usr/bin/chromium (``apt-get install chromium``) and skip, saying
so, when it is missing.
"""

from __future__ import annotations

import json
import struct
import urllib.request
import zlib

import pytest

import napoleon

from .conftest import SHOTS, keep_shot

pytestmark = pytest.mark.browser

GAMES = list(napoleon.GAMES)
# Every card on the table drawn: each card's <use> of the deck has found its card (a use whose deck
# is not loaded yet, or names no card in it, has no size).
CARDS_DRAWN = "() => [...document.querySelectorAll('#board .card .face use')].every(u => u.getBBox().width > 0)"


# ----------------------------------------------------------------- helpers


def api(base, path):
    """A GET as the page makes it: with the token the server gives its own page (the reads that
    search, such as a review, need it)."""
    headers = {} if path == "/api/token" else {"X-Napoleon-Token": api(base, "/api/token")["token"]}
    with urllib.request.urlopen(urllib.request.Request(base + path, headers=headers), timeout=10) as r:
        return json.load(r)


def plan(game_id):
    """A deal with a legal card move, a second one after it, and an illegal one after both.

    Moves are chosen by the engine: (first, second) tableau-like moves of one
    card, and (src, dst) that the engine refuses.
    """
    for deal in range(1, 300):
        state = napoleon.new_game(game_id, deal)
        game = state.game

        def card_moves(s, stock=game.stock):
            return [m for m in s.legal_moves() if not m.is_redeal and m.src != stock and m.count == 1]

        for first in card_moves(state):
            after = state.copy()
            after.push(first)
            seconds = [m for m in card_moves(after) if m.src != first.dst]
            if not seconds:
                continue
            second = seconds[0]
            final = after.copy()
            final.push(second)
            bad = illegal_pair(final)
            if bad:
                return deal, game.move_to_json(first), game.move_to_json(second), bad
    raise AssertionError(f"no deal of {game_id} to test with")


def illegal_pair(state):
    game = state.game
    for src in game.sources:
        if not state.piles[src] or src == game.stock:
            continue
        for dst in range(game.npiles):
            if dst in (src, game.stock):
                continue
            if state.why_illegal(napoleon.Move(src, dst, 1)) is not None:
                return game.pile_names[src], game.pile_names[dst]
    return None


def board(page):
    return page.locator("#board")


def wait_ready(page, game=None, moves=None):
    sel = "#board[data-ready='1']"
    if game:
        sel += f"[data-game='{game}']"
    if moves is not None:
        sel += f"[data-moves='{moves}']"
    page.wait_for_selector(sel, state="attached", timeout=15000)


def top(page, pile):
    """The element to point at for a pile: its top card, or its slot when empty."""
    cards = page.locator(f"#board .card[data-pile='{pile}']")
    n = cards.count()
    if n:
        return page.locator(f"#board .card[data-pile='{pile}'][data-index='{n - 1}']")
    return page.locator(f"#board .slot[data-pile='{pile}']")


def centre(locator):
    box = locator.bounding_box()
    assert box, "element not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag(page, src, dst):
    x, y = centre(top(page, src))
    tx, ty = centre(top(page, dst))
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move((x + tx) / 2, (y + ty) / 2, steps=5)
    page.mouse.move(tx, ty, steps=5)
    page.mouse.up()


def tap(page, src, dst):
    """A tap (a click) on ``src``'s top card, then on ``dst``: the caller waits for the answer."""
    page.mouse.click(*centre(top(page, src)))
    page.wait_for_selector("#board .card.selected", state="attached", timeout=10000)  # picked up
    page.mouse.click(*centre(top(page, dst)))


def settled(page):
    """Until no card is on its way (the page's moves are CSS transitions): a card is pointed at, or the
    table photographed, where it lies."""
    page.wait_for_function("() => document.getAnimations().length === 0", timeout=10000)


def shown_piles(page):
    """The cards the page shows, pile by pile (face-down cards counted, not named)."""
    return page.evaluate("""() => {
        const out = {};
        for (const slot of document.querySelectorAll('#board .slot')) out[slot.dataset.pile] = [];
        const cards = [...document.querySelectorAll('#board .card')];
        cards.sort((a, b) => a.dataset.index - b.dataset.index);
        for (const c of cards) out[c.dataset.pile].push(c.dataset.card || '?');
        return out;
    }""")


def game_state(view):
    """A view without its clock and the last position known winnable, which the background
    verdict fills in whenever it ends, move or no move."""
    return {k: v for k, v in view.items() if k not in ("elapsed", "winnable")}


def expected_piles(view):
    stock = {p["name"] for p in view["piles"] if p["role"] == "stock"}
    return {name: ["?"] * len(cards) if name in stock else cards for name, cards in view["position"]["piles"].items()}


def png_colours(path):
    """Distinct colours of a PNG (8-bit RGB or RGBA, non-interlaced), decoded with zlib."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and colour in (2, 6) and interlace == 0
            bpp = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * bpp
    prev = bytearray(stride)
    colours = set()
    for row in range(height):
        f = raw[row * (stride + 1)]
        line = bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        if row % 4 == 0:
            colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 4))
        prev = line
    return colours


# ------------------------------------------------------------------- tests


@pytest.mark.parametrize("game_id", GAMES)
def test_play_a_deal_in_the_browser(server, page, game_id):
    deal, first, second, (bad_src, bad_dst) = plan(game_id)
    page.goto(f"{server}/#{game_id}/{deal}")
    wait_ready(page, game_id, 0)
    gid = board(page).get_attribute("data-id")
    view = api(server, f"/api/games/{gid}")
    assert view["deal"] == deal and view["autoplay"] is False
    assert shown_piles(page) == expected_piles(view)
    # Every pile has a name for screen readers, which names its cards; the card images stay out of the way.
    assert page.locator("#board .card:not([aria-hidden='true'])").count() == 0
    assert page.locator("#board .slot:not([aria-label])").count() == 0

    # A legal move by dragging.
    drag(page, first["from"], first["to"])
    wait_ready(page, game_id, 1)
    view = api(server, f"/api/games/{gid}")
    assert view["moves"] == [first["notation"]]
    assert shown_piles(page) == expected_piles(view)

    # A legal move by tapping the card, then the pile.
    tap(page, second["from"], second["to"])
    wait_ready(page, game_id, 2)
    view = api(server, f"/api/games/{gid}")
    assert view["moves"] == [first["notation"], second["notation"]]
    assert shown_piles(page) == expected_piles(view)

    # An illegal one: refused with the engine's reason, nothing changes.
    tap(page, bad_src, bad_dst)
    page.wait_for_selector("#message.error", timeout=10000)
    assert page.inner_text("#message").strip()
    wait_ready(page, game_id, 2)
    assert game_state(api(server, f"/api/games/{gid}")) == game_state(view)
    assert shown_piles(page) == expected_piles(view)

    # Undo with the button, redo with the keyboard on the table, and once more the other way round.
    page.click("#undo")
    wait_ready(page, game_id, 1)
    page.focus("#board .slot[tabindex='0']")
    page.keyboard.press("r")
    wait_ready(page, game_id, 2)
    page.keyboard.press("u")
    wait_ready(page, game_id, 1)
    page.click("#redo")
    wait_ready(page, game_id, 2)
    assert api(server, f"/api/games/{gid}")["position"] == view["position"]

    # Reload: the same game, in the same state.
    page.reload()
    wait_ready(page, game_id, 2)
    assert board(page).get_attribute("data-id") == gid
    assert shown_piles(page) == expected_piles(api(server, f"/api/games/{gid}"))
    assert page.url.endswith(f"#{game_id}/{deal}")

    # A screenshot that is not blank: card images loaded, many colours drawn.
    page.wait_for_function(CARDS_DRAWN, timeout=10000)
    settled(page)  # the last slide over
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{game_id}.png"
    page.screenshot(path=str(shot))
    assert len(png_colours(shot)) > 100


def test_keyboard_play_and_double_tap(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    # Werner deal 1: T7-T6 is legal. Arrow to T7, pick it up, arrow to T6, put it down.
    page.focus("#board .slot[data-pile='tableau-7']")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("document.activeElement.dataset.pile") == "tableau-6"
    page.keyboard.press("Enter")
    wait_ready(page, "werner", 1)
    gid = board(page).get_attribute("data-id")
    assert api(server, f"/api/games/{gid}")["moves"] == ["T7-T6"]
    # Double-tap the Ace of T3: it goes to a foundation.
    x, y = centre(top(page, "tableau-3"))
    page.mouse.dblclick(x, y)
    wait_ready(page, "werner", 2)
    assert api(server, f"/api/games/{gid}")["moves"][-1] == "T3-F1"


def post(base, path, body):
    # As the page does: with the token the server gives its own page.
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json",
                                          "X-Napoleon-Token": api(base, "/api/token")["token"]})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


def test_hint_solution_four_colours_and_the_win_screen(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    gid = board(page).get_attribute("data-id")
    # The winnable indicator fills in by itself.
    page.wait_for_selector("#winnable-badge.won", timeout=15000)
    page.click("#hint")
    page.wait_for_selector("#board .card.hint", timeout=15000)
    assert page.inner_text("#message").startswith("Hint: ")
    # The solution plays on the table without changing the game.
    page.click("#solution")
    page.wait_for_selector("#replay-banner:not([hidden])", timeout=15000)
    page.click("#replay-end")
    page.wait_for_function("() => document.getElementById('replay-text').textContent.startsWith('Solution shown')")
    assert page.locator("#board .card[data-pile^='foundation']").count() == 52
    page.click("#replay-stop")
    view = api(server, f"/api/games/{gid}")
    assert view["moves_made"] == 0 and shown_piles(page) == expected_piles(view)
    # Four colours: the faces come from the four-colour deck.
    page.click("#settings-btn")
    page.check("#opt-four")
    page.click("#settings-close")
    assert "cards/four/" in page.locator("#board .card .face use").first.get_attribute("href")
    # Win the game: all but the last move through the API, the last by a double tap.
    moves = post(server, f"/api/games/{gid}/solve", {})["moves"]
    for text in moves[:-1]:
        post(server, f"/api/games/{gid}/moves", {"notation": text})
    page.reload()
    wait_ready(page, "werner", len(moves) - 1)
    last = moves[-1]
    assert last.split("-")[1].startswith("F"), "Werner's last winning move goes to a foundation"
    src = next(p["name"] for p in view["piles"] if p["abbr"] == last.split("-")[0])
    x, y = centre(top(page, src))
    page.mouse.click(x, y)
    page.mouse.click(x, y)
    page.wait_for_selector("#end-dialog[open]", timeout=10000)
    assert "You won" in page.inner_text("#end-dialog")
    keep_shot(page, "werner-won.png")


def test_a_hint_with_no_solution_known_shows_a_guess(server, page):
    """Forty Thieves deal 20010: no solution within the hint's half second, and
    the hint still marks a move on the table, said to be a guess."""
    page.goto(f"{server}/#forty-thieves/20010")
    wait_ready(page, "forty-thieves")
    asked: list[str] = []
    page.on("request", lambda request: "/hint" in request.url and asked.append(request.url))
    page.click("#hint")
    page.wait_for_selector("#board .card.hint, #board .slot.hint", timeout=20000)
    message = page.inner_text("#message")
    assert message.startswith("Guess: move the ") and "(no solution known" in message
    assert asked and not [url for url in asked if "budget" in url]  # the server's: the terminal's 1.5 s


def test_new_deal_by_number_share_link_and_stats_page(server, page):
    page.goto(f"{server}/#forty-thieves/5")
    wait_ready(page, "forty-thieves", 0)
    page.fill("#deal-input", "77")
    page.press("#deal-input", "Enter")
    page.wait_for_selector("#board[data-ready='1'][data-deal='77']", state="attached")
    assert page.url.endswith("#forty-thieves/77")
    assert page.get_attribute("#share-link", "href") == "#forty-thieves/77"
    # A deal opened and left untouched is no game: play a move so that the statistics have one.
    status = page.evaluate("""async () => {
        const id = JSON.parse(localStorage.getItem("napoleon.game:#forty-thieves/77"));
        const r = await fetch(`/api/games/${id}/moves`, {method: "POST",
            headers: {"Content-Type": "application/json"}, body: JSON.stringify({notation: "S-W"})});
        return r.status;
    }""")
    assert status == 200
    page.goto(f"{server}/#stats")
    page.wait_for_selector("#stats-body table.stats")
    assert "Forty Thieves" in page.inner_text("#stats-body")
    assert page.is_hidden("#storage-note")  # the server's store: the browser keeps nothing of it
    # A bad address: the server's reason is shown and the page falls back to a game it can play.
    page.goto(f"{server}/#forty-thieves/5?redeals=lots")
    page.wait_for_selector("#message.error", timeout=10000)
    assert "redeals" in page.inner_text("#message")
    page.wait_for_function("() => location.hash === '#forty-thieves/77'")
    assert board(page).get_attribute("data-deal") == "77"


@pytest.mark.parametrize("size", [(390, 844), (1920, 1080)])
def test_layouts_fit_phone_and_large_screens(server, page, size):
    page.set_viewport_size({"width": size[0], "height": size[1]})
    for game_id in GAMES:
        page.goto(f"{server}/#{game_id}/3")
        wait_ready(page, game_id)
        page.wait_for_function(CARDS_DRAWN, timeout=10000)
        # The table is no wider than the screen: nothing to scroll sideways.
        assert page.evaluate("document.getElementById('board').getBoundingClientRect().right") <= size[0] + 1
        keep_shot(page, f"{game_id}-{size[0]}x{size[1]}.png")
