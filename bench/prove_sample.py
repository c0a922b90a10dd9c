"""The yield of each sound pruning of depth-first search on one fixed sample of hard Forty Thieves deals.

    python bench/prove_sample.py --positions 1000000            # whole deals, each pruning on and off
    python bench/prove_sample.py --endgames 10000 --every 250   # the lost endgames of their searches

SAMPLE holds 20 deals of block 1500001-1500100, none used to choose or tune
anything: 14 left unknown by the game's plan at 30 s on the idle machine
(docs/history.md, "What ten times the time buys"; 13 of them unknown at
300 s too, 1500082 won at 42 s) and 6 it left unknown at 30 s on the shared
machine on 2026-11-27.

``--positions N``: depth-first search (exact keys, macro moves of the stock)
from each deal, capped at N positions, with each combination of the
dead-end tests (``core.search``'s ``deadends`` and ``waste``): decided,
positions, CPU seconds. A ``lost`` found with a test is searched again
without either, card by card (a second method that does not use it); the
line says whether it agrees.

``--endgames W``: the positions such searches spend their time in. The first
W positions of each deal's plain depth-first search (walked in Python over
the core's own moves and keys) give one position in ``--every`` with at most
seven cards in the stock; each is searched to its end (at most 300,000
positions) with each combination: how many are proven lost, and the
positions and CPU seconds all their searches took.
"""

from __future__ import annotations

import argparse
import time

from napoleon import get_game
from napoleon.solver import LOST, core, probes

SAMPLE = (1500001, 1500004, 1500014, 1500018, 1500022, 1500025, 1500043, 1500046, 1500052, 1500058,
          1500066, 1500075, 1500082, 1500091, 1500023, 1500024, 1500026, 1500030, 1500032, 1500035)

SETTINGS = {"none": (False, False), "cards": (True, False), "waste": (False, True), "both": (True, True)}


def timed(state, **kw):
    start = time.process_time()
    result = core.search(state, mode="dfs", **kw)
    return result, time.process_time() - start


def whole_deals(game, deals, cap: int, settings) -> None:
    for name in settings:
        cards, waste = SETTINGS[name]
        decided = positions = 0
        seconds = 0.0
        for deal in deals:
            result, cpu = timed(game.new_state(deal), max_states=cap, deadends=cards, waste=waste)
            decided += result.verdict != "unknown"
            positions += result.states
            seconds += cpu
            line = f"  {deal} {name:<6} {result.verdict:<8} {result.states:>12,} {cpu:8.1f} s"
            if result.verdict == LOST and (cards or waste):
                again, _ = timed(game.new_state(deal), macros=False)
                line += f"   re-checked without the tests, card by card: {again.verdict} ({again.states:,})"
            print(line, flush=True)
        print(f"{name:<6} decided {decided}/{len(deals)}  positions {positions:,}  CPU {seconds:.1f} s", flush=True)


def endgame_positions(game, deal: int, walk: int, every: int, stock: int = 7) -> list:
    """One in `every` of the first `walk` positions of the plain depth-first
    search with at most `stock` stock cards (seven: the endgames), as piles."""
    s = game.new_state(deal)
    for m in probes.core_autoplay(s):
        s.push(m)
    seen = {probes.core_key(s)[0]}
    stack = [(probes.core_dfs_moves(s), 0, 0)]
    out, count = [], 1
    while stack and count < walk:
        lines, i, pushed = stack[-1]
        if i == len(lines):
            stack.pop()
            for _ in range(pushed):
                s.pop()
            continue
        stack[-1] = (lines, i + 1, pushed)
        made = 0
        for m in lines[i]:
            s.push(m)
            made += 1
        for m in probes.core_autoplay(s):
            s.push(m)
            made += 1
        key = probes.core_key(s)[0]
        if key in seen:
            for _ in range(made):
                s.pop()
            continue
        seen.add(key)
        count += 1
        if count % every == 0 and len(s.piles[game.stock]) <= stock:
            out.append([p[:] for p in s.piles])
        stack.append((probes.core_dfs_moves(s), 0, made))
    return out


def endgames(game, deals, walk: int, every: int, settings) -> None:
    positions = []
    for deal in deals:
        positions += endgame_positions(game, deal, walk, every)
    print(f"{len(positions)} positions with at most seven stock cards, from {len(deals)} deals", flush=True)
    for name in settings:
        cards, waste = SETTINGS[name]
        lost = total = 0
        seconds = 0.0
        for piles in positions:
            state = game.new_state(1)
            state.piles = [p[:] for p in piles]
            state.changed()
            result, cpu = timed(state, max_states=300_000, deadends=cards, waste=waste)
            lost += result.verdict == LOST
            total += result.states
            seconds += cpu
        print(f"{name:<6} lost {lost}/{len(positions)}  positions {total:,}  CPU {seconds:.1f} s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", help="comma-separated deals (default: the sample)")
    ap.add_argument("--positions", type=int, help="whole deals, each search capped at this many positions")
    ap.add_argument("--endgames", type=int, help="walk this many positions of each deal's search for endgames")
    ap.add_argument("--every", type=int, default=250, help="keep one walked position in this many")
    ap.add_argument("--settings", default="none,cards,waste,both", help=f"of {', '.join(SETTINGS)}")
    args = ap.parse_args()
    game = get_game("forty-thieves")
    deals = [int(d) for d in args.deals.split(",")] if args.deals else list(SAMPLE)
    settings = args.settings.split(",")
    if args.positions:
        whole_deals(game, deals, args.positions, settings)
    if args.endgames:
        endgames(game, deals, args.endgames, args.every, settings)


if __name__ == "__main__":
    main()
