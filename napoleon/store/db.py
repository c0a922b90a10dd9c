"""The store: every game played, kept in one SQLite database.

Each change is one short transaction, so a crash or a closed terminal loses
at most the move in flight; WAL mode lets a study write results while a game
is being played, and a busy timeout makes concurrent writers wait their turn
instead of failing with "database is locked".

The pieces around :class:`Store`: :mod:`.opening` opens (or makes) the file
and refuses one that is not a usable napoleon database; :mod:`.records`
holds a game's record, its version and the store's errors; :mod:`.queries`
reads the history, study results and statistics; :mod:`.recorder` is what a
session calls. Their names can still be imported from here.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Self

from ..engine.state import State, Status
from . import schema
from .opening import connect, default_path
from .queries import StoreQueries
from .recorder import RecordedGame, StoreRecorder
from .records import (
    HELP_KINDS,
    RESUMABLE,
    DamagedRecordError,
    ReadOnlyStoreError,
    SavedGame,
    StaleGameError,
    StoreError,
    canonical_options,
    check_grade,
    line_version,
    now,
    stored_version,
)
from .reviews import insert_help

if TYPE_CHECKING:
    from ..engine.game import Game

__all__ = ["RESUMABLE", "DamagedRecordError", "ReadOnlyStoreError", "RecordedGame", "SavedGame", "StaleGameError", "Store", "StoreError",
           "StoreRecorder", "canonical_options", "default_path", "line_version"]


INSERT_GAME = ("INSERT INTO games (uid, game, options, deal, moves, turns, result, elapsed, started, updated, ended,"
               " origin, won_elapsed, won_moves, hints, solution, opening, grade, autoplay) VALUES (?, ?, ?, ?, ?, ?,"
               " ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


class Store(StoreQueries):
    """A napoleon database. Open it with :meth:`Store.open`.

    >>> import tempfile, os
    >>> from napoleon import new_game
    >>> path = os.path.join(tempfile.mkdtemp(), "doc.db")
    >>> from napoleon.session import Session
    >>> with Store.open(path) as store:
    ...     session = Session.recorded(store, new_game("werner", deal=1), autoplay=False)
    ...     _ = session.play_text("T3-F1")
    ...     [g.moves for g in store.unfinished()]
    [['T3-F1']]
    """

    def __init__(self, path: Path, db: sqlite3.Connection, read_only: bool = False) -> None:
        self.path = path
        self.db = db
        self.read_only = read_only
        """Whether the database can only be read: every write raises :class:`ReadOnlyStoreError`."""
        self._lock = threading.RLock()

    # ------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: str | os.PathLike[str] | None = None, *, read_only: bool = False) -> Store:
        """Open (creating or upgrading) the database at ``path``, else the default.

        Raise StoreError, writing nothing, when the file is not a napoleon
        database this version can use; only a path where no file is yet gets
        a new store. A database that cannot be written is opened read-only
        when ``read_only`` says the caller only reads, and is refused with
        :class:`ReadOnlyStoreError` otherwise.
        """
        p = Path(path).expanduser() if path is not None else default_path()
        db, read_only = connect(p, read_only=read_only)
        return cls(p, db, read_only=read_only)

    def close(self) -> None:
        with self._lock:
            self.db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction (taken at once, so writers queue on the busy timeout)."""
        with self._lock:
            if self.read_only:
                raise ReadOnlyStoreError(f"the database {self.path} is read-only: nothing can be saved to it")
            try:
                self.db.execute("BEGIN IMMEDIATE")
            except sqlite3.OperationalError as exc:
                raise StoreError(f"cannot write to the database {self.path}: {exc}") from None
            try:
                yield self.db
                self.db.execute("COMMIT")
            except BaseException as exc:
                if self.db.in_transaction:
                    self.db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError):
                    raise StoreError(f"cannot write to the database {self.path}: {exc}") from None
                raise

    # ------------------------------------------------------------ writing

    def recorder(self, *resumed: SavedGame) -> StoreRecorder:
        """A recorder for :class:`~napoleon.session.Session`: every move is saved at once.

        ``resumed`` are the records, as read, of games taken up again through it.
        """
        return StoreRecorder(self, resumed)

    def insert(self, game: Game, deal: int, *, moves: list[str] | None = None, turns: list[int] | None = None,
               result: str = "playing", elapsed: float = 0.0, started: str | None = None,
               ended: str | None = None, uid: str | None = None, origin: str = "played",
               won_elapsed: float | None = None, won_moves: int | None = None, hints: int = 0,
               solution: bool = False, opening: int = 0, grade: str | None = None,
               autoplay: bool | None = None) -> int:
        """Add a record; return its id (``opening``: see :attr:`SavedGame.opening`; ``grade``: see :meth:`set_grade`;
        ``autoplay``: the game's own setting, :attr:`SavedGame.autoplay`)."""
        moves = list(moves or [])
        stamp = started or now()
        check_grade(grade)
        row = (uid or secrets.token_hex(16), game.id, canonical_options(game.options), deal, json.dumps(moves),
               json.dumps(turns if turns is not None else [1] * len(moves)), result, elapsed, stamp,
               ended or stamp, ended, origin, won_elapsed, won_moves, int(hints), int(bool(solution)), int(opening),
               grade, None if autoplay is None else int(bool(autoplay)))
        with self.transaction() as db:
            return int(db.execute(INSERT_GAME, row).lastrowid)

    def insert_saved(self, records: list[SavedGame]) -> list[int]:
        """Add ``records`` (each as :meth:`insert` would, with its own uid, origin and times) in one
        transaction: all of them or, on an error, none; their new ids."""
        for saved in records:
            check_grade(saved.grade)
        rows = [(saved.uid, saved.game, canonical_options(saved.options), saved.deal, json.dumps(list(saved.moves)),
                 json.dumps(list(saved.turns)), saved.result, saved.elapsed, saved.started, saved.updated,
                 saved.ended, saved.origin, saved.won_elapsed, saved.won_moves, int(saved.hints),
                 int(bool(saved.solution)), int(saved.opening), saved.grade, None) for saved in records]
        with self.transaction() as db:
            return [int(db.execute(INSERT_GAME, row).lastrowid) for row in rows]

    def save_session(self, record_id: int, session: RecordedGame, base: str, undone_to: int | None = None) -> str:
        """Save a session's line of play, made on version ``base`` (see :meth:`save_state`); the
        session's version is the record's from now on. ``undone_to``: the save takes moves back to
        that many, and the undo's help mark is written with it."""
        return self.save_state(record_id, session.state, session.turns, session.elapsed, session.notation_history(),
                               base=base, version=session.version, opening=session.opening,
                               winnable=session.winnable, undone_to=undone_to)

    def save_state(self, record_id: int, state: State, turns: list[int] | None = None, elapsed: float = 0.0,
                   moves: list[str] | None = None, *, base: str, version: str | None = None,
                   opening: int | None = None, winnable: int | None = None, undone_to: int | None = None) -> str:
        """Save the line of play of ``state`` (``moves``: its notation, when the caller has it), made on the
        record's version ``base``: one short transaction.

        ``base`` is the :func:`line_version` of the moves the caller last
        read from or wrote to this record. When the record holds another line
        now (another window or process saved the game since), nothing is
        written and :class:`StaleGameError` is raised. Return the record's
        new version, the ``base`` of the next write (``version``: the caller's name for ``moves``,
        when it has it). ``opening``, when given, is the moves of the opening's auto-play now
        (auto-play turned on before the player's first move adds to them). ``winnable``: see
        :meth:`set_winnable`; a line shorter than the start proven winnable forgets it. ``undone_to``:
        the player took moves back to that many, noted for the review in the same transaction.


        A record once won stays won, with the time and length of that win,
        whatever is done after (undo and win again counts once). A lost game
        that is undone is playing again.
        """
        status = state.status
        game = state.game
        if moves is None:
            moves = [game.notation(m) for m in state.history]
        turns_json = json.dumps(list(turns) if turns is not None else [1] * len(moves))
        stamp = now()
        elapsed = round(elapsed, 3)
        with self.transaction() as db:
            row = db.execute("SELECT moves, opening, winnable FROM games WHERE id = ?", (record_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game #{record_id} in the store")
            if stored_version(row[0]) != base:
                raise StaleGameError(record_id)
            _note_opening_and_winnable(db, record_id, row, opening, winnable, len(moves))
            # The player's count: the opening's auto-play is not the player's (as the game shows it).
            played = len(moves) - (row[1] if opening is None else opening)
            cur = _write_line(db, record_id, status, json.dumps(moves), turns_json, elapsed, stamp, played)
            if undone_to is not None:
                insert_help(db, record_id, undone_to, "undo")
        # A won record is kept as it was won: its version stays the one it had.
        if not cur.rowcount:
            return base
        return version if version is not None else line_version(moves)

    def record_version(self, record_id: int) -> str | None:
        """The record's version now (:func:`line_version` of its moves); None when there is no such record."""
        with self._lock:
            row = self.db.execute("SELECT moves FROM games WHERE id = ?", (record_id,)).fetchone()
        return None if row is None else stored_version(row[0])

    def abandon(self, record_id: int) -> None:
        """Give up an unfinished game: it counts as played and not won (see :meth:`leave`)."""
        with self.transaction() as db:
            row = db.execute("SELECT result FROM games WHERE id = ?", (record_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game #{record_id} in the store")
            if row[0] != "playing":
                raise StoreError(f"game #{record_id} is {row[0]}, not unfinished")
            stamp = now()
            db.execute("UPDATE games SET result = 'abandoned', ended = ?, updated = ? WHERE id = ?",
                       (stamp, stamp, record_id))

    def leave(self, record_id: int) -> str | None:
        """The player left game ``record_id`` for another (a new deal, another game, quit).

        A game in progress after at least one move becomes ``abandoned``: it
        counts as played and not won, and can still be resumed by its id. A
        deal left untouched counts as nothing, and a finished game stays as
        it ended. Return the record's result afterwards (None if there is no
        such record).
        """
        with self.transaction() as db:
            row = db.execute(f"SELECT result, {schema.UNTOUCHED} FROM games WHERE id = ?", (record_id,)).fetchone()
            if row is None:
                return None
            result, untouched = row
            if result == "playing" and not untouched:
                stamp = now()
                db.execute("UPDATE games SET result = 'abandoned', ended = ?, updated = ? WHERE id = ?",
                           (stamp, stamp, record_id))
                result = "abandoned"
            return result

    def mark_assisted(self, record_id: int, kind: str) -> None:
        """Note that the player used help in game ``record_id``: ``kind`` is ``"hint"`` or ``"solution"``.

        The game is marked in the history and counted apart in the
        statistics: a win with help is never a win, a best time or part of a
        streak. A game already won before the help stays won.
        """
        if kind not in HELP_KINDS:
            raise StoreError(f"help is a hint or the solution, not {kind!r}")
        column = "hints = hints + 1" if kind == "hint" else "solution = 1"
        with self.transaction() as db:
            cur = db.execute(f"UPDATE games SET {column} WHERE id = ? AND result != 'won'", (record_id,))
            if cur.rowcount == 0 and db.execute("SELECT 1 FROM games WHERE id = ?", (record_id,)).fetchone() is None:
                raise StoreError(f"no game #{record_id} in the store")

    def set_autoplay(self, record_id: int, on: bool) -> None:
        """Keep game ``record_id``'s own setting of safe auto-play, so that it comes back with the game."""
        with self.transaction() as db:
            if db.execute("UPDATE games SET autoplay = ? WHERE id = ?", (int(bool(on)), record_id)).rowcount == 0:
                raise StoreError(f"no game #{record_id} in the store")

    def set_winnable(self, record_id: int, moves: int | None) -> None:
        """Keep that the solver proved game ``record_id`` winnable after its first ``moves`` moves (None:
        no such position known), so that the way back after a loss outlives the window that saw it."""
        if moves is not None and (not isinstance(moves, int) or moves < 0):
            raise StoreError(f"a winnable position is after 0 moves or more, not {moves!r}")
        with self.transaction() as db:
            if db.execute("UPDATE games SET winnable = ? WHERE id = ?", (moves, record_id)).rowcount == 0:
                raise StoreError(f"no game #{record_id} in the store")

    def set_grade(self, record_id: int, grade: str | None) -> None:
        """Store how hard the deal of game ``record_id`` is (a grade of docs/grades.md, or None: not known)."""
        check_grade(grade)
        with self.transaction() as db:
            if db.execute("UPDATE games SET grade = ? WHERE id = ?", (grade, record_id)).rowcount == 0:
                raise StoreError(f"no game #{record_id} in the store")

    def reset_stats(self, game_id: str | None = None) -> int:
        """Reset the statistics of ``game_id`` (every game when None), in one transaction.

        Every finished game counted so far stops counting; the records stay
        (the history still lists them, marked), unfinished games and study
        results are not touched. Return how many games stopped counting.
        """
        where, params = "counted = 1 AND result != 'playing'", []
        if game_id is not None:
            from ..games import game_class

            where += " AND game = ?"
            params.append(game_class(game_id).id)
        with self.transaction() as db:
            return db.execute(f"UPDATE games SET counted = 0 WHERE {where}", params).rowcount

    # -------------------------------------------------------------- studies

    def save_study_result(self, options_json: str, budget: float, max_states: int, result: dict[str, Any]) -> None:
        """Write one solver result of a study (one short transaction; a result stored already is kept).

        ``result`` is :func:`napoleon.solver.result_json`'s answer with the
        solver's fingerprint added as ``"solver"``.
        """
        with self.transaction() as db:
            db.execute(
                "INSERT OR IGNORE INTO study (game, options, deal, budget, max_states, solver, verdict, moves, states,"
                " seconds, solution, solved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (result["game"], options_json, result["deal"], budget, max_states, result["solver"],
                 result["verdict"], len(result["moves"]), result["states"], result["seconds"],
                 " ".join(result["moves"]), now()))


def _note_opening_and_winnable(db: sqlite3.Connection, record_id: int, row: tuple, opening: int | None,
                               winnable: int | None, length: int) -> None:
    """:meth:`Store.save_state`'s opening and winnable marks, inside its transaction: ``row`` is the
    record's (moves, opening, winnable) as read there, ``length`` the line's length now."""
    if opening is not None and opening != row[1]:
        db.execute("UPDATE games SET opening = ? WHERE id = ? AND result = 'playing'", (opening, record_id))
    known = winnable if winnable is not None else row[2]
    if known != row[2] or (known is not None and known > length):
        db.execute("UPDATE games SET winnable = ? WHERE id = ?",
                   (known if known is not None and known <= length else None, record_id))


def _write_line(db: sqlite3.Connection, record_id: int, status: Status, moves_json: str, turns_json: str,
                elapsed: float, stamp: str, played: int) -> sqlite3.Cursor:
    """Write a record's line of play and result, unless it is won already (its cursor's rowcount
    says which): a won record keeps the time and length of its win."""
    if status is Status.WON:
        return db.execute(
            "UPDATE games SET moves = ?, turns = ?, elapsed = ?, updated = ?, result = 'won', ended = ?,"
            " won_elapsed = ?, won_moves = ? WHERE id = ? AND result != 'won'",
            (moves_json, turns_json, elapsed, stamp, stamp, elapsed, played, record_id),
        )
    result = "lost" if status is Status.LOST else "playing"
    return db.execute(
        "UPDATE games SET moves = ?, turns = ?, elapsed = ?, updated = ?, result = ?, ended = ?"
        " WHERE id = ? AND result != 'won'",
        (moves_json, turns_json, elapsed, stamp, result, stamp if result == "lost" else None, record_id),
    )
