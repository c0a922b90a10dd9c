"""The page on a phone, in Chromium: every control on the screen and large enough for a finger,
upright and on its side, and every card's index readable."""

from __future__ import annotations

import pytest

from .conftest import keep_shot
from .test_browser import board, plan, settled, tap, wait_ready
from .test_browser_access import axe_problems
from .test_players import message

pytestmark = pytest.mark.browser


# ---------------------------------------------------- phones

TOUCH = {"has_touch": True, "is_mobile": True}  # a finger: the page's targets grow to 44 px (pointer: coarse)

SMALL_TARGETS = """() => {
    // Every control a finger can reach on the page as it is, narrower or lower than 44 px.
    const out = [];
    for (const el of document.querySelectorAll('button, a[href], input, select, summary, label.import, [role=button]')) {
        const r = el.getBoundingClientRect();
        if (!r.width || !r.height || r.bottom <= 0 || r.right <= 0) continue;  // not shown, or off the page
        if (getComputedStyle(el).visibility === 'hidden' || el.closest('dialog:not([open]), [hidden]')) continue;
        if (r.width < 43.5 || r.height < 43.5) out.push(`${el.id || el.className || el.tagName}: ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
    }
    return out;
}"""



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
    card = "[...document.querySelectorAll('#board .card')].map((c) => c.getBoundingClientRect().width)"
    closed = page.evaluate(card)
    page.click("#menu-btn")
    assert page.get_attribute("#menu-btn", "aria-expanded") == "true"
    assert page.evaluate(check, [width, height]) == []
    # The menu lies over the table, whose cards keep their size (pushed down, they shrank by a third).
    assert page.evaluate(card) == closed
    assert page.is_visible("#new-deal") and page.is_visible("#solution") and page.is_visible("#stats-link")
    # The buttons that ran off the edge work with a tap.
    page.click("#solution")
    page.wait_for_selector("#message:not(:empty)")
    # A touch of the table closes the menu lying over it.
    box = page.locator("#board-area").bounding_box()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 5)
    assert page.get_attribute("#menu-btn", "aria-expanded") == "false"
    assert page.is_hidden("#solution")
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
    page = new_page(width=width, height=height, **TOUCH)
    page.goto(f"{server}/#{game_id}/3")
    wait_ready(page, game_id, 0)
    settled(page)  # the cards' slide into place
    assert page.evaluate(READABLE) == []
    assert page.evaluate(SMALL_TARGETS) == [], "a control or card a finger cannot hit"
    # The table uses the screen's height too: cards are not tiny, the table not a strip at the top.
    card = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
    table = page.evaluate("document.getElementById('board').getBoundingClientRect()")
    assert card >= 40, f"cards {card:.0f} px wide"
    assert table["bottom"] > 0.6 * height
    keep_shot(page, f"{game_id}-{width}x{height}-readable.png")


def resized(page, width, height):
    """The page at a new size, its table laid out again (the page's ResizeObserver answers before the
    next frame) and its cards in their new places."""
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    settled(page)


def test_forty_thieves_uses_the_height_of_a_phone(server, new_page):
    page = new_page(width=390, height=844)
    page.goto(f"{server}/#forty-thieves/3")
    wait_ready(page, "forty-thieves", 0)
    card = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
    assert card >= 55, f"cards {card:.0f} px wide (32 px before)"
    # On a wide screen the rulebook's table stays: one row of ten columns.
    resized(page, 1280, 800)
    tops = page.evaluate("[...document.querySelectorAll('#board .slot[data-pile^=tableau]')]"
                         ".map(s => s.getBoundingClientRect().top)")
    assert max(tops) - min(tops) < 1


def test_st_helena_on_a_phones_side_shows_the_whole_table(server, new_page):
    """Held on its side, a phone is 390 px high: the rulebook's ring (the top and bottom piles
    fanned down) needs nine and a half cards' width of height, so its cards were squeezed or the
    table scrolled past the screen. The wide picture (those piles fanned right, above and below
    the foundations) shows every pile at once, cards no smaller than the page's readable size."""
    page = new_page(width=844, height=390, **TOUCH)
    page.goto(f"{server}/#st-helena/3")
    wait_ready(page, "st-helena", 0)
    settled(page)
    bottom = page.evaluate("Math.max(...[...document.querySelectorAll('#board .card, #board .slot')]"
                           ".map(e => e.getBoundingClientRect().bottom))")
    assert bottom <= 390 + 0.5, f"the table's bottom at {bottom:.0f} px"
    assert page.evaluate("document.scrollingElement.scrollHeight") <= 390
    card = page.evaluate("document.querySelector('#board .card').getBoundingClientRect().width")
    assert card >= 50, f"cards {card:.0f} px wide"
    ys = page.evaluate("['tableau-1', 'tableau-2', 'tableau-3', 'tableau-4'].map(p =>"
                       " document.querySelector(`#board .slot[data-pile=\"${p}\"]`).getBoundingClientRect().top)")
    assert max(ys) - min(ys) < 1  # the top piles still one row, left to right (clockwise from the top left)
    xs = page.evaluate("['tableau-1', 'tableau-2', 'tableau-3', 'tableau-4'].map(p =>"
                       " document.querySelector(`#board .slot[data-pile=\"${p}\"]`).getBoundingClientRect().left)")
    assert xs == sorted(xs)
    keep_shot(page, "st-helena-844x390-whole.png")
    # On a computer's screen the rulebook's ring stays: the top piles fan down.
    resized(page, 1280, 800)
    first = page.evaluate("[...document.querySelectorAll('#board .card[data-pile=\"tableau-1\"]')]"
                          ".map(c => c.getBoundingClientRect()).map(r => [r.left, r.top])")
    assert first[1][1] > first[0][1] and abs(first[1][0] - first[0][0]) < 1


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


@pytest.mark.parametrize("game_id", ["st-helena", "napoleons-tomb"])
def test_every_target_is_44_px_for_a_finger_on_the_longest_tables(server, new_page, game_id):
    """On a phone (a touch screen: the page's targets grow to 44 px), a game two moves in on the
    tables with the longest fans, on a 360 px and a 390 px phone, and on its side: every control and
    card a finger can reach at least 44 px, nothing wider than the screen."""
    page = new_page(width=360, height=740, **TOUCH)
    deal, first, second, _ = plan(game_id)
    page.goto(f"{server}/#{game_id}/{deal}")
    wait_ready(page, game_id, 0)
    for made, move in enumerate((first, second), 1):
        settled(page)  # the cards' slide into place: a tap lands where a card lies
        tap(page, move["from"], move["to"])
        wait_ready(page, game_id, made)
    for width, height in ((360, 740), (390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        settled(page)
        where = f"{width}x{height}"
        assert page.evaluate(SMALL_TARGETS) == [], where
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width, where
        assert page.evaluate(READABLE) == [], where


@pytest.mark.parametrize("size", [(360, 740), (844, 390)], ids=["upright", "on-its-side"])
def test_a_newer_version_is_offered_over_the_foot_of_a_phones_table_and_put_off_with_a_tap(server, new_page, size):
    width, height = size
    page = new_page(width=width, height=height, **TOUCH)
    page.goto(f"{server}/#forty-thieves/3")
    wait_ready(page, "forty-thieves", 0)
    card = "[...document.querySelectorAll('#board .card')].map((c) => c.getBoundingClientRect().width)"
    before = page.evaluate(card)
    page.evaluate("window.dispatchEvent(new CustomEvent('napoleon-newer'))")  # as the static site's page says it
    assert "newer version" in page.inner_text("#update-text")
    box = page.locator("#update-banner").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width and box["y"] + box["height"] <= height
    assert page.evaluate(SMALL_TARGETS) == [], "a control a finger cannot hit"
    assert page.evaluate(card) == before  # the table keeps its place and its cards' size
    assert axe_problems(page) == [], "the banner shown"
    page.tap("#update-later")
    assert page.is_hidden("#update-banner")
