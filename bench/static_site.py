"""The static site (``napoleon site``) in Chromium: what a first visit fetches, how soon a deal plays,
how long a move and a hint take inside the page, and the search's speed there.

    python bench/static_site.py [--site DIR] [--moves 100]

The site is built into a temporary folder (or ``--site DIR``, built already) and served by
``python -m http.server`` on 127.0.0.1; Debian's chromium runs headless through Playwright.

- **Transfer**: the files a first visit fetches (the service worker keeps the whole site:
  site.json's list), each compressed with gzip -6 as a static host sends them (wheels and zips
  are compressed already), and as http.server sends them (uncompressed); and those a newer version
  of the site fetches when its Pyodide is the same (site.json's runtime files are kept).
- **Cold**: a fresh profile, from opening the address to a playable deal (the table drawn and
  its requests answered) and to the frame after it, read in the page from the navigation's start
  (Playwright's own wait, its round trips and polling, printed beside). **Warm**: the same profile
  reloaded ``--reloads`` times, ``--settle`` seconds apart (the offline copy, Python's compiled
  code cached by the browser): the median, best and worst. One more reload, traced (not timed), says whether
  Pyodide's WebAssembly (pyodide.asm.wasm) came compiled from Chromium's code cache, and how long
  its streaming compile took in the page's worker.
- **Move**: ``api.move`` then ``api.action("undo")`` from the page's own module, one after the
  other, each timed in the page from the call to the parsed answer; p50 and p95.
- **Hint**: Werner deal 1, a new game, from the call to the answer (the verdict's search not
  waited for), in the page.
- **Positions a second**: one search of ``--budget`` seconds of Forty Thieves deal 3 in the
  browser's search worker, beside ``napoleon solve`` (the native core) for as long.

    python bench/static_site.py --site DIR --python [--moves 100] [--profile] [--imports a,b,...]

times the site's Python alone, in Pyodide under Node (no browser, no IndexedDB: the store in
memory), installed as the page's worker installs it (static/js/python.js): Pyodide's start, the
app's imports (``--imports``: these modules first, each timed), and a move's and an undo's answer
(``respond`` of napoleon.interfaces.web.inbrowser, as the page's worker calls it), p50 and p95; ``--profile``: cProfile of the moves.

    python bench/static_site.py --site A --beside B [--blocks 10] [--moves 20]

compares a move's round trip on two sites built already, the one thing measured: both open side by
side in one browser, ``--blocks`` rounds of ``--moves`` moves and undos on each in turn, so that a
shared machine's changing load falls on both alike (runs of each site one after the other do not
compare on a loaded machine: their p50 and p95 swap places from one run to the next).

    python bench/static_site.py --site A [--beside B] --first 4 [--pause 2000] [--moves 100]

times a visit's first requests, where V8's baseline code makes them slow: restored visits (reloads)
of each site in turn in one browser, a new deal made ``--pause`` ms after the table is playable (a
player reading it), then ``--moves`` moves and undos; the first three requests of each visit, and
the p50 and p95 of all but the new deal.

    python bench/static_site.py --site A [--beside B] --fresh 6 [--tabs]

times warm visits as a player makes them: a browser started afresh on a profile kept since a first
visit, one visit of each site in turn, from opening the address to a playable deal and to the frame
after it (the table's images decoded first). A reload in one browser does not tell this: the
renderer keeps the images it parsed in memory. ``--tabs``: each visit a new tab of one running
browser, once the site's last tab has closed (its renderer started afresh, as a phone's browser that
was not closed opens the installed site again).
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"


def transfer(site: Path, update: bool = False) -> tuple[int, int]:
    """(gzip -6 bytes, plain bytes) of the files the first visit fetches; with ``update``, of those a newer
    version of the site with the same Pyodide fetches (the service worker keeps Pyodide's files apart)."""
    listed = json.loads((site / "site.json").read_text())
    files = [f for f in listed["files"] if not (update and f in listed["runtime"]["files"])]
    plain = packed = 0
    for rel in files:
        path = site / ("index.html" if rel == "./" else rel)
        data = path.read_bytes()
        plain += len(data)
        packed += len(data) if path.suffix in (".whl", ".zip", ".png", ".pack") else len(gzip.compress(data, 6))
    return packed + len(gzip.compress((site / "sw.js").read_bytes(), 6)), plain + (site / "sw.js").stat().st_size


def in_page(page, script: str, *args):
    return page.evaluate(f"async (args) => {{ const {{ api }} = await import('./static/js/api.js'); "
                         f"return ({script})(api, ...args); }}", list(args))


MOVES = """async (api, n) => {
    const view = globalThis.benchView;
    const move = view.legal.find((m) => m.from.startsWith("tableau"));
    const out = [];
    for (let i = 0; i < n; i++) {
        let t = performance.now();
        globalThis.benchView = await api.move(globalThis.benchView.id, move, globalThis.benchView.version);
        out.push(performance.now() - t);
        t = performance.now();
        globalThis.benchView = await api.action(globalThis.benchView.id, "undo", globalThis.benchView.version);
        out.push(performance.now() - t);
    }
    return out;
}"""


def wasm_cache(browser, page) -> str:
    """Pyodide's WebAssembly on one more reload of ``page``, traced: from Chromium's code cache or
    compiled anew, and how long its streaming compile took in the page's worker (the first to start)."""
    with tempfile.TemporaryDirectory(prefix="napoleon-trace-") as tmp:  # some 30 MB
        trace = Path(tmp) / "trace.json"
        browser.start_tracing(page=None, path=str(trace), categories=["disabled-by-default-devtools.timeline"])
        page.reload()
        page.wait_for_selector("#board[data-ready='1']", state="attached", timeout=600_000)
        browser.stop_tracing()
        events = json.loads(trace.read_text())
    events = sorted(events["traceEvents"] if isinstance(events, dict) else events, key=lambda e: e.get("ts", 0))
    asked = [e for e in events if e.get("name") == "v8.wasm.streamFromResponseCallback"]
    if not asked:
        return "Pyodide's WebAssembly: no streaming compile seen"
    first = asked[0]  # the page's worker asks for pyodide.asm.wasm before any search worker starts
    same = [e for e in events if (e.get("pid"), e.get("tid")) == (first["pid"], first["tid"]) and e["ts"] >= first["ts"]]
    hit = next((e for e in same if e.get("name") == "v8.wasm.moduleCacheHit"), None)
    done = next((e for e in same if e.get("name") == "v8.wasm.compileConsumeDone"), None)
    took = f", its compile finished in {done['dur'] / 1000:.0f} ms" if done else ""
    if hit:
        return f"Pyodide's WebAssembly on a reload: from the code cache ({hit['args']['consumedCacheSize'] / 1e6:.1f} MB){took}"
    return f"Pyodide's WebAssembly on a reload: compiled anew{took}"


NODE_DRIVER = """
import fs from "fs";
import zlib from "zlib";
const [site, moves, profile, imports] = [process.argv[2], +process.argv[3], process.argv[4] === "1", process.argv[5]];
const { install } = await import(site + "/static/js/python.js");
const { loadPyodide } = await import(site + "/pyodide/pyodide.mjs");
const facts = JSON.parse(fs.readFileSync(site + "/site.json", "utf8"));
let t = performance.now();
const pyodide = await loadPyodide({ indexURL: site + "/pyodide/" });
const out = { start: performance.now() - t, imports: [] };
t = performance.now();
install(pyodide, new Uint8Array(zlib.gunzipSync(fs.readFileSync(site + "/" + facts.packages))));
out.install = performance.now() - t;
for (const name of [...imports.split(",").filter(Boolean), "napoleon.interfaces.web.inbrowser"]) {
  t = performance.now();
  pyodide.pyimport(name);
  out.imports.push([name, performance.now() - t]);
}
const bridge = pyodide.pyimport("napoleon.interfaces.web.inbrowser");
pyodide.FS.mkdirTree("/napoleon");
const app = bridge.open_app("/napoleon/napoleon.db");
let token = "";
async function ask(method, url, body) {
  const headers = pyodide.toPy({ "content-type": "application/json", "x-napoleon-token": token });
  const reply = await bridge.respond(app, method, url, headers, body ? JSON.stringify(body) : "");
  const answer = reply.toJs({ dict_converter: Object.fromEntries });
  reply.destroy();
  headers.destroy();
  if (answer.status >= 300) throw new Error(`${method} ${url}: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body);
}
token = (await ask("GET", "/api/token")).token;
let view = await ask("POST", "/api/games", { game: "werner", deal: 1, options: {}, autoplay: false });
const move = view.legal.find((m) => m.from.startsWith("tableau"));
if (profile) pyodide.runPython("import cProfile; PROFILE = cProfile.Profile(); PROFILE.enable()");
out.moves = [];
for (let i = 0; i < moves; i++) {
  t = performance.now();
  view = await ask("POST", `/api/games/${view.id}/moves`, { ...move, version: view.version });
  out.moves.push(performance.now() - t);
  t = performance.now();
  view = await ask("POST", `/api/games/${view.id}/undo`, { version: view.version });
  out.moves.push(performance.now() - t);
}
if (profile) {
  out.profile = pyodide.runPython(
    "PROFILE.disable(); import io, pstats; s = io.StringIO(); pstats.Stats(PROFILE, stream=s).sort_stats('cumulative').print_stats(40); s.getvalue()");
}
process.stdout.write(JSON.stringify(out));
"""


def in_node(site: Path, moves: int, profile: bool, imports: str) -> None:
    """The site's Python in Pyodide under Node: its start, imports and a move's answer (NODE_DRIVER)."""
    with tempfile.TemporaryDirectory(prefix="napoleon-node-") as tmp:
        driver = Path(tmp) / "driver.mjs"
        driver.write_text(NODE_DRIVER)
        done = subprocess.run(["node", str(driver), str(site.resolve()), str(moves), "1" if profile else "0", imports],
                              capture_output=True, text=True, check=True)
    out = json.loads(done.stdout)
    print(f"Pyodide's start {out['start']:.0f} ms, the packages installed {out['install']:.0f} ms; imports: "
          + ", ".join(f"{name} {ms:.0f} ms" for name, ms in out["imports"]))
    print(f"a move's answer in Python under Node: {percentiles(out['moves'])}")
    if profile:
        print(out["profile"])


def served(site: Path) -> tuple[subprocess.Popen, str]:
    """``site`` served by ``python -m http.server`` on a free port of 127.0.0.1: (the server, its address)."""
    server = subprocess.Popen([sys.executable, "-u", "-m", "http.server", "--bind", "127.0.0.1", "-d", str(site), "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    port = re.search(r"port (\d+)", server.stdout.readline()).group(1)
    return server, f"http://127.0.0.1:{port}/"


def percentiles(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(len(times) * 0.95) - 1]
    return f"p50 {statistics.median(times):.1f} ms, p95 {p95:.1f} ms ({len(times)} moves and undos)"


def side_by_side(sites: list[Path], blocks: int, moves: int) -> None:
    """A move's round trip on each of ``sites``, open side by side, blocks of moves on each in turn."""
    from playwright.sync_api import sync_playwright

    servers = [served(site) for site in sites]
    times: list[list[float]] = [[] for _ in sites]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            pages = []
            for _, url in servers:
                context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
                page = context.new_page()
                page.goto(url)
                page.wait_for_selector("#board[data-ready='1']", state="attached", timeout=600_000)
                pages.append(page)
            for page in pages:
                in_page(page, "async (api) => { globalThis.benchView = await api.create('werner', 1, {}, false); }")
            for _ in range(blocks):
                for page, kept in zip(pages, times):
                    kept += in_page(page, MOVES, moves)
            browser.close()
    finally:
        for server, _ in servers:
            server.kill()
    for site, kept in zip(sites, times):
        print(f"{site}: a move's round trip in the page: {percentiles(kept)}")


FIRST_MOVES = """async (n) => {
    const { api } = await import('./static/js/api.js');
    let t = performance.now();
    let view = await api.create('werner', 1, {}, false);
    const out = [performance.now() - t];
    const move = view.legal.find((m) => m.from.startsWith("tableau"));
    for (let i = 0; i < n; i++) {
        t = performance.now();
        view = await api.move(view.id, move, view.version);
        out.push(performance.now() - t);
        t = performance.now();
        view = await api.action(view.id, "undo", view.version);
        out.push(performance.now() - t);
    }
    return out;
}"""


def first_moves(sites: list[Path], visits: int, moves: int, pause_ms: int) -> None:
    """A visit's first requests on each of ``sites``, open side by side in one browser: restored visits
    (reloads after a first visit that kept Python's copy) of each in turn, a new deal made ``pause_ms``
    after it is playable (a player reading the table), then ``moves`` moves and undos."""
    from playwright.sync_api import sync_playwright

    servers = [served(site) for site in sites]
    times: list[list[float]] = [[] for _ in sites]
    firsts: list[list[list[int]]] = [[] for _ in sites]
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            pages = []
            for _, url in servers:
                page = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True).new_page()
                page.goto(url)
                page.wait_for_selector("#board[data-ready='1']", state="attached", timeout=600_000)
                page.wait_for_function("async () => (await (await caches.open('python-snapshots')).keys()).length > 0",
                                       timeout=60_000)
                pages.append(page)
            for _ in range(visits):
                for page, kept, first in zip(pages, times, firsts):
                    page.reload()
                    page.wait_for_selector("#board[data-ready='1']", state="attached", timeout=600_000)
                    page.wait_for_timeout(pause_ms)
                    out = page.evaluate(FIRST_MOVES, moves)
                    first.append([round(ms) for ms in out[:3]])
                    kept += out[1:]
            browser.close()
    finally:
        for server, _ in servers:
            server.kill()
    for site, kept, first in zip(sites, times, firsts):
        print(f"{site}: {visits} restored visits, from {pause_ms} ms after the deal: {percentiles(kept)};"
              f" the new deal, first move and undo of each visit (ms): {first}")


FRAME_WATCH = """(() => {
    // When the deal is playable (#board's data-ready), and the frame after it, its images decoded.
    window.benchFrame = {};
    // The first cards on the table: the table a visit left (the page's module draws it while Python
    // starts, before the document's DOMContentLoaded), else the deal.
    new MutationObserver((_, seen) => {
        if (!document.querySelector("#board .card")) return;
        seen.disconnect();
        window.benchFrame.shown = performance.now();
    }).observe(document, { childList: true, subtree: true });
    const watch = () => {
        const board = document.getElementById("board");
        if (!board) return requestAnimationFrame(watch);
        new MutationObserver(() => {
            if (board.dataset.ready !== "1" || window.benchFrame.ready) return;
            window.benchFrame.ready = performance.now();
            const images = [...document.querySelectorAll("#board img")];
            Promise.all(images.map((i) => i.decode().catch(() => {}))).then(() => requestAnimationFrame(
                () => requestAnimationFrame(() => { window.benchFrame.frame = performance.now(); })));
        }).observe(board, { attributes: true });
    };
    document.addEventListener("DOMContentLoaded", watch);
})();"""


def visit(page, go) -> tuple[float, float, float, float]:
    """One visit of ``page`` (its context watching with FRAME_WATCH) begun by ``go``: seconds from the
    navigation's start to the playable deal and to the frame after it, read in the page; from
    ``go``'s call to Playwright seeing that frame (its own round trips and polling included); and
    from the navigation's start to the first cards on the table (the table kept by the visit before)."""
    started = time.monotonic()
    go()
    page.wait_for_function("window.benchFrame && window.benchFrame.frame", timeout=600_000)
    waited = time.monotonic() - started
    ready, frame, shown = page.evaluate("[benchFrame.ready / 1000, benchFrame.frame / 1000, benchFrame.shown / 1000]")
    return ready, frame, waited, shown


def fresh_visits(sites: list[Path], visits: int, tabs: bool = False) -> None:
    """Warm visits to each of ``sites`` in a browser started afresh each time on a profile of the site's
    own (kept since a first visit, not timed), each left for a blank page as a player leaves: opening
    to a playable deal, to the frame after it, and to the first cards (the table the visit before left).
    With ``tabs``, each visit is a new tab of one running browser instead, opened once the site's last
    tab has closed (a renderer started afresh, the browser not)."""
    from playwright.sync_api import sync_playwright

    servers = [served(site) for site in sites]
    timed: list[list[tuple[float, float, float]]] = [[] for _ in sites]
    options = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2, "has_touch": True, "is_mobile": True}
    with tempfile.TemporaryDirectory(prefix="napoleon-profiles-") as tmp:
        try:
            with sync_playwright() as p:
                def browser(i):
                    context = p.chromium.launch_persistent_context(
                        str(Path(tmp) / str(i)), executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"],
                        **options)
                    context.add_init_script(FRAME_WATCH)
                    return context
                running = [browser(i) for i in range(len(sites))] if tabs else []
                for number in range(visits + 1):
                    for i, (_, url) in enumerate(servers):
                        context = running[i] if tabs else browser(i)
                        page = context.pages[0] if context.pages and not tabs else context.new_page()
                        ready, frame, _, shown = visit(page, lambda: page.goto(url))
                        if number == 0:  # the first visit fills the offline copy and the caches
                            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
                        else:
                            timed[i].append((ready, frame, shown))
                        page.goto("about:blank")  # the player leaves the site (a closed context fires no pagehide)
                        if tabs:
                            page.close()
                            time.sleep(2)  # the site's renderer ends with its last tab
                        else:
                            context.close()
                for context in running:
                    context.close()
        finally:
            for server, _ in servers:
                server.kill()
    where = "a new tab of a running browser" if tabs else "a fresh browser"
    for site, kept in zip(sites, timed):
        print(f"{site}: {visits} warm visits in {where}: playable after"
              f" {statistics.median(r for r, _, _ in kept):.2f} s ({min(r for r, _, _ in kept):.2f}-{max(r for r, _, _ in kept):.2f}),"
              f" drawn after {statistics.median(f for _, f, _ in kept):.2f} s"
              f" (medians; the frame {statistics.median(f - r for r, f, _ in kept):.3f} s after the deal,"
              f" {min(f - r for r, f, _ in kept):.3f}-{max(f - r for r, f, _ in kept):.3f}); the table the last"
              f" visit left shown after {statistics.median(t for _, _, t in kept):.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", help="a site built already (else built into a temporary folder)")
    parser.add_argument("--moves", type=int, default=100)
    parser.add_argument("--budget", type=float, default=5.0)
    parser.add_argument("--beside", help="a second site built already: only a move's round trip, on both side by side")
    parser.add_argument("--blocks", type=int, default=10, help="with --beside: rounds of --moves on each site in turn")
    parser.add_argument("--python", action="store_true", help="the site's Python alone, in Pyodide under Node")
    parser.add_argument("--profile", action="store_true", help="with --python: cProfile of the moves")
    parser.add_argument("--imports", default="", help="with --python: modules imported first, each timed (a,b,...)")
    parser.add_argument("--fresh", type=int, default=0,
                        help="only warm visits in a browser started afresh, this many of each site (--site, --beside)")
    parser.add_argument("--tabs", action="store_true",
                        help="with --fresh: each visit a new tab of one running browser, not a browser started afresh")
    parser.add_argument("--first", type=int, default=0,
                        help="only a visit's first requests, this many restored visits of each site (--site, --beside)")
    parser.add_argument("--pause", type=int, default=2000, help="with --first: ms from the deal to the first request")
    parser.add_argument("--reloads", type=int, default=5, help="warm visits timed: reloads of the page")
    parser.add_argument("--settle", type=float, default=4.0,
                        help="seconds after each visit before the next (the deal's verdict search and the warm-up"
                             " it starts, which a reload would cut short and the next visit share the machine with)")
    args = parser.parse_args()
    if args.first:
        if not args.site:
            parser.error("--first needs --site")
        first_moves([Path(args.site)] + ([Path(args.beside)] if args.beside else []), args.first, args.moves, args.pause)
        return
    if args.python:
        if not args.site:
            parser.error("--python needs --site")
        in_node(Path(args.site), args.moves, args.profile, args.imports)
        return
    if args.fresh:
        if not args.site:
            parser.error("--fresh needs --site")
        fresh_visits([Path(args.site)] + ([Path(args.beside)] if args.beside else []), args.fresh, args.tabs)
        return
    if args.beside:
        if not args.site:
            parser.error("--beside needs --site")
        side_by_side([Path(args.site), Path(args.beside)], args.blocks, args.moves)
        return
    from playwright.sync_api import sync_playwright

    from napoleon.interfaces.web.site import build

    tmp = tempfile.mkdtemp(prefix="napoleon-site-")
    site = Path(args.site) if args.site else Path(tmp) / "site"
    if not args.site:
        build(site)
    packed, plain = transfer(site)
    update, _ = transfer(site, update=True)
    print(f"first visit: {packed / 1e6:.1f} MB compressed (gzip -6), {plain / 1e6:.1f} MB as http.server sends it;"
          f" a newer version of the site with the same Pyodide: {update / 1e6:.1f} MB compressed")
    server, url = served(site)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            context = browser.new_context(viewport={"width": 360, "height": 740}, has_touch=True, is_mobile=True)
            context.add_init_script(FRAME_WATCH)
            page = context.new_page()
            cold = visit(page, lambda: page.goto(url, wait_until="commit"))
            page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=60_000)
            time.sleep(args.settle)
            warm = []
            for _ in range(args.reloads):
                warm.append(visit(page, lambda: page.reload(wait_until="commit")))
                time.sleep(args.settle)
            playable, drawn, waited, shown = (sorted(w[i] for w in warm) for i in range(4))
            print(f"playable deal, in the page from opening the address (drawn: the frame after it):"
                  f" cold {cold[0]:.2f} s (drawn {cold[1]:.2f}); warm, {len(warm)} reloads:"
                  f" median {statistics.median(playable):.2f} s (drawn {statistics.median(drawn):.2f}),"
                  f" best {playable[0]:.2f} (drawn {drawn[0]:.2f}), worst {playable[-1]:.2f} (drawn {drawn[-1]:.2f})")
            print(f"  as Playwright waits for the frame from its call: cold {cold[2]:.2f} s,"
                  f" warm median {statistics.median(waited):.2f} s; warm, the table the last visit left"
                  f" shown (not playable) after {statistics.median(shown):.2f} s (median)")
            print(wasm_cache(browser, page))
            in_page(page, "async (api) => { globalThis.benchView = await api.create('werner', 1, {}, false); }")
            print(f"a move's round trip in the page: {percentiles(in_page(page, MOVES, args.moves))}")
            hint = in_page(page, """async (api) => {
                const view = await api.create("werner", 1, {}, false);
                const t = performance.now();
                const hint = await api.hint(view.id);
                return [performance.now() - t, hint.outcome, hint.source];
            }""")
            print(f"hint on Werner deal 1: {hint[0] / 1000:.2f} s ({hint[1]}, {hint[2]})")
            searched = in_page(page, """async (api, budget) => {
                const view = await api.create("forty-thieves", 3, {}, false);
                return await api.solve(view.id, budget, false);
            }""", args.budget)
            browser.close()
    finally:
        server.kill()
    native = json.loads(subprocess.run([sys.executable, "-m", "napoleon", "solve", "forty-thieves", "--deal", "3",
                                        "--budget", str(args.budget), "--json"],
                                       capture_output=True, text=True, check=True).stdout)
    print(f"positions a second, Forty Thieves deal 3: browser {searched['states'] / max(searched['seconds'], 1e-9):,.0f}"
          f" ({searched['verdict']} in {searched['seconds']:.2f} s), native {native['states'] / max(native['seconds'], 1e-9):,.0f}"
          f" ({native['verdict']} in {native['seconds']:.2f} s)")
    print(f"machine: {platform.machine()}, {platform.python_version()}, chromium {CHROMIUM}")


if __name__ == "__main__":
    main()
