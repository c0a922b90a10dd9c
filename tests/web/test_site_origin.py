"""The static site shared by more than one window or copy on one origin, in Chromium: two windows
take turns with the player's store (each holds it in its own memory and writes it back whole), and
two copies of the site served side by side keep their own offline copies and copies of Python."""

from __future__ import annotations

import json

import pytest

from .conftest import serving
from .test_browser_access import axe_problems
from .test_site_browser import (
    DESKTOP,
    START,
    another_version,
    in_page,
    open_site,
    python_start,
    ready,
    watched,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


# A game of St. Helena dealt and one move played, through the page's own requests: the game's deal.
GAME_PLAYED = """async (api, deal) => {
    const view = await api.create("st-helena", deal, {}, false);
    await api.move(view.id, view.legal[0], view.version);
    return deal;
}"""
UNFINISHED = "async (api) => (await api.unfinished()).games.map((g) => `${g.game}/${g.deal}`).sort()"


def test_two_windows_of_the_site_take_turns_with_the_store_and_neither_loses_the_others_games(browser, static_site):
    """Each window's Python keeps the store in its memory and writes it back whole: two at once would
    each write over the other's games. The second window waits, says so, and at "Play here" takes
    the store with the first window's games in it; the first then says where the game went."""
    from napoleon import voice

    context, first = open_site(browser, static_site, DESKTOP)
    try:
        assert in_page(first, GAME_PLAYED, 11) == 11
        second = watched(context.new_page())
        second.goto(static_site)
        second.wait_for_selector("#elsewhere-dialog[open]", timeout=START)
        assert second.inner_text("#elsewhere-text") == second.get_attribute("#elsewhere-dialog", "data-waiting")
        assert second.get_attribute("#board", "data-ready") != "1"  # it waits for the store
        assert axe_problems(second) == [], "the dialog of a window that waits"
        second.keyboard.press("Escape")  # the only way on is to play here
        assert second.locator("#elsewhere-dialog").get_attribute("open") is not None
        second.click("#elsewhere-play")
        ready(second, timeout=60000)
        assert second.is_hidden("#elsewhere-dialog")
        assert in_page(second, UNFINISHED) == ["st-helena/11"]  # the first window's game came with the store
        # The first window says the game went elsewhere; what it asks now is refused, and changes nothing.
        first.wait_for_selector("#elsewhere-dialog[open]", timeout=10000)
        assert first.inner_text("#elsewhere-text") == first.get_attribute("#elsewhere-dialog", "data-taken")
        refused = in_page(first, "async (api) => api.create('werner', 3, {}, false).then(() => 'made', (e) => e.message)")
        assert refused == voice.STORE_ELSEWHERE
        assert in_page(second, GAME_PLAYED, 12) == 12
        # Back to the first window: it reloads, with both games.
        with first.expect_navigation(timeout=START):
            first.click("#elsewhere-play")
        ready(first, timeout=60000)
        assert first.is_hidden("#elsewhere-dialog")
        assert in_page(first, UNFINISHED) == ["st-helena/11", "st-helena/12"]
        second.wait_for_selector("#elsewhere-dialog[open]", timeout=10000)
        assert not first.js_errors and not second.js_errors
    finally:
        context.close()


def test_two_copies_of_the_site_on_one_origin_keep_their_own_offline_copies(browser, built_site, tmp_path):
    """Served from /a/ and /b/ of one address (two versions of the site, say), each keeps its files
    and its copy of Python under names of its own: the second's install drops none of the first's,
    which then plays offline from its copy as before."""
    (tmp_path / "a").symlink_to(built_site)
    versions = {"a": json.loads((built_site / "site.json").read_text())["version"],
                "b": another_version(built_site, tmp_path / "b")}
    runtime = json.loads((built_site / "site.json").read_text())["runtime"]["cache"]
    (tmp_path / "blank.html").write_text("<!doctype html><title>blank</title>")
    with serving(tmp_path) as origin:
        context = browser.new_context(**DESKTOP)
        context.set_default_navigation_timeout(START)
        try:
            # The caches of a version from before the scope was in their names: dropped as the first installs.
            page = context.new_page()
            page.goto(f"{origin}blank.html")
            page.evaluate("Promise.all(['napoleon-0.2.0-old', 'napoleon-pyodide-old', 'other-app']"
                          ".map((name) => caches.open(name)))")
            page.close()
            for name in ("a", "b"):  # one after the other: both hold the same store (one window at a time)
                page = watched(context.new_page())
                page.goto(f"{origin}{name}/")
                ready(page)
                page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=START)
                page.wait_for_function("async (root) => (await (await caches.open('python-snapshots')).keys())"
                                       ".some((r) => r.url.startsWith(root))", arg=f"{origin}{name}/python-snapshot/",
                                       timeout=START)
                assert not page.js_errors
                page.close()
            page = context.new_page()
            page.goto(f"{origin}b/")
            names = page.evaluate("caches.keys()")
            assert sorted(names) == sorted([*(f"napoleon:/{n}/:{v}" for n, v in versions.items()),
                                            f"napoleon:/a/:{runtime}", f"napoleon:/b/:{runtime}", "python-snapshots",
                                            "other-app"])
            copies = page.evaluate("async () => (await (await caches.open('python-snapshots')).keys()).map((r) => r.url)")
            assert sorted(copies) == [f"{origin}{n}/python-snapshot/{v}/app" for n, v in versions.items()]
            page.close()
            # The first copy, with the network off: its files and its Python from what it kept.
            context.set_offline(True)
            page = watched(context.new_page())
            page.goto(f"{origin}a/")
            ready(page)
            assert python_start(page) == {"restored": True}
            assert not page.js_errors
        finally:
            context.close()
