"""The site's Python in Pyodide under Node, as the page's worker runs it (pyworker.js): a request that
never waits is answered before ``respond`` returns, with no turn of Pyodide's event loop."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.web.conftest import built_site  # noqa: F401 - the site built once for the run

pytestmark = pytest.mark.slow

DRIVER = """
import fs from "fs";
import zlib from "zlib";
const site = process.argv[2];
const { install } = await import(site + "/static/js/python.js");
const { loadPyodide } = await import(site + "/pyodide/pyodide.mjs");
const facts = JSON.parse(fs.readFileSync(site + "/site.json", "utf8"));
const pyodide = await loadPyodide({ indexURL: site + "/pyodide/" });
install(pyodide, new Uint8Array(zlib.gunzipSync(fs.readFileSync(site + "/" + facts.packages))));
const bridge = pyodide.pyimport("napoleon.interfaces.web.inbrowser");
pyodide.FS.mkdirTree("/napoleon");
const app = bridge.open_app("/napoleon/napoleon.db");
const out = [];
let token = "";
async function ask(method, url, body) {
  const headers = pyodide.toPy({ "content-type": "application/json", "x-napoleon-token": token });
  const reply = bridge.respond(app, method, url, headers, body ? JSON.stringify(body) : "");
  const waited = typeof reply.then === "function";  // a task: the app waited for something
  const answer = (await reply).toJs({ dict_converter: Object.fromEntries });
  out.push([method, url.split("/").pop(), answer.status, waited]);
  return JSON.parse(answer.body);
}
token = (await ask("GET", "/api/token")).token;
let view = await ask("POST", "/api/games", { game: "werner", deal: 1, options: {}, autoplay: false });
const move = view.legal.find((m) => m.from.startsWith("tableau"));
view = await ask("POST", `/api/games/${view.id}/moves`, { ...move, version: view.version });
view = await ask("POST", `/api/games/${view.id}/undo`, { version: view.version });
await ask("GET", `/api/games/${view.id}/hint`);
process.stdout.write(JSON.stringify(out));
"""


def test_a_move_and_an_undo_are_answered_before_respond_returns_and_a_hint_is_a_task(built_site, tmp_path):  # noqa: F811
    driver = tmp_path / "driver.mjs"
    driver.write_text(DRIVER)
    done = subprocess.run(["node", str(driver), str(built_site.resolve())], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [
        ["GET", "token", 200, False], ["POST", "games", 201, False], ["POST", "moves", 200, False],
        ["POST", "undo", 200, False],
        ["GET", "hint", 200, True],  # the search's worker answers later: the app waits for it
    ]
