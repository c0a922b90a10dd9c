"""Fixtures of the browser tests: a server on a fresh store, Debian's chromium, a page.

``playwright install`` cannot download browsers here, so the tests use the
system's /usr/bin/chromium (``apt-get install chromium``) and skip, saying
so, when it is missing.
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from napoleon.interfaces.web import Settings, create_app
from napoleon.interfaces.web.commands import bind

from .api_client import SETTINGS

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--no-first-run", "--disable-sync"]
SHOTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"


def keep_shot(page, name: str, **options) -> None:
    """A screenshot for a person to look at (``test-artifacts/screenshots/NAME``), taken only when
    ``NAPOLEON_SCREENSHOTS`` is set: in a suite run it costs time (a second or more at a phone's
    scale on a loaded machine) and states nothing. A test that reads its screenshot takes its own."""
    if os.environ.get("NAPOLEON_SCREENSHOTS"):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / name), **options)


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh store for one test, never the user's."""
    path = tmp_path / "napoleon.db"
    monkeypatch.setenv("NAPOLEON_DB", str(path))
    return path


def served(app):
    """``app`` on uvicorn in a thread on a free 127.0.0.1 port, as ``napoleon serve`` runs it: (base, stop)."""
    import uvicorn

    sock = bind("127.0.0.1", 0)  # as ``napoleon serve`` makes it: kept-alive answers not held back
    port = sock.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)

    def stop():
        srv.should_exit = True
        thread.join(10)
        sock.close()

    return f"http://127.0.0.1:{port}", stop


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A uvicorn server on a free 127.0.0.1 port, in a thread, on a fresh store."""
    db = tmp_path_factory.mktemp("web") / "napoleon.db"
    # Short hints, solutions and searches asked for longer, so that they leave the browser the
    # machine's two cores. The live verdict's ladder (1.5, 6, 30 s a position) is the app's own:
    # run shorter, the browser tests took no less CPU time.
    base, stop = served(create_app(db, settings=Settings(hint_budget=1.0, solve_budget=2.0, max_budget=0.5)))
    yield base
    stop()


@pytest.fixture(scope="module")
def browser():
    """Chromium for a module's tests (each takes fresh contexts of it). Not kept for the session:
    while Playwright's sync API is open its event loop runs in this thread, and the other folders'
    tests that call asyncio.run() in it would fail."""
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no browser at {CHROMIUM}: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def new_page(browser):
    """Pages in fresh browser contexts: ``new_page(width=, height=, autoplay=, **context options)``.

    Auto-play is off unless asked for, so each move is the one the test made.
    Each page fails the test if its JavaScript throws.
    """
    contexts = []
    pages = []

    def make(width=1280, height=800, autoplay=False, context=None, **options):
        if context is None:
            context = browser.new_context(viewport={"width": width, "height": height}, **options)
            contexts.append(context)
            context.add_init_script(f"if (localStorage.getItem('napoleon.autoplay') === null) "
                                    f"localStorage.setItem('napoleon.autoplay', '{str(autoplay).lower()}')")
        page = context.new_page()
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        pages.append(page)
        return page

    yield make
    for c in contexts:
        c.close()
    errors = [e for p in pages for e in p.js_errors]
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(new_page):
    return new_page()


@pytest.fixture
def client(db):
    """The JSON API through Starlette's test client, with the page's token, on a fresh store."""
    with TestClient(create_app(db, settings=SETTINGS)) as c:
        c.headers["X-Napoleon-Token"] = c.get("/api/token").json()["token"]  # as the page does
        yield c


# ------------------------------------------------------------ the static site (napoleon site)

@pytest.fixture(scope="session")
def built_site(tmp_path_factory, worker_id):
    """The site built once for the run: by the first test process to ask, in the run's temporary
    folder, while the other waits for it (a build is some ten seconds of the machine)."""
    from napoleon.interfaces.web.site import build

    root = tmp_path_factory.getbasetemp()
    if worker_id != "master":
        root = root.parent  # the folder the test processes of one run share
    folder = root / "static-site"
    with open(root / "static-site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "site.json").is_file():
            partial = root / "static-site.partial"
            shutil.rmtree(partial, ignore_errors=True)
            build(partial)
            partial.rename(folder)
    return folder


@contextmanager
def serving(folder, log=None):
    """``folder`` served by ``python -m http.server`` on a free port of 127.0.0.1: its address. With
    ``log`` (a file's path), the server writes each request it answers there."""
    logged = open(log, "w") if log else subprocess.DEVNULL
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "-d", str(folder), "0"],
                              stdout=subprocess.PIPE, stderr=logged, text=True)
    try:
        line = server.stdout.readline()
        port = re.search(r"port (\d+)", line)
        assert port, f"http.server said {line!r}"
        yield f"http://127.0.0.1:{port.group(1)}/"
    finally:
        server.kill()
        server.wait(10)
        if log:
            logged.close()


@pytest.fixture(scope="session")
def static_site(built_site):
    """The site served as it was built."""
    with serving(built_site) as address:
        yield address
