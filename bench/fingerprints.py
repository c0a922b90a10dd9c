"""How far depth-first search goes under a memory limit, with exact keys and with fingerprints.

    python bench/fingerprints.py --game forty-thieves --deals 1,5 --memory 512M --budget 600

Each deal is searched depth-first twice under the same memory limit and
budget, first keeping each position's key, then two 64-bit hashes of it
(``core.search(..., fingerprints=True)``): the verdict, the positions
visited, whether the memory limit stopped it, the CPU seconds, and the peak
memory a position (the growth of the process's peak resident size divided
by the positions; each search runs in a process of its own). Where both
end before the limit they visit the same positions.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import time

from napoleon import new_game
from napoleon.schemas.env import parse_memory
from napoleon.solver import core
from napoleon.study import parse_deals


def one(game: str, deal: int, fingerprints: bool, memory: int, budget: float) -> str:
    """One search in this process: a line of the table."""
    core.set_memory_limit(memory)
    state = new_game(game, deal)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.process_time()
    r = core.search(state, budget=budget, mode="dfs", fingerprints=fingerprints)
    cpu = time.process_time() - start
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    how = "fingerprints" if fingerprints else "exact keys"
    stop = "memory" if r.out_of_memory else ("budget" if r.verdict == "unknown" else "-")
    return (f"| {deal} | {how} | {r.verdict.value} | {r.states:,} | {stop} | {cpu:.0f} | "
            f"{grown / max(r.states, 1):.0f} |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="forty-thieves")
    ap.add_argument("--deals", default="1")
    ap.add_argument("--memory", default="512M", help="the memory limit of each search (NAPOLEON_MEMORY's form)")
    ap.add_argument("--budget", type=float, default=600.0, help="seconds a search")
    args = ap.parse_args()
    memory = parse_memory(args.memory)
    print(f"{args.game}, memory limit {args.memory}, budget {args.budget:g} s a search")
    print("| deal | table | verdict | positions | stopped by | CPU s | bytes a position |")
    print("|---:|---|---|---:|---|---:|---:|")
    ctx = multiprocessing.get_context("spawn")
    for deal in parse_deals(args.deals):
        for fingerprints in (False, True):
            with ctx.Pool(1) as pool:
                print(pool.apply(one, (args.game, deal, fingerprints, memory, args.budget)), flush=True)


if __name__ == "__main__":
    main()
