"""Solution lengths before and after shortening, deals 1-200 of each game.

    python bench/shorten.py [--deals 1-200] [--states 200000] [--games werner,...] [--out FILE]

Each deal is searched once, capped in positions (``--states``, so the lines are the same on any
machine), with the shortening off; a won deal's line is then shortened
(:func:`napoleon.solver.shorten.shorten`) and replayed by the engine. Printed: for each game,
the deals won, the median and longest line of the search and of the shortened line, and the
seconds the shortening took (median, longest). One process, one core.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from napoleon import new_game  # noqa: E402
from napoleon.games import GAMES  # noqa: E402
from napoleon.solver import replays_to_win, solve  # noqa: E402
from napoleon.solver.shorten import shorten  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--states", type=int, default=200_000)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--out", help="a JSON-lines file of every deal's figures")
    args = parser.parse_args()
    lo, hi = (int(x) for x in args.deals.split("-"))
    out = open(args.out, "w") if args.out else None  # noqa: SIM115 - open for the whole run
    print(f"{'game':<18} {'won':>4} {'median':>14} {'longest':>14} {'seconds (median, max)':>22}")
    for game_id in args.games.split(","):
        before, after, seconds = [], [], []
        for deal in range(lo, hi + 1):
            state = new_game(game_id, deal=deal)
            result = solve(state, max_states=args.states, shorten=False)
            if not result.won:
                continue
            start = time.perf_counter()
            line = shorten(state, result.moves)
            seconds.append(time.perf_counter() - start)
            assert replays_to_win(state, line), f"{game_id} {deal}: the shortened line does not win"
            before.append(len(result.moves))
            after.append(len(line))
            if out is not None:
                out.write(json.dumps({"game": game_id, "deal": deal, "before": before[-1], "after": after[-1],
                                      "seconds": round(seconds[-1], 3)}) + "\n")
                out.flush()
        if not before:
            print(f"{game_id:<18} {0:>4}")
            continue
        print(f"{game_id:<18} {len(before):>4} {statistics.median(before):>6.0f} -> {statistics.median(after):<5.0f} "
              f"{max(before):>6} -> {max(after):<5} {statistics.median(seconds):>10.2f} {max(seconds):>10.2f}",
              flush=True)


if __name__ == "__main__":
    main()
