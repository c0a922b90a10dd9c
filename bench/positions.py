"""Same search, same positions: verdicts and position counts of every search mode, capped.

    python bench/positions.py > after.txt            # on a change to the core
    git stash; python setup.py build_ext --inplace; python bench/positions.py > before.txt
    diff before.txt after.txt                        # only the CPU seconds may differ
    python bench/positions.py --wasm build/wasm      # the WebAssembly build, in Node: the same lines

Each game's deals are searched by each of the core's modes (and the game's
own staged searches) under a position cap, so the counts do not depend on
the machine or its load. A change meant only to make the core faster must
leave every line but its CPU seconds as it was; the seconds (from
``time.process_time``, noisy on a shared virtual machine) show the gain.
With ``--wasm`` the core's WebAssembly build runs in Node in the native
core's place (napoleon/solver/wasm.py, built into DIR if it is not there);
its seconds are then wall-clock seconds, Node's time included.
"""

from __future__ import annotations

import argparse
import contextlib
import time

from napoleon import GAMES, get_game, new_game
from napoleon.solver import solve, wasm
from napoleon.study import parse_deals

MODES = ("best", "dfs", "nested", "playouts", "greedy")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="st-helena,forty-thieves,napoleons-tomb,werner,grand-napoleon,napoleons-square",
                    help="comma-separated game ids, or all")
    ap.add_argument("--deals", default="1-4")
    ap.add_argument("--max-states", type=int, default=300_000, help="positions each search may visit")
    ap.add_argument("--deadends", action="store_true", help="with the core's dead-end test on (solve(deadends=True))")
    ap.add_argument("--wasm", metavar="DIR", help="run the WebAssembly build of the core (in DIR) in Node")
    args = ap.parse_args()
    games = list(GAMES) if args.games == "all" else args.games.split(",")
    deals = parse_deals(args.deals)
    node = wasm.NodeCore(args.wasm) if args.wasm else None
    with wasm.standing_in(node) if node else contextlib.nullcontext():
        run(games, deals, args, time.perf_counter if node else time.process_time)
    if node:
        node.close()


def run(games: list[str], deals: list[int], args: argparse.Namespace, clock) -> None:
    """One line a game and mode: each deal's verdict letter, positions and moves, and the seconds."""
    total = 0.0
    for game in games:
        # and the staged searches the game's own plan names (redeal planning, the beam)
        staged = [step.mode for step in get_game(game).search_plan or () if step.mode not in MODES]
        for mode in (*MODES, *staged):
            cells = []
            start = clock()
            for deal in deals:
                r = solve(new_game(game, deal=deal), max_states=args.max_states, strategy=mode,
                          deadends=args.deadends)
                cells.append(f"{r.verdict.value[0]}{r.states}:{len(r.moves)}")
            seconds = clock() - start
            total += seconds
            print(game, mode, " ".join(cells), f"{seconds:.2f}s", flush=True)
    print(f"total {total:.2f}s")


if __name__ == "__main__":
    main()
