"""Versioned writes of a game's record, and which files open as a store (and how)."""

from __future__ import annotations

import io
import os
import sqlite3
import stat
import threading

import pytest

from napoleon import new_game
from napoleon.interfaces.cli import main
from napoleon.interfaces.recorded_lineplay import play_recorded
from napoleon.session import Session
from napoleon.store import ReadOnlyStoreError, StaleGameError, Store, StoreError, line_version


def test_a_write_made_on_a_line_the_record_no_longer_holds_is_refused(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        a = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        a.play_text("S-W")
        b = Session.resume(store, a.record_id, autoplay=False)
        a.play_text("S-W")                      # A moves on; B has not seen it
        with pytest.raises(StaleGameError, match="moved on"):
            b.play_text("S-W")
        assert store.get(a.record_id).moves == ["S-W", "S-W"]
        # B took the game up as A saved it, and plays on from there.
        assert b.notation_history() == ["S-W", "S-W"]
        b.play_text("S-W")
        assert store.get(a.record_id).moves == ["S-W"] * 3
        with pytest.raises(StaleGameError):     # now A is the one behind
            a.undo()
        assert store.get(a.record_id).moves == ["S-W"] * 3 == a.notation_history()


def test_a_stale_leave_or_put_aside_overwrites_nothing(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        a = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        a.play_text("S-W")
        b = Session.resume(store, a.record_id, autoplay=False)
        b.play_text("S-W")
        a.abandon()
        a.leave()
        assert store.get(a.record_id).moves == ["S-W", "S-W"]


def test_save_state_names_a_version(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        state = new_game("forty-thieves", deal=5)
        rid = store.insert(state.game, 5)
        state.play_text("S-W")
        with pytest.raises(StaleGameError):
            store.save_state(rid, state, base=line_version(["S-W", "S-W"]))
        version = store.save_state(rid, state, base=line_version([]))
        assert version == line_version(["S-W"]) == store.record_version(rid)


def test_line_mode_reloads_a_game_saved_elsewhere(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        other = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        other.play_text("S-W")
        mine = Session.resume(store, other.record_id, autoplay=False)

        class Meanwhile(io.StringIO):
            """Another window plays a move while this one waits for its first line."""

            def readline(self, *args):
                line = super().readline(*args)
                if other.moves_made == 1:
                    other.play_text("S-W")
                return line

        out = io.StringIO()
        play_recorded(store, session=mine, inp=Meanwhile("S-W\nS-W\nq\n"), out=out)
        text = out.getvalue()
        assert text.count("moved on in another window or process") == 1, text
        # Nothing of the other window's was lost; this window's next moves were played on its line.
        assert store.get(other.record_id).moves == ["S-W"] * 3


def test_an_empty_file_is_not_a_new_store(tmp_path):
    path = tmp_path / "napoleon.db"
    path.write_bytes(b"")
    with pytest.raises(StoreError, match="empty file"):
        Store.open(path)
    assert path.read_bytes() == b"" and os.listdir(tmp_path) == ["napoleon.db"]


def test_an_empty_sqlite_database_is_not_napoleons(tmp_path):
    path = tmp_path / "napoleon.db"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 0")
    db.execute("CREATE TABLE t (x)")
    db.execute("DROP TABLE t")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="not napoleon's"):
        Store.open(path)


def test_the_cli_refuses_an_empty_database_file(tmp_path, capsys):
    path = tmp_path / "napoleon.db"
    path.write_bytes(b"")
    assert main(["stats", "--db", str(path)]) == 2
    err = capsys.readouterr().err
    assert "empty file" in err and len(err.strip().splitlines()) == 1
    assert path.read_bytes() == b""


def test_a_new_store_is_made_whole_even_when_two_open_it_at_once(tmp_path):
    path = tmp_path / "new.db"
    errors: list[Exception] = []

    def opener() -> None:
        try:
            Store.open(path).close()
        except Exception as exc:  # noqa: BLE001 - collected and checked below
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert not [n for n in os.listdir(tmp_path) if n.endswith(".new")]


@pytest.fixture
def read_only_db(tmp_path):
    path = tmp_path / "ro.db"
    with Store.open(path) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        session.play_text("S-W")
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    yield path
    path.chmod(0o644)


def test_a_read_only_database_is_read_read_only(read_only_db):
    before = read_only_db.read_bytes()
    with pytest.raises(ReadOnlyStoreError, match="read-only"):
        Store.open(read_only_db)
    with Store.open(read_only_db, read_only=True) as store:
        assert store.read_only and [g.moves for g in store.games()] == [["S-W"]]
        with pytest.raises(ReadOnlyStoreError, match="read-only"):
            store.reset_stats()
    assert read_only_db.read_bytes() == before


def test_read_commands_work_on_a_read_only_database_and_writing_ones_say_so(read_only_db, tmp_path, capsys):
    db = str(read_only_db)
    for argv in (["stats", "--db", db], ["history", "--db", db], ["export", "1", str(tmp_path / "g.json"), "--db", db]):
        assert main(argv) == 0, argv
    capsys.readouterr()
    for argv in (["abandon", "1", "--db", db], ["stats", "--reset", "--yes", "--db", db],
                 ["import", str(tmp_path / "g.json"), "--db", db], ["resume", "1", "--plain", "--db", db]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "read-only" in err and len(err.strip().splitlines()) == 1, (argv, err)
