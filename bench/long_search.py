"""Long proofs in pieces: depth-first search with fingerprints, taken up from its checkpoint piece after piece.

    python bench/long_search.py --game forty-thieves --deals 1500001,1500004 --memory 12G --piece 600 --pieces 6 --folder runs/

Each deal is searched depth-first with fingerprints (``core.search(...,
fingerprints=True, checkpoint=...)``), ``--piece`` seconds at a time, each
piece in a fresh process that takes the search up from the checkpoint in
``--folder`` (so a run stopped here can be continued by running it again),
until a verdict, the memory limit or ``--pieces`` pieces. One line a piece:
positions in all, positions a second in that piece (CPU), the checkpoint's
size and the seconds writing and reading it cost, and the verdict.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import time
from pathlib import Path

from napoleon import new_game
from napoleon.schemas.env import parse_memory
from napoleon.solver import core
from napoleon.study import parse_deals


def piece(game: str, deal: int, memory: int, budget: float, path: str) -> tuple[str, int, bool, float, float]:
    """One piece in this process: (verdict, positions in all, stopped by memory, CPU s, wall s)."""
    core.set_memory_limit(memory)
    state = new_game(game, deal)
    wall, cpu = time.perf_counter(), time.process_time()
    r = core.search(state, budget=budget, mode="dfs", fingerprints=True, checkpoint=path)
    return r.verdict.value, r.states, r.out_of_memory, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="forty-thieves")
    ap.add_argument("--deals", default="1")
    ap.add_argument("--memory", default="4G", help="the memory limit of each piece (NAPOLEON_MEMORY's form)")
    ap.add_argument("--piece", type=float, default=600.0, help="seconds a piece")
    ap.add_argument("--pieces", type=int, default=6, help="pieces a deal at most (in this run)")
    ap.add_argument("--folder", default=".", help="where the checkpoints are kept")
    args = ap.parse_args()
    memory = parse_memory(args.memory)
    print(f"{args.game}, memory limit {args.memory}, {args.piece:g} s a piece")
    print("| deal | piece | verdict | positions in all | stopped by | positions a CPU second | checkpoint | wall s |")
    print("|---:|---:|---|---:|---|---:|---:|---:|")
    ctx = multiprocessing.get_context("spawn")
    for deal in parse_deals(args.deals):
        path = Path(args.folder) / f"{args.game}-{deal}.dfs"
        before = 0
        for n in range(1, args.pieces + 1):
            with ctx.Pool(1) as pool:
                verdict, states, memory_full, cpu, wall = pool.apply(
                    piece, (args.game, deal, memory, args.piece, str(path)))
            size = f"{os.path.getsize(path) / 2**30:.2f} GiB" if path.exists() else "-"
            stop = "memory" if memory_full else ("budget" if verdict == "unknown" else "-")
            print(f"| {deal} | {n} | {verdict} | {states:,} | {stop} | {(states - before) / max(cpu, 1e-9):,.0f} | "
                  f"{size} | {wall:.0f} |", flush=True)
            before = states
            if verdict != "unknown" or memory_full:
                break


if __name__ == "__main__":
    main()
