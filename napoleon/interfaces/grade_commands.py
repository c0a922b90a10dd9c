"""``napoleon study GAME --deals 1-1000 --grades``: grade deals and write the shipped grades."""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from ..grading import GRADES
from ..grading.study import run_grades


def study_grades(args: argparse.Namespace, game, deals: list[int]) -> None:
    """Run the grading study for ``game`` and print the calibration (text or ``--json``)."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    err = Console(stderr=True)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[counts]}"), TimeElapsedColumn(), console=err)
    counts = {"won": 0, "lost": 0, "unknown": 0}
    task_id = None
    start = time.monotonic()

    def on_start(total: int, done: int) -> None:
        nonlocal task_id
        task_id = progress.add_task(f"grading {game.describe()}", total=total, completed=done, counts="")
        if done:
            err.print(f"{done} of {total} deals already graded in the work log: resuming")

    def on_result(row: dict[str, Any]) -> None:
        counts[row["verdict"]] += 1
        progress.update(task_id, advance=1, counts=" ".join(f"{k} {v}" for k, v in counts.items()))

    with progress:
        entry = run_grades(game.id, game.options, deals, jobs=args.jobs, dask=args.dask,
                           log=Path(args.grades_log) if args.grades_log else None,
                           data=Path(args.grades_file) if args.grades_file else None,
                           on_start=on_start, on_result=on_result)
    wall = time.monotonic() - start
    if args.json:
        print(json.dumps({"game": game.describe(), **{k: v for k, v in entry.items() if k != "grades"},
                          "shipped": len(entry["grades"]), "seconds": round(wall, 1)}, indent=2))
        return
    c = entry["counts"]
    won = sum(c[g] for g in GRADES)
    t1, t2, t3 = entry["thresholds"]
    print(f"{game.describe()}: {entry['deals']} deals graded, {won} won, {c['lost']} lost, {c['unknown']} unknown")
    print(f"thresholds on log2(positions): easy < {t1} <= medium < {t2} <= hard < {t3} <= expert")
    print("won deals per grade: " + ", ".join(f"{g} {c[g]} ({100 * c[g] / won:.0f}%)" for g in GRADES))
    print(f"shipped: deals {entry['first']}-{entry['first'] + len(entry['grades']) - 1}; {wall:.1f} s wall time")
