"""A small real study: results stored as they come, an interrupted study resumes."""

from __future__ import annotations

import json

import pytest

from napoleon.interfaces.cli import main
from napoleon.store import Store
from napoleon.study import run_study

# A state limit makes each result independent of the machine's speed (the
# time budget is far above what these deals need), so runs can be compared.
LIMIT = {"budget": 60.0, "max_states": 3000}


def rows(store):
    return store.db.execute(
        "SELECT deal, verdict, moves, states, solution, solved FROM study ORDER BY deal").fetchall()


def test_interrupted_study_resumes_without_recomputing(tmp_path):
    seen = []

    def stop_after_two(result, summary):
        seen.append(result["deal"])
        if len(seen) == 2:
            raise KeyboardInterrupt

    with Store.open(tmp_path / "s.db") as store:
        with pytest.raises(KeyboardInterrupt):
            run_study(store, "werner", {}, range(1, 6), jobs=2, on_result=stop_after_two, **LIMIT)
        first = rows(store)
        assert sorted(r[0] for r in first) == sorted(seen)

        again = []
        summary = run_study(store, "werner", {}, range(1, 6), jobs=2,
                            on_result=lambda r, s: again.append(r["deal"]), **LIMIT)
        assert sorted(again) == sorted(set(range(1, 6)) - set(seen))  # only the missing deals were solved
        assert summary.computed == 3 and summary.deals == 5
        after = rows(store)
        assert [r for r in after if r[0] in seen] == first  # stored results untouched
        assert summary.won + summary.lost + summary.unknown == 5
        assert summary.won == sum(r[1] == "won" for r in after)

        # Everything stored: a third run solves nothing.
        summary = run_study(store, "werner", {}, range(1, 6), jobs=2, **LIMIT)
        assert summary.computed == 0 and summary.deals == 5


def test_results_are_keyed_by_options_and_limits(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        run_study(store, "forty-thieves", {}, [1, 2], jobs=1, **LIMIT)
        other = run_study(store, "forty-thieves", {"redeals": "1"}, [1, 2], jobs=1, **LIMIT)
        assert other.computed == 2
        tighter = run_study(store, "forty-thieves", {}, [1, 2], jobs=1, budget=60.0, max_states=1000)
        assert tighter.computed == 2
        assert store.db.execute("SELECT count(*) FROM study").fetchone() == (6,)


def test_study_command_json_and_plot(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    png = tmp_path / "run.png"
    argv = ["study", "werner", "--deals", "1-4", "--budget", "60", "--max-states", "3000", "--jobs", "2",
            "--db", db, "--json", "--plot", str(png)]
    assert main(argv) == 0
    obj = json.loads(capsys.readouterr().out)
    assert obj["game"] == "werner" and obj["deals"] == 4
    assert obj["won"] + obj["lost"] + obj["unknown"] == 4
    low, high = obj["interval"]
    assert 0 <= low <= high <= 1
    assert set(obj["seconds"]) == {"total", "median", "p90", "max"}
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # Text output, from the store alone this time.
    assert main(argv[:-3]) == 0
    text = capsys.readouterr().out
    assert "won" in text and "95% interval" in text and "median" in text


def test_study_command_errors(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    assert main(["study", "werner", "--deals", "5-1", "--db", db]) == 2
    assert "bad deal range" in capsys.readouterr().err
    assert main(["study", "klondike", "--deals", "1-2", "--db", db]) == 2
    with pytest.raises(SystemExit) as refused:  # argparse's own refusal, in one line
        main(["study", "werner", "--deals", "1-2", "--budget", "0", "--db", db])
    assert refused.value.code == 2 and "--budget" in capsys.readouterr().err
    assert main(["study", "werner", "--deals", "1-2", "--plot", "x.svg", "--db", db]) == 2


def test_results_of_other_solver_code_are_not_reused(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        run_study(store, "werner", {}, [1, 2], jobs=1, **LIMIT)
        store.db.execute("UPDATE study SET solver = 'older0solver'")
        again = run_study(store, "werner", {}, [1, 2], jobs=1, **LIMIT)
        assert again.computed == 2
        assert store.db.execute("SELECT count(*) FROM study").fetchone() == (4,)


def test_a_worker_with_other_code_is_refused(tmp_path, monkeypatch):
    from napoleon import study

    monkeypatch.setattr(study, "solver_fingerprint", lambda: "not0the0same")
    with Store.open(tmp_path / "s.db") as store:
        with pytest.raises(study.StudyError, match="other solver code"):
            run_study(store, "werner", {}, [1], jobs=1, **LIMIT)
        assert store.db.execute("SELECT count(*) FROM study").fetchone() == (0,)
