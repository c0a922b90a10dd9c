"""Boards by the thousand: ``napoleon solve --batch`` against fc-solve on random Werner boards.

    python bench/batch.py --boards 300 --budget 10 [--per-process 30] [--seed 1]

Random Werner boards (deal numbers drawn from ``--seed``, written as
position JSON without their deal number, as another program would give
them) are solved three ways, one after the other on one core:

- ``batch``: one ``python -m napoleon solve --batch`` process reads every
  board as a JSON line and writes one verdict a line (the wall time counts
  Python's start-up once);
- ``fc-solve``: Debian's ``fc-solve`` run once per board (as
  :mod:`napoleon.solver.fcsolve` runs it: 4 cells, 8 stacks, kings-only
  spaces, ``-to 01ABCDE`` so that "could not solve" is a proof);
- ``per-process`` (with ``--per-process N``): one ``python -m napoleon
  solve`` process per board, on the first N boards, which is what a
  researcher had to do before ``--batch``.

Verdicts are compared board by board; a disagreement where both decided is
printed loudly.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from napoleon import new_game
from napoleon.shuffle import MAX_DEAL
from napoleon.solver import fcsolve


def boards(n: int, seed: int) -> list[dict]:
    """``n`` random Werner positions as JSON, without deal numbers."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        obj = new_game("werner", rng.randrange(1, MAX_DEAL + 1)).to_json()
        obj["deal"] = None
        out.append(obj)
    return out


def env() -> dict[str, str]:
    # The child imports this tree's napoleon, whatever is installed.
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def run_batch(positions: list[dict], budget: float) -> tuple[list[str], float]:
    text = "".join(json.dumps(p) + "\n" for p in positions)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "napoleon", "solve", "--batch", "--budget", str(budget)],
                          input=text, capture_output=True, text=True, env=env(), check=True)
    wall = time.perf_counter() - start
    answers = [json.loads(line) for line in proc.stdout.splitlines()]
    if len(answers) != len(positions) or any("error" in a for a in answers):
        raise SystemExit(f"batch answered badly: {proc.stdout[:500]} {proc.stderr[:500]}")
    return [a["verdict"] for a in answers], wall


def run_per_process(positions: list[dict], budget: float) -> tuple[list[str], float]:
    verdicts = []
    start = time.perf_counter()
    for p in positions:
        proc = subprocess.run([sys.executable, "-m", "napoleon", "solve", "--json", "--budget", str(budget)],
                              input=json.dumps(p), capture_output=True, text=True, env=env(), check=True)
        verdicts.append(json.loads(proc.stdout)["verdict"])
    return verdicts, time.perf_counter() - start


def run_fc(positions: list[dict], budget: float) -> tuple[list[str], float]:
    from napoleon import position_from_json

    states = [position_from_json(p) for p in positions]
    verdicts = []
    start = time.perf_counter()
    for state in states:
        verdicts.append(fcsolve.solve(state, budget)[0])
    return verdicts, time.perf_counter() - start


def counts(verdicts: list[str]) -> str:
    return ", ".join(f"{v} {verdicts.count(v)}" for v in ("won", "lost", "unknown"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--boards", type=int, default=300)
    ap.add_argument("--budget", type=float, default=10.0, help="seconds per board, for both solvers")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-process", type=int, default=0, metavar="N",
                    help="also time one napoleon process per board on the first N boards")
    args = ap.parse_args()
    if not fcsolve.available():
        raise SystemExit("fc-solve is not installed (apt install freecell-solver-bin)")
    positions = boards(args.boards, args.seed)
    print(f"{args.boards} random Werner boards (seed {args.seed}), budget {args.budget:g} s a board, "
          f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    ours, ours_wall = run_batch(positions, args.budget)
    print(f"napoleon solve --batch: {counts(ours)}; {ours_wall:.1f} s wall for all, one process")
    theirs, fc_wall = run_fc(positions, args.budget)
    print(f"fc-solve, one run a board: {counts(theirs)}; {fc_wall:.1f} s wall for all")
    print(f"ratio napoleon/fc-solve: {ours_wall / max(fc_wall, 1e-9):.2f}x")
    bad = [i for i, (a, b) in enumerate(zip(ours, theirs, strict=True)) if "unknown" not in (a, b) and a != b]
    for i in bad:
        print(f"!! DISAGREEMENT on board {i + 1}: ours {ours[i]}, fc-solve {theirs[i]}")
    print(f"verdicts agree on every board both decided: {'yes' if not bad else 'NO'}")
    if args.per_process:
        n = min(args.per_process, len(positions))
        pp, pp_wall = run_per_process(positions[:n], args.budget)
        b_small, b_wall = run_batch(positions[:n], args.budget)
        assert pp == b_small or "unknown" in pp + b_small
        print(f"first {n} boards: one process a board {pp_wall:.1f} s, --batch {b_wall:.1f} s "
              f"({pp_wall / max(b_wall, 1e-9):.1f}x)")


if __name__ == "__main__":
    main()
