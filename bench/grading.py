"""Time to hand out a graded winnable deal, per game: from the shipped grades and beyond them.

    python bench/grading.py [--games werner,forty-thieves] [--starts 3] [--beyond 900000] [--json FILE]

For each game and option set in the package's grades.json, and each grade:
the time ``napoleon.grading.next_deal`` takes to answer from deal 1 (the
shipped grades: a lookup), then from ``--starts`` starting deals far beyond
the shipped range (each deal graded on demand by the ladder, until one of
that grade turns up), with the deals it had to grade. CPU time is reported
beside wall time, because the machine this runs on is shared.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from functools import partial

from napoleon import get_game
from napoleon.grading import GRADES, _data, next_deal
from napoleon.interfaces.cli import parse_options


def timed(fn):
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", help="comma-separated keys of grades.json (default: all)")
    ap.add_argument("--starts", type=int, default=3, help="starting deals beyond the shipped range, per grade")
    ap.add_argument("--beyond", type=int, default=900_000, help="the first of those starting deals")
    ap.add_argument("--tries", type=int, default=300, help="deals graded at most per request")
    ap.add_argument("--grades", default=",".join(GRADES),
                    help="comma-separated grades to ask for; 'any' asks for any winnable deal")
    ap.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = ap.parse_args()
    keys = args.games.split(",") if args.games else list(_data()["games"])
    print(f"# {platform.machine()} CPython {platform.python_version()}; {args.starts} starts from deal {args.beyond}")
    print("| game | grade | shipped: ms | beyond: median s wall (cpu) | max s wall | deals graded per request |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    rows = []
    for k in keys:
        gid, *opts = k.split()
        game = get_game(gid, parse_options(opts))
        for name in args.grades.split(","):
            g = None if name == "any" else name
            _, shipped_wall, _ = timed(partial(next_deal, game, 1, g))
            walls, cpus, graded = [], [], []
            for i in range(args.starts):
                start = args.beyond + 1000 * i
                res, wall, cpu = timed(partial(next_deal, game, start, g, tries=args.tries))
                walls.append(wall)
                cpus.append(cpu)
                graded.append(res.deal - start + 1)
            row = {"game": k, "grade": name, "shipped_ms": round(shipped_wall * 1000, 3),
                   "beyond_wall": [round(w, 2) for w in walls], "beyond_cpu": [round(c, 2) for c in cpus],
                   "graded": graded}
            rows.append(row)
            print(f"| {k} | {name} | {row['shipped_ms']:.2f} | {statistics.median(walls):.1f} "
                  f"({statistics.median(cpus):.1f}) | {max(walls):.1f} | {', '.join(map(str, graded))} |", flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
