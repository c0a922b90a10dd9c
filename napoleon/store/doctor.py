"""Finding the games that cannot be read, and setting them aside where they can be taken back.

A damaged disk, a hand edit or a bug can leave a row of ``games`` that no
record can be: moves that are not JSON, a move the engine refuses. Every
list and the statistics go on without such a row (:meth:`Store.damaged
<napoleon.store.Store.damaged>` names it); :func:`examine` finds them all,
replaying each game's moves as well, and :func:`set_aside` moves them into
the ``set_aside`` table whole, as they were, with why: nothing is deleted,
and :func:`restore` puts a row back (after a repair by hand, say).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine.errors import NapoleonError
from .records import DamagedRecordError, StoreError, now, saved_from_row

if TYPE_CHECKING:
    from .db import Store

COLUMNS_SQL = "SELECT name FROM pragma_table_info('games') ORDER BY cid"


@dataclass(frozen=True)
class Finding:
    """A game that cannot be read or played back: its id and why."""

    game_id: int
    why: str

    def to_json(self) -> dict[str, Any]:
        return {"id": self.game_id, "why": self.why}


def examine(store: Store) -> list[Finding]:
    """Every game of ``store`` whose row cannot be read, or whose moves do not replay from its deal."""
    from .records import GAME_COLUMNS

    with store._lock:
        rows = store.db.execute(f"SELECT {GAME_COLUMNS} FROM games ORDER BY id").fetchall()
    found = []
    for row in rows:
        try:
            saved_from_row(row).replay()
        except DamagedRecordError as exc:
            found.append(Finding(exc.record_id, exc.why))
        except NapoleonError as exc:
            found.append(Finding(row[0], str(exc)))
    return found


def _encode(value: Any) -> Any:
    """A column's value as JSON can hold it (a blob as its hex digits, under a key that says so)."""
    return {"blob": value.hex()} if isinstance(value, bytes) else value


def _decode(value: Any) -> Any:
    return bytes.fromhex(value["blob"]) if isinstance(value, dict) and set(value) == {"blob"} else value


def set_aside(store: Store, findings: list[Finding]) -> int:
    """Move each finding's row out of ``games`` into ``set_aside`` (whole, with why), and its review
    with it, in one transaction; return how many rows were moved."""
    moved = 0
    with store.transaction() as db:
        names = [r[0] for r in db.execute(COLUMNS_SQL)]
        for finding in findings:
            row = db.execute("SELECT * FROM games WHERE id = ?", (finding.game_id,)).fetchone()
            if row is None:
                continue
            kept = json.dumps({name: _encode(value) for name, value in zip(names, row, strict=True)})
            db.execute("INSERT INTO set_aside (game_id, why, set_aside, row) VALUES (?, ?, ?, ?)",
                       (finding.game_id, finding.why, now(), kept))
            db.execute("DELETE FROM reviews WHERE game_id = ?", (finding.game_id,))
            db.execute("DELETE FROM games WHERE id = ?", (finding.game_id,))
            moved += 1
    return moved


def set_aside_rows(store: Store) -> list[dict[str, Any]]:
    """The rows set aside so far: ``{"id", "why", "set_aside"}``, the oldest first."""
    with store._lock:
        rows = store.db.execute("SELECT game_id, why, set_aside FROM set_aside ORDER BY rowid").fetchall()
    return [{"id": gid, "why": why, "set_aside": when} for gid, why, when in rows]


def restore(store: Store, game_id: int) -> None:
    """Put the row of game ``game_id`` set aside back into ``games`` as it was (StoreError when none
    is set aside, or the id is taken again)."""
    with store.transaction() as db:
        found = db.execute("SELECT rowid, row FROM set_aside WHERE game_id = ? ORDER BY rowid DESC",
                           (game_id,)).fetchone()
        if found is None:
            raise StoreError(f"no game #{game_id} is set aside")
        if db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None:
            raise StoreError(f"game #{game_id} is in the store again: nothing was put back")
        row = {name: _decode(value) for name, value in json.loads(found[1]).items()}
        names = [r[0] for r in db.execute(COLUMNS_SQL) if r[0] in row]
        db.execute(f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})",
                   [row[n] for n in names])
        db.execute("DELETE FROM set_aside WHERE rowid = ?", (found[0],))


__all__ = ["Finding", "examine", "restore", "set_aside", "set_aside_rows"]
