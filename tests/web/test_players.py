"""The page as players of other patience programs expect it, in Chromium.

Keys that do what their tooltips say, messages that go with what they were
about, two windows on one game, settings kept per player, a game won with the
keyboard alone, and moving cards (a phone: test_phones.py; the end of a game
and the statistics: test_game_end.py).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import napoleon

from .test_browser import api, board, drag, expected_piles, shown_piles, tap, wait_ready

pytestmark = pytest.mark.browser


def message(page):
    return page.inner_text("#message").strip()


def deal_of(page):
    return board(page).get_attribute("data-deal")


def solution(game_id, deal):
    """A solution found by the solver here, by position count (no clock)."""
    from napoleon.solver import solve

    state = napoleon.new_game(game_id, deal)
    result = solve(state, max_states=200_000)
    assert result.verdict == "won"
    return [state.game.notation(m) for m in result.moves]


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
    assert "cards/four/" in page.locator("#board .card[data-pile^='tableau'] .face use").first.get_attribute("href")
    assert page.locator("#board .card[data-pile='stock'] .face use").first.get_attribute("href").endswith("#back-red")
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


# ------------------------------------------- a whole game, keyboard only


class Keys:
    """Arrow keys, and nothing else, to move the keyboard from pile to pile: Left and Right in reading
    order (it wraps), Up and Down to the pile the page puts above or below (its own ``neighbour``),
    along the fewest presses (the game's hundreds of presses are most of its time)."""

    def __init__(self, page):
        self.page = page
        order = page.evaluate("napoleonApp.board.spec.order")
        self.here = page.evaluate("document.activeElement.dataset.pile")
        above_below = page.evaluate("""(order) => {
            const k = napoleonApp.input.keyboard;
            return order.map((p) => [k.neighbour(p, 0, -1), k.neighbour(p, 0, 1)]);
        }""", order)
        self.steps = {}
        for i, pile in enumerate(order):
            steps = {"ArrowRight": order[(i + 1) % len(order)], "ArrowLeft": order[i - 1]}
            up, down = above_below[i]
            steps.update({key: to for key, to in (("ArrowUp", up), ("ArrowDown", down)) if to})
            self.steps[pile] = steps

    def path(self, pile):
        """The fewest arrow keys from where the keyboard is to ``pile`` (breadth first)."""
        paths = {self.here: []}
        frontier = [self.here]
        while pile not in paths:
            assert frontier, f"the arrows never reach {pile}"
            reached = []
            for at in frontier:
                for key, nxt in self.steps[at].items():
                    if nxt not in paths:
                        paths[nxt] = [*paths[at], key]
                        reached.append(nxt)
            frontier = reached
        return paths[pile]

    def to(self, pile):
        for key in self.path(pile):
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
