"""What projections onto fewer suits prove of Forty Thieves' hard deals (napoleon/solver/projection.py).

    python bench/projection.py --endgames 10000 --every 250 --sizes 1,2,3   # the sample's 763 endgames
    python bench/projection.py --roots --sizes 2,3 --cap 2000000           # each sample deal at its start
    python bench/projection.py --by-stock 100000 --every 2500 --sizes 2,3  # earlier in the searches
    python bench/projection.py --search 1500001 --max 60000 --sizes 2      # inside a depth-first search

``--endgames W --every E``: the positions of bench/prove_sample.py's endgames
mode (one in E of the first W positions of each sample deal's depth-first
search, with at most seven stock cards), all lost. For each size, how many a
projection onto that many suits proves lost, the positions and CPU seconds its
searches took (each capped at ``--cap``), beside those of the endgames' own
complete searches. ``--by-stock W``: the same walk with any number of stock cards,
the positions proven lost counted by the stock cards left. ``--roots``: each sample deal's projections at its start.
``--search D``: depth-first search of deal D with exact keys over the core's
own moves (in Python, so slow), a position with at most ``--stock`` stock
cards left out when a projection (a table for the deal) is lost: positions,
positions left out, the projections' searches and positions, CPU seconds; the
same search without projections with ``--sizes ''``.
"""

from __future__ import annotations

import argparse
import time

from prove_sample import SAMPLE, endgame_positions

from napoleon import get_game
from napoleon.solver import core
from napoleon.solver.core import _core, encode_rules
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


def search(deal: int, most: int, sizes: list[int], cap: int, stock: int) -> None:
    rules = encode_rules(GAME)
    tables = [ProjectionTable(size=size, cap=cap) for size in sizes]
    piles = [p[:] for p in GAME.new_state(deal).piles]

    def apply(moves) -> list:
        for src, dst, count in moves:
            for _ in range(count):
                piles[dst].append(piles[src].pop())
        return list(moves)

    def undo(moves) -> None:
        for src, dst, count in reversed(moves):
            for _ in range(count):
                piles[src].append(piles[dst].pop())

    def dead() -> bool:
        return len(piles[GAME.stock]) <= stock and any(t.lost(position(piles)) for t in tables)

    start = time.process_time()
    apply(_core.autoplay(rules, piles, 0))
    seen = {_core.key(rules, piles, 0, 0)[0]}
    count, cut, won = 1, 0, False
    stack = [] if dead() else [(_core.dfs_moves(rules, piles, 0), 0, [])]
    while stack and count < most and not won:
        lines, i, made = stack[-1]
        if i == len(lines):
            stack.pop()
            undo(made)
            continue
        stack[-1] = (lines, i + 1, made)
        moves = apply(lines[i])
        moves += apply(_core.autoplay(rules, piles, 0))
        won = sum(len(piles[f]) for f in GAME.foundations) == GAME.total_cards
        key = _core.key(rules, piles, 0, 0)[0]
        if key in seen:
            undo(moves)
            continue
        seen.add(key)
        count += 1
        if count % 1_000 == 0:
            print(f"  {count:,} positions, {cut:,} left out, {time.process_time() - start:.0f} CPU s", flush=True)
        if dead():
            cut += 1
            undo(moves)
            continue
        stack.append((_core.dfs_moves(rules, piles, 0), 0, moves))
    verdict = "won" if won else "lost" if not stack else "unknown"
    spent = ", ".join(f"{t.size} suits: {t.searches:,} searches, {t.positions:,} positions" for t in tables)
    print(f"deal {deal}, sizes {sizes or 'none'}, stock <= {stock}: {verdict}; {count:,} positions, {cut:,} left out"
          f"{'; ' + spent if spent else ''}; {time.process_time() - start:.1f} CPU s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--endgames", type=int, help="walk this many positions of each sample deal's search")
    ap.add_argument("--every", type=int, default=250)
    ap.add_argument("--by-stock", type=int, metavar="W", help="walk W positions, counted by stock cards left")
    ap.add_argument("--roots", action="store_true", help="each sample deal's projections at its start")
    ap.add_argument("--search", type=int, metavar="DEAL", help="depth-first search of DEAL with projections")
    ap.add_argument("--max", type=int, default=60_000, help="positions of --search")
    ap.add_argument("--stock", type=int, default=7, help="--search asks projections with at most this many stock cards")
    ap.add_argument("--sizes", default="1,2,3", help="suits a projection keeps, comma-separated ('' for none)")
    ap.add_argument("--cap", type=int, default=300_000, help="positions of a projection's search")
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if args.endgames:
        endgames(args.endgames, args.every, sizes, args.cap)
    if args.by_stock:
        by_stock(args.by_stock, args.every, sizes, args.cap)
    if args.roots:
        roots(sizes, args.cap)
    if args.search:
        search(args.search, args.max, sizes, args.cap, args.stock)


if __name__ == "__main__":
    main()
