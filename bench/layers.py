"""The layered search (exact keys) against exact depth-first search on hard Forty Thieves deals.

    python bench/layers.py --positions 1000000                  # the fixed sample of 20, each capped
    python bench/layers.py --budget 30                          # the same, 30 s a search
    python bench/layers.py --deals 1500004 --long --budget 1800 --memory 14G --folder runs/
    python bench/layers.py --deals 1500004 --long --budget 1800 --memory 6G --folder runs/ --pieces

Each search runs alone in a fresh process (its peak memory is that
process's). ``--positions``/``--budget``: for each deal of
bench/prove_sample.py's SAMPLE (or ``--deals``), the layered search
(``layered.layers``) and depth-first search with exact keys (``core.search(...,
mode="dfs")``), both with macro moves and without the dead-end tests: verdict,
positions, CPU seconds, positions a CPU second, and the growth of the
process's peak memory a position visited; for the layered search also the
bytes a position its tables held at their peak and its largest layer.
``--long``: the layered search alone on each deal in turn, under
``--memory``, a line per layer finished in ``--folder``/layers-DEAL.log
(its records in that folder too), then the result; with ``--pieces`` each
deal's search is kept in ``--folder``/ck-DEAL when it stops short and taken
up there by the same command run again (the CPU seconds are then the run's).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import signal
import time
from pathlib import Path

from prove_sample import SAMPLE

from napoleon import new_game
from napoleon.schemas.env import parse_memory
from napoleon.solver import core, layered


def one(method: str, deal: int, budget: float, cap: int, memory: int, folder: str | None, log: str | None,
        pieces: bool = False):
    """One search in this process: (verdict, positions, CPU s, peak memory growth in bytes, stats or None)."""
    core.set_memory_limit(memory)
    state = new_game("forty-thieves", deal)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cpu = time.process_time()
    stats = None
    if method == "layers":
        kept = {"checkpoint": f"{folder}/ck-{deal}"} if pieces else {"folder": folder}
        result, stats = layered.layers(state, budget=budget or None, max_states=cap or None, log=log, **kept)
    else:
        result = core.search(state, budget=budget or None, max_states=cap or None, mode="dfs")
    cpu = time.process_time() - cpu
    grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) * 1024
    verdict = result.verdict.value + (" (memory)" if result.out_of_memory else "")
    return verdict, result.states, cpu, grown, stats and tuple(stats)


def answer(conn, args) -> None:
    """``one(*args)`` in the child, its answer sent back (None when a Ctrl-C stopped it)."""

    def once(signum, frame):
        # The terminal's Ctrl-C and the one the parent passes on may both come: the second must not
        # break into the first's ending (the search's pieces being kept, the answer sent).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, once)
    try:
        got = one(*args)
    except KeyboardInterrupt:
        got = None
    conn.send(got)


def run(*args):
    """``one(*args)`` in a fresh process; KeyboardInterrupt once it has stopped, when Ctrl-C came.

    A Ctrl-C reaches the child too (the terminal's process group), or is passed
    on to it (a SIGINT sent to this process alone): the child's search stops at
    its next look at the signals and keeps its pieces (``--pieces``) before
    this process stops. (A pool ended its worker at once on the parent's
    KeyboardInterrupt, its checkpoint unwritten.)
    """
    ctx = multiprocessing.get_context("spawn")
    mine, theirs = ctx.Pipe(duplex=False)
    child = ctx.Process(target=answer, args=(theirs, args))
    child.start()
    theirs.close()
    got, interrupted = None, False
    while True:
        try:
            if mine.poll(0.5):
                got = mine.recv()
                break
            if not child.is_alive() and not mine.poll():
                break
        except EOFError:
            break
        except KeyboardInterrupt:
            interrupted = True
            if child.is_alive():
                os.kill(child.pid, signal.SIGINT)
    child.join()
    if interrupted or got is None:
        raise KeyboardInterrupt
    return got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", help="comma-separated deals (default: the sample)")
    ap.add_argument("--positions", type=int, default=0, help="cap each search at this many positions")
    ap.add_argument("--budget", type=float, default=0, help="seconds a search")
    ap.add_argument("--memory", default="4G", help="the memory limit of each search (NAPOLEON_MEMORY's form)")
    ap.add_argument("--long", action="store_true", help="the layered search alone, logged layer by layer")
    ap.add_argument("--folder", default=None, help="where the layered search keeps its records (and --long its logs)")
    ap.add_argument("--pieces", action="store_true",
                    help="with --long: keep each search in FOLDER/ck-DEAL when it stops short, and take it up there")
    args = ap.parse_args()
    memory = parse_memory(args.memory)
    deals = [int(d) for d in args.deals.split(",")] if args.deals else list(SAMPLE)
    if args.folder:
        Path(args.folder).mkdir(parents=True, exist_ok=True)  # a new run's folder, named on the command line
    if args.long:
        folder = Path(args.folder or ".")
        for deal in deals:
            log = folder / f"layers-{deal}.log"
            try:
                verdict, states, cpu, grown, stats = run("layers", deal, args.budget, args.positions, memory,
                                                         str(folder), str(log), args.pieces)
            except KeyboardInterrupt:
                kept = f": its search is kept in {folder}/ck-{deal} (run the command again)" if args.pieces else ""
                raise SystemExit(f"{deal}: interrupted{kept}") from None
            st = layered.LayerStats(*stats)
            print(f"{deal}: {verdict}, {states:,} positions, {cpu:.0f} CPU s; {st.layers} layers, the largest "
                  f"{st.largest:,} (layer {st.largest_at}), {st.stored:,} stored, peak {st.peak_bytes / 2**30:.2f} GiB "
                  f"holding {st.peak_held:,} ({st.bytes_a_position:.0f} bytes each)", flush=True)
        return
    print("| deal | method | verdict | positions | CPU s | positions a CPU s | peak memory growth a position | "
          "bytes a position held (tables) | largest layer |")
    print("|---:|---|---|---:|---:|---:|---:|---:|---:|")
    totals: dict[str, list[float]] = {"layers": [0, 0, 0, 0], "dfs": [0, 0, 0, 0]}
    for deal in deals:
        for method in ("layers", "dfs"):
            verdict, states, cpu, grown, stats = run(method, deal, args.budget, args.positions, memory, args.folder,
                                                     None)
            held = largest = "-"
            if stats:
                st = layered.LayerStats(*stats)
                held, largest = f"{st.bytes_a_position:.0f}", f"{st.largest:,}"
            t = totals[method]
            t[0] += verdict in ("won", "lost")
            t[1] += states
            t[2] += cpu
            t[3] += grown
            print(f"| {deal} | {method} | {verdict} | {states:,} | {cpu:.1f} | {states / max(cpu, 1e-9):,.0f} | "
                  f"{grown / max(states, 1):.0f} | {held} | {largest} |", flush=True)
    for method, (decided, states, cpu, grown) in totals.items():
        print(f"{method}: decided {decided:.0f}/{len(deals)}, {states:,.0f} positions, {cpu:.1f} CPU s, "
              f"{states / max(cpu, 1e-9):,.0f} a CPU s, {grown / max(states, 1):.0f} bytes of peak memory growth a position")


if __name__ == "__main__":
    main()
