"""Grades: deterministic, calibrated into quarters, shipped, and handed out on demand."""

from __future__ import annotations

import datetime
import io
import json
import sys

import pytest

import napoleon
from napoleon import grading
from napoleon.grading import GRADES, calibrate, daily_deal, figures, grade, grade_of, next_deal
from napoleon.grading.study import dumps, run_grades
from napoleon.interfaces.cli import main
from napoleon.solver import replays_to_win

# Werner's game grades fast (about a second at most per deal); deal 8 is lost
# (fc-solve agrees), deal 9 is won by the greedy player.
WERNER = napoleon.get_game("werner")
BEYOND = 900_000  # far beyond any shipped range: graded on demand


@pytest.fixture
def data(tmp_path, monkeypatch):
    """A grades file of our own, so the tests do not depend on the shipped one's contents."""
    path = tmp_path / "grades.json"
    monkeypatch.setattr(grading, "DATA", path)
    grading.reload()
    yield path
    grading.reload()


def run(capsys, *args: str) -> tuple[int, str, str]:
    sys.stdin = io.StringIO("")
    try:
        code = main(list(args))
    finally:
        sys.stdin = sys.__stdin__
    out, err = capsys.readouterr()
    return code, out, err


def write(path, entry: dict) -> None:
    path.write_text(dumps({"format": 1, "games": {"werner": entry}}))
    grading.reload()


def test_figures_are_deterministic():
    made = {}
    for deal in (8, 9, 2):
        a, b = figures(WERNER.new_state(deal)), figures(WERNER.new_state(deal))
        assert a == b
        made[deal] = a  # the figures of that deal, as any later call makes them
    won = made[9]
    assert won.verdict == "won" and won.winner == "greedy" and won.effort == won.rungs[0]["states"] > 0
    state = WERNER.new_state(9)
    assert replays_to_win(state, [WERNER.parse_notation(m) for m in won.moves])
    lost = made[8]
    assert lost.verdict == "lost" and lost.score is None and lost.rungs[-1]["search"] in ("best", "dfs")
    # A deal that needs the full search costs more than one the greedy player wins.
    assert made[2].effort > won.effort


def test_the_tombs_expert_player_is_nested_rollouts():
    # Deal 5 beats the simple players and the short searches (and 24 M positions of plain playouts).
    tomb = figures(napoleon.new_game("napoleons-tomb", 5))
    assert tomb.verdict == "won" and tomb.winner == "nested"
    assert [r["search"] for r in tomb.rungs][-1] == "nested" and tomb.rungs[-2]["verdict"] == "unknown"


def test_grade_of_and_calibration_cut_quarters():
    assert calibrate(range(1, 9)) == (2.5, 4.5, 6.5)
    cuts = calibrate([float(x) for x in range(100)])
    grades = [grade_of(float(x), cuts) for x in range(100)]
    assert [grades.count(g) for g in GRADES] == [25, 25, 25, 25]
    assert grade_of(0.0, (1, 2, 3)) == "easy" and grade_of(3.0, (1, 2, 3)) == "expert"
    with pytest.raises(grading.GradeError):
        calibrate([1.0, 2.0, 3.0])


def test_study_grades_writes_a_calibrated_file_and_resumes(data, tmp_path):
    log = tmp_path / "log.jsonl"
    starts = []
    entry = run_grades("werner", {}, range(1, 13), jobs=1, log=log, data=data,
                       on_start=lambda total, done: starts.append((total, done)))
    assert starts == [(12, 0)]
    assert entry["first"] == 1 and len(entry["grades"]) == 12 and entry["grades"][7] == "l"  # deal 8
    won = sum(entry["counts"][g] for g in GRADES)
    assert won == 12 - entry["counts"]["lost"] - entry["counts"]["unknown"] and won >= 8
    assert all(entry["counts"][g] >= won // 4 - 1 for g in GRADES)  # quarters, give or take ties
    t = entry["thresholds"]
    assert t == sorted(t)
    doc = json.loads(data.read_text())
    assert doc["games"]["werner"] == entry
    # What the file says is what grade() answers, without a search.
    for deal in range(1, 13):
        assert grade(WERNER, deal).grade == grading.FROM_LETTER[entry["grades"][deal - 1]]
        assert grade(WERNER, deal).source == "shipped"
    # A second run computes nothing: every deal is in the log.
    starts.clear()
    assert run_grades("werner", {}, range(1, 13), jobs=1, log=log, data=data,
                      on_start=lambda total, done: starts.append((total, done))) == entry
    assert starts == [(12, 12)]


def test_shipped_grades_are_looked_up_not_searched(data):
    write(data, {"first": 10, "grades": "lueemhxx", "thresholds": [1, 2, 3]})
    assert next_deal(WERNER, 10).deal == 12  # 10 lost, 11 unknown
    assert next_deal(WERNER, 10, "hard").deal == 15
    assert next_deal(WERNER, 13, "easy").deal == 13
    assert next_deal(WERNER, 15, "expert").deal == 16
    assert all(next_deal(WERNER, 10, g).source == "shipped" for g in GRADES)
    # Past the shipped range the grade is computed on demand, with the file's thresholds.
    beyond = next_deal(WERNER, 16, "expert", tries=1)
    assert beyond.deal == 16
    computed = next_deal(WERNER, 18, tries=20)
    assert computed.source == "computed" and computed.deal >= 18 and computed.figures.verdict == "won"


@pytest.mark.parametrize("wanted", GRADES)
def test_deal_winnable_grade_returns_a_deal_of_that_grade(capsys, wanted):
    code, out, err = run(capsys, "deal", "werner", "--winnable", "--grade", wanted, "--from", str(BEYOND), "--json")
    assert code == 0, err
    obj = json.loads(out)
    assert obj["grade"] == wanted and obj["deal"] >= BEYOND and obj["grade_source"] == "computed"
    state = WERNER.new_state(obj["deal"])
    assert replays_to_win(state, [WERNER.parse_notation(m) for m in obj["solution"]])
    # The grade command, searching afresh, agrees.
    code, out, _ = run(capsys, "grade", "werner", "--deal", str(obj["deal"]), "--json")
    assert code == 0 and json.loads(out)["computed_grade"] == wanted


def test_grade_command_shows_the_figures(capsys):
    code, out, _ = run(capsys, "grade", "werner", "--deal", "8", "--json")
    obj = json.loads(out)
    assert code == 0 and obj["computed_grade"] == "lost" and obj["verdict"] == "lost" and obj["effort"] > 0
    code, out, _ = run(capsys, "grade", "werner", "--deal", "9")
    assert code == 0 and "greedy" in out and "proven won" in out


def test_daily_deal_is_the_same_all_day_and_winnable(data, capsys):
    write(data, {"first": 1, "grades": "xlemhu" * 20, "thresholds": [1, 2, 3]})
    day = datetime.date(2026, 11, 23)
    a = daily_deal(WERNER, day)
    assert a == daily_deal(WERNER, day) and a.grade in GRADES
    assert grade(WERNER, a.deal).grade == a.grade
    deals = {daily_deal(WERNER, day + datetime.timedelta(days=i)).deal for i in range(30)}
    assert len(deals) > 10
    code, out, _ = run(capsys, "deal", "werner", "--daily", "--date", "2026-11-23", "--json")
    obj = json.loads(out)
    assert code == 0 and obj["deal"] == a.deal and obj["grade"] == a.grade and obj["date"] == "2026-11-23"


@pytest.mark.parametrize("args, says", [
    (("deal", "werner", "--grade", "easy"), "--grade goes with --winnable"),
    (("deal", "werner", "--from", "5"), "--from goes with --winnable"),
    (("deal", "werner", "--daily", "--date", "23/11/2026"), "bad date"),
    (("deal", "werner", "--daily", "--winnable"), "--daily picks its own deal"),
    (("deal", "werner", "--winnable", "--from", "3", "--deal", "4"), "not both"),
    (("study", "werner", "--deals", "1-3", "--grades-log", "x.jsonl"), "go with --grades"),
])
def test_bad_grade_requests_are_refused(capsys, args, says):
    code, _, err = run(capsys, *args)
    assert code == 2 and says in err and err.count("\n") == 1


def test_unknown_grade_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exit_:
        run(capsys, "deal", "werner", "--winnable", "--grade", "trivial")
    assert exit_.value.code == 2 and "invalid choice: 'trivial'" in capsys.readouterr().err


def test_grading_on_a_dask_cluster_matches_local_processes(tmp_path, dask_scheduler):
    deals = range(1, 7)
    local = run_grades("werner", {}, deals, jobs=1, log=tmp_path / "local.jsonl", data=tmp_path / "local.json")
    remote = run_grades("werner", {}, deals, dask=dask_scheduler, log=tmp_path / "dask.jsonl",
                        data=tmp_path / "dask.json")
    assert remote == local
