"""A newcomer on the page: the first visit starts on a deal that can be won, and a deal lost from
the start is said plainly with a new deal and a winnable one at hand (Chromium)."""

from __future__ import annotations

from playwright.sync_api import expect

from napoleon import voice

from .conftest import keep_shot
from .test_browser import api, board, wait_ready


def test_a_first_visit_starts_on_the_deal_of_the_day(server, page):
    page.goto(f"{server}/")
    wait_ready(page)
    game = board(page).get_attribute("data-game")
    daily = api(server, f"/api/daily?game={game}")
    assert page.evaluate("location.hash") == f"#{game}/{daily['deal']}"
    assert daily["grade"] in ("easy", "medium", "hard", "expert")


def test_a_deal_lost_from_the_start_is_said_plainly_with_new_and_winnable_deals_at_hand(server, new_page):
    page = new_page(width=360, height=740)
    page.goto(f"{server}/#werner/8")
    wait_ready(page, "werner", 0)
    page.wait_for_selector("#lost-banner:not([hidden])", timeout=30000)
    expect(page.locator("#lost-text")).to_have_text(voice.DEAL_LOST_FROM_START)
    assert page.locator("#lost-new").is_visible() and page.locator("#lost-winnable").is_visible()
    assert page.locator("#lost-restart").is_hidden() and page.locator("#lost-undo").is_hidden()
    keep_shot(page, "lost-from-the-start-360x740.png")
    page.click("#lost-winnable")
    page.wait_for_function("() => !location.hash.startsWith('#werner/8')", timeout=60000)
    wait_ready(page, "werner", 0)


def test_the_hint_and_its_marks_stay_until_the_next_move(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    page.wait_for_selector("#winnable-badge.won", timeout=15000)
    page.click("#hint")
    page.wait_for_selector("#board .card.hint", timeout=15000)
    said = page.inner_text("#message")
    assert said.startswith("Hint: ")
    page.wait_for_timeout(6000)  # the marks and the sentence went after 3 s before
    assert page.locator("#board .card.hint").count() >= 1
    assert page.inner_text("#message") == said
    page.keyboard.press("u")  # nothing to undo: no move, the hint stays
    page.evaluate("() => { const m = napoleonApp.board.marks.hint; "
                  "return napoleonApp.play.move(m.from, m.to, m.count); }")
    page.wait_for_selector("#board[data-ready='1']:not([data-moves='0'])", state="attached", timeout=15000)
    page.wait_for_function("() => document.querySelectorAll('#board .card.hint, #board .slot.hint').length === 0",
                           timeout=10000)


def test_the_rules_open_at_their_top_on_a_phone(server, new_page):
    page = new_page(width=360, height=740)
    page.goto(f"{server}/#forty-thieves/1")
    wait_ready(page, "forty-thieves", 0)
    page.evaluate("napoleonApp.dialogs.showRules()")
    page.wait_for_selector("#rules-dialog[open]")
    page.wait_for_timeout(300)
    assert page.evaluate("document.getElementById('rules-dialog').scrollTop") == 0
    box = page.locator("#rules-title").bounding_box()
    assert box is not None and 0 <= box["y"] < 740
