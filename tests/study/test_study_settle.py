"""The settling pass: a study's unknown deals given a long budget, their verdicts counted as its own."""

from __future__ import annotations

import json

import pytest

from napoleon.interfaces.cli import main
from napoleon.solver import LOST, WON, Result
from napoleon.store import Store
from napoleon.study import StudyError, run_study
from napoleon.study.settle import merge, settle_deal, settle_fingerprint, settle_study

# A study capped at one position (the cap is looked at every 4,096) leaves
# these Werner deals unknown; the settling pass then decides each within a
# second (deal 10 is lost).
SHORT = {"budget": 60.0, "max_states": 1}
DEALS = (4, 10, 19, 32, 33)
LOST_DEALS = [10]


def test_the_settling_pass_decides_the_unknown_deals_and_checks_each_loss(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        summary = run_study(store, "werner", {}, DEALS, jobs=1, **SHORT)
        assert summary.unknown == 5
        settlement = settle_study(store, summary, DEALS, 120.0, jobs=1)
        assert settlement.computed == 5 and settlement.unknown == list(DEALS)
        assert sorted(d for d, v in settlement.verdicts.items() if v == "lost") == LOST_DEALS
        assert settlement.count("won") == 4
        assert settlement.checks == {d: "confirmed" for d in LOST_DEALS}
        # Stored under the settling budget and the tagged fingerprint, beside the study's own rows.
        tags = dict(store.db.execute("SELECT budget, count(*) FROM study WHERE solver = ? GROUP BY budget",
                                     (settle_fingerprint(),)).fetchall())
        assert tags == {120.0: 5}
        merged = merge(store, run_study(store, "werner", {}, DEALS, jobs=1, **SHORT), DEALS)
        assert (merged.won, merged.lost, merged.unknown) == (4, 1, 0)
        assert merged.settled == {"won": 4, "lost": 1, "budgets": [120.0]}
        # The verdicts agree with a study that had the budget from the start.
        full = run_study(store, "werner", {}, DEALS, jobs=1, budget=60.0)
        assert (full.won, full.lost, full.unknown) == (4, 1, 0)


def test_a_settling_pass_resumes_and_runs_in_slices(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        summary = run_study(store, "werner", {}, DEALS, jobs=1, **SHORT)
        first = settle_study(store, summary, DEALS, 120.0, jobs=1, slice_=2)
        assert first.computed == 2 and len(first.verdicts) == 2
        second = settle_study(store, summary, DEALS, 120.0, jobs=1, slice_=2)
        assert second.computed == 2 and len(second.verdicts) == 4
        assert set(second.verdicts) > set(first.verdicts)
        third = settle_study(store, summary, DEALS, 120.0, jobs=1)
        assert third.computed == 1 and len(third.verdicts) == 5
        # A longer pass later searches only the deals not yet decided: none are left.
        longer = settle_study(store, summary, DEALS, 300.0, jobs=1)
        assert longer.computed == 0 and len(longer.verdicts) == 5


def test_only_the_studys_unknown_deals_are_settled(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        summary = run_study(store, "werner", {}, (1, 3, 4, 5, 10), jobs=1, **SHORT)
        assert summary.unknown == 2
        settlement = settle_study(store, summary, (1, 3, 4, 5, 10), 120.0, jobs=1)
        assert settlement.unknown == [4, 10] and settlement.computed == 2


def test_a_settling_budget_must_be_longer_and_a_slice_positive(tmp_path):
    with Store.open(tmp_path / "s.db") as store:
        summary = run_study(store, "werner", {}, [1], jobs=1, **SHORT)
        with pytest.raises(StudyError, match="longer than the study's"):
            settle_study(store, summary, [1], 60.0)
        with pytest.raises(StudyError, match="slice"):
            settle_study(store, summary, [1], 120.0, slice_=0)
        assert store.db.execute("SELECT count(*) FROM study").fetchone() == (1,)


def test_a_loss_that_a_second_search_wins_stops_the_pass(monkeypatch):
    from napoleon import solver

    answers = iter([Result(LOST, complete=True), Result(WON)])
    monkeypatch.setattr(solver, "solve", lambda *a, **k: next(answers))
    answer = settle_deal("werner", {}, 8, 120.0, 0)
    assert "solver bug" in answer["error"] and answer["deal"] == 8


def test_a_loss_whose_check_runs_out_is_kept_and_called_unconfirmed(monkeypatch):
    from napoleon import solver

    answers = iter([Result(LOST, complete=True), Result("unknown")])
    monkeypatch.setattr(solver, "solve", lambda *a, **k: next(answers))
    answer = settle_deal("werner", {}, 8, 120.0, 0)
    assert answer["verdict"] == "lost" and answer["check"] == "unconfirmed"
    assert answer["solver"] == settle_fingerprint()


def test_the_study_command_settles_and_reports(tmp_path, capsys):
    db = str(tmp_path / "s.db")
    argv = ["study", "werner", "--deals", ",".join(map(str, DEALS)), "--budget", "60", "--max-states", "1", "--jobs", "2",
            "--db", db]
    assert main([*argv, "--settle", "120", "--json"]) == 0
    obj = json.loads(capsys.readouterr().out)
    assert (obj["won"], obj["lost"], obj["unknown"]) == (4, 1, 0)
    assert obj["settlement"]["lost_deals"] == LOST_DEALS and obj["settlement"]["unknown_before"] == 5
    assert obj["settlement"]["checks"] == {str(d): "confirmed" for d in LOST_DEALS}
    # The study alone, later: the settled verdicts are its own.
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "won 4, lost 1, unknown 0" in text and "settled by longer searches (120 s a deal)" in text


@pytest.mark.parametrize("extra", [["--settle", "30"], ["--slice", "2"], ["--settle", "120", "--slice", "0"],
                                   ["--settle", "120", "--grades"]])
def test_the_study_command_refuses_a_bad_settling_pass(tmp_path, capsys, extra):
    db = tmp_path / "s.db"
    try:
        code = main(["study", "werner", "--deals", "1-2", "--budget", "60", "--db", str(db), *extra])
    except SystemExit as exc:  # argparse's own refusal of a number out of range
        code = exc.code
    assert code == 2
    assert "--s" in capsys.readouterr().err
    assert not db.exists()


def test_a_settling_pass_on_a_dask_cluster_stores_what_a_local_one_does(tmp_path, dask_scheduler):
    def settled(store):
        return store.db.execute("SELECT deal, budget, solver, verdict, solution FROM study WHERE solver = ?"
                                " ORDER BY deal", (settle_fingerprint(),)).fetchall()

    with Store.open(tmp_path / "local.db") as store:
        settle_study(store, run_study(store, "werner", {}, DEALS, jobs=1, **SHORT), DEALS, 120.0, jobs=1)
        expected = settled(store)
    with Store.open(tmp_path / "dask.db") as store:
        summary = run_study(store, "werner", {}, DEALS, dask=dask_scheduler, **SHORT)
        settle_study(store, summary, DEALS, 120.0, dask=dask_scheduler)
        got = settled(store)
    assert len(expected) == 5 and got == expected


def test_a_search_that_outgrows_memory_is_taken_further_with_fingerprints_whose_loss_is_not_counted():
    from napoleon.solver import core

    # This reduced deal is lost: exact depth-first search needs some 24 MB for
    # it, fingerprints about a third of that.
    before = core.memory_limit()
    core.set_memory_limit(8 << 20)
    try:
        answer = settle_deal("forty-thieves", {"ranks": 8, "columns": 6}, 4, 10.0, 0)
    finally:
        core.set_memory_limit(before)
    assert answer["verdict"] == "unknown" and answer["out_of_memory"]
    deeper = answer["fingerprint_search"]
    assert deeper["verdict"] == "lost" and deeper["states"] == 171_482
    assert 0 < deeper["chance_wrong"] < 1e-27


def test_a_deeper_search_left_in_a_checkpoint_is_taken_up_by_the_next_call(tmp_path):
    from napoleon.solver import core

    # The reduced deal above: the first call's deeper search is stopped
    # short (50,000 positions) and keeps its progress; the next call takes it
    # up and ends it, in exactly the positions of one uninterrupted search.
    path = tmp_path / "deal4.dfs"
    before = core.memory_limit()
    try:
        core.set_memory_limit(4 << 20)
        first = settle_deal("forty-thieves", {"ranks": 8, "columns": 6}, 4, 30.0, 50_000, str(path))
        assert first["verdict"] == "unknown" and not first["resumed"] and path.exists()
        assert first["fingerprint_search"]["verdict"] == "unknown"
        core.set_memory_limit(64 << 20)
        second = settle_deal("forty-thieves", {"ranks": 8, "columns": 6}, 4, 30.0, 0, str(path))
    finally:
        core.set_memory_limit(before)
    assert second["resumed"] and second["verdict"] == "unknown"
    assert second["fingerprint_search"]["verdict"] == "lost" and second["fingerprint_search"]["states"] == 171_482
    assert not path.exists()


def test_a_settling_pass_with_checkpoints_adds_its_budget_to_a_deals_search(tmp_path, monkeypatch):
    # At 4 MB the deeper search of this reduced deal stops at the memory
    # limit and leaves its checkpoint; a pass with the same limit takes it up
    # and stops again (stored under 60 s, then 90 s); with room, the next pass
    # ends it (a loss by fingerprints: reported, not counted); after that the
    # deal is not searched again.
    game, options, deal = "forty-thieves", {"ranks": 8, "columns": 6}, 4
    folder = tmp_path / "ck"
    with Store.open(tmp_path / "s.db") as store:
        summary = run_study(store, game, options, [deal], jobs=1, budget=1.0, max_states=1)
        assert summary.unknown == 1

        def settle(memory: str):
            monkeypatch.setenv("NAPOLEON_MEMORY", memory)
            return settle_study(store, summary, [deal], 30.0, jobs=1, checkpoints=folder)

        first = settle("4M")
        assert first.computed == 1 and first.verdicts == {deal: "unknown"}
        assert len(list(folder.iterdir())) == 1
        assert settle("4M").computed == 1
        last = settle("64M")
        assert last.computed == 1 and last.verdicts == {deal: "unknown"} and deal in last.fingerprint_lost
        assert list(folder.iterdir()) == []
        assert settle("64M").computed == 0
        budgets = [b for (b,) in store.db.execute("SELECT budget FROM study WHERE solver = ? ORDER BY budget",
                                                  (settle_fingerprint(),))]
        assert budgets == [30.0, 60.0, 90.0]


def test_checkpoints_go_with_a_settling_pass(tmp_path, capsys):
    code = main(["study", "werner", "--deals", "1-2", "--budget", "60", "--db", str(tmp_path / "s.db"),
                 "--checkpoints", str(tmp_path / "ck")])
    assert code == 2 and "--checkpoints goes with --settle" in capsys.readouterr().err
    assert not (tmp_path / "ck").exists()
