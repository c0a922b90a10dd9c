"""What every command of the ``napoleon`` command line shares: its errors, options and output."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from pydantic import TypeAdapter

from ..engine.errors import NapoleonError
from ..schemas import SchemaError, parse_as
from ..schemas.values import Options

EXIT_USAGE = 2
OPTIONS = TypeAdapter(Options)


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


def json_parent() -> argparse.ArgumentParser:
    """The ``--json`` option."""
    out = argparse.ArgumentParser(add_help=False)
    out.add_argument("--json", action="store_true", help="print JSON for machines")
    return out
