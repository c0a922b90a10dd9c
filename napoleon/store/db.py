"""The store: every game played, kept in one SQLite database.

Each change is one short transaction, so a crash or a closed terminal loses
at most the move in flight; WAL mode lets a study write results while a game
is being played, and a busy timeout makes concurrent writers wait their turn
instead of failing with "database is locked".

A file that is not a napoleon database (not SQLite, empty, damaged, someone
else's tables, or a newer schema) gives a :class:`StoreError` and is never
written; only a path where no file is yet gets a new store, made whole
beside it and then put in place, so that no one ever sees it half made. A
file that cannot be written (no write permission, a read-only disk) opens
read-only when the caller asks only to read, and is refused otherwise.

Every write of a game's line of play names the version of the record it
was made on (:func:`line_version` of the moves it last read or wrote); a
write made on a line the record no longer holds, because another window or
process saved the game since, is refused with :class:`StaleGameError`, and
the caller reloads the game from the store instead of overwriting it.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import sqlite3
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, Self

from ..engine.errors import NapoleonError
from ..engine.state import State, Status
from . import schema
from .reviews import mark_help
from .stats import STATS_SQL, compute_stats

if TYPE_CHECKING:
    from ..engine.game import Game

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 30_000
RESULTS = ("playing", "won", "lost", "abandoned")
RESUMABLE = ("playing", "abandoned")
"""A game left (abandoned) can be taken up again; its next move makes it unfinished again."""


class StoreError(NapoleonError):
    """The database cannot be used (damaged, foreign, newer) or a record is missing."""


class StaleGameError(StoreError):
    """A game's record moved on (another window or process saved it) since the line a write was made on.

    Nothing was written; reload the game from the store. ``record_id`` is the game's id.
    """

    def __init__(self, record_id: int) -> None:
        super().__init__(f"game #{record_id} moved on in another window or process; "
                         "nothing was overwritten: it is reloaded as saved there")
        self.record_id = record_id


class ReadOnlyStoreError(StoreError):
    """The database can only be read (no write permission, a read-only disk) and a write was asked for."""


def line_version(moves: Sequence[str]) -> str:
    """The version of a game's line of play: its length and a digest of its moves in notation.

    The store names a record's version by this; the web page gets it as the
    game's ``version``. It depends only on the moves, so it survives a
    restart and is the same in every process.

    >>> line_version([])
    '0.da39a3ee5e6b'
    >>> line_version(["T3-F1"]) == line_version(["T3-F1"]) != line_version(["T4-F1"])
    True
    """
    digest = hashlib.sha1(" ".join(moves).encode()).hexdigest()[:12]
    return f"{len(moves)}.{digest}"


class RecordedGame(Protocol):
    """What the store reads of a game in play: a :class:`napoleon.session.Session`, which sits above the store."""

    state: State
    turns: list[int]
    record_id: Any
    hints: int
    solution_used: bool
    grade: str | None
    opening: int

    @property
    def game(self) -> Game: ...

    @property
    def deal(self) -> int: ...

    @property
    def elapsed(self) -> float: ...

    def notation_history(self) -> list[str]: ...


@dataclass
class ResumePoint:
    """A game to take up again: its record, the position its moves reach, and its turns."""

    saved: SavedGame
    state: State
    turns: list[int]


def default_path() -> Path:
    """``$NAPOLEON_DB``, else ``napoleon.db`` in the user's data directory."""
    env = os.environ.get("NAPOLEON_DB")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("napoleon", appauthor=False)) / "napoleon.db"


def now() -> str:
    """The time now, ISO 8601 in UTC to the millisecond (sorts as text)."""
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def canonical_options(options: dict[str, Any]) -> str:
    """Options as canonical JSON: every option (defaults included), keys sorted."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


@dataclass
class SavedGame:
    """One recorded game. ``moves`` are in notation, ``elapsed`` in seconds."""

    id: int
    game: str
    options: dict[str, Any]
    deal: int
    moves: list[str]
    elapsed: float
    started: str
    updated: str
    result: str = "playing"
    ended: str | None = None
    turns: list[int] = field(default_factory=list)
    uid: str = ""
    origin: str = "played"
    won_elapsed: float | None = None
    won_moves: int | None = None
    hints: int = 0
    """How many hints the player asked for in this game."""
    solution: bool = False
    """Whether the solution was shown or played in this game."""
    counted: bool = True
    """False once the statistics were reset: the record stays in the history only."""
    grade: str | None = None
    """How hard the deal is (docs/grades.md), once known."""
    opening: int = 0
    """How many of the first moves safe auto-play made on the opening layout (not the player's)."""

    def play_turns(self) -> list[int]:
        """The turn sizes to undo by: as recorded when they add up to the moves, else one move a turn."""
        turns = self.turns
        if sum(turns) != len(self.moves) or any(t < 1 for t in turns):
            return [1] * len(self.moves)
        return list(turns)

    @property
    def assisted(self) -> bool:
        """Whether the player had help (a hint or the solution): such a game is never a win in the statistics."""
        return self.hints > 0 or self.solution

    def game_obj(self) -> Game:
        from ..games import get_game

        return get_game(self.game, self.options)

    def describe(self) -> str:
        """``werner`` or ``forty-thieves redeals=2``."""
        try:
            return self.game_obj().describe()
        except NapoleonError:
            return self.game

    def replay(self) -> State:
        """The position after the moves, each checked by the engine; raise a NapoleonError."""
        state = self.game_obj().new_state(self.deal)
        for number, text in enumerate(self.moves, 1):
            try:
                state.play(state.parse_move(text))
            except NapoleonError as exc:
                raise StoreError(f"move {number} ({text}) of game #{self.id} does not replay: {exc}") from None
        return state


GAME_COLUMNS = ("id, game, options, deal, moves, elapsed, started, updated, result, ended, turns, uid, origin,"
                " won_elapsed, won_moves, hints, solution, counted, grade, opening")


HELP_KINDS = ("hint", "solution")


def _saved(row: tuple[Any, ...]) -> SavedGame:
    (gid, game, options, deal, moves, elapsed, started, updated, result, ended, turns, uid, origin, we, wm,
     hints, solution, counted, grade, opening) = row
    return SavedGame(id=gid, game=game, options=json.loads(options), deal=deal, moves=json.loads(moves),
                     elapsed=elapsed, started=started, updated=updated, result=result, ended=ended,
                     turns=json.loads(turns), uid=uid, origin=origin, won_elapsed=we, won_moves=wm,
                     hints=hints, solution=bool(solution), counted=bool(counted), grade=grade, opening=opening)


class Store:
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
        check_file(p)
        if not p.exists():
            create(p)
        writable = is_writable(p)
        if not writable and not read_only:
            raise ReadOnlyStoreError(f"the database {p} is read-only: this command must write to it "
                                     "(make the file writable, or give another --db)")
        try:
            if writable:
                db = sqlite3.connect(p, timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None,
                                     check_same_thread=False)
            else:
                db = sqlite3.connect(f"{p.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT_MS / 1000,
                                     isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {p}: {exc}") from None
        try:
            db.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            version = inspect(db, p)
            if not writable:
                if version < schema.VERSION:
                    raise ReadOnlyStoreError(
                        f"the database {p} is read-only and was written by an older napoleon (schema {version}): "
                        "make it writable once, so that it can be brought up to date")
                return cls(p, db, read_only=True)
            db.execute("PRAGMA journal_mode = WAL")
            # In WAL mode NORMAL still commits each move before the call returns and survives a
            # crash or kill -9 of the program; only a power cut may take back the last moves (the
            # file stays whole). FULL would wait for the disk on every move: 8 ms and more a move
            # on the benchmark machine, more than all the rest of a move's work.
            db.execute("PRAGMA synchronous = NORMAL")
            if version < schema.VERSION:
                upgrade(db, p)
        except StoreError:
            db.close()
            raise
        except sqlite3.DatabaseError as exc:
            db.close()
            raise StoreError(f"{p} is not a usable napoleon database ({exc}); it was left untouched") from None
        return cls(p, db)

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

    # ---------------------------------------------------------- recording

    def recorder(self, *resumed: SavedGame) -> StoreRecorder:
        """A recorder for :class:`~napoleon.session.Session`: every move is saved at once.

        ``resumed`` are the records, as read, of games taken up again through it.
        """
        return StoreRecorder(self, resumed)

    def insert(self, game: Game, deal: int, *, moves: list[str] | None = None, turns: list[int] | None = None,
               result: str = "playing", elapsed: float = 0.0, started: str | None = None,
               ended: str | None = None, uid: str | None = None, origin: str = "played",
               won_elapsed: float | None = None, won_moves: int | None = None, hints: int = 0,
               solution: bool = False, opening: int = 0, grade: str | None = None) -> int:
        """Add a record; return its id (``opening``: see :attr:`SavedGame.opening`; ``grade``: see :meth:`set_grade`)."""
        moves = list(moves or [])
        stamp = started or now()
        _check_grade(grade)
        with self.transaction() as db:
            cur = db.execute(
                "INSERT INTO games (uid, game, options, deal, moves, turns, result, elapsed, started, updated, ended,"
                " origin, won_elapsed, won_moves, hints, solution, opening, grade) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?,"
                " ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (uid or secrets.token_hex(16), game.id, canonical_options(game.options), deal, json.dumps(moves),
                 json.dumps(turns if turns is not None else [1] * len(moves)), result, elapsed, stamp,
                 ended or stamp, ended, origin, won_elapsed, won_moves, int(hints), int(bool(solution)), int(opening),
                 grade),
            )
            return int(cur.lastrowid)

    def save_session(self, record_id: int, session: RecordedGame, base: str) -> str:
        """Save a session's line of play, made on version ``base`` (see :meth:`save_state`)."""
        return self.save_state(record_id, session.state, session.turns, session.elapsed, session.notation_history(),
                               base=base)

    def save_state(self, record_id: int, state: State, turns: list[int] | None = None, elapsed: float = 0.0,
                   moves: list[str] | None = None, *, base: str) -> str:
        """Save the line of play of ``state`` (``moves``: its notation, when the caller has it), made on the
        record's version ``base``: one short transaction.

        ``base`` is the :func:`line_version` of the moves the caller last
        read from or wrote to this record. When the record holds another line
        now (another window or process saved the game since), nothing is
        written and :class:`StaleGameError` is raised. Return the record's
        new version, the ``base`` of the next write.


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
            row = db.execute("SELECT moves FROM games WHERE id = ?", (record_id,)).fetchone()
            if row is None:
                raise StoreError(f"no game #{record_id} in the store")
            if line_version(json.loads(row[0])) != base:
                raise StaleGameError(record_id)
            if status is Status.WON:
                cur = db.execute(
                    "UPDATE games SET moves = ?, turns = ?, elapsed = ?, updated = ?, result = 'won', ended = ?,"
                    " won_elapsed = ?, won_moves = ? WHERE id = ? AND result != 'won'",
                    (json.dumps(moves), turns_json, elapsed, stamp, stamp, elapsed, len(moves), record_id),
                )
            else:
                result = "lost" if status is Status.LOST else "playing"
                cur = db.execute(
                    "UPDATE games SET moves = ?, turns = ?, elapsed = ?, updated = ?, result = ?, ended = ?"
                    " WHERE id = ? AND result != 'won'",
                    (json.dumps(moves), turns_json, elapsed, stamp, result, stamp if result == "lost" else None,
                     record_id),
                )
        # A won record is kept as it was won: its version stays the one it had.
        return line_version(moves) if cur.rowcount else base

    def record_version(self, record_id: int) -> str | None:
        """The record's version now (:func:`line_version` of its moves); None when there is no such record."""
        with self._lock:
            row = self.db.execute("SELECT moves FROM games WHERE id = ?", (record_id,)).fetchone()
        return None if row is None else line_version(json.loads(row[0]))

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

    def set_grade(self, record_id: int, grade: str | None) -> None:
        """Store how hard the deal of game ``record_id`` is (a grade of docs/grades.md, or None: not known)."""
        _check_grade(grade)
        with self.transaction() as db:
            if db.execute("UPDATE games SET grade = ? WHERE id = ?", (grade, record_id)).rowcount == 0:
                raise StoreError(f"no game #{record_id} in the store")

    def stats_by_grade(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Per game, option set and grade: played, won and best time (see :func:`.stats.compute_grade_stats`)."""
        from .stats import GRADE_STATS_SQL, compute_grade_stats

        return compute_grade_stats(self._stats_rows(GRADE_STATS_SQL, game_id))

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

    # ------------------------------------------------------------- reading

    def get(self, saved_id: int) -> SavedGame | None:
        """The record ``saved_id``, or None."""
        with self._lock:
            row = self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (saved_id,)).fetchone()
        return _saved(row) if row else None

    def by_uid(self, uid: str) -> SavedGame | None:
        with self._lock:
            row = self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE uid = ?", (uid,)).fetchone()
        return _saved(row) if row else None

    def unfinished(self, game_id: str | None = None) -> list[SavedGame]:
        """Games still being played (at least one move made), the most recently saved first."""
        return self.games(game_id, results=("playing",))

    def games(self, game_id: str | None = None, results: tuple[str, ...] = RESULTS,
              limit: int | None = None) -> list[SavedGame]:
        """Past and present games of ``game_id`` (every game when None), the most recently saved first.

        ``results`` picks which (``"playing"``, ``"won"``, ``"lost"``,
        ``"abandoned"``); ``limit`` caps the list. A deal opened and left
        without a move is not a game and is never listed. Each record says
        whether help was used (:attr:`SavedGame.assisted`) and whether it
        still counts in the statistics (:attr:`SavedGame.counted`).
        """
        where = [f"result IN ({', '.join('?' * len(results))})", f"NOT {schema.UNTOUCHED}"]
        params: list[Any] = list(results)
        if game_id is not None:
            from ..games import game_class

            where.append("game = ?")
            params.append(game_class(game_id).id)
        sql = f"SELECT {GAME_COLUMNS} FROM games WHERE {' AND '.join(where)} ORDER BY updated DESC, id DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._lock:
            return [_saved(r) for r in self.db.execute(sql, params).fetchall()]

    def resume_point(self, saved_id: int) -> ResumePoint:
        """The game ``saved_id`` (unfinished, or left) replayed from the deal, to be taken up again.

        :meth:`napoleon.session.Session.resume` makes a session of it. Raise
        StoreError when there is no such game or it is won or lost.
        """
        saved = self.get(saved_id)
        if saved is None:
            raise StoreError(f"no game #{saved_id} in the store")
        if saved.result not in RESUMABLE:
            raise StoreError(f"game #{saved_id} is {saved.result}: only an unfinished game can be resumed")
        return ResumePoint(saved, saved.replay(), saved.play_turns())

    # -------------------------------------------------------------- studies

    def study_results(self, game: str, options_json: str, budget: float, max_states: int,
                      solver: str) -> dict[int, tuple[str, float]]:
        """Deal -> (verdict, seconds) of the winnability results stored for this game, options
        (canonical JSON), solver limits and solver fingerprint."""
        with self._lock:
            rows = self.db.execute(
                "SELECT deal, verdict, seconds FROM study WHERE game = ? AND options = ? AND budget = ?"
                " AND max_states = ? AND solver = ?", (game, options_json, budget, max_states, solver)).fetchall()
        return {deal: (verdict, seconds) for deal, verdict, seconds in rows}

    def study_decided(self, game: str, options_json: str, solver: str) -> dict[int, tuple[str, float, float]]:
        """Deal -> (verdict, seconds, budget) of the won and lost results stored for this game and
        options by the code ``solver``, at any budget or position limit: a verdict, once proven,
        holds whatever budget proved it (the settling pass of a study stores its own this way)."""
        with self._lock:
            rows = self.db.execute(
                "SELECT deal, verdict, seconds, budget FROM study WHERE game = ? AND options = ? AND solver = ?"
                " AND verdict IN ('won', 'lost') ORDER BY budget", (game, options_json, solver)).fetchall()
        return {deal: (verdict, seconds, budget) for deal, verdict, seconds, budget in rows}

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

    def stats(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Per game and option set: played, won, win_pct, streaks, best time, fewest moves (see :mod:`.stats`)."""
        return compute_stats(self._stats_rows(STATS_SQL, game_id))

    def _stats_rows(self, sql: str, game_id: str | None) -> list[Any]:
        """The rows of a statistics query (its ``{and_game}`` filled), for one game or all."""
        params: list[Any] = []
        and_game = ""
        if game_id is not None:
            from ..games import game_class

            and_game = "AND game = ?"
            params.append(game_class(game_id).id)
        with self._lock:
            return self.db.execute(sql.format(and_game=and_game), params).fetchall()


class StoreRecorder:
    """The store's side of :class:`~napoleon.session.Recorder`.

    It keeps the version of each record it began or was handed
    (``resumed``), and names it in every write: a game another window or
    process saved since is not overwritten (:class:`StaleGameError`).
    """

    def __init__(self, store: Store, resumed: Sequence[SavedGame] = ()) -> None:
        self.store = store
        self._length: int | None = None  # moves on the table at the last save: a shorter line is an undo
        self.versions: dict[int, str] = {saved.id: line_version(saved.moves) for saved in resumed}

    def begin(self, session: RecordedGame) -> int:
        moves = session.notation_history()
        record_id = self.store.insert(session.game, session.deal, moves=moves,
                                      turns=list(session.turns), elapsed=session.elapsed, hints=session.hints,
                                      solution=session.solution_used, opening=session.opening)
        self.versions[record_id] = line_version(moves)
        return record_id

    def save(self, session: RecordedGame) -> None:
        record_id = session.record_id
        base = self.versions.get(record_id)
        if base is None:
            raise StoreError(f"game #{record_id} was not opened through this recorder: it is not saved blind")
        self.versions[record_id] = self.store.save_session(record_id, session, base)
        length, self._length = self._length, len(session.state.history)
        if length is not None and self._length < length:
            mark_help(self.store, session.record_id, self._length, "undo")

    def reload(self, session: RecordedGame) -> SavedGame:
        """The session's record as the store holds it now; the next write is made on it."""
        saved = self.store.get(session.record_id)
        if saved is None:
            raise StoreError(f"no game #{session.record_id} in the store")
        self.versions[saved.id] = line_version(saved.moves)
        self._length = len(saved.moves)  # a reload is no undo of the player's
        return saved

    def is_current(self, session: RecordedGame) -> bool:
        """Whether the store still holds the line of play this recorder last read or wrote for the session."""
        return self.store.record_version(session.record_id) == self.versions.get(session.record_id)

    def finish(self, session: RecordedGame, result: str) -> None:
        # save() has written the result already (a win once, whatever follows);
        # saving again keeps a recorder that is called only here correct too.
        self.save(session)

    def assisted(self, session: RecordedGame, kind: str) -> None:
        self.store.mark_assisted(session.record_id, kind)
        mark_help(self.store, session.record_id, len(session.state.history), kind)

    def graded(self, session: RecordedGame, grade: str | None) -> None:
        self.store.set_grade(session.record_id, grade)

    def leave(self, session: RecordedGame) -> None:
        self.save(session)
        self.store.leave(session.record_id)


# --------------------------------------------------------------- checking


def check_file(path: Path) -> None:
    """Refuse, before SQLite touches it, a file that is not an SQLite database."""
    if path.is_dir():
        raise StoreError(f"{path} is a directory, not a database file")
    try:
        with open(path, "rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise StoreError(f"cannot read the database {path}: {exc}") from None
    if not head:
        raise StoreError(f"{path} is an empty file, not a napoleon database; it was left untouched "
                         "(remove it, or give another path, for a new store)")
    if head != SQLITE_MAGIC:
        raise StoreError(f"{path} is not an SQLite database (damaged or another kind of file); it was left untouched")


def is_writable(path: Path) -> bool:
    """Whether napoleon may write the database at ``path``: the file and its folder (WAL files go beside it).

    A file with no write permission bit counts as read-only even for a
    user (root) whom the system would let write it: its owner marked it so.
    """
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return bool(mode & 0o222) and os.access(path, os.W_OK) and os.access(path.parent, os.W_OK | os.X_OK)


def create(path: Path) -> None:
    """Make a new, empty napoleon database at ``path``, where no file is.

    It is made whole in a file beside ``path`` and linked into place only
    then, so a process opening ``path`` at the same time sees no file or a
    whole database, never a half-made one; when another process made it
    first, theirs is kept.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".new")
    except OSError as exc:
        raise StoreError(f"cannot create the database {path}: {exc.strerror or exc}") from None
    os.close(fd)
    try:
        db = sqlite3.connect(tmp, isolation_level=None)
        try:
            upgrade(db, Path(tmp))
        finally:
            db.close()
        mask = os.umask(0o022)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)  # mkstemp made it private; give it the mode a new file gets
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made it first: open theirs
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"cannot create the database {path}: {exc}") from None
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass


def inspect(db: sqlite3.Connection, path: Path) -> int:
    """The schema version of an open database, after checking (by reading only) that it is ours and sound."""
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        check = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"{path} is damaged or not a database ({exc}); it was left untouched") from None
    if check != [("ok",)]:
        problem = "; ".join(str(r[0]) for r in check[:3])
        raise StoreError(f"{path} is damaged ({problem}); it was left untouched")
    tables.discard("sqlite_sequence")
    if version > schema.VERSION:
        raise StoreError(f"{path} was written by a newer napoleon (schema {version}, this one knows up to "
                         f"{schema.VERSION}); it was left untouched")
    expected = schema.TABLES.get(version, set())
    if version == 0 or not expected <= tables:
        raise StoreError(f"{path} is an SQLite database but not napoleon's (tables: {', '.join(sorted(tables)) or 'none'}); "
                         "it was left untouched")
    return version


def _check_grade(grade: str | None) -> None:
    """A StoreError unless ``grade`` is None (not known) or a grade of docs/grades.md."""
    if grade is not None and grade not in schema.GRADES:
        raise StoreError(f"a grade is one of {', '.join(schema.GRADES)}, not {grade!r}")


def upgrade(db: sqlite3.Connection, path: Path) -> None:
    """Bring the schema up to date in one transaction (another process may have done it first)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version < schema.VERSION:
            schema.migrate(db, version)
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")
