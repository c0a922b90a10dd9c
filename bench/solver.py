"""Solver benchmark: verdicts, time per deal and states per second, per game.

    python bench/solver.py --games all --deals 1-50 --budget 30 --jobs 2
    python bench/solver.py --games werner --deals 1-50 --fc-solve
    python bench/solver.py --games forty-thieves --deals 1-50 --budget 0 --max-states 2000000 --strategy dfs

``--max-states`` caps the positions each search may visit (with ``--budget 0``
the cap alone ends it): verdicts and position counts then do not depend on
the machine's load, so runs on a shared machine compare. ``--strategy`` and
``--deadends`` are passed to ``solve``.

For Werner's game each deal is also exported to Freecell Solver's board
format and solved by Debian's ``fc-solve`` (4 cells, 8 stacks, kings-only
spaces; ``-to 01ABCDE`` so that its verdict comes from a complete search),
and the verdicts are shown side by side with the ratio of times. A
disagreement where both decided is printed loudly: it is a bug to find.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

from napoleon import GAMES, get_game
from napoleon.solver import core, fcsolve, result_json, solve
from napoleon.study import parse_deals


def job(game_id: str, options: dict, deal: int, budget: float, fc: bool, max_states: int | None = None,
        strategy: str = "auto", deadends: bool = False) -> dict:
    game = get_game(game_id, options)
    state = game.new_state(deal)
    result = result_json(state, solve(state, budget=budget or None, max_states=max_states, strategy=strategy,
                                      deadends=deadends))
    result["moves"] = len(result["moves"])
    if fc:
        result["fc_verdict"], result["fc_seconds"] = fcsolve.solve(game.new_state(deal), budget)
    return result


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="all", help="comma-separated game ids, or all")
    ap.add_argument("--deals", default="1-50")
    ap.add_argument("--budget", type=float, default=30.0, help="seconds a deal (0: none, give --max-states)")
    ap.add_argument("--max-states", type=int, help="positions a search may visit")
    ap.add_argument("--strategy", default="auto", help="as solve --strategy")
    ap.add_argument("--deadends", action="store_true", help="as solve --deadends")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--option", "-o", action="append", default=[], help="GAME:K=V")
    ap.add_argument("--fc-solve", action="store_true", help="compare Werner verdicts with fc-solve")
    ap.add_argument("--json", help="write every result to this file")
    args = ap.parse_args()
    games = list(GAMES) if args.games == "all" else args.games.split(",")
    options: dict[str, dict] = {}
    for item in args.option:
        gid, _, kv = item.partition(":")
        k, _, v = kv.partition("=")
        options.setdefault(gid, {})[k] = v
    deals = parse_deals(args.deals)
    if not args.budget and not args.max_states:
        ap.error("give a --budget or --max-states")
    fc = args.fc_solve and fcsolve.available()
    print(f"# {platform.node()} {platform.machine()} {platform.python_implementation()} {platform.python_version()}, "
          f"{args.jobs} jobs, budget {args.budget} s, max states {args.max_states}, strategy {args.strategy}"
          f"{', dead-end test' if args.deadends else ''}, deals {args.deals}")
    everything = []
    for gid in games:
        use_fc = fc and gid == "werner"
        results = []
        start = time.perf_counter()
        with ProcessPoolExecutor(args.jobs, initializer=core.share_memory, initargs=(args.jobs,)) as pool:
            futures = [pool.submit(job, gid, options.get(gid, {}), d, args.budget, use_fc, args.max_states,
                                   args.strategy, args.deadends) for d in deals]
            for fut in as_completed(futures):
                r = fut.result()
                results.append(r)
                if use_fc and "lost" in (r["verdict"], r["fc_verdict"]) and "won" in (r["verdict"], r["fc_verdict"]):
                    print(f"!! DISAGREEMENT on {gid} deal {r['deal']}: ours {r['verdict']}, fc-solve {r['fc_verdict']}")
        wall = time.perf_counter() - start
        results.sort(key=lambda r: r["deal"])
        everything += results
        counts = {v: sum(r["verdict"] == v for r in results) for v in ("won", "lost", "unknown")}
        secs = [r["seconds"] for r in results]
        rate = sum(r["states"] for r in results) / max(sum(secs), 1e-9)
        label = get_game(gid, options.get(gid, {})).describe()
        print(f"{label:<28} won {counts['won']:>3}  lost {counts['lost']:>3}  unknown {counts['unknown']:>3}  "
              f"resolved {100 * (counts['won'] + counts['lost']) / len(results):5.1f}%  "
              f"time median {statistics.median(secs):6.2f} s  p90 {pct(secs, 0.9):6.2f} s  max {max(secs):6.2f} s  "
              f"{rate:9,.0f} states/s  wall {wall:6.1f} s  positions {sum(r['states'] for r in results):,}")
        if use_fc:
            fcv = {v: sum(r["fc_verdict"] == v for r in results) for v in ("won", "lost", "unknown")}
            both = [r for r in results if r["verdict"] != "unknown" and r["fc_verdict"] != "unknown"]
            agree = sum(r["verdict"] == r["fc_verdict"] for r in both)
            ours, theirs = sum(r["seconds"] for r in results), sum(r["fc_seconds"] for r in results)
            print(f"{'  fc-solve':<28} won {fcv['won']:>3}  lost {fcv['lost']:>3}  unknown {fcv['unknown']:>3}  "
                  f"agree {agree}/{len(both)} where both decided; total time ours {ours:.1f} s, "
                  f"fc-solve {theirs:.1f} s (ratio {ours / max(theirs, 1e-9):.1f}x)")
            for r in results:
                print(f"    deal {r['deal']:>4}: ours {r['verdict']:<7} {r['seconds']:7.3f} s   "
                      f"fc-solve {r['fc_verdict']:<7} {r['fc_seconds']:7.3f} s")
        sys.stdout.flush()
    if args.json:
        Path(args.json).write_text(json.dumps(everything, indent=1))


if __name__ == "__main__":
    main()
