"""``napoleon study GAME --deals 1-10000``: the winnability study from the shell."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import TYPE_CHECKING, Any

from ..schemas import cli as values
from ..study import StudyError, Summary, need_extra, parse_deals, run_study, running_estimates
from ..study.settle import Settlement, merge, settle_study
from .common import argument, db_parent, json_parent, parse_options
from .plot import plot

if TYPE_CHECKING:
    from ..engine.game import Game


def register(subparsers: Any) -> None:
    """Add ``study`` to the ``napoleon`` parser."""
    p = subparsers.add_parser("study", parents=[db_parent(), json_parent()], help="solve a range of deals and estimate winnability")
    p.add_argument("game")
    p.add_argument("--deals", default="1-1000", help="deal numbers, e.g. 1-10000 or 1-10,50-60 (default 1-1000)")
    p.add_argument("-o", "--option", action="append", metavar="K=V", help="a game option, e.g. redeals=2")
    p.add_argument("--budget", type=argument(values.seconds("--budget")), default=10.0,
                   help="solver seconds per deal (default 10)")
    p.add_argument("--max-states", type=argument(values.whole("--max-states", 1, 10**12)),
                   help="positions the solver may visit per deal (repeatable results)")
    p.add_argument("--jobs", "-j", type=argument(values.whole("--jobs", 1, 4096)),
                   help="worker processes (default: all cores)")
    p.add_argument("--dask", metavar="ADDRESS", help="run on the Dask scheduler at ADDRESS, e.g. tcp://host:8786")
    p.add_argument("--plot", metavar="FILE.png", help="draw the running estimate and its interval")
    p.add_argument("--settle", type=argument(values.seconds("--settle")), metavar="SECONDS",
                   help="then give each deal the study left unknown SECONDS (longer than --budget), re-check "
                        "each loss by a second search, and count the verdicts as the study's own")
    p.add_argument("--slice", type=argument(values.whole("--slice", 1, 10**9)), metavar="N", help="with --settle: settle at most N more deals in this run")
    p.add_argument("--checkpoints", metavar="DIR",
                   help="with --settle: keep the deeper search of each deal left unknown in DIR, and take "
                        "it up in the next pass with the same DIR (SECONDS more each pass)")
    p.add_argument("--grades", action="store_true",
                   help="grade the deals instead (docs/grades.md): calibrate the game's thresholds and write its "
                        "shipped grades")
    p.add_argument("--grades-file", metavar="FILE.json",
                   help="with --grades: the grades file to write (default: the package's own grades.json)")
    p.add_argument("--grades-log", metavar="FILE.jsonl",
                   help="with --grades: the work log that makes a run resumable (default: in the user cache)")
    p.set_defaults(func=cmd_study)


def cmd_study(args: argparse.Namespace) -> None:
    """Run (or go on with) the study ``args`` ask for and print its figures."""
    from ..games import player_game

    check_study_args(args)
    game = player_game(args.game, parse_options(args.option))
    deals = parse_deals(args.deals)
    if args.grades:
        from .grade_commands import study_grades

        study_grades(args, game, deals)
        return
    if args.grades_file or args.grades_log:
        raise StudyError("--grades-file and --grades-log go with --grades")
    start = time.monotonic()
    summary, settlement = study_with_progress(args, game, deals)
    print_study(args, summary, settlement, time.monotonic() - start)


def check_study_args(args: argparse.Namespace) -> None:
    """A StudyError for options that do not go together, or an extra they need that is missing."""
    if args.settle is not None and args.settle <= args.budget:
        raise StudyError("--settle must be more seconds than --budget")
    if args.settle is not None and args.grades:
        raise StudyError("--settle goes with a winnability study, not with --grades")
    if args.slice is not None and args.settle is None:
        raise StudyError("--slice goes with --settle")
    if args.checkpoints is not None and args.settle is None:
        raise StudyError("--checkpoints goes with --settle")
    if args.plot and not args.plot.lower().endswith(".png"):
        raise StudyError("--plot writes a PNG file: give a name ending in .png")
    # Before any deal is solved: a missing extra is said at once, not after the study.
    if args.dask:
        need_extra("distributed", "--dask")
    if args.plot:
        need_extra("matplotlib", "--plot")


def study_with_progress(args: argparse.Namespace, game: Game, deals: list[int]) -> tuple[Summary, Settlement | None]:
    """Run the study (and its settling pass, and its plot) with a progress bar on stderr."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    from ..store import Store

    err = Console(stderr=True)
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[counts]}"), TimeElapsedColumn(), TextColumn("ETA"),
                        TimeRemainingColumn(), console=err, transient=False)
    task_id = None

    def on_start(total: int, done: int) -> None:
        nonlocal task_id
        task_id = progress.add_task(game.describe(), total=total, completed=done, counts="")
        if done:
            err.print(f"{done} of {total} deals already in the store: resuming")

    def on_result(result: dict[str, Any], summary: Summary) -> None:
        progress.update(task_id, advance=1,
                        counts=f"won {summary.won} lost {summary.lost} unknown {summary.unknown}")

    with Store.open(args.db) as store:
        try:
            with progress:
                summary = run_study(store, game.id, game.options, deals, budget=args.budget,
                                    max_states=args.max_states, jobs=args.jobs, dask=args.dask,
                                    on_result=on_result, on_start=on_start, deal_range=args.deals)
            settlement = settle(args, store, summary, deals, progress, err) if args.settle else None
        except KeyboardInterrupt:
            err.print("interrupted: every result so far is stored; run the same command again to go on")
            raise
        summary = merge(store, summary, deals)
        if args.plot:
            points = running_estimates(store, game.id, game.options, deals, args.budget, args.max_states)
            plot(points, args.plot, f"{game.describe()}: deals {args.deals}, {args.budget:g} s budget")
    return summary, settlement


def print_study(args: argparse.Namespace, summary: Summary, settlement: Settlement | None, wall: float) -> None:
    """The study's warnings on stderr, then its figures (JSON with ``--json``) on stdout."""
    for deal, message in summary.errors:
        print(f"napoleon: warning: deal {deal} failed in the solver: {message}", file=sys.stderr)
    if settlement is not None:
        for deal, message in settlement.errors:
            print(f"napoleon: warning: deal {deal} failed in the settling pass: {message}", file=sys.stderr)
    if args.json:
        obj = summary.to_json()
        if settlement is not None:
            obj["settlement"] = settlement.to_json()
        print(json.dumps(obj, indent=2))
        return
    print(report(summary, wall))
    if settlement is not None:
        print(settlement_report(settlement))
    if args.plot:
        print(f"plot written to {args.plot}")


def settle(args: argparse.Namespace, store: Any, summary: Summary, deals: list[int], progress: Any,
           err: Any) -> Settlement:
    """The settling pass of ``cmd_study``, with its own progress bar."""
    task_id = None

    def on_start(total: int, done: int) -> None:
        nonlocal task_id
        task_id = progress.add_task(f"settling, {args.settle:g} s a deal", total=total, completed=done, counts="")
        if done:
            err.print(f"{done} of the {total} unknown deals already settled or searched: resuming")

    def on_result(result: dict[str, Any], settlement: Settlement) -> None:
        progress.update(task_id, advance=1,
                        counts=f"won {settlement.count('won')} lost {settlement.count('lost')}")

    with progress:
        return settle_study(store, summary, deals, args.settle, jobs=args.jobs, dask=args.dask,
                            slice_=args.slice, on_start=on_start, on_result=on_result,
                            checkpoints=args.checkpoints)


def settlement_report(settlement: Settlement) -> str:
    """The settling pass's result as text."""
    s = settlement.to_json()
    lines = [(f"settling pass, {s['budget']:g} s a deal: of {s['unknown_before']} unknown deals, {s['searched']} "
             f"searched, {s['won']} won, {s['lost']} lost, {s['unknown']} still unknown")]
    if s["lost_deals"]:
        lines.append("lost: " + ", ".join(str(d) for d in s["lost_deals"]))
    for deal, check in s["checks"].items():
        lines.append(f"deal {deal}: the loss {check} by depth-first search card by card, without shortcuts")
    for deal, chance in s["fingerprint_lost"].items():
        lines.append(f"deal {deal}: lost by a search that kept fingerprints of positions (a chance below {chance:.0e} "
                     "of being wrong): not counted, still unknown")
    return "\n".join(lines)


def report(summary: Summary, wall: float) -> str:
    """The study's result as text."""
    low, high = summary.interval
    t = summary.timing()
    est = "-" if summary.estimate is None else f"{100 * summary.estimate:.1f}%"
    limit = f", at most {summary.max_states} positions" if summary.max_states else ""
    lines = [
        (f"{summary.game}{_opts(summary)}: {summary.deals} deals ({summary.deal_range}), "
         f"budget {summary.budget:g} s per deal{limit}"),
        f"won {summary.won}, lost {summary.lost}, unknown {summary.unknown} (solver code {summary.solver})",
        (f"winnable: {est} (95% interval {100 * low:.1f}% to {100 * high:.1f}%, unknown deals counted "
         "as lost for the low end and as won for the high end)"),
    ]
    if summary.settled and (summary.settled["won"] or summary.settled["lost"]):
        budgets = ", ".join(f"{b:g}" for b in summary.settled["budgets"])
        lines.append(f"of these, settled by longer searches ({budgets} s a deal): won {summary.settled['won']}, "
                     f"lost {summary.settled['lost']}")
    if summary.deals and summary.unknown > 0.1 * summary.deals:
        lines.append(f"note: {100 * summary.unknown / summary.deals:.0f}% of the deals are undecided within the "
                     "budget; the estimate is over the decided deals only, the interval covers every deal")
    if t["median"] is not None:
        lines.append(f"solver time per deal: median {t['median']:.3f} s, p90 {t['p90']:.3f} s, max {t['max']:.3f} s; "
                     f"{summary.computed} solved in this run, {wall:.1f} s wall time")
    return "\n".join(lines)


def _opts(summary: Summary) -> str:
    from ..games import get_game

    text = get_game(summary.game, summary.options).describe()[len(summary.game):]
    return f" ({text.strip()})" if text.strip() else ""
