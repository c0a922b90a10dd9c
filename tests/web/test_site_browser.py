"""The static site (``napoleon site``) in a real browser, served by a plain static server: Python
runs in the page's workers, nothing else answers.

The site is built once for the run, from the registries (npm's ``pyodide``, the wheels from the
package index), into a cache kept between runs. Each fresh browser profile starts Python cold (some
seconds), and so does each reload (from the copy of its memory the first start kept), so the site's
walks are two, and independent, for the suite's processes to share, with no more starts than what they
show needs: a phone that plays every game by touch, then takes a hint, reloads a game under way (its
kept copy of Python spoilt: Python starts anew), wins one and exports it, for a computer's fresh
profile to import; and a computer that plays every game by mouse, plays on with the network cut off
(Python from its kept copy) and takes up a newer version of the site with its game and statistics
kept. The page is the one ``napoleon serve`` serves (``site.page_html``): its layout at each phone's
size, upright and on its side, is tested on that (test_phones.py).
"""

from __future__ import annotations

import json
import re
import shutil
import time

import pytest
from playwright.sync_api import expect

from napoleon.store.transfer import MIN_TURN_SECONDS
from tests.saved_games import won_werner_file

from .conftest import SHOTS, keep_shot, serving
from .test_browser import GAMES, plan, settled
from .test_browser_access import axe_problems

pytestmark = [pytest.mark.browser, pytest.mark.slow]

START = 300_000  # ms: Python's first start on a loaded machine; a second start comes from the cache
# Reduced motion (which the page honours): no card slides, so no click waits for one to come to rest.
PHONE = {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2,
         "reduced_motion": "reduce"}
DESKTOP = {"viewport": {"width": 1280, "height": 800}, "reduced_motion": "reduce"}


@pytest.fixture
def site_folder(built_site, tmp_path):
    """A folder of this test's own, served, that is a link to the site built for the run
    (:func:`publish_newer` points it at a newer one): (folder, address, the server's log of requests)."""
    folder = tmp_path / "site"
    folder.symlink_to(built_site)
    log = tmp_path / "requests.log"
    with serving(folder, log) as address:
        yield folder, address, log


def ready(page, game=None, moves=None, timeout=START):
    sel = "#board[data-ready='1']" + (f"[data-game='{game}']" if game else "")
    sel += f"[data-moves='{moves}']" if moves is not None else ""
    try:
        page.wait_for_selector(sel, state="attached", timeout=timeout)
    except Exception:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "site-not-ready.png"))
        board = page.evaluate("({...document.getElementById('board').dataset})")
        raise AssertionError(f"not {sel}: the board is {board}, the page says {page.inner_text('#message')!r}") from None


def in_page(page, script, *args):
    """Run ``script(api, ...args)`` in the page, with the page's own API module (the same requests)."""
    return page.evaluate(f"async (args) => {{ const {{ api }} = await import('./static/js/api.js'); "
                         f"return ({script})(api, ...args); }}", list(args))


# The centre of the pile's top card (its slot when empty), scrolled into view (a phone's table
# scrolls): test_browser's top() and centre() in one round trip to the page, not four.
TOP_CENTRE = """(pile) => {
    const cards = [...document.querySelectorAll(`#board .card[data-pile='${pile}']`)];
    const top = cards.length ? cards.reduce((a, b) => (+b.dataset.index > +a.dataset.index ? b : a))
        : document.querySelector(`#board .slot[data-pile='${pile}']`);
    top.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = top.getBoundingClientRect();
    return [box.x + box.width / 2, box.y + box.height / 2];
}"""


def touch_move(page, src, dst, touch):
    """``src``'s top card moved to ``dst`` by a tap (a click) on each: the caller waits for the answer."""
    for pile in (src, dst):
        x, y = page.evaluate(TOP_CENTRE, pile)
        if touch:
            page.touchscreen.tap(x, y)
        else:
            page.mouse.click(x, y)
        if pile == src:
            page.wait_for_selector("#board .card.selected", state="attached", timeout=10000)  # picked up


def watched(page):
    """``page``, keeping its JavaScript errors in ``page.js_errors``."""
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    return page


# A kept copy of the page worker's Python (static/js/python.js) overwritten with bytes that are none,
# once the first start has kept it (in the background): the copy's address.
SPOIL_COPY = """async () => {
    const cache = await caches.open('python-snapshots');
    let request;
    while (!([request] = await cache.keys()).length) await new Promise((r) => setTimeout(r, 100));
    const size = (await cache.match(request)).headers.get('x-snapshot-bytes');
    await cache.put(request, new Response(new Uint8Array(+size).fill(7), { headers: { 'x-snapshot-bytes': size } }));
    return request.url;
}"""
# Whether the copy at the address ``arg`` is kept and is not the spoilt one.
GOOD_COPY = """async (arg) => {
    const hit = await (await caches.open('python-snapshots')).match(arg);
    return !!hit && new Uint8Array(await hit.arrayBuffer())[0] !== 7;
}"""


TABLE_NOW = """() => {
    const board = document.getElementById("board");
    return Object.fromEntries([...board.querySelectorAll(".slot")].map((slot) => [slot.dataset.pile,
        [...board.querySelectorAll(`.card[data-pile="${slot.dataset.pile}"]`)].map((c) => c.dataset.card)]));
}"""

# The cards of each pile and the status line's title when the board first holds cards on a visit,
# and whether the app had answered by then (its view, #board's data-ready).
FIRST_TABLE = f"""(() => {{
    new MutationObserver((_, observer) => {{
        const board = document.getElementById("board");
        if (!board || !board.querySelector(".card")) return;
        observer.disconnect();
        const answered = board.dataset.ready === "1" || !!(window.napoleonApp && window.napoleonApp.view);
        const title = document.getElementById("game-title").textContent;
        window.firstTable = {{ answered, piles: ({TABLE_NOW})(), title }};
    }}).observe(document, {{ childList: true, subtree: true }});
}})();"""


def python_start(page):
    """How the page's worker started Python: ``{"restored": True}`` from a copy a visit kept."""
    return page.evaluate("import('./static/js/backend.js').then((m) => m.howPythonStarted())")


# The browser's answers on keeping the site's data for good (navigator.storage), as an installed
# app's: kept once asked. How often the page asked is counted.
KEPT_WHEN_ASKED = """(() => {
    if (!navigator.storage) return;
    const kept = () => sessionStorage.getItem("test.kept") === "1";
    navigator.storage.persisted = async () => kept();
    navigator.storage.persist = async () => {
        sessionStorage.setItem("test.asked", String(+(sessionStorage.getItem("test.asked") || 0) + 1));
        sessionStorage.setItem("test.kept", "1");
        return true;
    };
})();"""

MESSAGES_SEEN = """document.addEventListener("DOMContentLoaded", () => {
    window.messagesSeen = [];
    const said = document.getElementById("message");
    new MutationObserver(() => window.messagesSeen.push(said.textContent))
        .observe(said, { childList: true, characterData: true, subtree: true });
});"""


def open_site(browser, site, options, *scripts):
    context = browser.new_context(**options)
    for script in (MESSAGES_SEEN, *scripts):  # what the status line said, each page of the context
        context.add_init_script(script)
    # A page's load waits on the site's files, which two walks at once on a loaded machine (Python
    # started in each) may hold back past Playwright's 30 s.
    context.set_default_navigation_timeout(START)
    # Auto-play off, as in the other browser tests: each move is the one the test made.
    context.add_init_script("if (localStorage.getItem('napoleon.autoplay') === null) "
                            "localStorage.setItem('napoleon.autoplay', 'false')")
    page = watched(context.new_page())
    started = time.monotonic()
    page.goto(site)
    ready(page)
    page.started_in = time.monotonic() - started
    return context, page


def go(page, address):
    """Open another deal, leaving the game under way when the page asks first."""
    page.goto(f"{page.url.split('#')[0]}#{address}")
    game = address.split("/")[0]
    page.wait_for_selector(f"#leave-dialog[open], #board[data-ready='1'][data-game='{game}']", state="attached",
                           timeout=60000)
    if page.locator("#leave-dialog[open]").count():
        page.click("#leave-yes")


def play_every_game(page, touch):
    for game_id in GAMES:
        deal, first, second, _ = plan(game_id)
        go(page, f"{game_id}/{deal}")
        ready(page, game_id, 0, timeout=60000)
        touch_move(page, first["from"], first["to"], touch)
        ready(page, game_id, 1, timeout=60000)
        page.click("#undo")
        ready(page, game_id, 0, timeout=60000)
        page.click("#redo")
        ready(page, game_id, 1, timeout=60000)
        settled(page)  # the redone card's slide over
        touch_move(page, second["from"], second["to"], touch)
        ready(page, game_id, 2, timeout=60000)
        settled(page)
        keep_shot(page, f"site-{game_id}-{page.viewport_size['width']}.png")


def another_version(built, folder):
    """A copy of the site ``built`` in ``folder`` whose manifest says something else, sealed as a
    version of its own (as a new build would be, without compiling its Python again): its version."""
    from napoleon.interfaces.web import site

    shutil.copytree(built, folder, ignore=lambda where, names: [n for n in names if n in site.SEALS])
    manifest = json.loads((folder / "manifest.webmanifest").read_text())
    manifest["description"] += " Newer."
    (folder / "manifest.webmanifest").write_text(json.dumps(manifest))
    return site.seal(folder, json.loads((built / "site.json").read_text())["core"])["version"]


def publish_newer(folder):
    """A newer version of the site served in the place of the one ``folder`` links to: its version."""
    newer = folder.parent / "newer"
    version = another_version(folder.resolve(), newer)
    folder.unlink()
    folder.symlink_to(newer)
    return version


def newer_worker_took_over(context, version, timeout=START / 1000):
    """Until the service worker of ``version`` is the site's active one (the browser activates it once no
    page of the older one is open, or at the page's word): each page opened after that is the newer version's."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for worker in context.service_workers:
            try:
                if worker.evaluate("[VERSION, self.serviceWorker.state]") == [version, "activated"]:
                    return
            except Exception:
                pass  # an older worker ended as the newer took over
        time.sleep(0.1)
    raise AssertionError(f"the service worker of version {version} never took over")


def win_with_finish(page, meanwhile):
    """Werner deal 1 played to where it finishes by itself, then Finish: a won game; its id and what
    ``meanwhile()``, called while the game's clock runs, answered."""
    go(page, "werner/1")
    ready(page, "werner", timeout=60000)
    gid = page.locator("#board").get_attribute("data-id")
    moves = in_page(page, "async (api, id) => (await api.solve(id, 30, true)).moves", gid)
    assert moves, "the solver found Werner deal 1's solution in the browser"
    left, made = in_page(page, """async (api, id, moves) => {
        let view = await api.get(id), made = 0;
        for (const notation of moves) {
            if (view.finish > 0) break;
            view = await api.move(id, { notation, autoplay: false });
            made += 1;
        }
        return [view.finish, made];
    }""", gid, moves)
    assert left > 0
    # A player's turn takes a moment, and a won game's file that claims less is refused on import:
    # the game's clock is given the time the test's turns (and the Finish) would have taken a
    # player. The test's other work is done in that time instead of a sleep.
    until = time.monotonic() + (made + 2) * MIN_TURN_SECONDS
    done = meanwhile()
    page.wait_for_timeout(max(0, int((until - time.monotonic()) * 1000)))
    # The page looks at its game again when its window comes back, as after another window's moves.
    page.evaluate("window.dispatchEvent(new Event('focus'))")
    page.wait_for_selector("#finish:not([hidden])", timeout=60000)
    page.click("#finish")
    page.wait_for_selector("#end-dialog[open]", timeout=60000)
    assert "You won" in page.inner_text("#end-dialog")
    page.click("#end-close")
    return gid, done


def test_a_phone_plays_every_game_by_touch_and_a_game_it_won_is_imported_in_a_computers_fresh_profile(
        browser, static_site, tmp_path):
    # One phone's profile for all the phone's part: each fresh profile starts Python cold.
    context, page = open_site(browser, static_site, PHONE, KEPT_WHEN_ASKED)
    try:
        # A first visit says how far the offline copy has come, then that the game starts, and no
        # more once the deal is on the table.
        seen = page.evaluate("window.messagesSeen")
        progress = [int(m.group(1)) for m in map(re.compile(r"^Getting the game ready to play offline: (\d+)%$").match,
                                                  seen) if m]
        assert progress and progress == sorted(progress) and progress[-1] < 100, seen
        assert "Ready to play offline; starting the game…" in seen, seen
        assert page.inner_text("#message") == ""
        play_every_game(page, touch=True)  # each game two moves in
        # A hint from the search worker, shown on the table (Werner deal 1 is the game played above).
        go(page, "werner/1")
        ready(page, "werner", 2, timeout=60000)
        page.click("#hint")
        page.wait_for_selector("#board .card.hint, #board .slot.hint", timeout=START)
        # A game in progress survives a reload (the store is in IndexedDB), even one reloaded as
        # soon as a move is answered: the store's write-back comes after the answer, not in it.
        gid = page.locator("#board").get_attribute("data-id")
        deal, _, second, _ = plan("st-helena")
        go(page, f"st-helena/{deal}")
        ready(page, "st-helena", 2, timeout=60000)  # as played above
        page.click("#undo")
        ready(page, "st-helena", 1, timeout=60000)
        # The copy of Python the first start kept spoilt: this reload starts Python anew, with the
        # same game, and keeps a good copy again.
        spoilt = page.evaluate(SPOIL_COPY)
        in_page(page, "async (api, id, move) => { await api.move(id, move); setTimeout(() => location.reload()); }",
                page.locator("#board").get_attribute("data-id"), second)
        ready(page, "st-helena", 2)
        assert python_start(page) == {"restored": False}
        page.wait_for_function(GOOD_COPY, arg=spoilt, timeout=START)
        assert not axe_problems(page)
        # Werner's game is still the one the hint was for; won, it is in the statistics. While its
        # clock runs, a computer opens the site in a fresh profile: nothing of the phone's.
        assert page.evaluate("sessionStorage.getItem('test.asked')") is None  # nothing finished yet
        won, (desktop, computer) = win_with_finish(page, lambda: open_site(browser, static_site, DESKTOP))
        assert won == gid
        page.goto(f"{static_site}#stats")
        page.wait_for_selector(f"table.history tr[data-id='{gid}'][data-result='won']", timeout=60000)
        # The game won, the browser was asked to keep the store for good, and the page says it does.
        assert page.evaluate("sessionStorage.getItem('test.asked')") == "1"
        expect(page.locator("#storage-note")).to_have_text(page.get_attribute("#storage-note", "data-kept"))
        assert not axe_problems(page)
        with page.expect_download() as download:
            page.click(f"table.history tr[data-id='{gid}'] button")
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        keep_shot(page, "site-stats-360.png")
        assert not page.js_errors
    finally:
        context.close()
    assert saved.name == f"napoleon-game-{gid}.json"

    context, page = desktop, computer
    try:
        page.goto(f"{static_site}#stats")
        page.wait_for_selector("#history-body", timeout=60000)
        # A fresh profile whose browser was never asked: it may clear the games, and the page says so.
        expect(page.locator("#storage-note")).to_have_text(page.get_attribute("#storage-note", "data-unkept"))
        page.set_input_files("#import-file", str(saved))
        page.wait_for_selector("table.history tr[data-result='won']", timeout=60000)
        assert "Napoleon at St Helena" in page.inner_text("#stats-body")
        assert not page.js_errors
    finally:
        context.close()


def test_a_computer_plays_every_game_by_mouse_then_offline_then_on_a_newer_version_keeping_its_games(
        browser, site_folder, tmp_path, werner1_solution):
    folder, site, log = site_folder
    context, page = open_site(browser, site, DESKTOP)
    try:
        play_every_game(page, touch=False)
        # A won game in the statistics: a game's file, as ``napoleon export`` writes it.
        page.goto(f"{site}#stats")
        page.wait_for_selector("#history-body", timeout=60000)
        page.set_input_files("#import-file", str(won_werner_file(tmp_path, werner1_solution)))
        page.wait_for_selector("table.history tr[data-result='won']", timeout=60000)
        deal, _, second, _ = plan("forty-thieves")
        # The network cut off: the site comes from its offline copy and still plays.
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=60000)
        context.set_offline(True)
        page.goto(f"{site}#forty-thieves/{deal}")
        ready(page, "forty-thieves", 2)  # on the table when the page is left: the table kept
        context.add_init_script(FIRST_TABLE)
        page.reload()
        ready(page, "forty-thieves", 2)  # the game played above, from the store
        # The table the page left was drawn at once, before the app answered, as the app then drew it.
        first = page.evaluate("window.firstTable")
        assert first is not None and not first["answered"]
        assert first["piles"] == page.evaluate(f"({TABLE_NOW})()")
        assert first["title"] == page.evaluate("document.getElementById('game-title').textContent")
        assert "Forty Thieves" in first["title"]
        assert sum(len(cards) for cards in first["piles"].values()) == 104  # every card of the two decks
        # This visit's Python came from the copy the first kept (its imports done); the store,
        # opened after it, holds the game as it is now.
        assert python_start(page) == {"restored": True}
        page.click("#undo")
        ready(page, "forty-thieves", 1, timeout=60000)
        settled(page)
        touch_move(page, second["from"], second["to"], False)
        ready(page, "forty-thieves", 2, timeout=60000)
        assert not page.js_errors
        # A newer version of the site: the browser finds it when it looks for a newer sw.js (as it
        # does on a visit) and installs it beside the one at work; the page offers it, and on the
        # player's word reloads under it, with the game and the statistics kept (they are in
        # IndexedDB, which no version's offline copy holds).
        context.set_offline(False)
        newer = publish_newer(folder)
        asked_before = len(log.read_text().splitlines())
        page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
        page.wait_for_selector("#update-banner:not([hidden])", timeout=START)
        assert "newer version" in page.inner_text("#update-text")
        assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => !!r.waiting)")
        # Put off, it is offered again on the next visit, before the app's first answer.
        page.click("#update-later")
        assert page.is_hidden("#update-banner")
        page.reload()
        page.wait_for_selector("#update-banner:not([hidden])", timeout=START)
        assert page.inner_text("#update-text") == "A newer version is ready."
        ready(page, "forty-thieves", 2)
        with page.expect_navigation(timeout=START):
            page.click("#update-now")
        newer_worker_took_over(context, newer)
        ready(page, "forty-thieves", 2)
        assert page.is_hidden("#update-banner")
        assert page.evaluate("fetch('site.json').then((r) => r.json()).then((s) => s.version)") == newer
        # It fetched its own files, and none of Pyodide's: the same Pyodide's were kept from the older.
        asked = {m.group(1) for m in map(re.compile(r'"GET (\S+)').search, log.read_text().splitlines()[asked_before:])
                 if m}
        assert {"/sw.js", "/site.json", "/index.html", "/python/site-packages.pack"} <= asked
        assert not [path for path in asked if path.startswith("/pyodide/")]
        page.goto(f"{site}#stats")
        page.wait_for_selector("table.history tr[data-result='won']", timeout=60000)
        assert not page.js_errors
        # The newer version keeps a copy of its own; the older version's is dropped with it.
        page.wait_for_function("async () => (await (await caches.open('python-snapshots')).keys())"
                               f".map((r) => r.url).join() === '{site}python-snapshot/{newer}/app'", timeout=START)
        runtime = json.loads((folder / "site.json").read_text())["runtime"]["cache"]
        assert sorted(page.evaluate("caches.keys()")) == sorted([f"napoleon:/:{newer}", f"napoleon:/:{runtime}",
                                                                 "python-snapshots"])
    finally:
        context.close()

