"""Solution lengths before and after shortening, deals 1-200 of each game.

    python bench/shorten.py [--deals 1-200] [--states 200000] [--games werner,...] [--out FILE]
    python bench/shorten.py --out FILE --report [--deals 1-200]

Each deal is searched once, capped in positions (``--states``, so the lines are the same on any
machine), with the shortening off; a won deal's line is then shortened
(:func:`napoleon.solver.shorten.shorten`) and replayed by the engine. Printed: for each game,
the deals won, the median and longest line of the search and of the shortened line, and the
seconds the shortening took (median, longest). One process, one core.

With ``--out`` every deal's figures go to a JSON-lines file as they come, and a deal already in
it (won or not, at the same ``--states``) is not searched again: a run stopped part-way is
taken up where it stopped, and runs in slices add up. ``--report`` searches nothing and prints
the file's figures for ``--deals``.
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


def measure(game_id: str, deal: int, states: int) -> dict:
    """One deal's figures: searched with the shortening off, then shortened and replayed."""
    state = new_game(game_id, deal=deal)
    result = solve(state, max_states=states, shorten=False)
    row = {"game": game_id, "deal": deal, "states": states, "won": result.won}
    if result.won:
        start = time.perf_counter()
        line = shorten(state, result.moves)
        row["seconds"] = round(time.perf_counter() - start, 3)
        assert replays_to_win(state, line), f"{game_id} {deal}: the shortened line does not win"
        row["before"], row["after"] = len(result.moves), len(line)
    return row


def report(rows: list[dict], games: list[str], lo: int, hi: int) -> None:
    """The figures of ``rows`` for deals ``lo``-``hi`` of each game: won, medians and longest."""
    print(f"{'game':<18} {'deals':>9} {'won':>4} {'median':>14} {'longest':>14} {'seconds (median, max)':>22}")
    for game_id in games:
        mine = [r for r in rows if r["game"] == game_id and lo <= r["deal"] <= hi]
        won = [r for r in mine if r.get("won", True)]  # rows without "won" are wins (the first runs kept only those)
        reached = max((r["deal"] for r in mine), default=lo - 1)
        if not won:
            print(f"{game_id:<18} {lo:>4}-{reached:<4} {0:>4}")
            continue
        before, after, seconds = ([r[k] for r in won] for k in ("before", "after", "seconds"))
        print(f"{game_id:<18} {lo:>4}-{reached:<4} {len(won):>4} {statistics.median(before):>6.0f} -> "
              f"{statistics.median(after):<5.0f} {max(before):>6} -> {max(after):<5} "
              f"{statistics.median(seconds):>10.2f} {max(seconds):>10.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200")
    parser.add_argument("--states", type=int, default=200_000)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--out", help="a JSON-lines file of every deal's figures (taken up where it stopped)")
    parser.add_argument("--report", action="store_true", help="search nothing: the figures of --out")
    args = parser.parse_args()
    lo, hi = (int(x) for x in args.deals.split("-"))
    games = args.games.split(",")
    path = Path(args.out) if args.out else None
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()] \
        if path is not None and path.exists() else []
    if not args.report:
        done = {(r["game"], r["deal"]) for r in rows if r.get("states", args.states) == args.states}
        out = path.open("a") if path is not None else None  # noqa: SIM115 - open for the whole run
        for game_id in games:
            for deal in range(lo, hi + 1):
                if (game_id, deal) in done:
                    continue
                rows.append(measure(game_id, deal, args.states))
                if out is not None:
                    out.write(json.dumps(rows[-1]) + "\n")
                    out.flush()
    report(rows, games, lo, hi)


if __name__ == "__main__":
    main()
