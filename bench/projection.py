"""What projections onto fewer suits prove of Forty Thieves' hard deals (napoleon/solver/projection.py).

    python bench/projection.py --endgames 10000 --every 250 --sizes 1,2,3   # the sample's 763 endgames
    python bench/projection.py --roots --sizes 2,3 --cap 2000000           # each sample deal at its start
    python bench/projection.py --by-stock 100000 --every 2500 --sizes 2,3  # earlier in the searches
    python bench/projection.py --search 1500030 --asks 3:16:4096,2:8:4096  # inside the core's depth-first search
    python bench/projection.py --sample 30 --asks 3:8:4096                 # the sample at 30 s a deal, with them

``--endgames W --every E``: the positions of bench/prove_sample.py's endgames
mode (one in E of the first W positions of each sample deal's depth-first
search, with at most seven stock cards), all lost. For each size, how many a
projection onto that many suits proves lost, the positions and CPU seconds its
searches took (each capped at ``--cap``), beside those of the endgames' own
complete searches. ``--by-stock W``: the same walk with any number of stock cards,
the positions proven lost counted by the stock cards left. ``--roots``: each sample deal's projections at its start.
``--search D``: the core's depth-first search of deal D (exact keys, macro
moves) without projections, then with each setting of ``--asks``
(``size:stock:cap``: projections onto ``size`` suits asked at positions with
at most ``stock`` stock cards, each searched to at most ``cap`` positions;
``core.search``'s ``projections``): verdict, positions, positions left out,
the projections' searches and their positions, CPU seconds.
``--sample S``: each sample deal at S seconds with each setting of ``--asks``
in turn (without projections when none is given): decided, positions.
"""

from __future__ import annotations

import argparse
import time

from prove_sample import SAMPLE, endgame_positions

from napoleon import get_game
from napoleon.solver import core
from napoleon.solver.projection import ProjectionTable

GAME = get_game("forty-thieves")


def position(piles: list[list[int]]):
    state = GAME.new_state(1)
    state.piles = [p[:] for p in piles]
    state.changed()
    return state


def endgames(walk: int, every: int, sizes: list[int], cap: int) -> None:
    positions = [p for deal in SAMPLE for p in endgame_positions(GAME, deal, walk, every)]
    start = time.process_time()
    own = [core.search(position(p), max_states=300_000, mode="dfs") for p in positions]
    print(f"{len(positions)} endgames of {len(SAMPLE)} deals: lost {sum(r.verdict == 'lost' for r in own)}, "
          f"their own searches {sum(r.states for r in own):,} positions, {time.process_time() - start:.1f} CPU s",
          flush=True)
    for size in sizes:
        table = ProjectionTable(size=size, cap=cap)
        start = time.process_time()
        called = sum(table.lost(position(p)) for p in positions)
        print(f"  {size} suit(s): proven lost {called}; {table.searches:,} searches, {table.positions:,} positions, "
              f"{time.process_time() - start:.1f} CPU s", flush=True)


def by_stock(walk: int, every: int, sizes: list[int], cap: int) -> None:
    positions = [p for deal in SAMPLE for p in endgame_positions(GAME, deal, walk, every, stock=GAME.total_cards)]
    buckets = (0, 4, 8, 16, 24, 32, 48, 64)
    print(f"{len(positions)} positions of {len(SAMPLE)} deals' searches", flush=True)
    for size in sizes:
        table = ProjectionTable(size=size, cap=cap)
        start = time.process_time()
        shares = {b: [0, 0] for b in buckets}
        for p in positions:
            bucket = max(b for b in buckets if b <= len(p[GAME.stock]))
            shares[bucket][0] += 1
            shares[bucket][1] += table.lost(position(p))
        words = ", ".join(f"{n}/{all_} at {b}+" for b, (all_, n) in shares.items() if all_)
        print(f"  {size} suits: proven lost, by stock cards left: {words}; {table.positions:,} positions, "
              f"{sum(v == 'unknown' for v in table.verdicts.values())} at the cap, "
              f"{time.process_time() - start:.1f} CPU s", flush=True)


def roots(sizes: list[int], cap: int) -> None:
    for deal in SAMPLE:
        state = GAME.new_state(deal)
        words = []
        for size in sizes:
            table = ProjectionTable(size=size, cap=cap)
            start = time.process_time()
            words.append(f"{size} suits: {'lost' if table.lost(state) else 'none lost'} "
                         f"({table.positions:,} positions, {time.process_time() - start:.1f} s; "
                         f"{sum(v == 'unknown' for v in table.verdicts.values())} at the cap)")
        print(deal, "; ".join(words), flush=True)


def search(deal: int, settings: list[tuple[int, int, int]], budget: float, most: int, plain: bool) -> None:
    """Depth-first search of ``deal`` in the core, without projections (with ``plain``), then with each setting."""
    state = GAME.new_state(deal)
    for setting in [None, *settings][0 if plain else 1:]:
        start = time.process_time()
        result = core.search(state, mode="dfs", budget=budget or None, max_states=most or None,
                             projections=setting)
        spent = time.process_time() - start
        words = "no projections" if setting is None else "{} suits, stock <= {}, cap {:,}".format(*setting)
        done = result.projections
        extra = (f"; {done.cut:,} left out, {done.searched:,} projections searched ({done.asked:,} asked, "
                 f"{done.lost:,} lost), {done.positions:,} positions" if done else "")
        print(f"deal {deal}, {words}: {result.verdict}; {result.states:,} positions{extra}; {spent:.1f} CPU s",
              flush=True)


def sample(budget: float, setting: tuple[int, int, int] | None) -> None:
    """Each sample deal at ``budget`` seconds, depth-first, with projections as ``setting`` asks (None: none)."""
    decided = positions = 0
    start = time.process_time()
    for deal in SAMPLE:
        result = core.search(GAME.new_state(deal), mode="dfs", budget=budget, projections=setting)
        decided += result.verdict != "unknown"
        positions += result.states
        done = result.projections
        spent = f", {done.cut:,} left out, {done.positions:,} in the projections' searches" if done else ""
        print(f"  {deal}: {result.verdict}, {result.states:,} positions{spent}", flush=True)
    print(f"{len(SAMPLE)} deals at {budget:g} s, projections {setting or 'none'}: {decided} decided, {positions:,} "
          f"positions, {time.process_time() - start:.1f} CPU s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--endgames", type=int, help="walk this many positions of each sample deal's search")
    ap.add_argument("--every", type=int, default=250)
    ap.add_argument("--by-stock", type=int, metavar="W", help="walk W positions, counted by stock cards left")
    ap.add_argument("--roots", action="store_true", help="each sample deal's projections at its start")
    ap.add_argument("--search", type=int, metavar="DEAL", help="depth-first search of DEAL with and without projections")
    ap.add_argument("--sample", type=float, metavar="SECONDS", help="each sample deal at SECONDS, with --asks (or none)")
    ap.add_argument("--asks", default="", help="--search, --sample: settings size:stock:cap, comma-separated")
    ap.add_argument("--plain", action=argparse.BooleanOptionalAction, default=True,
                    help="--search: first without projections (--no-plain: not)")
    ap.add_argument("--budget", type=float, default=0, help="seconds a --search may take (0: none)")
    ap.add_argument("--max", type=int, default=0, help="positions a --search may visit (0: none)")
    ap.add_argument("--sizes", default="1,2,3", help="suits a projection keeps, comma-separated")
    ap.add_argument("--cap", type=int, default=300_000, help="positions of a projection's search")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if args.endgames:
        endgames(args.endgames, args.every, sizes, args.cap)
    if args.by_stock:
        by_stock(args.by_stock, args.every, sizes, args.cap)
    if args.roots:
        roots(sizes, args.cap)
    asks = [tuple(int(x) for x in a.split(":")) for a in args.asks.split(",") if a]
    if args.search:
        search(args.search, asks, args.budget, args.max, args.plain)
    if args.sample:
        for setting in asks or [None]:
            sample(args.sample, setting)

if __name__ == "__main__":
    main()
