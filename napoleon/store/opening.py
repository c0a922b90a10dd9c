"""Opening the database file: checked before SQLite touches it, made whole when new, read-only when it must be.

A file that is not a napoleon database (not SQLite, empty, damaged, someone
else's tables, or a newer schema) gives a :class:`StoreError` and is never
written; only a path where no file is yet gets a new store, made whole
beside it and then put in place, so that no one ever sees it half made. A
file that cannot be written (no write permission, a read-only disk) opens
read-only when the caller asks only to read, and is refused otherwise.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import sys
import tempfile
from pathlib import Path

from . import schema
from .records import ReadOnlyStoreError, StoreError

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 30_000
BROWSER_JOURNAL_LIMIT = 64 * 1024  # bytes of the browser's rollback journal kept between writes (see in_browser)


def default_path() -> Path:
    """``$NAPOLEON_DB``, else ``napoleon.db`` in the user's data directory."""
    env = os.environ.get("NAPOLEON_DB")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("napoleon", appauthor=False)) / "napoleon.db"


def journal_mode() -> str:
    """SQLite's journal for a store opened here: WAL, except in the browser (Pyodide).

    There the file lives in memory and is copied whole into IndexedDB after each write
    (the static site); WAL's log, which grows to some 4 MB between checkpoints, would be
    copied whole every time, while a rollback journal is gone once a write is done and
    leaves only the database to copy. A page is one process: WAL's readers beside a writer
    have no one to serve there.
    """
    return "DELETE" if sys.platform == "emscripten" else "WAL"


def in_browser(db: sqlite3.Connection) -> None:
    """Hold the browser's store the way only one connection ever opens it: in exclusive locking mode.

    A page's Python is the store's only reader and writer (each tab has its own copy in memory,
    written back to IndexedDB between requests), so the file lock, taken and given back by each
    transaction with the change counter read again and the journal made and deleted, guards
    nothing there: in Pyodide those file calls were two thirds of a move's SQL (0.15 of 0.2 ms a
    statement under Node). In this mode SQLite keeps the lock and its cache, and keeps the
    journal's file between transactions with its header cleared (no longer a journal to roll
    back), cut back to ``BROWSER_JOURNAL_LIMIT`` after a large one: a crash in the middle of a
    commit is still rolled back from it.
    """
    db.execute("PRAGMA locking_mode = EXCLUSIVE")
    db.execute(f"PRAGMA journal_size_limit = {BROWSER_JOURNAL_LIMIT}")


def connect(p: Path, *, read_only: bool) -> tuple[sqlite3.Connection, bool]:
    """The database at ``p``, opened (created or upgraded when it may be written), and whether it is read-only.

    See :meth:`napoleon.store.Store.open`; ``read_only`` says the caller only reads.
    """
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
            return db, True
        db.execute(f"PRAGMA journal_mode = {journal_mode()}")
        # In WAL mode NORMAL still commits each move before the call returns and survives a
        # crash or kill -9 of the program; only a power cut may take back the last moves (the
        # file stays whole). FULL would wait for the disk on every move: 8 ms and more a move
        # on the benchmark machine, more than all the rest of a move's work.
        db.execute("PRAGMA synchronous = NORMAL")
        if sys.platform == "emscripten":
            in_browser(db)
        if version < schema.VERSION:
            upgrade(db, p)
    except StoreError:
        db.close()
        raise
    except sqlite3.DatabaseError as exc:
        db.close()
        raise StoreError(f"{p} is not a usable napoleon database ({exc}); it was left untouched") from None
    return db, False


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
            put_in_place(tmp, path)
        except FileExistsError:
            pass  # another process made it first: open theirs
    except (OSError, sqlite3.Error) as exc:
        raise StoreError(f"cannot create the database {path}: {exc}") from None
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass


def put_in_place(made: str, path: Path) -> None:
    """Give the whole file ``made`` the name ``path``; FileExistsError when a file is there already.

    A hard link does it in one step that never replaces a file. Where there are none
    (WebAssembly's file system in the browser, one page and one process, so no one can race
    us) the file is copied in after a check.
    """
    if hasattr(os, "link"):
        os.link(made, path)
        return
    if path.exists():
        raise FileExistsError(path)
    shutil.copyfile(made, path)


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
