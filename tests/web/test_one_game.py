"""The page plays the game the terminal plays, with the same keys, in Chromium at 1280x800 and 360x740.

Each test stands for a fault players met: an untouched deal showed "moves 2"
(the opening's auto-play) and a clock that ran to 0:01 before any move, and "grade: unknown" stood
beside "winnable";
``R`` redid on the page but restarted in the terminal, and the page had no
restart key.
"""

from __future__ import annotations

import pytest

from napoleon import voice
from napoleon.keymap import keys_json

from .test_browser import api, board, wait_ready

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (360, 740)]


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "360x740"])
def test_an_untouched_deal_shows_no_move_and_no_time(server, new_page, size):
    """Forty Thieves deal 4: auto-play sends an Ace home from the opening layout, not a move of the player's."""
    page = new_page(width=size[0], height=size[1], autoplay=True)
    page.clock.install()  # the page's time moves when the test says: no waiting on the real clock
    page.goto(f"{server}/#forty-thieves/4")
    wait_ready(page, "forty-thieves")
    view = api(server, f"/api/games/{board(page).get_attribute('data-id')}")
    assert view["moves_made"] > 0 and view["moves_played"] == 0 and not view["clock_running"]
    page.clock.run_for(2500)  # the clock ticks each second: it must not have started
    assert page.inner_text("#moves-count").strip() == "0"
    assert page.inner_text("#clock").strip() == "0:00"
    # Its grade is "unknown" (in the JSON): not said beside the winnable badge, as in the terminal.
    assert api(server, f"/api/games/{view['id']}")["grade"] == "unknown"
    assert page.locator("#grade-badge").is_hidden()


@pytest.mark.parametrize("size", SIZES, ids=["1280x800", "360x740"])
def test_r_redoes_and_shift_r_restarts_as_in_the_terminal(server, new_page, size):
    page = new_page(width=size[0], height=size[1])
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    page.click("#board .card[data-pile='tableau-3'][data-index='5']", click_count=2)  # A♣ home
    wait_ready(page, "werner", 1)
    page.keyboard.press("u")
    wait_ready(page, "werner", 0)
    page.keyboard.press("r")
    wait_ready(page, "werner", 1)
    assert page.inner_text("#message").strip() == "Redone: moved the A♣ from column 3 to foundation 1"
    page.keyboard.press("Shift+R")
    wait_ready(page, "werner", 0)
    assert page.inner_text("#message").strip() == voice.restarted(1)
    assert page.inner_text("#moves-count").strip() == "0"


def test_the_page_is_served_the_terminals_key_map_and_lists_it_in_its_help(server, page):
    catalog = api(server, "/api/catalog")
    assert catalog["keys"] == keys_json("page")
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner")
    page.click("#rules-btn")
    page.wait_for_selector("#rules-dialog[open]")
    shown = page.locator("#key-help li").all_inner_texts()
    assert len(shown) == len(catalog["keys"])
    for key, line in zip(catalog["keys"], shown, strict=True):
        assert key["shown"] in line and key["help"] in line


def test_leaving_a_game_under_way_asks_in_the_sessions_words(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    page.click("#board .card[data-pile='tableau-3'][data-index='5']", click_count=2)
    wait_ready(page, "werner", 1)
    page.keyboard.press("n")
    page.wait_for_selector("#leave-dialog[open]")
    view = api(server, f"/api/games/{board(page).get_attribute('data-id')}")
    assert page.inner_text("#leave-text").strip() == view["leave"]
    assert "counts as played and lost" in view["leave"]
