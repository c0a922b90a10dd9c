"""The database schema and its migrations, versioned in code.

The version of a database is SQLite's ``PRAGMA user_version``: 0 for a new
file, else the number of migration steps applied. ``MIGRATIONS[i]`` takes a
database from version ``i`` to ``i + 1``; each runs inside the transaction
that also sets the new version, so an upgrade is all or nothing.

History:

1. ``games``: one row a game, its moves as space-separated notation.
2. ``games`` gains a unique ``uid`` (export/import identity: a record is
   never stored, or counted, twice), the moves as a JSON list with their
   turn sizes (so undo after resume takes back whole turns), ``updated``
   (saved after every move), the time and length of the first win, and
   ``origin`` (played here or imported).
3. ``study``: winnability results, keyed by game, options, the solver's
   limits (``budget`` seconds, ``max_states``, 0 for none) and deal.
4. ``study`` gains ``solver``, a fingerprint of the code that decided a
   result, in its key: a better solver (or a rules fix) recomputes a study
   instead of reusing results it might decide differently. Results stored
   before have an empty fingerprint and are kept but no longer reused.
5. ``games`` gains ``hints`` (how many hints the player asked for),
   ``solution`` (1 once the solution was shown or played) and ``counted``
   (0 once the statistics were reset: the record stays in the history but
   no longer counts). Every record before counts, without help.
6. ``games`` gains ``grade``: how hard the deal is (docs/grades.md), once
   known; NULL for every record before and until it is known.
7. ``games`` gains ``opening``: how many of the first moves safe auto-play
   made on the opening layout (the first turn, not the player's: a deal
   left after them alone counts as untouched); 0 for every record before.
8. ``reviews`` (a game's review, kept with the moves it reviewed) and
   ``help`` (where the player took a hint, the solution or an undo).
9. ``games`` gains ``autoplay``: the game's own setting of safe auto-play,
   kept across restarts (NULL for every record before: not known, the
   player's default); ``set_aside`` keeps rows of ``games`` that could not
   be read (``napoleon doctor``), whole and as they were, with why.
10. ``help`` takes a fourth kind, ``finish``: where the player let Finish
    play the rest out (a review's help line says it beside the hints).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
from collections.abc import Callable

# The grades a record may hold, named once with the other closed vocabularies of napoleon's input
# (napoleon.schemas.values); the grading and the store read them from here.
from ..schemas.values import GRADES, LOST_GRADE, UNKNOWN_GRADE, WINNABLE_GRADES  # noqa: F401

V1_GAMES = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    deal INTEGER NOT NULL,
    moves TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL,
    elapsed REAL NOT NULL DEFAULT 0,
    started TEXT NOT NULL,
    ended TEXT
)
"""


def _v1(db: sqlite3.Connection) -> None:
    db.execute(V1_GAMES)


V2_GAMES = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    deal INTEGER NOT NULL,
    moves TEXT NOT NULL DEFAULT '[]',
    turns TEXT NOT NULL DEFAULT '[]',
    result TEXT NOT NULL CHECK (result IN ('playing', 'won', 'lost', 'abandoned')),
    elapsed REAL NOT NULL DEFAULT 0,
    started TEXT NOT NULL,
    updated TEXT NOT NULL,
    ended TEXT,
    won_elapsed REAL,
    won_moves INTEGER,
    origin TEXT NOT NULL DEFAULT 'played' CHECK (origin IN ('played', 'imported'))
)
"""


def _v2(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games RENAME TO games_v1")
    db.execute(V2_GAMES)
    rows = db.execute("SELECT id, game, options, deal, moves, result, elapsed, started, ended FROM games_v1").fetchall()
    for gid, game, options, deal, moves, result, elapsed, started, ended in rows:
        notation = (moves or "").split()
        won = result == "won"
        db.execute(
            "INSERT INTO games (id, uid, game, options, deal, moves, turns, result, elapsed, started, updated, ended,"
            " won_elapsed, won_moves) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (gid, secrets.token_hex(16), game, options, deal, json.dumps(notation), json.dumps([1] * len(notation)),
             result, elapsed, started, ended or started, ended,
             elapsed if won else None, len(notation) if won else None),
        )
    db.execute("DROP TABLE games_v1")
    db.execute("CREATE INDEX games_by_kind ON games (game, options, result)")
    db.execute("CREATE INDEX games_by_update ON games (result, updated)")


def _v3(db: sqlite3.Connection) -> None:
    db.execute("""
        CREATE TABLE study (
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            deal INTEGER NOT NULL,
            budget REAL NOT NULL,
            max_states INTEGER NOT NULL DEFAULT 0,
            verdict TEXT NOT NULL CHECK (verdict IN ('won', 'lost', 'unknown')),
            moves INTEGER NOT NULL,
            states INTEGER NOT NULL,
            seconds REAL NOT NULL,
            solution TEXT NOT NULL,
            solved TEXT NOT NULL,
            PRIMARY KEY (game, options, budget, max_states, deal)
        )
    """)


def _v4(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE study RENAME TO study_v3")
    db.execute("""
        CREATE TABLE study (
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            deal INTEGER NOT NULL,
            budget REAL NOT NULL,
            max_states INTEGER NOT NULL DEFAULT 0,
            solver TEXT NOT NULL DEFAULT '',
            verdict TEXT NOT NULL CHECK (verdict IN ('won', 'lost', 'unknown')),
            moves INTEGER NOT NULL,
            states INTEGER NOT NULL,
            seconds REAL NOT NULL,
            solution TEXT NOT NULL,
            solved TEXT NOT NULL,
            PRIMARY KEY (game, options, budget, max_states, solver, deal)
        )
    """)
    db.execute("INSERT INTO study (game, options, deal, budget, max_states, solver, verdict, moves, states, seconds,"
               " solution, solved) SELECT game, options, deal, budget, max_states, '', verdict, moves, states,"
               " seconds, solution, solved FROM study_v3")
    db.execute("DROP TABLE study_v3")


def _v5(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 0 CHECK (hints >= 0)")
    db.execute("ALTER TABLE games ADD COLUMN solution INTEGER NOT NULL DEFAULT 0 CHECK (solution IN (0, 1))")
    db.execute("ALTER TABLE games ADD COLUMN counted INTEGER NOT NULL DEFAULT 1 CHECK (counted IN (0, 1))")


def _v6(db: sqlite3.Connection) -> None:
    # The grades of GRADES; a grade reaches the store as plain data.
    db.execute("ALTER TABLE games ADD COLUMN grade TEXT CHECK (grade IS NULL OR grade IN"
               " ('easy', 'medium', 'hard', 'expert', 'lost', 'unknown'))")


MOVE_COUNT = "CASE WHEN json_valid(moves) THEN CASE json_type(moves) WHEN 'array' THEN json_array_length(moves) END END"
"""SQL on ``games``: how many moves a row holds; NULL when its moves cannot be read (a damaged row:
SQLite's JSON functions would stop the whole query on it, so each is asked only of valid JSON)."""

UNTOUCHED = f"(result = 'playing' AND COALESCE({MOVE_COUNT}, opening + 1) <= opening)"
"""SQL on ``games``: a deal opened and left without a move of the player's (the moves safe
auto-play made on the opening layout are not the player's). It counts as nothing and is never listed;
a damaged row is not one (it is listed as damaged)."""

READABLE = ("COALESCE(CASE WHEN json_valid(moves) AND json_valid(options) AND json_valid(turns)"
            " THEN json_type(moves) = 'array' AND json_type(options) = 'object' AND json_type(turns) = 'array'"
            " AND NOT EXISTS (SELECT 1 FROM json_each(moves) WHERE type != 'text')"
            " AND NOT EXISTS (SELECT 1 FROM json_each(turns) WHERE type != 'integer') END, 0)")
"""SQL on ``games``: a row whose JSON columns read as a record's (:func:`.records.saved_from_row`);
the statistics count only these."""


def _v7(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN opening INTEGER NOT NULL DEFAULT 0 CHECK (opening >= 0)")


def _v8(db: sqlite3.Connection) -> None:
    db.execute("""
        CREATE TABLE reviews (
            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            moves TEXT NOT NULL,
            review TEXT NOT NULL,
            made TEXT NOT NULL
        )
    """)
    db.execute("""
        CREATE TABLE help (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            at INTEGER NOT NULL CHECK (at >= 0),
            kind TEXT NOT NULL CHECK (kind IN ('hint', 'solution', 'undo')),
            made TEXT NOT NULL
        )
    """)
    db.execute("CREATE INDEX help_by_game ON help (game_id)")


def _v9(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN autoplay INTEGER CHECK (autoplay IS NULL OR autoplay IN (0, 1))")
    # Untyped columns: a damaged row is kept exactly as it was, whatever its values are.
    db.execute("""
        CREATE TABLE set_aside (
            game_id INTEGER NOT NULL,
            why TEXT NOT NULL,
            set_aside TEXT NOT NULL,
            row TEXT NOT NULL
        )
    """)


def _v10(db: sqlite3.Connection) -> None:
    # SQLite cannot widen a CHECK in place: the table is made anew and its rows copied in their order.
    db.execute("ALTER TABLE help RENAME TO help_v9")
    db.execute("""
        CREATE TABLE help (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            at INTEGER NOT NULL CHECK (at >= 0),
            kind TEXT NOT NULL CHECK (kind IN ('hint', 'solution', 'undo', 'finish')),
            made TEXT NOT NULL
        )
    """)
    db.execute("INSERT INTO help (game_id, at, kind, made) SELECT game_id, at, kind, made FROM help_v9 ORDER BY rowid")
    db.execute("DROP TABLE help_v9")
    db.execute("CREATE INDEX help_by_game ON help (game_id)")


def _v11(db: sqlite3.Connection) -> None:
    # The way back after a loss, known across a reload: the moves of the longest start of the line of
    # play the solver proved winnable.
    db.execute("ALTER TABLE games ADD COLUMN winnable INTEGER CHECK (winnable IS NULL OR winnable >= 0)")


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_v1, _v2, _v3, _v4, _v5, _v6, _v7, _v8, _v9, _v10,
                                                          _v11]
"""``MIGRATIONS[i]`` upgrades a database from version ``i`` to ``i + 1``."""

VERSION = len(MIGRATIONS)
"""The schema version this code writes."""

TABLES = {1: {"games"}, 2: {"games"}, 3: {"games", "study"}, 4: {"games", "study"}, 5: {"games", "study"},
          6: {"games", "study"}, 7: {"games", "study"}, 8: {"games", "study", "reviews", "help"},
          9: {"games", "study", "reviews", "help", "set_aside"}}
TABLES[10] = TABLES[11] = TABLES[9]
"""The tables of each version (to tell our database from someone else's)."""


def migrate(db: sqlite3.Connection, start: int) -> int:
    """Apply every step from version ``start``; the caller holds the transaction."""
    for version in range(start, VERSION):
        MIGRATIONS[version](db)
    db.execute(f"PRAGMA user_version = {VERSION}")
    return VERSION
