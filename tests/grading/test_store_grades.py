"""The grade kept with a game's record, and the statistics per grade (schema 6)."""

from __future__ import annotations

import json

import pytest

from napoleon import get_game, new_game
from napoleon.interfaces.cli import main
from napoleon.session import Session
from napoleon.store import Store, StoreError, schema

WERNER = get_game("werner")


def test_upgrade_from_v5_leaves_grades_unknown(old_database, won_werner_row):
    path = old_database(5, won_werner_row)
    with Store.open(path) as store:
        assert store.version == schema.VERSION  # upgraded to the newest schema
        assert store.get(1).grade is None and store.get(1).won_elapsed == 12.0
        assert store.stats_by_grade() == [{"game": "werner", "options": {}, "label": "werner", "grade": "ungraded",
                                           "played": 1, "won": 1, "best_time": 12.0}]
        store.set_grade(1, "hard")
        assert store.get(1).grade == "hard"


def test_a_session_keeps_its_grade_through_the_store(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        session = Session.recorded(store, new_game("werner", 9), autoplay=False)
        session.set_grade("easy")
        assert store.get(session.record_id).grade == "easy"
        session.play(session.state.legal_moves()[0])
        session.abandon()
        resumed = Session.resume(store, session.record_id, autoplay=False)
        assert resumed.grade == "easy"


def test_a_bad_grade_is_refused_and_changes_nothing(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        rid = store.insert(WERNER, 3, moves=["T3-F1"])
        store.set_grade(rid, "medium")
        with pytest.raises(StoreError, match="not 'trivial'"):
            store.set_grade(rid, "trivial")
        with pytest.raises(StoreError, match="no game #99"):
            store.set_grade(99, "easy")
        assert store.get(rid).grade == "medium"


def test_statistics_per_grade(tmp_path):
    with Store.open(tmp_path / "db.sqlite") as store:
        def game(grade, result, elapsed=None, hints=0):
            rid = store.insert(WERNER, 1, moves=["T3-F1"], result=result, ended="2026-11-23T10:00:00+00:00",
                               won_elapsed=elapsed, hints=hints)
            if grade:
                store.set_grade(rid, grade)

        game("easy", "won", 80.0)
        game("easy", "won", 60.0)
        game("easy", "won", 10.0, hints=1)  # a win with help is played, not won
        game("easy", "abandoned")
        game("expert", "lost")
        game(None, "won", 99.0)
        store.insert(WERNER, 2, moves=[])  # untouched: counts as nothing
        rows = {r["grade"]: (r["played"], r["won"], r["best_time"]) for r in store.stats_by_grade("werner")}
        assert rows == {"easy": (4, 2, 60.0), "expert": (1, 0, None), "ungraded": (1, 1, 99.0)}
        assert [r["grade"] for r in store.stats_by_grade()] == ["easy", "expert", "ungraded"]
        store.reset_stats()
        assert store.stats_by_grade() == []


def test_stats_command_per_grade(tmp_path, capsys):
    """`napoleon stats` shows played, won and best time per grade, as the page and the TUI do (--json too)."""
    db = str(tmp_path / "db.sqlite")
    with Store.open(db) as store:
        for grade, result, elapsed in (("hard", "won", 125.0), ("hard", "won", 71.0), ("hard", "lost", None),
                                       ("easy", "abandoned", None), (None, "won", 30.0)):
            store.insert(WERNER, 5, moves=["T3-F1"], result=result, ended="2026-11-23T10:00:00+00:00",
                               won_elapsed=elapsed, grade=grade)
        store.insert(get_game("forty-thieves"), 7, moves=["S-W"], result="lost", ended="2026-11-23T11:00:00+00:00",
                     grade="expert")
        expected = store.stats_by_grade("werner")
    assert main(["stats", "werner", "--db", db, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["by_grade"] == expected
    assert [(r["grade"], r["played"], r["won"], r["best_time"]) for r in out["by_grade"]] == [
        ("easy", 1, 0, None), ("hard", 3, 2, 71.0), ("ungraded", 1, 1, 30.0)]
    assert [r["played"] for r in out["stats"]] == [5]
    assert main(["stats", "--db", db]) == 0
    text = capsys.readouterr().out
    part = text[text.index("by grade of the deal"):]
    lines = [line.split() for line in part.splitlines()]
    assert ["werner", "hard", "3", "2", "1:11"] in lines
    assert ["werner", "ungraded", "1", "1", "0:30"] in lines
    assert ["forty-thieves", "expert", "1", "0", "-"] in lines
