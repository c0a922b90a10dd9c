"""A database file that napoleon cannot use: a clear error, and the file untouched."""

from __future__ import annotations

import os
import sqlite3

import pytest

from napoleon.interfaces.cli import main
from napoleon.store import Store, StoreError


def snapshot(path):
    """The bytes of the file and the names beside it (no -wal or -shm may appear)."""
    return path.read_bytes(), sorted(os.listdir(path.parent))


def a_real_database(path) -> None:
    with Store.open(path) as store:
        from napoleon import get_game

        for deal in range(1, 40):
            store.insert(get_game("werner"), deal, moves=["T3-F1"] * 20)
    # Fold the WAL back into the main file so the file alone is the database.
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode = DELETE")
    db.close()


def check_refused(path, words: str) -> None:
    before = snapshot(path)
    with pytest.raises(StoreError) as info:
        Store.open(path)
    assert words in str(info.value)
    assert "left untouched" in str(info.value)
    assert snapshot(path) == before


def test_random_bytes(tmp_path):
    path = tmp_path / "napoleon.db"
    path.write_bytes(os.urandom(5000))
    check_refused(path, "not an SQLite database")


def test_text_file(tmp_path):
    path = tmp_path / "napoleon.db"
    path.write_text("my shopping list\n")
    check_refused(path, "not an SQLite database")


def test_damaged_pages(tmp_path):
    path = tmp_path / "napoleon.db"
    a_real_database(path)
    data = bytearray(path.read_bytes())
    assert len(data) > 3 * 4096
    # Keep the header and page 1 (the schema), scribble over the table's pages.
    data[4096:] = bytes((i * 7 + 3) % 256 for i in range(len(data) - 4096))
    path.write_bytes(bytes(data))
    check_refused(path, "damaged")


def test_truncated_file(tmp_path):
    path = tmp_path / "napoleon.db"
    a_real_database(path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])
    check_refused(path, "damaged")


def test_someone_elses_sqlite_database(tmp_path):
    path = tmp_path / "napoleon.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    db.execute("INSERT INTO invoices (total) VALUES (12.5)")
    db.commit()
    db.close()
    check_refused(path, "not napoleon's")


def test_database_of_a_newer_napoleon(tmp_path):
    path = tmp_path / "napoleon.db"
    Store.open(path).close()
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("PRAGMA user_version = 99")
    db.close()
    check_refused(path, "newer napoleon")


def test_cli_says_so_in_one_line(tmp_path, capsys):
    path = tmp_path / "napoleon.db"
    path.write_bytes(b"\x00garbage" * 100)
    before = path.read_bytes()
    assert main(["stats", "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not an SQLite database" in err
    assert path.read_bytes() == before
