"""The page's worker (static/js/pyworker.js) in Node, its Python a stand-in: when its search workers
start."""

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
