"""Positions a second of the core's WebAssembly build beside the native core, on the same deals.

    python bench/wasm_speed.py --deals 1-3 --max-states 300000 --build build/wasm
    python bench/wasm_speed.py --chromium        # and in Chromium, in a Web Worker (Playwright)

Each deal is searched depth-first and best-first under a position cap by the
native core (in this process) and by the WebAssembly build (in Node, and with
``--chromium`` in a browser's Web Worker); the searches must visit the same
positions and answer the same. It prints each one's positions a second, the
WebAssembly build's share of native, and the size of the .wasm, raw and
gzip-compressed. Times are wall-clock seconds of the search alone (the call
to Node or the page is timed there, not here), best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import gzip
import json
import time
from pathlib import Path

from napoleon import new_game
from napoleon.solver import core, wasm
from napoleon.study import parse_deals

GAMES = ("napoleons-tomb", "napoleons-square", "grand-napoleon", "werner", "forty-thieves", "st-helena")
MODES = {"dfs": 0, "best": 1}

WORKER = """
importScripts("napoleon_core.js", "core.js");
const ready = NapoleonCore.load(createNapoleonCore);
onmessage = async (e) => {
    const core = await ready;
    const big = (v) => typeof v === "string" ? BigInt(v) : v;
    const out = [];
    for (const [rules, piles, redeals, total, cap, mode] of e.data) {
        const tables = rules.map(big);
        let best = Infinity, answer;
        for (let i = 0; i < REPEAT; i++) {
            const t = performance.now();
            answer = core.search(tables, piles, redeals, total, 0, cap, mode);
            best = Math.min(best, (performance.now() - t) / 1000);
        }
        out.push([answer[0], answer[2], best]);
    }
    postMessage(out);
};
"""


def timed(run, repeat: int):
    """The answer of ``run()`` and its best wall time over ``repeat`` runs."""
    best, answer = float("inf"), None
    for _ in range(repeat):
        start = time.perf_counter()
        answer = run()
        best = min(best, time.perf_counter() - start)
    return answer, best


def in_chromium(build: dict[str, Path], jobs: list[tuple], repeat: int) -> list[tuple]:
    """[verdict, states, seconds] of each job, searched in a Web Worker of Chromium."""
    from playwright.sync_api import sync_playwright  # only for --chromium

    files = {"/napoleon_core.js": build["glue"], "/napoleon_core.wasm": build["wasm"], "/core.js": build["core"]}
    kinds = {".js": "text/javascript", ".wasm": "application/wasm"}

    def serve(route):
        path = "/" + route.request.url.split("/", 3)[3]
        if path == "/worker.js":
            route.fulfill(body=f"const REPEAT = {repeat};" + WORKER, content_type="text/javascript")
        elif path in files:
            route.fulfill(body=files[path].read_bytes(), content_type=kinds[files[path].suffix])
        else:
            route.fulfill(body="<!doctype html><title>wasm speed</title>", content_type="text/html")

    payload = [[[str(v) if abs(v) >= 2**53 else v for v in rules], piles, redeals, total, cap, mode]
               for rules, piles, redeals, total, _budget, cap, mode in jobs]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        page = browser.new_page()
        page.route("http://napoleon.test/**", serve)
        page.goto("http://napoleon.test/")
        answer = page.evaluate("""(jobs) => new Promise((resolve, reject) => {
            const w = new Worker("/worker.js");
            w.onmessage = (e) => resolve(e.data);
            w.onerror = (e) => reject(new Error(e.message));
            w.postMessage(jobs);
        })""", payload)
        browser.close()
    return answer


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--deals", default="1-3")
    ap.add_argument("--max-states", type=int, default=300_000)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each search; the fastest counts")
    ap.add_argument("--build", default="build/wasm", help="where the WebAssembly build is (made if stale)")
    ap.add_argument("--chromium", action="store_true", help="also in Chromium's Web Worker (Playwright)")
    args = ap.parse_args()
    node = wasm.NodeCore(args.build)
    build = wasm.built(args.build)
    jobs, rows = [], []
    for game in args.games.split(","):
        for deal in parse_deals(args.deals):
            state = new_game(game, deal=deal)
            rules, piles, redeals, total, _, _ = core._search_args(state, None, args.max_states)
            for mode, number in MODES.items():
                call = (rules, piles, redeals, total, 0.0, args.max_states, number)
                native, t_native = timed(lambda: core._core.search(*call), args.repeat)  # noqa: B023
                web, t_web = node.timed("search", args.repeat, *call)
                assert web == native, (game, deal, mode)
                jobs.append(call)
                rows.append([game, deal, mode, native[0], native[2], native[2] / t_native, native[2] / t_web])
    node.close()
    if args.chromium:
        for row, (verdict, states, seconds) in zip(rows, in_chromium(build, jobs, args.repeat), strict=True):
            assert [verdict, states] == row[3:5], row
            row.append(states / seconds)
    print("game deal mode verdict positions native/s node/s node/native" + (" chromium/s chromium/native" if args.chromium else ""))
    for game, deal, mode, verdict, states, native, node_rate, *chromium in rows:
        line = f"{game} {deal} {mode} {verdict} {states} {native:,.0f} {node_rate:,.0f} {node_rate / native:.2f}"
        if chromium:
            line += f" {chromium[0]:,.0f} {chromium[0] / native:.2f}"
        print(line)
    for name, column in (("node", 6), ("chromium", 7)):
        if column < len(rows[0]):
            total = sum(r[4] for r in rows)
            share = sum(r[4] / r[column] for r in rows)   # seconds in all, at that rate
            share_native = sum(r[4] / r[5] for r in rows)
            print(f"{name}: {total / share:,.0f} positions/s in all, native {total / share_native:,.0f}: "
                  f"{share_native / share:.2f} of native")
    raw = build["wasm"].read_bytes()
    print(f"napoleon_core.wasm: {len(raw):,} bytes, {len(gzip.compress(raw, 9)):,} gzip-compressed")
    print(json.dumps({"max_states": args.max_states, "deals": args.deals, "repeat": args.repeat}))


if __name__ == "__main__":
    main()
