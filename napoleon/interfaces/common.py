"""What every command of the ``napoleon`` command line shares: its errors, options and output."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from ..engine.errors import NapoleonError
from ..engine.game import Game, format_option
from ..schemas import MAX_JSON_BYTES, SchemaError, adapter, load_json, parse_as
from ..schemas import cli as values
from ..schemas.values import Options

EXIT_USAGE = 2
OPTIONS = adapter(Options)


class UsageError(NapoleonError):
    """A command line that cannot be carried out."""


class Parser(argparse.ArgumentParser):
    """argparse, with a bad command line said in one line (``napoleon: error: ...``, exit status 2)
    instead of the usage and the error; ``--help`` still shows the usage."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: error: {message} (see {self.prog} --help)", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def argument(reader: Callable[[str], Any]) -> Callable[[str], Any]:
    """An argparse ``type`` from a reader of :mod:`napoleon.schemas.cli` (its error becomes argparse's)."""
    def read(text: str) -> Any:
        try:
            return reader(text)
        except SchemaError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    read.__name__ = getattr(reader, "__name__", "value")
    return read


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["redeals=2", "single"]`` -> ``{"redeals": "2", "single": "true"}``, each checked as an option
    (:data:`napoleon.schemas.values.Options`); the game says whether they are its own."""
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not key:
            raise UsageError(f"bad option {pair[:40]!r}: write KEY=VALUE")
        out[key.strip()] = value.strip() if sep else "true"
    return parse_as(OPTIONS, out, "option")


def db_parent() -> argparse.ArgumentParser:
    """The ``--db PATH`` option of every command that reads or writes the store."""
    db = argparse.ArgumentParser(add_help=False)
    db.add_argument("--db", metavar="PATH", help="the database file (default: $NAPOLEON_DB, else the user data dir)")
    return db


def hint_parent() -> argparse.ArgumentParser:
    """The ``--hint-seconds S`` option of the commands that play (``play``, ``resume``)."""
    hint = argparse.ArgumentParser(add_help=False)
    hint.add_argument("--hint-seconds", type=argument(values.seconds("--hint-seconds")), metavar="S",
                      help="seconds a hint may search when no solution is known yet (default: a second "
                           "or two on the full screen, which searches on between moves; longer in line mode)")
    return hint


def json_parent() -> argparse.ArgumentParser:
    """The ``--json`` option."""
    out = argparse.ArgumentParser(add_help=False)
    out.add_argument("--json", action="store_true", help="print JSON for machines")
    return out


def options_parent() -> argparse.ArgumentParser:
    """The ``-o K=V`` option of every command that takes a game."""
    opts = argparse.ArgumentParser(add_help=False)
    opts.add_argument("-o", "--option", action="append", metavar="K=V", help="a game option, e.g. redeals=2")
    return opts


def emit(args: argparse.Namespace, obj: Any, text: Callable[[], str] | str) -> None:
    """Print ``obj`` as JSON with ``--json``, else the readable ``text``."""
    if getattr(args, "json", False):
        print(json.dumps(obj, indent=None if getattr(args, "compact", False) else 2))
    else:
        print(text() if callable(text) else text)


def read_json_stdin(what: str) -> Any:
    """JSON from standard input, read up to its size limit and no further (:func:`napoleon.schemas.load_json`)."""
    data = sys.stdin.read(MAX_JSON_BYTES + 1)
    return load_json(data, f"{what} on standard input")


MAX_JSON_LINE = 1 << 16
"""The longest line ``solve --batch`` reads as a position (bytes); a position is some hundred bytes."""


def bounded_lines(stream: Any, limit: int) -> Any:
    """The lines of a stream, each read up to ``limit`` bytes (or characters): a longer one is given
    as its first ``limit + 1`` (the rest of it skipped), so a line of any length takes bounded memory."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        newline = b"\n" if isinstance(line, bytes) else "\n"
        if len(line) > limit and not line.endswith(newline):
            while (rest := stream.readline(limit)) and not rest.endswith(newline):
                pass
        yield line


def game_info(cls: type[Game]) -> dict[str, Any]:
    """The catalogue entry of a game, as the CLI and web app show it."""
    return {
        "id": cls.id,
        "name": cls.name,
        "aliases": list(cls.aliases),
        "decks": cls.decks,
        "summary": cls.summary,
        "options": [
            {"name": o.name, "default": format_option(o.default), "values": o.values, "help": o.help}
            for o in cls.option_specs
        ],
    }
