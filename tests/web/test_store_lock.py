"""One window at a time holds the static site's store (static/js/storelock.js), in Chromium: its Web
Locks and BroadcastChannel are the browser's own. Each page here is a window of one origin that
loads the module alone (no Python): a window waits while another holds the store, takes it when
shown again once that one has closed (never while the holder reloads), gets it at once when asked
for (the holder keeps the store and lets go), and takes it from a holder that does not answer."""

from __future__ import annotations

import shutil
import time

import pytest

from napoleon.interfaces.web.page import STATIC

from .conftest import serving

pytestmark = pytest.mark.browser

# A window of the site, as far as the store goes: what the module tells its page, whether the
# holder was asked to keep the store (and kept it), whether it was told it lost it.
WINDOW = """<!doctype html><html lang="en"><title>window</title><script type="module">
const lock = await import("./storelock.js");
window.said = [];
window.kept = 0;
window.lostIt = 0;
window.hold = ({ answers = true, wanted = false } = {}) => {
  if (wanted) lock.wantStore();
  window.held = lock.holdStore((m) => window.said.push(m.type), () => { window.lostIt += 1; })
    .then(() => (window.holds = true));
  if (answers) lock.letGoWhenAsked(async () => { window.kept += 1; });
};
window.want = () => lock.wantStore();
window.look = () => lock.lookForStore();
window.holdsStore = () => lock.holdsStore();
window.loaded = true;
</script></html>"""


@pytest.fixture
def origin(tmp_path):
    shutil.copy2(STATIC / "js" / "storelock.js", tmp_path / "storelock.js")
    (tmp_path / "window.html").write_text(WINDOW)
    with serving(tmp_path) as address:
        yield address


@pytest.fixture
def windows(browser, origin):
    context = browser.new_context()

    def open_window(**hold):
        page = context.new_page()
        page.goto(f"{origin}window.html")
        page.wait_for_function("window.loaded === true")
        page.evaluate("(hold) => window.hold(hold)", hold)
        return page

    yield open_window
    context.close()


def holds(page, timeout=10000):
    page.wait_for_function("window.holds === true", timeout=timeout)
    return page.evaluate("window.holdsStore()")


def test_a_second_window_waits_and_takes_the_store_when_shown_again_after_the_first_closed(windows):
    first = windows()
    assert holds(first) and first.evaluate("window.said") == []
    second = windows()
    second.wait_for_function("window.said.includes('store-elsewhere')", timeout=10000)
    assert not second.evaluate("window.holdsStore()")
    second.evaluate("window.look()")  # shown again while the first holds it: it goes on waiting
    time.sleep(0.5)
    assert not second.evaluate("window.holds === true")
    first.close()
    time.sleep(0.5)
    assert not second.evaluate("window.holds === true")  # not by itself: it may be a hidden tab
    second.evaluate("window.look()")
    assert holds(second)
    assert second.evaluate("window.said") == ["store-elsewhere", "store-held"]


def test_the_holder_reloaded_keeps_the_store_from_a_window_that_waits(windows):
    first = windows()
    assert holds(first)
    second = windows()
    second.wait_for_function("window.said.includes('store-elsewhere')", timeout=10000)
    first.reload()  # the lock let go as the page unloads, and asked for again by the reloaded page
    first.wait_for_function("window.loaded === true")
    first.evaluate("window.hold()")
    assert holds(first) and first.evaluate("window.said") == []
    assert not second.evaluate("window.holdsStore()")


def test_asked_for_the_store_the_holder_keeps_it_and_lets_go(windows):
    first = windows()
    assert holds(first)
    second = windows()
    second.wait_for_function("window.said.includes('store-elsewhere')", timeout=10000)
    started = time.monotonic()
    second.evaluate("window.want()")
    assert holds(second)
    assert time.monotonic() - started < 2.5  # let go at once, not taken after the holder's time ran out
    assert first.evaluate("[window.kept, window.lostIt, window.holdsStore()]") == [1, 1, False]


def test_a_holder_that_does_not_answer_has_the_store_taken_from_it(windows):
    first = windows(answers=False)  # a window the browser froze, say
    assert holds(first)
    second = windows(wanted=True)  # a reload at "Play here": no waiting, no dialog
    assert holds(second)
    first.wait_for_function("window.lostIt === 1", timeout=5000)
    assert first.evaluate("[window.kept, window.holdsStore()]") == [0, False]
    assert second.evaluate("window.said") == ["store-held"]
