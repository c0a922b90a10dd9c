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

from .. import GAMES, NapoleonError, __version__
from ..engine.errors import NotationError
from ..engine.game import Game
from ..grading import GRADES
from ..schemas import cli as values
from ..schemas import parse_as
from ..schemas.files import MoveList
from ..schemas.values import MOVE_TEXT
from .. import voice
from ..voice import plural
from . import solve_commands
from .common import (
    EXIT_USAGE,
    Parser,
    UsageError,
    argument,
    emit,
    game_info,
    hint_parent,
    json_parent,
    options_parent,
    read_json_stdin,
)
from .positions import deal_number, game_of, read_position

# Modules that add their own subcommands: each has ``register(subparsers)``.
EXTENSIONS: tuple[str, ...] = ("napoleon.interfaces.store_commands", "napoleon.interfaces.study_commands",
                                "napoleon.interfaces.web.commands", "napoleon.interfaces.review_commands",
                                "napoleon.interfaces.web.site")


def random_deal() -> int:
    """A fresh deal number for a player who did not choose one."""
    return secrets.randbelow(1_000_000_000) + 1


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
    emit(args, obj, lambda: f"{game.name}\n\n{game.rules}\n\n{voice.piles_in_notation(game.pile_abbrs)}")


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
        play_plain(game.new_state(chosen.deal), grade=chosen.grade, hint_budget=args.hint_seconds)
        return
    from .tui import NapoleonApp

    hint = {} if args.hint_seconds is None else {"hint_budget": args.hint_seconds}
    NapoleonApp(game.id, chosen.deal, dict(game.options), autoplay=False if args.no_autoplay else None,
                grade=chosen.grade, **hint).run()


# ------------------------------------------------------------------- parsing


def build_parser() -> argparse.ArgumentParser:
    """The ``napoleon`` parser: the core commands here, then those of :data:`EXTENSIONS`."""
    parser = Parser(
        prog="napoleon", description="Play, inspect, replay, solve and study the Napoleon patience games.")
    parser.add_argument("--version", action="version", version=f"napoleon {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    out, opts = json_parent(), options_parent()

    add_position_commands(sub, out, opts)
    solve_commands.register(sub)
    p = sub.add_parser("play", parents=[opts, hint_parent()], help="play a game in the terminal")
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
