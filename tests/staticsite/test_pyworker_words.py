"""The page's worker (static/js/pyworker.js) in Node, its Python a stand-in: what it says is the voice's,
read from its Python, and what it cannot say (Python did not start) is left to the page."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from napoleon.interfaces.web.page import STATIC

from .node_worker import run_worker

# A Python whose store the browser refuses to keep, and whose voice says so in its own words.
REFUSING = """
export async function startPython() {
  const voice = { STORAGE_REFUSED: "VOICE: storage refused" };
  const bridge = {
    open_app: () => "app",
    respond: async () => ({ toJs: () => ({ status: 200, headers: {}, body: "{}" }), destroy() {} }),
  };
  const pyodide = {
    FS: { mkdirTree() {}, mount() {}, filesystems: { IDBFS: {} }, syncfs: (populate, done) => done(new Error("no")),
          readdir: () => [".", "..", "napoleon.db"], stat: () => ({ size: 1, mtime: new Date(1) }) },
    pyimport: (name) => (name === "napoleon.voice" ? voice : bridge),
    toPy: () => ({ destroy() {} }),
  };
  return { pyodide };
}
"""

# A Python that does not start.
FAILING = """
export async function startPython() {
  throw new Error("Traceback (most recent call last):\\n  ...\\nImportError: no module named napoleon");
}
"""

DRIVER = """
const said = [];
globalThis.self = globalThis;
self.postMessage = (m) => said.push(m);
globalThis.Worker = class { postMessage() {} terminate() {} };
await import("./pyworker.js");
await self.onmessage({ data: { id: 1, method: "GET", url: "/api/catalog", headers: {}, body: "" } });
await new Promise((resolve) => setTimeout(resolve, 10));
console.log(JSON.stringify(said));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_store_refused_is_said_in_the_voices_words(tmp_path):
    said = run_worker(tmp_path, REFUSING, DRIVER)
    assert {"type": "news", "text": "VOICE: storage refused"} in said
    assert any(m.get("id") == 1 and m.get("status") == 200 for m in said)


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_python_that_did_not_start_is_left_to_the_page_to_say(tmp_path):
    # The worker has no voice without Python: it passes the error's last line on, and the page says
    # it in the voice's words written into the page (voice.UNASKED["python-not-started"]).
    said = run_worker(tmp_path, FAILING, DRIVER)
    assert said == [{"id": 1, "error": "ImportError: no module named napoleon", "unstarted": True}]


PAGE = """
const metas = JSON.parse(process.argv[2]);
globalThis.document = { querySelector: (sel) => {
  const name = sel.match(/name="([^"]+)"/)[1];
  return name in metas ? { content: metas[name] } : null;
}, addEventListener() {} };
globalThis.window = { addEventListener() {} };
globalThis.navigator = {};
const workers = [];
globalThis.Worker = class { constructor() { workers.push(this); } postMessage() {} };
const { send } = await import("./backend.js");
const seen = {};
const first = send("/api/catalog").catch((err) => err.message);
await new Promise((resolve) => setTimeout(resolve, 10));
workers[0].onmessage({ data: { id: 1, error: "ImportError: no module named napoleon", unstarted: true } });
seen.unstarted = await first;
const second = send("/api/catalog").catch((err) => err.message);
await new Promise((resolve) => setTimeout(resolve, 10));
workers[0].onerror({});
seen.failed = await second;
console.log(JSON.stringify(seen));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_page_says_what_its_worker_cannot_in_the_voices_words(tmp_path):
    from napoleon import voice

    for name in ("backend.js", "util.js"):
        shutil.copy2(STATIC / "js" / name, tmp_path / name)
    (tmp_path / "pyworker.js").write_text("")
    (tmp_path / "page.mjs").write_text(PAGE)
    metas = {"napoleon-backend": "worker", **{f"napoleon-{k}": v for k, v in voice.UNASKED.items()}}
    done = subprocess.run(["node", "page.mjs", json.dumps(metas)], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout)
    assert seen == {"unstarted": voice.fill(voice.PYTHON_NOT_STARTED, why="ImportError: no module named napoleon"),
                    "failed": voice.WORKER_FAILED}
