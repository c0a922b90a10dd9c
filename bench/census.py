"""What learning from lost positions could at best save depth-first search (napoleon/solver/census.py).

    python bench/census.py --positions 2000000                  # the fixed sample of unknown deals
    python bench/census.py --deals 1700030,1700038 --positions 0  # whole searches of lost deals

For each deal, depth-first search with both dead-end tests (exact keys, macro
moves of the stock), capped at ``--positions`` (0: none): its verdict, the
positions visited, those the tests did not prove lost ("open"), and the
classes of those with each pile in play and the waste cut to its top 1, 2
and 3 cards, and with the piles in play left out and the waste whole (0). A
search learning patterns of lost positions from what their subtrees read
keeps at least the top cards (depth 1): it still visits one position a
class, so "saved at most" is 1 - classes / open. Depth 0 bounds any pattern
that keeps the foundations, the stock and the waste exact. The sample is
prove_sample.SAMPLE (20 deals of block 1500001-1500100, none used to choose
or tune anything).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import napoleon  # noqa: E402
from napoleon.solver.census import DEPTHS, census  # noqa: E402
from prove_sample import SAMPLE  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="forty-thieves")
    ap.add_argument("--deals", default=",".join(map(str, SAMPLE)), help="comma-separated (default: the sample)")
    ap.add_argument("--positions", type=int, default=2_000_000, help="cap a search (0: none)")
    args = ap.parse_args()
    depths = " ".join(f"{'d' + str(d):>10}" for d in range(DEPTHS))
    print(f"{'deal':>8} {'verdict':>8} {'positions':>11} {'open':>11} {depths}   saved at most: d1 / d0   CPU s",
          flush=True)
    totals = [0] * (DEPTHS + 1)
    for deal in (int(d) for d in args.deals.split(",")):
        c = census(napoleon.new_game(args.game, deal), max_states=args.positions or None, deadends=True,
                   waste=True, macros=True)
        classes = " ".join(f"{n:>10,}" for n in c.classes)
        print(f"{deal:>8} {c.verdict.value:>8} {c.states:>11,} {c.open:>11,} {classes}   "
              f"{c.most_saved(1):>8.1%} / {c.most_saved(0):.1%}   {c.seconds:7.1f}", flush=True)
        totals[0] += c.open
        for d in range(DEPTHS):
            totals[d + 1] += c.classes[d]
    if totals[0]:
        print(f"all: open {totals[0]:,}; saved at most " +
              ", ".join(f"d{d} {1 - totals[d + 1] / totals[0]:.1%}" for d in range(DEPTHS)))


if __name__ == "__main__":
    main()
