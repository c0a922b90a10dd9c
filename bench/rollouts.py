"""Playouts against nested rollouts: deals won within a cap of positions, and positions per CPU-second.

    python bench/rollouts.py --game napoleons-tomb --deals 20001-20100 --max-states 20000000 --jobs 2 \
        --variants playouts,nested1,nested1p,nested2 --out /tmp/rollouts.jsonl

Each search runs once per deal with the largest cap; a search is
deterministic and a cap only stops it, so a deal won after s positions is
won by every cap above s, and the table gives the deals won within each of
``--caps``. CPU seconds are ``time.process_time()`` of the worker, so they
are fair on a loaded machine (searches whose positions cost different time,
such as the beam's, compare by ``--cpu-caps``). A variant may carry its own
cap: ``beam:1000000``. Variants: ``playouts`` (the core's playouts),
``nested<L>`` (nested rollouts of level L), ``nested<L>p`` (with the
playout policy); ``nested0p`` is playouts with the policy alone; ``beam``
is staged.py's beam over the stock's turns.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

import napoleon
from napoleon.solver import core, replays_to_win
from napoleon.solver.staged import beam_search
from napoleon.study import parse_deals


def variant_args(name: str) -> dict:
    if name == "playouts":
        return {"mode": "playouts"}
    if name.startswith("nested"):
        rest = name[len("nested"):]
        policy = rest.endswith("p")
        return {"mode": "nested", "level": int(rest.rstrip("p") or 1), "policy": policy}
    raise ValueError(f"unknown variant {name!r}")


def job(game_id: str, deal: int, variant: str, cap: int) -> dict:
    state = napoleon.new_game(game_id, deal)
    start = time.process_time()
    if variant == "beam":
        result = beam_search(state, max_states=cap)
    else:
        result = core.search(state, max_states=cap, **variant_args(variant))
    cpu = time.process_time() - start
    if result.won:
        assert replays_to_win(state, result.moves), (game_id, deal, variant)
    return {"game": game_id, "deal": deal, "variant": variant, "verdict": result.verdict, "states": result.states,
            "cpu": round(cpu, 3)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="napoleons-tomb")
    ap.add_argument("--deals", default="20001-20100")
    ap.add_argument("--variants", default="playouts,nested1,nested1p")
    ap.add_argument("--max-states", type=int, default=20_000_000)
    ap.add_argument("--caps", default="5000000,20000000", help="caps to tabulate (each at most --max-states)")
    ap.add_argument("--cpu-caps", default="", help="also tabulate the deals won within these CPU seconds")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--out", help="append every result to this JSON-lines file")
    ap.add_argument("--table", help="only tabulate this JSON-lines file")
    args = ap.parse_args()
    if args.table:
        with open(args.table) as f:
            rows = [json.loads(line) for line in f]
    else:
        rows = []
        # deal by deal, so that a run stopped early still compares the variants on the same deals
        variants = [v.partition(":") for v in args.variants.split(",")]
        tasks = [(args.game, d, v, int(cap or args.max_states)) for d in parse_deals(args.deals) for v, _, cap in variants]
        with ProcessPoolExecutor(args.jobs, initializer=core.share_memory, initargs=(args.jobs,)) as pool:
            for fut in as_completed([pool.submit(job, *t) for t in tasks]):
                row = fut.result()
                rows.append(row)
                if args.out:
                    with open(args.out, "a") as fh:
                        fh.write(json.dumps(row) + "\n")
    caps = [int(c) for c in args.caps.split(",")]
    cpu_caps = [float(c) for c in args.cpu_caps.split(",") if c]
    heads = [f"won within {c:,}" for c in caps] + [f"won within {c:g} CPU-s" for c in cpu_caps]
    print("| variant | deals | " + " | ".join(heads) + " | positions | CPU s | positions/CPU-s |")
    print("|---|---:|" + "---:|" * len(heads) + "---:|---:|---:|")
    for v in dict.fromkeys(r["variant"] for r in rows):
        these = [r for r in rows if r["variant"] == v]
        won = [sum(r["verdict"] == "won" and r["states"] < c for r in these) for c in caps]
        won += [sum(r["verdict"] == "won" and r["cpu"] <= c for r in these) for c in cpu_caps]
        states = sum(r["states"] for r in these)
        cpu = sum(r["cpu"] for r in these)
        print(f"| {v} | {len(these)} | " + " | ".join(map(str, won)) + f" | {states:,} | {cpu:.0f} | {states / max(cpu, 1e-9):,.0f} |")


if __name__ == "__main__":
    main()
