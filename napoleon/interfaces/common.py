"""What every command of the ``napoleon`` command line shares: its errors, options and output."""

from __future__ import annotations

import argparse
from collections.abc import Sequence

from ..engine.errors import NapoleonError


class UsageError(NapoleonError):
    """A command line that cannot be carried out."""


def parse_options(pairs: Sequence[str] | None) -> dict[str, str]:
    """``["redeals=2", "single"]`` -> ``{"redeals": "2", "single": "true"}``."""
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not key:
            raise UsageError(f"bad option {pair!r}: write KEY=VALUE")
        out[key.strip()] = value.strip() if sep else "true"
    return out


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
