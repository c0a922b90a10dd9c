"""How good is the estimate of a complete depth-first search's size (napoleon/solver/estimate.py)?

    python bench/estimate.py --check                  # estimate against the count, deals whose search ends
    python bench/estimate.py --sample --budget 30     # the estimate of the unknown sample and three long searches

``--check``: for each deal of CHECK (lost deals of reduced decks and of the
full games, whose complete search ends: its positions and CPU seconds are
measured first), ``--probes`` probes at each cap of ``--caps`` with the
moves that commute left out (and with ``--both-orders`` also counting them
in both orders): the mean's ratio to the true count, its 90% interval as
ratios, the CPU seconds. Beside them the online estimate at the same
deal: the search run to ``--online`` of its positions, its positions
divided by the share of its tree done, a share that splits each
position's share equally among its moves (read from the frames of the
checkpoint it leaves: dfs.c's format).

``--sample``: ``estimate_search`` with ``--budget`` seconds on each deal of
prove_sample.SAMPLE and 1500001, 1500004, 1500014 (the deals of the long
searches in docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import os
import statistics
import struct
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import napoleon  # noqa: E402
from napoleon.solver import core  # noqa: E402
from napoleon.solver.estimate import estimate_search, probe  # noqa: E402
from prove_sample import SAMPLE  # noqa: E402

FT7 = {"ranks": 7, "columns": 6}
CHECK = [("forty-thieves", FT7, 1), ("forty-thieves", FT7, 16), ("forty-thieves", FT7, 23), ("werner", {}, 10),
         ("forty-thieves", {}, 2), ("forty-thieves", {}, 20), ("forty-thieves", {}, 20021)]
LONG = (1500001, 1500004, 1500014)


def progress(path: str) -> tuple[int, float]:
    """The positions and the share of the tree done of the search kept in the checkpoint ``path``."""
    b = Path(path).read_bytes()
    _version, taglen, states, npath, nframes, _msp = struct.unpack("<6Q", b[8:56])
    at = 56 + taglen + npath * 3
    done, share = 0.0, 1.0
    for k in range(nframes):
        _start, n, i, _pushed = struct.unpack("<4i", b[at + 16 * k: at + 16 * k + 16])
        if n == 0:
            break
        done += share * ((i if k == nframes - 1 else i - 1) / n)
        share /= n
    return states, done


def online(state, positions: int, fraction: float) -> str:
    path = tempfile.mktemp(suffix=".ck")
    try:
        result = core.search(state, mode="dfs", max_states=max(int(positions * fraction), 1), checkpoint=path)
        if result.verdict != "unknown":
            return "ended"
        states, done = progress(path)
        return f"{states / done / positions:.3g}" if done > 0 else "inf"
    finally:
        if os.path.exists(path):
            os.remove(path)


def check(args) -> None:
    print(f"{'deal':<34} {'positions':>11} {'CPU s':>7} | cap, probes: mean/true [90% interval] CPU s | "
          f"online at {args.online:.0%}")
    ratios: dict[str, list[float]] = {}
    for game, options, deal in CHECK:
        state = napoleon.new_game(game, deal, options)
        t = time.process_time()
        exact = core.search(state, mode="dfs")
        cpu = time.process_time() - t
        name = f"{game} {deal}" + (" " + " ".join(f"{k}={v}" for k, v in options.items()) if options else "")
        cells = []
        for cap in args.caps:
            for commute in (True, False) if args.both_orders else (True,):
                t = time.process_time()
                found = probe(state, cap, args.probes, seed=args.seed, commute=commute)
                spent = time.process_time() - t
                r = found.mean / exact.states
                key = f"{cap}{'' if commute else ' both orders'}"
                ratios.setdefault(key, []).append(r)
                cells.append(f"{key}, {found.count}: {r:.3g} [{found.low / exact.states:.3g}-"
                             f"{found.high / exact.states:.3g}] {spent:.1f}")
        print(f"{name:<34} {exact.states:>11,} {cpu:>7.1f} | {' | '.join(cells)} | "
              f"{online(state, exact.states, args.online)}", flush=True)
    for key, rs in ratios.items():
        print(f"cap {key}: ratio median {statistics.median(rs):.3g}, min {min(rs):.3g}, max {max(rs):.3g}")


def sample(args) -> None:
    game = napoleon.get_game("forty-thieves")
    for deal in (*SAMPLE, *LONG):
        found = estimate_search(game.new_state(deal), budget=args.budget, seed=args.seed)
        eta = found.eta or 0.0
        print(f"{deal} estimate {found.positions:.3g} [{found.low:.3g}-{found.high:.3g}] probes {found.probes} "
              f"cap {found.cap:,} | reached {found.reached:,} at {found.rate:,.0f}/s | "
              f"{eta / 3600:.3g} h at that speed{' | exact: ' + str(found.verdict) if found.exact else ''}",
              flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--sample", action="store_true")
    ap.add_argument("--caps", type=lambda s: [int(x) for x in s.split(",")], default=[4096, 65536])
    ap.add_argument("--probes", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--both-orders", action="store_true")
    ap.add_argument("--online", type=float, default=0.1)
    ap.add_argument("--budget", type=float, default=30.0)
    args = ap.parse_args()
    if args.check:
        check(args)
    if args.sample:
        sample(args)


if __name__ == "__main__":
    main()
