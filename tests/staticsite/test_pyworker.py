"""The static site's page scripts in Node, Python and the browser stand-ins: when the page's worker
(backend.js) and its search workers (pyworker.js) start."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from napoleon.interfaces.web.page import STATIC

FAKE_PYTHON = """
export async function startPython() {
  const bridge = {
    open_app: () => "app",
    answer: async () => ({ toJs: () => ({ status: 200, headers: {}, body: "{}" }), destroy() {} }),
  };
  const pyodide = {
    FS: { mkdirTree() {}, mount() {}, filesystems: { IDBFS: {} }, syncfs: (populate, done) => done(null) },
    pyimport: () => bridge,
    toPy: () => ({ destroy() {} }),
  };
  return { pyodide };
}
"""

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
seen.dealt = { answered: said.map((m) => m.id), workers: names() };
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
    shutil.copy2(STATIC / "js" / "pyworker.js", tmp_path / "pyworker.js")
    (tmp_path / "python.js").write_text(FAKE_PYTHON)
    (tmp_path / "driver.mjs").write_text(DRIVER)
    done = subprocess.run(["node", "driver.mjs"], cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    # The deal is answered with no search worker started beside it.
    assert seen["dealt"] == {"answered": [1], "workers": []}
    # Shown: the background lane's worker (the page asks at once whether the deal can be won), and
    # the foreground's only once that one's Python has started; never a second of either.
    assert seen["shown"] == ["napoleon search (background)"]
    assert seen["started"] == seen["again"] == ["napoleon search (background)", "napoleon search (foreground)"]


BACKEND_DRIVER = """
const made = [];
globalThis.document = { querySelector: () => ({ content: "worker" }) };
globalThis.window = { dispatchEvent() {} };
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


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_a_later_visit_starts_python_without_waiting_for_the_service_workers_update_check(tmp_path):
    for name in ("backend.js", "util.js"):
        shutil.copy2(STATIC / "js" / name, tmp_path / name)
    (tmp_path / "driver.mjs").write_text(BACKEND_DRIVER)

    def visit(which):
        done = subprocess.run(["node", "driver.mjs", which], cwd=tmp_path, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)

    assert visit("later") == {"answered": True, "workers": ["napoleon"]}
    # The first visit waits for the offline copy (here it never comes within the test's half second).
    assert visit("first") == {"answered": False, "workers": []}
