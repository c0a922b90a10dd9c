"""``napoleon solve`` and ``napoleon hint``: a deal, or a position on standard input, put to the solver."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .. import voice
from ..engine.errors import NapoleonError
from ..engine.state import State
from ..schemas import SchemaError, load_json
from ..schemas import cli as values
from .common import MAX_JSON_LINE, UsageError, argument, bounded_lines, emit, json_parent, options_parent
from .positions import deal_number, read_position, state_of


def where(state: State) -> str:
    """``deal 7``, or what a position without a deal number is."""
    return "a position without a deal number" if state.deal is None else f"deal {state.deal}"


def cmd_solve(args: argparse.Namespace) -> None:
    from ..solver import result_json, solve

    if args.level != 1 and args.strategy != "nested":
        raise UsageError(f"--level {args.level} is the level of nested rollouts: it goes with --strategy nested")
    if args.batch:
        if args.estimate:
            raise UsageError("--estimate estimates one search: it does not go with --batch")
        solve_batch(args)
        return
    if args.probes is not None and not args.estimate:
        raise UsageError("--probes is the number of probes of an estimate: it goes with --estimate")
    state = state_of(args)
    if args.estimate:
        estimate(args, state)
        return
    if args.fingerprints and args.strategy != "dfs":
        raise UsageError("--fingerprints go with --strategy dfs")
    if args.checkpoint and args.strategy not in ("dfs", "layers"):
        raise UsageError("--checkpoint goes with --strategy dfs (a file) or --strategy layers (a folder)")
    try:
        result = solve(state, budget=args.budget, max_states=args.max_states, strategy=args.strategy,
                       deadends=args.deadends, card_by_card=args.card_by_card, level=args.level,
                       fingerprints=args.fingerprints, checkpoint=args.checkpoint, waste=args.waste_test)
    except KeyboardInterrupt:
        if args.checkpoint:
            print(f"napoleon: interrupted; the search so far is kept in {args.checkpoint}", file=sys.stderr)
        raise
    obj = result_json(state, result)

    def text() -> str:
        head = f"{state.game.name}, {where(state)}: {result.verdict}"
        facts = f"{result.states} positions searched in {result.seconds:.2f} s"
        if result.won:
            return f"{head} in {len(result.moves)} moves ({facts})\n" + " ".join(obj["moves"])
        if result.chance_wrong is not None:
            return (f"{head}: no sequence of legal moves wins, by a search that kept fingerprints of positions: "
                    f"wrong with a chance below {result.chance_wrong:.1e} ({facts})")
        if result.verdict == "lost":
            return f"{head}: no sequence of legal moves wins ({facts})"
        if result.out_of_memory:
            from ..solver.core import format_memory, memory_limit

            return (f"{head}: a search reached the memory limit of {format_memory(memory_limit())} "
                    f"({facts}; NAPOLEON_MEMORY sets the limit)")
        kept = f"; the search so far is kept in {args.checkpoint}" if args.checkpoint else ""
        return f"{head}: the budget ran out ({facts}{kept})"

    emit(args, obj, text)


def estimate(args: argparse.Namespace, state: State) -> None:
    """``solve --estimate``: how many positions the complete depth-first search would visit, and how long."""
    from ..solver.core import NotCompilable
    from ..solver.estimate import estimate_search

    if args.strategy not in ("auto", "dfs"):
        raise UsageError("--estimate estimates depth-first search (--strategy dfs, exact keys): "
                         f"it does not go with --strategy {args.strategy}")
    if args.fingerprints or args.checkpoint or args.max_states:
        raise UsageError("--estimate does not go with --fingerprints, --checkpoint or --max-states")
    try:
        found = estimate_search(state, budget=args.budget, probes=args.probes, deadends=args.deadends,
                                waste=args.waste_test, macros=not args.card_by_card)
    except NotCompilable as exc:
        raise UsageError(f"an estimate needs the compiled search core: {exc}") from exc

    def text() -> str:
        head = f"{state.game.name}, {where(state)}"
        if found.exact:
            return (f"{head}: the search ended within the estimate's budget: {found.verdict} after "
                    f"{found.reached:,} positions ({found.search_seconds:.2f} s)")
        eta = found.eta
        lines = [f"{head}: a complete depth-first search would visit about {found.positions:.3g} positions "
                 f"(90% interval of the mean of {found.probes} probes: {found.low:.3g} to {found.high:.3g}; "
                 f"each probe counts exactly below {found.cap:,} positions)",
                 f"at least {found.reached:,}: the search itself went that far in {found.search_seconds:.1f} CPU s, "
                 f"{found.rate:,.0f} positions a CPU second"
                 + (f"; at that speed the estimate is {duration(eta)} of CPU time (long searches run slower "
                    "a position: their tables outgrow the caches)" if eta is not None else ""),
                 "the estimate counts a position once for each line to it above the probes' exact searches: "
                 "read it as an upper estimate (docs/benchmarks.md, \"How big is it?\")"]
        if found.won:
            lines.append("a probe's search found a win: the deal is won, and the search stops at its first win")
        return "\n".join(lines)

    emit(args, found.to_json(), text)


def duration(seconds: float) -> str:
    """Seconds in the unit a reader plans by: seconds, minutes, hours, days or years."""
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= 2 * size:
            return f"{seconds / size:.3g} {unit}"
    return f"{seconds:.3g} seconds"


def solve_batch(args: argparse.Namespace) -> None:
    """``solve --batch``: one position JSON a line in, one verdict JSON a line out, in one process.

    Blank lines are skipped. Each answer carries the ``line`` it answers; a
    line that is not a position gives ``{"line": N, "error": "..."}`` and the
    batch goes on.
    """
    from ..solver import result_json, solve

    if args.game or args.deal is not None or args.moves:
        raise UsageError("solve --batch reads positions from standard input: give no game, deal or moves")
    if args.checkpoint:
        raise UsageError("--checkpoint keeps one search: it does not go with --batch")
    for number, line in enumerate(bounded_lines(getattr(sys.stdin, "buffer", sys.stdin), MAX_JSON_LINE), 1):
        if not line.strip():
            continue
        try:
            if len(line) > MAX_JSON_LINE:
                raise SchemaError(f"the line is too long (over {MAX_JSON_LINE} bytes)")
            state = read_position(load_json(line, "the line"))
            result = solve(state, budget=args.budget, max_states=args.max_states, strategy=args.strategy,
                           deadends=args.deadends, card_by_card=args.card_by_card, level=args.level,
                           fingerprints=args.fingerprints, waste=args.waste_test)
            answer = {"line": number, **result_json(state, result)}
        except NapoleonError as exc:
            answer = {"line": number, "error": str(exc)}
        # Flushed line by line, so that a reader of the pipe sees each verdict as it comes.
        print(json.dumps(answer, separators=(",", ":")), flush=True)


def cmd_hint(args: argparse.Namespace) -> None:
    from ..analysis import GUESS, UNKNOWN, WINNABLE, ask_hint

    state = state_of(args)
    hint = ask_hint(state, budget=args.budget)
    answer = hint.answer
    suggestion = answer.suggestion if hint.outcome == GUESS else None
    obj = {"verdict": answer.verdict, "move": state.game.move_to_json(hint.move) if hint.outcome == WINNABLE else None,
           "states": answer.states, "seconds": round(answer.seconds, 4),
           "suggestion": suggestion.to_json(state) if suggestion else None}
    if hint.outcome == WINNABLE:
        text = f"{state.san(hint.move)}   ({voice.POSITION_WINNABLE})"
    elif suggestion is not None:
        text = f"{state.san(hint.move)}   ({suggestion.note()}, after {answer.states} positions)"
    elif hint.outcome == UNKNOWN:
        text = f"no hint: the solver ran out of time after {answer.states} positions"
    else:
        text = hint.text
    emit(args, obj, text)


def register(sub: Any) -> None:
    """Add ``solve`` and ``hint`` to the ``napoleon`` parser: a deal or a position put to the solver."""
    out, opts = json_parent(), options_parent()
    for name, func, default_budget, help_text in (
        ("solve", cmd_solve, 30.0, "prove a deal (or a position on stdin) won or lost"),
        ("hint", cmd_hint, 5.0, "the next move of a solution, or a guess where none is found in time"),
    ):
        p = sub.add_parser(name, parents=[out, opts], help=help_text)
        p.add_argument("game", nargs="?", help="game id; without it, a position JSON is read from stdin")
        p.add_argument("--deal", "-d", type=deal_number)
        p.add_argument("moves", nargs="*", metavar="MOVE", help="moves played from the deal first")
        p.add_argument("--budget", type=argument(values.seconds("--budget")), default=default_budget,
                       help="seconds the search may take")
        if name == "solve":
            add_solve_options(p)
        p.set_defaults(func=func)


def add_solve_options(p: argparse.ArgumentParser) -> None:
    """The options ``solve`` has and ``hint`` has not: limits, strategy, and batch mode."""
    from ..solver import STRATEGIES

    p.add_argument("--max-states", type=argument(values.whole("--max-states", 1, 10**12)),
                   help="positions a search may visit (with --strategy auto, each of the game's "
                        "searches in turn; a search stops at its next check of it, every 1,024 to 4,096)")
    p.add_argument("--strategy", choices=STRATEGIES, default="auto",
                   help="the game's portfolio (auto) or one search alone (see README)")
    p.add_argument("--deadends", action="store_true",
                   help="prove positions lost early where some cards can never move again (sound; "
                        "a lost it finds is re-checked by the same command without it)")
    p.add_argument("--waste-test", action="store_true",
                   help="prove positions of a one-pass stock lost early where the cards bound for the "
                        "columns when a waste card must leave need more columns than there are (sound)")
    p.add_argument("--card-by-card", action="store_true",
                   help="depth-first search turns a one-pass stock one card at a time, not by "
                        "'turn k cards, play the k-th' (the same verdicts over more positions: "
                        "to re-check a verdict)")
    p.add_argument("--fingerprints", action="store_true",
                   help="depth-first search keeps two 64-bit hashes of each position instead of the "
                        "position: about five times as far in the same memory; a lost is then wrong with "
                        "a chance below positions^2 / 2^129, which the answer states")
    p.add_argument("--checkpoint", metavar="PATH",
                   help="depth-first search (a file) or the layered search (a folder) takes up the "
                        "search kept in PATH, if any, and keeps its progress there when the budget, "
                        "--max-states (counted from the first run) or the memory runs out or it is "
                        "interrupted: a long search in pieces")
    p.add_argument("--level", type=int, choices=range(5), default=1,
                   help="the level of nested rollouts (with --strategy nested; default 1)")
    p.add_argument("--estimate", action="store_true",
                   help="estimate the positions the complete depth-first search would visit and the time it "
                        "would take, within --budget, instead of searching (an upper estimate: see "
                        "docs/benchmarks.md)")
    p.add_argument("--probes", type=argument(values.whole("--probes", 1, 10**6)),
                   help="with --estimate: exactly this many probes (the same estimate on any machine)")
    p.add_argument("--batch", action="store_true",
                   help="read positions as JSON lines on stdin, write one JSON verdict a line "
                        "(--budget and --max-states apply to each)")
