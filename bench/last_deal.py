"""The core's speed on many short searches: St. Helena's last deals.

    python bench/last_deal.py [--deal 7] [--starts 30] [--repeat 5]

Redeal planning (napoleon/solver/staged.py) spends most of its time in
short searches, each from one start of St. Helena's last deal: a greedy
pass of up to 5,000 positions, then a best-first search of up to 1,000.
This takes the starts that planning would (the first deal's best position
redealt, then the second deal's best positions redealt) and times both
kinds of search on them, fixed-size and deterministic, so that two builds
of the core can be compared on the same work.
"""

from __future__ import annotations

import argparse
import platform
import time

from napoleon import new_game
from napoleon.engine.move import REDEAL
from napoleon.solver import core, exploration


def last_deal_starts(deal: int, count: int) -> list:
    state = new_game("st-helena", deal)
    _, found = exploration.explore(state, max_states=100_000, keep=1)
    second = found[0].position.copy()
    second.push(REDEAL)
    _, found = exploration.explore(second, max_states=50_000, keep=count)
    starts = []
    for f in found:
        if f.position.game.can_redeal(f.position):
            start = f.position.copy()
            start.push(REDEAL)
            starts.append(start)
    return starts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deal", type=int, default=7)
    ap.add_argument("--starts", type=int, default=30, help="last-deal starts to search")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args()
    if not core.available:
        raise SystemExit("the compiled core is not built")
    starts = last_deal_starts(args.deal, args.starts)
    print(f"# {platform.machine()} CPython {platform.python_version()}, St. Helena deal {args.deal}, "
          f"{len(starts)} last-deal starts, {args.repeat} repeats")
    for mode, positions in (("greedy", 5000), ("best", 1000)):
        states = 0
        began = time.perf_counter()
        for _ in range(args.repeat):
            for start in starts:
                states += core.search(start, max_states=positions, mode=mode).states
        elapsed = time.perf_counter() - began
        calls = len(starts) * args.repeat
        print(f"{mode:7} up to {positions:5,} positions: {elapsed / calls * 1000:6.2f} ms per search, "
              f"{states / elapsed:12,.0f} positions/s")


if __name__ == "__main__":
    main()
