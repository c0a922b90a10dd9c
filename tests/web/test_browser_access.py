"""The page for players who use a keyboard, a screen reader or a zoomed-in screen.

axe-core (the copy ``axe-playwright-python`` ships) checks every game at a
desktop's and a phone's size, with its experimental rule that names start
with what is shown turned on; the keyboard tests read what a screen reader
would say from the live region and the piles' names.
"""

from __future__ import annotations

import re

import pytest

import napoleon

from .test_browser import GAMES, board, wait_ready

pytestmark = pytest.mark.browser

AXE_OPTIONS = {"rules": {"label-content-name-mismatch": {"enabled": True}}, "resultTypes": ["violations"]}
NOTATION = re.compile(r"\b[TFCRWS]\d+\b|\b[2-9TJQKA][CDHS]\b|-[TFCW]\d")


def axe_problems(page):
    """The serious and critical violations axe-core finds on the page as it is."""
    from axe_playwright_python.base import AXE_SCRIPT

    if not page.evaluate("!!window.axe"):
        page.evaluate(AXE_SCRIPT)
    result = page.evaluate("(options) => axe.run(document, options)", AXE_OPTIONS)
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]} {v['nodes'][0]['failureSummary']}"
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


def said(page):
    return page.inner_text("#message").strip()


def focused(page, expr="dataset.pile"):
    return page.evaluate(f"document.activeElement && document.activeElement.{expr}")


def arrow_to(page, pile, key="ArrowRight"):
    """Arrow keys, and nothing else, until the keyboard is on ``pile``."""
    for _ in range(40):
        if focused(page) == pile:
            return
        page.keyboard.press(key)
    raise AssertionError(f"the arrows never reach {pile}")


def pile_name(page, pile):
    return page.get_attribute(f"#board .slot[data-pile='{pile}']", "aria-label")


def werner_1_first_move_by_keyboard(page):
    """Werner deal 1's 4♥ from column 7 onto the 5♣ in column 6, with the keyboard alone."""
    page.focus("#board .slot[data-pile='tableau-7']")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Enter")
    wait_ready(page, "werner", 1)


@pytest.mark.parametrize("size", [(1280, 800), (360, 740)])
def test_axe_finds_nothing_serious_on_any_game(server, new_page, size):
    page = new_page(width=size[0], height=size[1])
    for game_id in GAMES:
        page.goto(f"{server}/#{game_id}/1")
        wait_ready(page, game_id, 0)
        assert axe_problems(page) == [], game_id
        # With a card held: its piles' names change (the places it may go).
        view = page.evaluate("napoleonApp.view")
        src = next(name for name, by in view["targets"].items() if by.get("1")
                   and not name.startswith("stock"))
        page.focus(f"#board .slot[data-pile='{src}']")
        page.keyboard.press("Enter")
        page.wait_for_selector("#board .card.selected")
        assert axe_problems(page) == [], f"{game_id}, a card held"
    # The dialogs, the statistics page and a game's review.
    if size[0] < 700:
        page.click("#menu-btn")
    page.click("#rules-btn")
    assert axe_problems(page) == [], "rules"
    page.click("#rules-close")
    page.click("#settings-btn")
    assert axe_problems(page) == [], "settings"
    page.click("#settings-close")
    # A move made and the game left: the statistics list it, and its review is a click away. The
    # game is Werner deal 1's, whose positions the searches decide at once: a review of St. Helena
    # deal 1 searches for most of a minute (none of it is read here).
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    page.evaluate("""async () => {
        const v = napoleonApp.view;
        const post = (path, body) => fetch(`/api/games/${v.id}/${path}`, {method: "POST",
            headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
        await post("moves", {notation: v.legal[0].notation});
        await post("leave", {});
    }""")
    page.goto(f"{server}/#stats")
    page.wait_for_selector("#history-body table")
    assert axe_problems(page) == [], "statistics"
    page.click("#history-body tbody tr:first-child a[href^='#review/']")
    page.wait_for_selector("#review-progress[hidden]", state="attached", timeout=60000)
    assert page.evaluate("document.activeElement.id") == "review-title"
    assert axe_problems(page) == [], "review"


def test_names_start_with_what_is_shown_and_say_what_moves_say(server, page):
    page.goto(f"{server}/#napoleons-tomb/1")
    wait_ready(page, "napoleons-tomb", 0)
    # The Tomb's foundations start with a 7 and build to the King: the starting rank is in words too.
    start = napoleon.new_game("napoleons-tomb", deal=1)
    assert pile_name(page, "foundation-1").startswith("F1 ")
    assert "foundation 1: empty, starts with a" in pile_name(page, "foundation-1")
    assert pile_name(page, "tableau-1").startswith("T1, column 1: ")
    assert start.game.pile_label(9) == "tableau 1"  # the notation's name: never read out
    # One level-one heading, the rules dialog named after the rules, no symbols in the buttons' names.
    assert page.locator("h1:visible").all_inner_texts()[0].startswith("Napoleon's Tomb")
    page.click("#rules-btn")
    assert page.inner_text("#rules-title").startswith("Rules of Napoleon's Tomb")
    page.click("#rules-close")
    names = re.findall(r'button "([^"]*)"', page.locator("#toolbar").aria_snapshot())
    assert "Undo" in names and "Restart" in names and "Solution" in names, names
    assert all(re.fullmatch(r"[\w .,()?'…:-]*", n) for n in names), names
    # The card images are not in the accessibility tree: the piles' names carry the cards.
    tree = page.locator("#board").aria_snapshot()
    assert "img" not in tree and tree.count("button \"") == len(start.piles), tree


def test_a_game_played_by_keyboard_and_ear(server, page):
    """Pick up, hear the card and its places, drop; a refusal in words; a new deal and statistics with focus kept."""
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    page.keyboard.press("Tab")      # the skip link
    page.keyboard.press("Enter")    # to the table
    assert page.evaluate("document.activeElement.closest('#board') !== null")
    arrow_to(page, "tableau-7")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('may go')")
    assert said(page) == "The 4♥ from column 7: it may go onto the 5♣ in column 6"
    page.keyboard.press("ArrowLeft")
    assert focused(page) == "tableau-6"
    assert pile_name(page, "tableau-6").startswith("T6, column 6, the held cards may go here: ")
    page.keyboard.press("Enter")
    wait_ready(page, "werner", 1)
    assert said(page) == "Moved the 4♥ from column 7 onto the 5♣ in column 6"
    # A refusal, in cards and piles: no notation.
    arrow_to(page, "tableau-1", "ArrowLeft")    # column 1: the 8♣, which may go nowhere
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('message').textContent.includes('nowhere')")
    assert said(page) == "The 8♣ from column 1: it may go nowhere now"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_selector("#message.error")
    assert page.evaluate("(m => m.scrollWidth <= m.clientWidth + 1)(document.getElementById('message'))")
    refusal = said(page)
    assert "8♣" in refusal and not NOTATION.search(refusal), refusal
    wait_ready(page, "werner", 1)
    # A new deal: asked first, and the focus stays on the table, where the new cards are.
    page.keyboard.press("n")
    page.wait_for_selector("#leave-dialog[open]")
    page.keyboard.press("Shift+Tab")  # from "Keep playing" to "Leave it"
    assert focused(page, "id") == "leave-yes"
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('board').dataset.deal !== '1'")
    wait_ready(page, "werner", 0)
    assert page.evaluate("document.activeElement.closest('#board') !== null")
    assert page.inner_text("#page-news").startswith("New deal: Napoleon at St Helena")
    # The statistics and back, by keyboard: the focus goes to the page's heading, then back to the table.
    page.focus("#stats-link")
    page.keyboard.press("Enter")
    page.wait_for_selector("#stats-view:not([hidden])")
    page.wait_for_function("() => document.activeElement.id === 'stats-title'")
    assert page.inner_text("#page-news") == "Statistics" and page.title().startswith("Statistics")
    page.focus("#stats-back")
    page.keyboard.press("Enter")
    page.wait_for_selector("#table-view:not([hidden])")
    page.wait_for_function("() => document.activeElement.closest('#board') !== null")
    assert page.inner_text("#page-news").startswith("Back to the game: ")


def test_letters_act_only_on_the_table_and_can_be_switched_off(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    werner_1_first_move_by_keyboard(page)
    # On a toolbar button, U is only a letter.
    page.focus("#hint")
    page.keyboard.press("u")
    page.wait_for_timeout(400)
    assert board(page).get_attribute("data-moves") == "1"
    # Switched off: not even on the table; Ctrl+Z still undoes.
    page.click("#settings-btn")
    page.uncheck("#opt-keys")
    page.click("#settings-close")
    page.focus("#board .slot[data-pile='tableau-6']")
    page.keyboard.press("u")
    page.wait_for_timeout(400)
    assert board(page).get_attribute("data-moves") == "1"
    page.keyboard.press("Control+z")
    wait_ready(page, "werner", 0)
    assert page.evaluate("localStorage.getItem('napoleon.keys')") == "false"


def test_the_focus_never_falls_to_the_page(server, page):
    """A button that goes away or turns off under the focus hands it to the table."""
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    werner_1_first_move_by_keyboard(page)
    page.focus("#undo")
    page.keyboard.press("Enter")     # the only move taken back: Undo turns off under the focus
    wait_ready(page, "werner", 0)
    assert page.is_disabled("#undo")
    assert focused(page) == "tableau-6"


def test_focus_held_cards_and_hint_look_different(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    page.focus("#board .slot[data-pile='tableau-7']")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowLeft")
    page.evaluate("napoleonApp.board.marks.hint = {from: 'tableau-3', to: 'foundation-1', count: 1};"
                  "napoleonApp.board.render()")
    looks = page.evaluate("""() => {
        const top = (pile) => {
            const cards = [...document.querySelectorAll(`#board .card[data-pile='${pile}']`)];
            return cards.sort((a, b) => a.dataset.index - b.dataset.index).pop();
        };
        const style = (el, pseudo) => getComputedStyle(el, pseudo);
        return {
            focus: style(top('tableau-6')).outlineStyle + ' ' + style(top('tableau-6')).outlineColor,
            held: style(top('tableau-7')).boxShadow,
            hint: style(top('tableau-3'), '::after').borderStyle + ' ' + style(top('tableau-3'), '::after').borderColor,
        };
    }""")
    assert looks["focus"].startswith("solid") and "rgb(255, 213, 74)" in looks["focus"]
    assert "rgb(255, 255, 255)" in looks["held"] and "rgb(255, 213, 74)" not in looks["held"]
    assert looks["hint"].startswith("dashed") and "rgb(255, 213, 74)" not in looks["hint"]


def test_st_helena_is_readable_at_200_percent(server, new_page):
    """A 1280x800 screen zoomed to 200%: 640x400 CSS pixels, each drawn twice as large."""
    page = new_page(width=640, height=400, device_scale_factor=2)
    page.goto(f"{server}/#st-helena/1")
    wait_ready(page, "st-helena", 0)
    widths = page.evaluate("[...document.querySelectorAll('#board .card')].map(c => c.getBoundingClientRect().width)")
    assert min(widths) >= 48, min(widths)
    # Nothing to scroll sideways; the table scrolls down instead of shrinking the cards.
    assert page.evaluate("document.getElementById('board').getBoundingClientRect().right") <= 641
    step = page.evaluate("""() => {
        const cards = [...document.querySelectorAll("#board .card[data-pile='tableau-5']")]
            .sort((a, b) => a.dataset.index - b.dataset.index).map(c => c.getBoundingClientRect().left);
        return Math.min(...cards.slice(1).map((x, i) => Math.abs(x - cards[i])));
    }""")
    assert step >= 7, step  # each covered card shows a strip with its index
