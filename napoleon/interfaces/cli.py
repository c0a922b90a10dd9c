"""The ``napoleon`` command: play, inspect, replay and solve from the shell.

Every command prints readable text, or JSON with ``--json``. Bad input
(an unknown game, a bad option, malformed JSON, an illegal move) gives one
line on standard error and exit status 2, and changes nothing.
"""

from __future__ import annotations

import argparse
import importlib
import json
import secrets
import sys
from collections.abc import Sequence
from typing import Any

from .. import GAMES, NapoleonError, __version__, get_game, position_from_json
from ..engine.errors import NotationError
from ..engine.game import Game
from ..engine.state import State
from ..grading import GRADES
from ..schemas import SchemaError, load_json, parse, parse_as
from ..schemas import cli as values
from ..schemas.files import MoveList, Position
from ..schemas.values import MOVE_TEXT
from ..voice import plural
from .common import (
    EXIT_USAGE,
    MAX_JSON_LINE,
    Parser,
    UsageError,
    argument,
    bounded_lines,
    emit,
    game_info,
    parse_options,
    read_json_stdin,
)

# Modules that add their own subcommands: each has ``register(subparsers)``.
EXTENSIONS: tuple[str, ...] = ("napoleon.interfaces.store_commands", "napoleon.interfaces.study_commands",
                                "napoleon.interfaces.web.commands", "napoleon.interfaces.review_commands",
                                "napoleon.interfaces.web.site")


deal_number = argument(values.deal_number)
"""argparse type of a deal number."""


def random_deal() -> int:
    """A fresh deal number for a player who did not choose one."""
    return secrets.randbelow(1_000_000_000) + 1


def read_position(obj: Any, what: str = "position") -> State:
    """A position from its parsed JSON: checked against :class:`~napoleon.schemas.files.Position`, then by the engine."""
    return position_from_json(parse(Position, obj, what).as_json())


def game_of(args: argparse.Namespace) -> Game:
    """The game ``args`` name with their ``-o`` options (those kept for the solver's tests refused)."""
    from ..games import player_game

    return player_game(args.game, parse_options(args.option))


def state_of(args: argparse.Namespace) -> State:
    """The position a command works on: GAME --deal N, or JSON on stdin."""
    if getattr(args, "game", None):
        if getattr(args, "deal", None) is None:
            raise UsageError("give --deal N with a game (or a position as JSON on standard input)")
        state = game_of(args).new_state(args.deal)
        for text in getattr(args, "moves", None) or ():
            state.play_text(text)
        return state
    return read_position(read_json_stdin("a position"))


# ------------------------------------------------------------------ commands


def cmd_games(args: argparse.Namespace) -> None:
    rows = [game_info(cls) for cls in GAMES.values()]

    def text() -> str:
        lines = []
        for row in rows:
            aka = f" (alias: {', '.join(row['aliases'])})" if row["aliases"] else ""
            lines.append(f"{row['id']:<17} {row['name']}{aka}")
            lines.append(f"{'':<17} {row['summary']}")
            for opt in row["options"]:
                lines.append(f"{'':<17} option {opt['name']}={opt['values']}: {opt['help']}")
        return "\n".join(lines)

    emit(args, rows, text)


def cmd_rules(args: argparse.Namespace) -> None:
    game = game_of(args)
    obj = {**game_info(type(game)), "rules": game.rules, "piles": list(game.pile_names),
           "notation": dict(zip(game.pile_names, game.pile_abbrs, strict=True))}
    emit(args, obj, lambda: f"{game.name}\n\n{game.rules}\n\nPiles in move notation: {' '.join(game.pile_abbrs)}")


def cmd_deal(args: argparse.Namespace) -> None:
    game = game_of(args)
    chosen = choose_deal(args, game)
    if chosen.graded is not None:
        return _emit_graded(args, game, chosen.graded, chosen.head, chosen.extra)
    state = game.new_state(chosen.deal)
    emit(args, state.to_json(), state.board_text)


class Chosen:
    """The deal ``deal`` and ``play`` were asked for: its number, and for a graded one its grading,
    what it is (``head``) and more to tell in JSON (``extra``)."""

    def __init__(self, deal: int, graded: Any = None, head: str = "", extra: dict | None = None) -> None:
        self.deal = deal
        self.graded = graded
        self.head = head
        self.extra = extra

    @property
    def grade(self) -> str | None:
        return self.graded.grade if self.graded is not None else None


def choose_deal(args: argparse.Namespace, game: Game) -> Chosen:
    """The deal that --deal, --daily/--date or --winnable/--grade/--from ask for (random without them)."""
    if args.daily or args.date:
        return _daily(args, game)
    if args.grade and not args.winnable:
        raise UsageError("--grade goes with --winnable: a deal of a grade is a winnable deal")
    if args.start is not None and not args.winnable:
        raise UsageError("--from goes with --winnable (give --deal N for one deal)")
    if args.winnable:
        from ..grading import next_deal

        if args.start is not None and args.deal is not None:
            raise UsageError("give --from N or --deal N, not both")
        start = args.start or args.deal or 1
        graded = next_deal(game, start, wanted=args.grade, tries=args.tries)
        return Chosen(graded.deal, graded, f"deal {graded.deal} is winnable")
    return Chosen(args.deal if args.deal is not None else random_deal())


def _daily(args: argparse.Namespace, game: Game) -> Chosen:
    import datetime

    from ..grading import daily_deal

    if args.winnable or args.grade or args.start is not None or args.deal is not None:
        raise UsageError("--daily picks its own deal: give no --deal, --from, --winnable or --grade with it")
    try:
        date = datetime.date.fromisoformat(args.date) if args.date else None
    except ValueError:
        raise UsageError(f"bad date {args.date!r}: write YYYY-MM-DD") from None
    graded = daily_deal(game, date)
    when = (date or datetime.datetime.now(datetime.UTC).date()).isoformat()
    return Chosen(graded.deal, graded, f"deal of the day {when}: deal {graded.deal}", {"date": when})


def add_deal_choice(p: argparse.ArgumentParser, default: str) -> None:
    """The options that choose a deal, the same for ``deal`` and ``play``."""
    p.add_argument("--deal", "-d", type=deal_number, help=f"deal number (default: {default}; with --winnable, 1)")
    p.add_argument("--winnable", action="store_true",
                   help="the first deal from --from on that is proven winnable, with its grade")
    p.add_argument("--grade", choices=GRADES, help="with --winnable: only a deal of this grade")
    p.add_argument("--from", dest="start", type=deal_number, metavar="N", help="with --winnable: start at deal N")
    p.add_argument("--tries", type=argument(values.whole("--tries", 1, 100_000)), default=200,
                   help="deals to grade on demand beyond the shipped grades")
    p.add_argument("--daily", action="store_true", help="the deal of the day: winnable, the same for everyone")
    p.add_argument("--date", metavar="YYYY-MM-DD", help="with --daily: that day's deal (default: today, UTC)")


def _emit_graded(args: argparse.Namespace, game: Game, graded, head: str, extra: dict | None = None) -> None:
    """Print a winnable deal with its grade (and its solution when the grade was computed here)."""
    state = game.new_state(graded.deal)
    obj = {**state.to_json(), **(extra or {}), "grade": graded.grade, "grade_source": graded.source}
    if graded.figures is not None:
        obj["solution"] = graded.figures.moves
    where = "shipped grades" if graded.source == "shipped" else "graded now"
    emit(args, obj, lambda: f"{state}\n\n{head}, grade {graded.grade} ({where})")


def cmd_grade(args: argparse.Namespace) -> None:
    from ..grading import grade, shipped_grade

    game = game_of(args)
    graded = grade(game, args.deal, compute=True)
    listed = shipped_grade(game, args.deal)
    fig = graded.figures
    obj = graded.to_json() | {"grade": listed or graded.grade, "computed_grade": graded.grade,
                              "shipped_grade": listed}

    def text() -> str:
        lines = [f"{game.describe()} deal {args.deal}: {obj['grade']}"]
        if listed is not None and listed != graded.grade:
            lines.append(f"  the shipped grades say {listed}; graded now with this solver code: {graded.grade}")
        if fig.verdict == "won":
            lines.append(f"  proven won by the {fig.winner} search after {fig.effort} positions in all "
                         f"(score log2 = {fig.score}); a solution of {len(fig.moves)} moves")
        elif fig.verdict == "lost":
            lines.append(f"  proven lost: a complete search found no win ({fig.effort} positions)")
        else:
            lines.append(f"  not decided within the ladder's caps ({fig.effort} positions)")
        lines.append("  ladder: " + ", ".join(f"{r['search']} {r['states']}/{r['cap']} {r['verdict']}"
                                              for r in fig.rungs))
        if graded.thresholds:
            t1, t2, t3 = graded.thresholds
            lines.append(f"  thresholds: easy < {t1} <= medium < {t2} <= hard < {t3} <= expert")
        return "\n".join(lines)

    emit(args, obj, text)


def cmd_moves(args: argparse.Namespace) -> None:
    state = read_position(read_json_stdin("a position"))
    moves = state.legal_moves()
    obj = [state.game.move_to_json(m) | {"san": state.san(m)} for m in moves]
    emit(args, obj, lambda: "\n".join(state.san(m) for m in moves) or "no legal move")


def cmd_replay(args: argparse.Namespace) -> None:
    game = game_of(args)
    state = game.new_state(args.deal)
    if args.json_moves:
        # Moves in notation, or as the API and ``moves --json`` write them (their notation must agree).
        items = [m if isinstance(m, str) else m.as_json()
                 for m in parse_as(MoveList, read_json_stdin("a list of moves"), "--json-moves")]
    else:
        items = [parse_as(MOVE_TEXT, item, f"move {n}") for n, item in enumerate(args.moves, 1)]
    for number, item in enumerate(items, 1):
        shown = item if isinstance(item, str) else json.dumps(item)
        try:
            move = state.parse_move(item) if isinstance(item, str) else game.move_from_json(item)
            if not isinstance(item, str) and item.get("notation", game.notation(move)).upper() != game.notation(move):
                raise NotationError(f"its notation {item['notation']!r} is not the move's, {game.notation(move)}")
            state.play(move)
        except NapoleonError as exc:
            raise UsageError(f"move {number} ({shown}) is illegal: {exc}") from None
    emit(args, state.to_json(), lambda: f"{state}\nstatus: {state.status.value} after {plural(len(state.history), 'move')}")


def where(state: State) -> str:
    """``deal 7``, or what a position without a deal number is."""
    return "a position without a deal number" if state.deal is None else f"deal {state.deal}"


def cmd_solve(args: argparse.Namespace) -> None:
    from ..solver import result_json, solve

    if args.level != 1 and args.strategy != "nested":
        raise UsageError(f"--level {args.level} is the level of nested rollouts: it goes with --strategy nested")
    if args.batch:
        solve_batch(args)
        return
    state = state_of(args)
    if (args.fingerprints or args.checkpoint) and args.strategy != "dfs":
        raise UsageError("--fingerprints and --checkpoint go with --strategy dfs")
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
    from ..analysis import GUESS, UNKNOWN, WON, ask_hint

    state = state_of(args)
    hint = ask_hint(state, budget=args.budget)
    answer = hint.answer
    suggestion = answer.suggestion if hint.outcome == GUESS else None
    obj = {"verdict": answer.verdict, "move": state.game.move_to_json(hint.move) if hint.outcome == WON else None,
           "states": answer.states, "seconds": round(answer.seconds, 4),
           "suggestion": suggestion.to_json(state) if suggestion else None}
    if hint.outcome == WON:
        text = f"{state.san(hint.move)}   ({hint.note})"
    elif hint.outcome == GUESS:
        text = f"{state.san(hint.move)}   ({hint.note}, after {answer.states} positions)"
    elif hint.outcome == UNKNOWN:
        text = f"no hint: the solver ran out of time after {answer.states} positions"
    else:
        text = hint.text
    emit(args, obj, text)


def cmd_play(args: argparse.Namespace) -> None:
    game = game_of(args)
    if not (args.random or args.daily or args.date or args.winnable or args.grade or args.deal is not None
            or args.start is not None):
        # A player who names no deal starts on one that can be won: the deal of the day.
        args.daily = True
    elif args.random and (args.daily or args.date or args.winnable or args.grade or args.deal is not None
                          or args.start is not None):
        raise UsageError("--random picks its own deal: give no --deal, --daily, --winnable or --grade with it")
    chosen = choose_deal(args, game)
    if args.plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        # Line mode also when driven through a pipe: a full screen needs a terminal.
        from .store_commands import play_plain

        if chosen.graded is not None:
            print(f"{chosen.head}, grade {chosen.grade}", flush=True)
        play_plain(game.new_state(chosen.deal), grade=chosen.grade)
        return
    from .tui import NapoleonApp

    NapoleonApp(game.id, chosen.deal, dict(game.options), autoplay=False if args.no_autoplay else None,
                grade=chosen.grade).run()


# ------------------------------------------------------------------- parsing


def build_parser() -> argparse.ArgumentParser:
    """The ``napoleon`` parser: the core commands here, then those of :data:`EXTENSIONS`."""
    parser = Parser(
        prog="napoleon", description="Play, inspect, replay, solve and study the Napoleon patience games.")
    parser.add_argument("--version", action="version", version=f"napoleon {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    out = argparse.ArgumentParser(add_help=False)
    out.add_argument("--json", action="store_true", help="print JSON for machines")
    opts = argparse.ArgumentParser(add_help=False)
    opts.add_argument("-o", "--option", action="append", metavar="K=V", help="a game option, e.g. redeals=2")

    add_position_commands(sub, out, opts)
    add_solver_commands(sub, out, opts)
    p = sub.add_parser("play", parents=[opts], help="play a game in the terminal")
    p.add_argument("game")
    add_deal_choice(p, "the deal of the day")
    p.add_argument("--random", action="store_true", help="a random deal (it may be lost from the start)")
    p.add_argument("--plain", action="store_true", help="plain line-by-line play, no full-screen UI")
    p.add_argument("--no-autoplay", action="store_true", help="start with safe auto-play to the foundations off")
    p.set_defaults(func=cmd_play)
    for module in EXTENSIONS:
        importlib.import_module(module).register(sub)
    return parser


def add_position_commands(sub: Any, out: argparse.ArgumentParser, opts: argparse.ArgumentParser) -> None:
    """``games``, ``rules``, ``deal``, ``grade``, ``moves`` and ``replay``: what a game and a position are."""
    p = sub.add_parser("games", parents=[out], help="the games, their ids and options")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("rules", parents=[out, opts], help="the rules of a game as the program plays them")
    p.add_argument("game")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("deal", parents=[out, opts], help="the starting position of a deal")
    p.add_argument("game")
    add_deal_choice(p, "random")
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("grade", parents=[out, opts], help="how hard a deal is, and the figures behind it")
    p.add_argument("game")
    p.add_argument("--deal", "-d", type=deal_number, required=True)
    p.set_defaults(func=cmd_grade)

    p = sub.add_parser("moves", parents=[out], help="the legal moves of a position JSON read from stdin")
    p.set_defaults(func=cmd_moves)

    p = sub.add_parser("replay", parents=[out, opts], help="apply moves to a deal and print the position")
    p.add_argument("game")
    p.add_argument("--deal", "-d", type=deal_number, required=True)
    p.add_argument("moves", nargs="*", metavar="MOVE", help="moves in notation, e.g. T3-F1 S-W")
    p.add_argument("--json-moves", action="store_true", help="read a JSON list of moves from stdin")
    p.set_defaults(func=cmd_replay)


def add_solver_commands(sub: Any, out: argparse.ArgumentParser, opts: argparse.ArgumentParser) -> None:
    """``solve`` and ``hint``: a deal or a position put to the solver."""
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
                   help="positions the search may visit")
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
    p.add_argument("--checkpoint", metavar="FILE",
                   help="depth-first search takes up the search kept in FILE, if any, and keeps its "
                        "progress there when the budget or --max-states (counted from the first run) "
                        "runs out or it is interrupted: a long search in pieces")
    p.add_argument("--level", type=int, choices=range(5), default=1,
                   help="the level of nested rollouts (with --strategy nested; default 1)")
    p.add_argument("--batch", action="store_true",
                   help="read positions as JSON lines on stdin, write one JSON verdict a line "
                        "(--budget and --max-states apply to each)")


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``napoleon`` command."""
    parser = build_parser()
    # Moves may follow options (``replay GAME --deal N MOVE...``), which
    # plain argparse cannot take after its positional has been matched.
    args, extra = parser.parse_known_args(argv)
    if extra:
        if not hasattr(args, "moves") or any(e.startswith("-") and e.lower() != "-" for e in extra):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        args.moves = [*(args.moves or []), *extra]
    try:
        args.func(args)
    except NapoleonError as exc:
        print(f"napoleon: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
