"""Upgrading a database written by an earlier schema keeps every game."""

from __future__ import annotations

import json
import sqlite3

import pytest

from napoleon.session import Session
from napoleon.store import VERSION, Store, schema


def make_v1(path) -> None:
    """A version 1 database as napoleon 1 wrote it: moves as space-separated notation."""
    db = sqlite3.connect(path)
    db.execute(schema.V1_GAMES)
    opts = json.dumps({}, separators=(",", ":"))
    ft = json.dumps({"redeals": 1}, separators=(",", ":"))
    db.executemany(
        "INSERT INTO games (game, options, deal, moves, result, elapsed, started, ended) VALUES (?,?,?,?,?,?,?,?)",
        [("werner", opts, 1, "T3-F1 C3-F2", "playing", 12.5, "2026-01-01T10:00:00+00:00", None),
         ("werner", opts, 2, "T2-T7 T3-F1 C1-F2", "won", 300.0, "2026-01-02T10:00:00+00:00",
          "2026-01-02T10:05:00+00:00"),
         ("forty-thieves", ft, 3, "", "lost", 40.0, "2026-01-03T10:00:00+00:00", "2026-01-03T10:01:00+00:00")])
    db.execute("PRAGMA user_version = 1")
    db.commit()
    db.close()


def test_upgrade_from_v1(tmp_path):
    path = tmp_path / "old.db"
    make_v1(path)
    with Store.open(path) as store:
        assert store.version == VERSION == 11
        g1, g2, g3 = (store.get(i) for i in (1, 2, 3))
        assert g1.moves == ["T3-F1", "C3-F2"] and g1.turns == [1, 1] and g1.result == "playing"
        assert g1.elapsed == 12.5 and g1.updated == g1.started == "2026-01-01T10:00:00+00:00"
        assert g2.result == "won" and g2.won_elapsed == 300.0 and g2.won_moves == 3
        assert g3.options == {"redeals": 1} and g3.moves == []
        assert len({g.uid for g in (g1, g2, g3)}) == 3
        # The upgraded records work: resume replays the moves, stats read them.
        session = Session.resume(store, 1, autoplay=False)
        assert session.notation_history() == ["T3-F1", "C3-F2"]
        (werner,) = store.stats("werner")
        assert (werner["played"], werner["won"], werner["unfinished"]) == (1, 1, 1)
        # The study table of version 3 is there.
        assert store.db.execute("SELECT count(*) FROM study").fetchone() == (0,)


def test_upgrade_from_v2(old_database):
    path = old_database(
        2,
        "INSERT INTO games (uid, game, options, deal, moves, turns, result, started, updated)"
        " VALUES ('00112233445566778899aabbccddeeff', 'werner', '{}', 1, '[\"T3-F1\"]', '[1]', 'playing', 't', 't')")
    with Store.open(path) as store:
        assert store.version == VERSION
        assert store.get(1).uid == "00112233445566778899aabbccddeeff"
        assert [g.moves for g in store.unfinished()] == [["T3-F1"]]


def test_new_database_is_current_and_wal(tmp_path):
    path = tmp_path / "new.db"
    with Store.open(path) as store:
        assert store.version == VERSION
        assert store.db.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # Opening again changes nothing.
    with Store.open(path) as store:
        assert store.version == VERSION


def test_default_path_follows_env(tmp_path, monkeypatch):
    monkeypatch.setenv("NAPOLEON_DB", str(tmp_path / "sub" / "env.db"))
    with Store.open() as store:
        assert store.path == tmp_path / "sub" / "env.db"
    assert (tmp_path / "sub" / "env.db").exists()


def test_upgrade_from_v3_keeps_study_results(old_database):
    path = old_database(
        3,
        "INSERT INTO study (game, options, deal, budget, max_states, verdict, moves, states, seconds,"
        " solution, solved) VALUES ('werner', '{}', 7, 2.0, 0, 'won', 3, 99, 0.5, 'a b c', 't')")
    with Store.open(path) as store:
        assert store.version == VERSION
        rows = store.db.execute("SELECT deal, solver, verdict, solution FROM study").fetchall()
    # Kept, with no fingerprint: a study by today's code will not reuse them.
    assert rows == [(7, "", "won", "a b c")]


def test_upgrade_from_v9_keeps_the_help_marks_in_order_and_takes_finish(old_database, won_werner_row):
    from napoleon.store.reviews import help_marks, mark_help

    path = old_database(
        9, won_werner_row,
        "INSERT INTO help (game_id, at, kind, made) VALUES (1, 3, 'hint', 't'), (1, 2, 'undo', 't'),"
        " (1, 0, 'solution', 't')")
    with sqlite3.connect(path) as db, pytest.raises(sqlite3.IntegrityError):
        db.execute("INSERT INTO help (game_id, at, kind, made) VALUES (1, 5, 'finish', 't')")  # version 9 refuses it
    with Store.open(path) as store:
        assert store.version == VERSION == 11
        assert help_marks(store, 1) == [{"at": 3, "kind": "hint"}, {"at": 2, "kind": "undo"},
                                        {"at": 0, "kind": "solution"}]
        mark_help(store, 1, 5, "finish")
        assert help_marks(store, 1)[-1] == {"at": 5, "kind": "finish"}
        assert store.db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'help'"
                                ).fetchall() == [("help_by_game",)]
