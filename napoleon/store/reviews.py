"""Reviews and help marks kept with the games (schema versions 8 and 10).

A review is kept with the moves it reviewed: a game played on after it
(resumed, undone) is reviewed afresh. The help marks say where in a game
the player took a hint, the solution or an undo, or let Finish play the
rest out, for the review's help line.
"""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .db import Store

HELP_MARKS = ("hint", "solution", "undo", "finish")


def save_review(store: Store, game_id: int, moves: list[str], review: dict[str, Any]) -> None:
    """Keep ``review`` (JSON) of game ``game_id`` as it was reviewed after ``moves``."""
    with store.transaction() as db:
        db.execute("INSERT OR REPLACE INTO reviews (game_id, moves, review, made) VALUES (?, ?, ?, datetime('now'))",
                   (game_id, json.dumps(moves), json.dumps(review)))


def load_review(store: Store, game_id: int, moves: list[str]) -> dict[str, Any] | None:
    """The review kept of game ``game_id`` after exactly ``moves``, or None."""
    with store.transaction() as db:
        row = db.execute("SELECT moves, review FROM reviews WHERE game_id = ?", (game_id,)).fetchone()
    try:
        if row is None or json.loads(row[0]) != moves:
            return None
        review = json.loads(row[1])
    except ValueError:
        return None  # a damaged review is reviewed afresh
    return review if isinstance(review, dict) else None


def mark_help(store: Store, game_id: int, at: int, kind: str) -> None:
    """Note that the player took ``kind`` of help in game ``game_id`` with ``at`` moves on the table."""
    with store.transaction() as db:
        insert_help(db, game_id, at, kind)


def insert_help(db: sqlite3.Connection, game_id: int, at: int, kind: str) -> None:
    """:func:`mark_help` within a transaction the caller holds."""
    if kind not in HELP_MARKS:
        raise ValueError(f"a help mark is one of {', '.join(HELP_MARKS)}, not {kind!r}")
    db.execute("INSERT INTO help (game_id, at, kind, made) VALUES (?, ?, ?, datetime('now'))", (game_id, at, kind))


def help_marks(store: Store, game_id: int) -> list[dict[str, Any]]:
    """Where the player took help in game ``game_id``: ``{"at", "kind"}`` in the order taken."""
    with store.transaction() as db:
        rows = db.execute("SELECT at, kind FROM help WHERE game_id = ? ORDER BY rowid", (game_id,)).fetchall()
    return [{"at": at, "kind": kind} for at, kind in rows]
