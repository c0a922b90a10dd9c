"""The page's review of a game, in Chromium: reached from the end-of-game dialog and from the past games,
filled in as it is worked out, the losing move named, its winning line stepped through forward and back,
at a desktop's and a phone's size."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.analysis.test_review import FOLLOWED, GAME

from .conftest import keep_shot
from .test_browser import api, drag, post, wait_ready


def lost_game_on_the_table(server, page):
    """Werner deal 15 on the page, its first 19 moves played (the 19th lost it); the 20th is the page's."""
    page.goto(f"{server}/#werner/15")
    wait_ready(page, "werner", 0)
    gid = page.locator("#board").get_attribute("data-id")
    for text in GAME[:19]:
        post(server, f"/api/games/{gid}/moves", {"notation": text})
    page.reload()
    wait_ready(page, "werner", 19)
    return gid


def wait_reviewed(page):
    page.wait_for_selector("#review-progress[hidden]", state="attached", timeout=60000)


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)], ids=["1280x800", "360x740"])
def test_review_from_the_end_of_game_dialog(server, new_page, size):
    width, height = size
    page = new_page(width=width, height=height)
    gid = lost_game_on_the_table(server, page)
    # The last move (after it no card can move), by dragging; again if a busy machine lost the drag.
    for _ in range(3):
        drag(page, "tableau-5", "tableau-6")
        try:
            page.wait_for_selector("#board[data-moves='20']", state="attached", timeout=5000)
            break
        except PlaywrightTimeout:
            continue
    page.wait_for_selector("#end-dialog[open]", timeout=15000)
    page.click("#end-review")
    page.wait_for_selector("#review-view:not([hidden])")
    assert page.evaluate("location.hash") == f"#review/{gid}"
    wait_reviewed(page)
    summary = page.inner_text("#review-summary")
    assert "Move 19 lost the game: you moved the 8♠ from column 1 to the empty cell 3, instead of " in summary
    assert "The deal as dealt could be won" in summary
    rows = page.locator("table.review-moves tbody tr")
    assert rows.count() == 20
    assert page.locator("table.review-moves tr.losing").inner_text().startswith("19")
    assert [rows.nth(i).get_attribute("data-verdict") for i in (0, 17, 18, 19)] == \
        ["winnable", "winnable", "lost", "lost"]
    # The chart: the player's game and the winning line beside it, the verdict strip under them.
    assert page.locator("svg.review-chart polyline.game").count() == 1
    assert page.locator("svg.review-chart polyline.line").count() == 1
    assert page.locator("svg.review-chart rect.verdict-lost").count() == 2
    # Readable at this width: drawn at the width it has, a scale of cards and of moves, a band a player sees.
    box = page.locator("svg.review-chart").bounding_box()
    assert box["height"] >= 200 and box["width"] <= width
    ticks = page.locator("svg.review-chart text.tick").all_text_contents()
    assert {"0", "52"} <= set(ticks)
    band = page.locator("svg.review-chart rect.verdict-lost").first.bounding_box()
    assert band["height"] >= 12
    # The winning line, forward and back, on its own table.
    review = api(server, f"/api/games/{gid}/review")
    assert review["losing_move"] == 19 and review["done"]
    # The line's table is drawn after the summary: wait for each step's words, not just read them.
    expect(page.locator("#review-step")).to_contain_text("Before move 19", timeout=15000)
    assert page.is_disabled("#review-prev")
    for n in (1, 2, 3):
        page.click("#review-next")
        expect(page.locator("#review-step")).to_contain_text(f"Line move {n} of {len(review['line'])}: ")
    after_three = page.inner_text("#review-table")
    page.click("#review-prev")
    expect(page.locator("#review-step")).to_contain_text("Line move 2 of")
    assert page.inner_text("#review-table") != after_three
    assert "column 1" in page.inner_text("#review-table") or "tableau 1" in page.inner_text("#review-table")
    # Nothing wider than the window, at either size.
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    keep_shot(page, f"review-{width}x{height}.png", full_page=True)
    # Back to the table.
    page.click("#review-back")
    # The link changes the address; the table comes back when the page reads it, after the click returns.
    expect(page.locator("#review-view")).to_be_hidden()
    expect(page.locator("#table-view")).to_be_visible()
    wait_ready(page, "werner", 20)


def test_review_from_the_past_games_and_from_the_store(server, page):
    gid = post(server, "/api/games", {"game": "werner", "deal": 15, "autoplay": False})["id"]
    for text in FOLLOWED[:5]:
        post(server, f"/api/games/{gid}/moves", {"notation": text})
    post(server, f"/api/games/{gid}/leave", {})
    page.goto(f"{server}/#stats")
    link = page.locator(f"a[href='#review/{gid}']")
    link.wait_for(timeout=15000)
    link.click()
    wait_reviewed(page)
    summary = page.inner_text("#review-summary")
    assert "The deal as dealt could be won" in summary and "lost the game" not in summary
    assert page.locator("table.review-moves tbody tr").count() == 5
    assert page.is_hidden("#review-line")
    # A second look is read from the store.
    page.reload()
    wait_reviewed(page)
    assert "read from the store" in page.inner_text("#review-status")


def test_the_first_look_says_it_was_worked_out_now(server, page):
    gid = post(server, "/api/games", {"game": "werner", "deal": 15, "autoplay": False})["id"]
    post(server, f"/api/games/{gid}/moves", {"notation": FOLLOWED[0]})
    page.goto(f"{server}/#review/{gid}")
    wait_reviewed(page)
    assert page.inner_text("#review-status").startswith("Reviewed in ")


def test_review_of_no_such_game_is_a_404(server):
    import urllib.error

    for bad in ("999999", "abc"):
        with pytest.raises(urllib.error.HTTPError) as err:
            api(server, f"/api/games/{bad}/review")
        assert err.value.code == 404


def test_play_from_here_puts_the_position_before_the_losing_move_on_the_table(server, new_page):
    page = new_page(width=360, height=740)
    gid = lost_game_on_the_table(server, page)
    page.goto(f"{server}/#review/{gid}")
    wait_reviewed(page)
    expect(page.locator("#review-step")).to_contain_text("Before move 19", timeout=30000)
    page.click("#review-play")
    page.wait_for_selector("#review-view", state="hidden", timeout=15000)
    wait_ready(page, "werner", 18)
    new_id = page.locator("#board").get_attribute("data-id")
    assert new_id != gid and page.evaluate("location.hash") == "#werner/15"
    assert api(server, f"/api/games/{new_id}")["moves"] == GAME[:18]
