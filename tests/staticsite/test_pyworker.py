"""The static site's page scripts in Node, Python and the browser stand-ins: when the page's worker
(backend.js) and its search workers (pyworker.js) start."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from napoleon.interfaces.web.page import STATIC

from .node_worker import run_worker

# The end of a stand-in python.js whose startPython has made ``bridge``: Pyodide with an empty store,
# every module the bridge, restored from a kept copy.
STARTED = """
  const pyodide = {
    FS: { mkdirTree() {}, mount() {}, filesystems: { IDBFS: {} }, syncfs: (populate, done) => done(null),
          readdir: () => [".", ".."], stat: () => ({}) },
    pyimport: () => bridge,
    toPy: () => ({ destroy() {} }),
  };
  return { pyodide, restored: true };
}
"""

FAKE_PYTHON = """
export async function startPython(site, options) {
  globalThis.asked = options;
  const bridge = {
    open_app: () => "app",
    respond: async () => ({ toJs: () => ({ status: 200, headers: {}, body: "{}" }), destroy() {} }),
  };
""" + STARTED

DRIVER = """
const made = [];
const said = [];
globalThis.self = globalThis;
self.postMessage = (m) => said.push(m);
globalThis.Worker = class {
  constructor(url, options) { this.name = options.name; this.got = []; made.push(this); }
  postMessage(m) { this.got.push(m); }
  terminate() {}
};
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
const names = () => made.map((w) => w.name);
await import("./pyworker.js");
const seen = {};
await self.onmessage({ data: { id: 1, method: "POST", url: "/api/games", headers: {}, body: "{}" } });
seen.dealt = { answered: said.filter((m) => m.id).map((m) => m.id), workers: names() };
seen.python = { asked: globalThis.asked, told: said.filter((m) => !m.id) };
self.onmessage({ data: { type: "shown" } });
await tick();
seen.shown = names();
made[0].onmessage({ data: { type: "started" } });
await tick();
seen.started = names();
self.onmessage({ data: { type: "shown" } });
await tick();
seen.again = names();
console.log(JSON.stringify(seen));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_search_workers_start_once_a_deal_is_shown_one_after_the_other(tmp_path):
    seen = run_worker(tmp_path, FAKE_PYTHON, DRIVER)
    # The deal is answered with no search worker started beside it.
    assert seen["dealt"] == {"answered": [1], "workers": []}
    # Python is asked to start from the copy a visit kept, the app imported in it; the page is told
    # how it started.
    assert seen["python"] == {"asked": {"snapshot": "app", "imports": ["napoleon.interfaces.web.inbrowser"],
                                           "prepare": "napoleon.interfaces.web.inbrowser.warm"},
                              "told": [{"type": "python", "restored": True}]}
    # Shown: the background lane's worker (the page asks at once whether the deal can be won), and
    # the foreground's only once that one's Python has started; never a second of either.
    assert seen["shown"] == ["napoleon search (background)"]
    assert seen["started"] == seen["again"] == ["napoleon search (background)", "napoleon search (foreground)"]


# Python whose rehearsal (inbrowser.Rehearsal) notes each step, and whose answers wait until the
# driver lets them end: a step taken while a request of the page's is under way is noted too.
REHEARSING_PYTHON = """
export async function startPython() {
  globalThis.log = { steps: 0, during: 0, closed: false };
  globalThis.answering = 0;
  globalThis.release = [];
  const bridge = {
    open_app: () => "app",
    Rehearsal: () => ({
      step: async () => { log.steps += 1; if (answering) log.during += 1; return true; },
      close() { log.closed = true; },
      destroy() {},
    }),
    respond: () => {
      answering += 1;
      return new Promise((resolve) => release.push(() => {
        answering -= 1;
        resolve({ toJs: () => ({ status: 200, headers: {}, body: "{}" }), destroy() {} });
      }));
    },
  };
""" + STARTED

REHEARSAL_DRIVER = """
globalThis.self = globalThis;
self.postMessage = () => {};
globalThis.Worker = class { postMessage() {} terminate() {} };
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
await import("./pyworker.js");
const seen = {};
await tick();
seen.unshown = log.steps;
self.onmessage({ data: { type: "shown" } });
await tick();
seen.shown = log.steps > 0;
const look = self.onmessage({ data: { id: 1, method: "GET", url: "/api/games/1/verdict", headers: {}, body: "" } });
await tick();
const held = log.steps;
await tick();
seen.held = log.steps === held;
release.shift()();
await look;
await tick();
seen.after_look = log.steps > held;
self.onmessage({ data: { id: 2, method: "POST", url: "/api/games/1/moves", headers: {}, body: "{}" } });
await tick();
release.shift()();
await tick();
const acted = log.steps;
await tick();
seen.after_action = log.steps - acted;
seen.during = log.during;
seen.closed = log.closed;
console.log(JSON.stringify(seen));
process.exit(0);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_rehearsal_runs_once_a_deal_is_shown_gives_way_to_the_page_and_ends_at_its_first_action(tmp_path):
    seen = run_worker(tmp_path, REHEARSING_PYTHON, REHEARSAL_DRIVER)
    assert seen == {"unshown": 0, "shown": True, "held": True, "after_look": True, "after_action": 0,
                    "during": 0, "closed": True}


BACKEND_DRIVER = """
const made = [];
globalThis.document = { querySelector: () => ({ content: "worker" }), addEventListener() {} };
globalThis.window = { dispatchEvent() {}, addEventListener() {} };
globalThis.CustomEvent = class {};
globalThis.Response = class { constructor(body, init) { this.status = init.status; } };
const controller = process.argv[2] === "later" ? {} : null;
Object.defineProperty(globalThis, "navigator", { value: { serviceWorker: {
  controller,
  register: () => new Promise(() => {}),  // the server never answers whether sw.js is new
  addEventListener() {},
} }, configurable: true });
globalThis.Worker = class {
  constructor(url, options) { made.push(options.name); }
  postMessage(m) { setTimeout(() => this.onmessage({ data: { id: m.id, status: 200, headers: {}, body: "{}" } }), 0); }
};
const { send } = await import("./backend.js");
const answered = await Promise.race([send("/api/token").then(() => true), new Promise((r) => setTimeout(() => r(false), 500))]);
console.log(JSON.stringify({ answered, workers: made }));
process.exit(0);
"""


def run_backend(folder, driver, *args):
    """Run ``driver`` (a module that imports ./backend.js) in Node in ``folder``: what it printed, read as JSON."""
    for name in ("backend.js", "util.js"):
        shutil.copy2(STATIC / "js" / name, folder / name)
    (folder / "driver.mjs").write_text(driver)
    done = subprocess.run(["node", "driver.mjs", *args], cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_a_later_visit_starts_python_without_waiting_for_the_service_workers_update_check(tmp_path):
    assert run_backend(tmp_path, BACKEND_DRIVER, "later") == {"answered": True, "workers": ["napoleon"]}
    # The first visit waits for the offline copy (here it never comes within the test's half second).
    assert run_backend(tmp_path, BACKEND_DRIVER, "first") == {"answered": False, "workers": []}


SHOWN_DRIVER = """
const frames = [];
const got = [];
globalThis.requestAnimationFrame = (callback) => frames.push(callback);
globalThis.document = { querySelector: () => ({ content: "worker" }), addEventListener() {} };
globalThis.window = { dispatchEvent() {}, addEventListener() {} };
Object.defineProperty(globalThis, "navigator", { value: {}, configurable: true });  // no service worker
globalThis.Worker = class { postMessage(m) { got.push(m.type); } };
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
const { dealShown } = await import("./backend.js");
const seen = [];
dealShown();
for (let frame = 0; frame < 3; frame++) {
  await tick();
  seen.push(got.length);
  frames.splice(0).forEach((callback) => callback());
}
await tick();
seen.push(got);
console.log(JSON.stringify(seen));
process.exit(0);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_worker_is_told_a_deal_is_shown_once_its_first_frame_is_drawn(tmp_path):
    # The search workers' start and the rehearsal come after the deal's first frame, not beside it.
    assert run_backend(tmp_path, SHOWN_DRIVER) == [0, 0, 1, ["shown"]]  # after the second frame, and once


# A store whose write-backs wait until the test lets them end: what a request changes is a
# file's time, as SQLite's writes change it; a GET changes nothing.
HELD_STORE = """
export const log = [];
export const held = [];
export const file = { mtime: 0 };
export async function startPython() {
  const bridge = {
    open_app: () => { file.mtime += 1; return "app"; },  // a new store is made
    respond: async (app, method, url) => {
      if (method !== "GET") file.mtime += 1;
      return { toJs: () => ({ status: 200, headers: {}, body: url }), destroy() {} };
    },
  };
  const pyodide = {
    FS: {
      mkdirTree() {}, mount() {}, filesystems: { IDBFS: {} },
      readdir: () => [".", "..", "napoleon.db"],
      stat: () => ({ size: 4096, mtime: new Date(file.mtime) }),
      syncfs: (populate, done) => {
        if (populate) return done(null);
        log.push("write-back");
        held.push(done);
      },
    },
    pyimport: () => bridge,
    toPy: () => ({ destroy() {} }),
  };
  return { pyodide };
}
"""

HELD_DRIVER = """
globalThis.self = globalThis;
const { log, held, file } = await import("./python.js");
self.postMessage = (m) => m.id && log.push(`answer ${m.body}`);
await import("./pyworker.js");
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));
const release = async () => { held.shift()(null); await tick(); };
const ask = (method, url) => self.onmessage({ data: { id: url, method, url, headers: {}, body: "" } });
const seen = {};
await tick();
seen.made = log.splice(0);  // the new store, written back at once
await release();
await ask("POST", "/move-1");
await ask("POST", "/move-2");  // answered while the first move's write-back is still under way
await ask("GET", "/look");
await ask("POST", "/move-3");
seen.moves = log.splice(0);
await release();  // the first move's write-back ends: one more for the moves made meanwhile
seen.after = log.splice(0);
await release();
await ask("GET", "/look-again");
await tick();
seen.idle = log.splice(0);
file.mtime += 1;  // Python wrote after its last answer (a search's verdict)
self.onmessage({ data: { type: "flush" } });  // the page is hidden
await tick();
seen.hidden = log.splice(0);
await release();
await ask("POST", "/move-4");
const exported = ask("GET", "/api/games/7/export");
await tick();
seen.export_waits = log.splice(0);
await release();
await exported;
seen.exported = log.splice(0);
console.log(JSON.stringify(seen));
process.exit(0);
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_store_is_written_back_after_the_answer_once_for_the_requests_that_came_meanwhile(tmp_path):
    seen = run_worker(tmp_path, HELD_STORE, HELD_DRIVER)
    assert seen["made"] == ["write-back"]
    # Each move is answered first, and none waits for the write-back under way.
    assert seen["moves"] == ["answer /move-1", "write-back", "answer /move-2", "answer /look", "answer /move-3"]
    assert seen["after"] == ["write-back"]  # the three requests meanwhile: one write-back, not three
    assert seen["idle"] == ["answer /look-again"]  # nothing changed, nothing written
    assert seen["hidden"] == ["write-back"]
    # An export is answered once the store is kept.
    assert seen["export_waits"] == ["answer /move-4", "write-back"]
    assert seen["exported"] == ["answer /api/games/7/export"]
