"""The calibration tables of docs/grades.md, from grades.json and the grading work logs.

    python bench/grades_report.py [--data napoleon/grading/grades.json] LOG.jsonl...

Each log is the ``--grades-log`` of a ``napoleon study GAME --grades`` run.
For each game and option set: deals graded, won / lost / unknown, the
thresholds, and per grade the number of deals, the share the greedy player
won, the median effort (positions) and the median length of the solution
found, which show what the grades mean for a player.
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from napoleon import get_game
from napoleon.grading import GRADES, Figures, grade_figures, key
from napoleon.grading.study import read_log
from napoleon.interfaces.cli import parse_options


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(Path(__file__).parent.parent / "napoleon" / "grading" / "grades.json"))
    ap.add_argument("logs", nargs="+")
    args = ap.parse_args()
    doc = json.loads(Path(args.data).read_text())["games"]
    print("| game | deals graded | won | lost | unknown | thresholds (log2 positions) |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    details = []
    for log in args.logs:
        rows = list(read_log(Path(log)).values())
        if not rows:
            continue
        first = rows[0]
        game = get_game(first["game"], parse_options([f"{k}={v}" for k, v in first["options"].items()]))
        entry = doc.get(key(game))
        if entry is None:
            continue
        figs = [Figures(**{k: r[k] for k in ("game", "options", "deal", "verdict", "effort", "rungs", "winner",
                                              "moves")}) for r in rows]
        cuts = entry["thresholds"]
        graded = [(f, grade_figures(f, cuts)) for f in figs]
        won = [x for x in graded if x[1] in GRADES]
        lost = sum(1 for _, g in graded if g == "lost")
        t1, t2, t3 = cuts
        print(f"| {key(game)} | {len(figs)} | {len(won)} | {lost} | {len(figs) - len(won) - lost} | "
              f"{t1} / {t2} / {t3} |")
        details.append((key(game), won))
    print()
    print("| game | grade | deals (share of won) | won by the greedy player | by playouts | median positions "
          "| median solution length |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for name, won in details:
        for g in GRADES:
            these = [f for f, x in won if x == g]
            if not these:
                print(f"| {name} | {g} | 0 | | | | |")
                continue
            share = 100 * len(these) / len(won)
            greedy = 100 * sum(f.winner == "greedy" for f in these) / len(these)
            playouts = 100 * sum(f.winner == "playouts" for f in these) / len(these)
            print(f"| {name} | {g} | {len(these)} ({share:.0f}%) | {greedy:.0f}% | {playouts:.0f}% | "
                  f"{statistics.median(f.effort for f in these):,.0f} | "
                  f"{statistics.median(len(f.moves) for f in these):.0f} |")


if __name__ == "__main__":
    main()
