"""The store's commands: stats, history, resume, abandon, export, import, doctor.

Every command takes ``--db PATH`` (default ``$NAPOLEON_DB``, else the user's
data directory).
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from typing import Any

from .. import voice
from ..engine.errors import NapoleonError
from ..schemas import cli as values
from ..session import Session
from ..store.db import RESUMABLE, SavedGame, Store, StoreError
from .common import UsageError, argument, db_parent, hint_parent, json_parent


def register(subparsers: Any) -> None:
    """Add the store's commands to the ``napoleon`` parser."""
    db, out = db_parent(), json_parent()

    p = subparsers.add_parser("stats", parents=[db, out], help="games played and won, streaks, best times (also per grade of the deal)")
    p.add_argument("game", nargs="?", help="only this game")
    p.add_argument("--reset", action="store_true",
                   help="reset the statistics (of GAME, else of every game), after asking; games stay in the history")
    p.add_argument("--yes", "-y", action="store_true", help="with --reset: do not ask")
    p.set_defaults(func=cmd_stats)

    p = subparsers.add_parser("history", parents=[db, out], help="the games recorded, most recent first")
    p.add_argument("game", nargs="?", help="only this game")
    p.add_argument("--limit", "-n", type=argument(values.whole("--limit", 1, 1_000_000)), default=20,
                   help="how many games to list (default 20)")
    p.set_defaults(func=cmd_history)

    p = subparsers.add_parser("resume", parents=[db, hint_parent()], help="go on with an unfinished game")
    p.add_argument("id", nargs="?", type=argument(values.game_id),
                   help="the game's number (default: the last one played)")
    p.add_argument("--plain", action="store_true", help="plain line-by-line play, no full-screen UI")
    p.set_defaults(func=cmd_resume)

    p = subparsers.add_parser("abandon", parents=[db], help="give up an unfinished game (it counts as not won)")
    p.add_argument("id", type=argument(values.game_id))
    p.set_defaults(func=cmd_abandon)

    p = subparsers.add_parser("export", parents=[db], help="write a game, or every game (--all), to a JSON file")
    p.add_argument("id", nargs="?", type=argument(values.game_id), help="the game's number")
    p.add_argument("file")
    p.add_argument("--all", action="store_true",
                   help="every game of the store in one file, to keep or to move to another device")
    p.set_defaults(func=cmd_export)

    p = subparsers.add_parser("import", parents=[db, out],
                              help="add a game, or the games of an --all file, from a JSON file (checked by replaying)")
    p.add_argument("file")
    p.set_defaults(func=cmd_import)

    p = subparsers.add_parser("doctor", parents=[db, out],
                              help="find the games that cannot be read or replayed, and set them aside (kept, not deleted)")
    p.add_argument("--dry-run", action="store_true", help="only say which games it would set aside")
    p.add_argument("--restore", type=argument(values.game_id), metavar="ID",
                   help="put game ID, set aside before, back in the store as it was")
    p.set_defaults(func=cmd_doctor)


def open_store(args: argparse.Namespace, read_only: bool = False) -> Store:
    """The store of ``--db``; a command that only reads (``read_only``) may read a database it cannot write."""
    return Store.open(getattr(args, "db", None), read_only=read_only)


def warn_damaged(store: Store) -> list[dict[str, Any]]:
    """Say on standard error which games could not be read (a list goes on without them); return them."""
    damaged = store.damaged()
    for exc in damaged:
        print(f"napoleon: warning: {exc}", file=sys.stderr)
    return [{"id": exc.record_id, "why": exc.why} for exc in damaged]


# ----------------------------------------------------------------- formats


def clock(seconds: float | None) -> str:
    """``83.4`` -> ``1:23``; None -> ``-``.

    >>> clock(3725.0)
    '1:02:05'
    """
    # A recorded time is rounded to the nearest second; the catalogue's clock writes it as the game shows it.
    return "-" if seconds is None else voice.clock(round(seconds))


def when(stamp: str | None) -> str:
    """An ISO time as ``2026-11-22 10:01`` (UTC)."""
    return stamp[:16].replace("T", " ") if stamp else "-"


def console() -> Any:
    from rich.console import Console

    return Console()


# ---------------------------------------------------------------- commands


def confirm(question: str) -> bool:
    """Ask ``question`` on the terminal; True for yes. No answer (end of input) is an error."""
    print(f"{question} [y/N] ", end="", flush=True)
    answer = sys.stdin.readline()
    if not answer:
        print()
        raise StoreError("no answer, so nothing was reset (give --yes to reset without the question)")
    return answer.strip().lower() in ("y", "yes")


def cmd_reset(args: argparse.Namespace) -> None:
    whose = f"the statistics of {args.game}" if args.game else "the statistics of every game"
    with open_store(args) as store:
        counted = sum(r["played"] for r in store.stats(args.game))
        if not args.yes and not confirm(f"Reset {whose} ({counted} finished games stop counting; "
                                        "unfinished games and the history are kept)?"):
            print("nothing was reset")
            return
        n = store.reset_stats(args.game)
    print(f"{whose[0].upper()}{whose[1:]} were reset: {n} game{'s no longer count' if n != 1 else ' no longer counts'}")


def cmd_stats(args: argparse.Namespace) -> None:
    if args.yes and not args.reset:
        raise StoreError("--yes goes with --reset")
    if args.reset:
        cmd_reset(args)
        return
    with open_store(args, read_only=True) as store:
        rows = store.stats(args.game)
        by_grade = store.stats_by_grade(args.game)
        damaged = warn_damaged(store)
    if args.json:
        # The shape of the web API's /api/stats: the same store functions.
        print(json.dumps({"stats": rows, "by_grade": by_grade, "damaged": damaged}, indent=2))
        return
    if not rows:
        print("no games recorded yet" + (f" for {args.game}" if args.game else ""))
        return
    from rich import box
    from rich.table import Table

    table = Table(title="Napoleon games", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    table.add_column("game", no_wrap=True)
    for name in ("played", "won", "win %", "streak\nnow/best", "best\ntime", "fewest\nmoves", "with\nhelp",
                 "unfin-\nished"):
        table.add_column(name, justify="right", no_wrap=True)
    for r in rows:
        table.add_row(r["label"], str(r["played"]), str(r["won"]),
                      "-" if r["win_pct"] is None else f"{r['win_pct']:.1f}",
                      f"{r['current_streak']}/{r['longest_streak']}", clock(r["best_time"]),
                      "-" if r["fewest_moves"] is None else str(r["fewest_moves"]),
                      f"{r['assisted']}" + (f" ({r['assisted_won']} won)" if r["assisted_won"] else ""),
                      str(r["unfinished"]))
    console().print(table)
    if by_grade:
        # Played, won and best time per grade of the deals (docs/grades.md), as the page and the TUI show them.
        grades = Table(title="by grade of the deal", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
        grades.add_column("game", no_wrap=True)
        grades.add_column("grade", no_wrap=True)
        for name in ("played", "won", "best\ntime"):
            grades.add_column(name, justify="right", no_wrap=True)
        for r in by_grade:
            grades.add_row(r["label"], r["grade"], str(r["played"]), str(r["won"]), clock(r["best_time"]))
        console().print(grades)
    if any(r["assisted"] for r in rows):
        print("with help: games in which a hint or the solution was used; they count as played, never as won")


def saved_json(g: SavedGame) -> dict[str, Any]:
    return {"id": g.id, "game": g.game, "options": g.options, "deal": g.deal, "result": g.result,
            "moves": g.moves_played, "elapsed": g.elapsed, "started": g.started, "updated": g.updated,
            "ended": g.ended, "origin": g.origin, "hints": g.hints, "solution": g.solution,
            "assisted": g.assisted, "counted": g.counted, "grade": g.grade}


def cmd_history(args: argparse.Namespace) -> None:
    with open_store(args, read_only=True) as store:
        games = store.games(args.game, limit=args.limit)
        warn_damaged(store)
    if args.json:
        print(json.dumps([saved_json(g) for g in games], indent=2))
        return
    if not games:
        print("no games recorded yet" + (f" for {args.game}" if args.game else ""))
        return
    from rich import box
    from rich.table import Table

    table = Table(title="Recent games", box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    for name in ("#", "game", "deal", "result", "moves", "time", "help", "last saved"):
        table.add_column(name, justify="right" if name in ("#", "deal", "moves", "time") else "left",
                         no_wrap=name != "last saved")
    for g in games:
        mark = ("*" if g.origin == "imported" else "") + ("" if g.counted else "°")
        table.add_row(f"{g.id}{mark}", g.describe(), str(g.deal), voice.RESULTS.get(g.result, g.result),
                      str(g.moves_played), clock(g.elapsed), help_text(g), when(g.updated))
    console().print(table)
    if any(g.origin == "imported" for g in games):
        print("* imported from a file")
    if not all(g.counted for g in games):
        print("° no longer counted in the statistics (they were reset)")
    if any(g.result == "playing" for g in games):
        print("resume an unfinished game with: napoleon resume ID")


def help_text(g: SavedGame) -> str:
    """What help a game had: ``2 hints``, ``solution``, or ``-``."""
    parts = []
    if g.hints:
        parts.append(f"{g.hints} hint{'s' * (g.hints > 1)}")
    if g.solution:
        parts.append("solution")
    return ", ".join(parts) or "-"


def pick_unfinished(store: Store, saved_id: int | None) -> SavedGame:
    """The game to resume: ``saved_id``, else the last one saved that is unfinished or was left."""
    if saved_id is not None:
        saved = store.get(saved_id)
        if saved is None:
            raise StoreError(f"no game #{saved_id} in the store")
        if saved.result not in RESUMABLE:
            raise StoreError(f"game #{saved_id} is {saved.result}: only an unfinished game can be resumed")
        return saved
    games = store.games(results=RESUMABLE, limit=1)
    if not games:
        raise StoreError("no unfinished game to resume")
    return games[0]


def tui_runner(hint_budget: float | None = None) -> Any:
    """The terminal UI's way to play a Session (its hints searching ``hint_budget`` seconds, when given),
    when the UI provides one; else None."""
    try:
        import importlib

        tui = importlib.import_module("napoleon.interfaces.tui")
    except ImportError:
        return None
    for name in ("run_session", "play_session"):
        func = getattr(tui, name, None)
        if callable(func):
            return func
    app = getattr(tui, "NapoleonApp", None)
    try:
        params = inspect.signature(app).parameters if app is not None else {}
    except (TypeError, ValueError):
        params = {}
    if "session" not in params:
        return None

    def run(session: Any) -> None:
        kwargs = {"session": session}
        if "recorder" in params:
            # So that a new deal started in the app is recorded too.
            kwargs["recorder"] = session.recorder
        if hint_budget is not None and "hint_budget" in params:
            kwargs["hint_budget"] = hint_budget
        app(**kwargs).run()

    return run


def cmd_resume(args: argparse.Namespace) -> None:
    store = open_store(args)
    try:
        saved = pick_unfinished(store, args.id)
        # Line mode also when driven through a pipe: a full screen needs a terminal.
        full_screen = not args.plain and sys.stdin.isatty() and sys.stdout.isatty()
        runner = tui_runner(args.hint_seconds) if full_screen else None
        if runner is not None:
            session = Session.resume(store, saved.id)
            try:
                runner(session)
            finally:
                session.abandon()  # keeps it resumable, with the time played saved
            return
        from .recorded_lineplay import play_recorded

        print(f"resuming game #{saved.id}: {saved.describe()}, deal {saved.deal}, {voice.plural(saved.moves_played, 'move')} played",
              flush=True)
        play_recorded(store, session=Session.resume(store, saved.id, autoplay=False), hint_budget=args.hint_seconds)
    finally:
        store.close()


def cmd_abandon(args: argparse.Namespace) -> None:
    with open_store(args) as store:
        store.abandon(args.id)
    print(f"game #{args.id}: {voice.RESULTS['abandoned']}")


def cmd_export(args: argparse.Namespace) -> None:
    from ..store.transfer import export_game, export_games

    if args.all == (args.id is not None):
        raise UsageError("give a game's number or --all, not both" if args.all else "give a game's number, or --all")
    with open_store(args, read_only=True) as store:
        if args.all:
            obj, left_out = export_games(store, args.file)
        else:
            obj = export_game(store, args.id, args.file)
    if not args.all:
        print(f"game #{args.id} ({obj['game']}, deal {obj['deal']}, {len(obj['moves'])} moves) written to {args.file}")
        return
    print(f"{voice.plural(len(obj['games']), 'game')} written to {args.file}")
    for why in left_out:
        print(f"left out: {why}", file=sys.stderr)


def cmd_import(args: argparse.Namespace) -> None:
    from ..schemas.files import GAMES_FORMAT
    from ..store.transfer import import_file

    with open_store(args) as store:
        new_ids, held, kind = import_file(store, args.file)
        records = [saved for saved in map(store.get, new_ids) if saved is not None]
    if kind == GAMES_FORMAT:
        if args.json:
            print(json.dumps({"imported": [saved_json(saved) for saved in records], "already_held": held}, indent=2))
            return
        print(voice.games_imported(len(new_ids), held)
              + (f" They are games #{new_ids[0]}-#{new_ids[-1]} here." if len(new_ids) > 1 else
                 f" It is game #{new_ids[0]} here." if new_ids else ""))
        return
    [saved] = records
    if args.json:
        print(json.dumps(saved_json(saved), indent=2))
        return
    print(f"imported as game #{saved.id}: {saved.describe()}, deal {saved.deal}, {saved.result}, "
          f"{voice.plural(saved.moves_played, 'move')}" + ("; resume it with: napoleon resume " + str(saved.id)
                                         if saved.result == "playing" else ""))


def play_plain(state: Any, db: str | None = None, grade: str | None = None,
               hint_budget: float | None = None) -> None:
    """Line-mode play of a new game (of ``grade``, when it was asked for), recorded in the store
    (for ``napoleon play --plain``); ``hint_budget``: seconds a hint may search (line mode's own
    when None)."""
    from .recorded_lineplay import play_recorded

    try:
        store = Store.open(db)
    except NapoleonError as exc:
        # Play still works without a usable store; the player is told it is not kept.
        print(f"napoleon: warning: the game will not be recorded: {exc}", file=sys.stderr)
        from .lineplay import play_lines

        play_lines(Session(state, autoplay=False, grade=grade), hint_budget=hint_budget)
        return
    with store:
        session = Session(state, autoplay=False, recorder=store.recorder(), record_later=True, grade=grade)
        record_id = play_recorded(store, session=session, hint_budget=hint_budget)
        saved = store.get(record_id) if record_id is not None else None
    if saved is not None and saved.result == "playing":
        print(f"game #{saved.id} saved: resume it with: napoleon resume {saved.id}")
    elif saved is not None and saved.result == "abandoned":
        print(voice.left(saved.id, saved.moves_played))


def cmd_doctor(args: argparse.Namespace) -> None:
    """Find the games that cannot be read or replayed and set them aside (or put one back)."""
    from ..store.doctor import examine, restore, set_aside

    with open_store(args) as store:
        if args.restore is not None:
            restore(store, args.restore)
            emit_doctor(args, {"restored": args.restore}, f"game #{args.restore} is back in the store as it was")
            return
        found = examine(store)
        moved = 0 if args.dry_run else set_aside(store, found)
    lines = [f"game #{f.game_id} {'would be' if args.dry_run else 'was'} set aside: {f.why}" for f in found]
    if found and not args.dry_run:
        lines.append("nothing was deleted: `napoleon doctor --restore ID` puts a game back as it was")
    emit_doctor(args, {"damaged": [f.to_json() for f in found], "set_aside": moved},
                "\n".join(lines) or "every game reads and replays: nothing to set aside")


def emit_doctor(args: argparse.Namespace, obj: dict[str, Any], text: str) -> None:
    print(json.dumps(obj, indent=2) if args.json else text)
