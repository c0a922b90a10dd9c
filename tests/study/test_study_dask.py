"""The same study on a Dask cluster gives the same results as on local processes."""

from __future__ import annotations

import pytest

from napoleon.store import Store
from napoleon.study import run_study

distributed = pytest.importorskip("distributed")

LIMIT = {"budget": 60.0, "max_states": 3000}


def results(store):
    return store.db.execute(
        "SELECT game, options, deal, budget, max_states, verdict, moves, states, solution FROM study ORDER BY deal"
    ).fetchall()


def test_dask_local_cluster_matches_local_run(tmp_path, dask_scheduler):
    deals = range(1, 7)
    with Store.open(tmp_path / "local.db") as store:
        local = run_study(store, "werner", {}, deals, jobs=1, **LIMIT)
        expected = results(store)
    with Store.open(tmp_path / "dask.db") as store:
        remote = run_study(store, "werner", {}, deals, dask=dask_scheduler, **LIMIT)
        got = results(store)
    assert len(expected) == 6
    assert got == expected
    assert (remote.won, remote.lost, remote.unknown) == (local.won, local.lost, local.unknown)
    assert remote.interval == local.interval


def test_unreachable_scheduler_is_a_clear_error(tmp_path):
    from napoleon.study import StudyError

    with Store.open(tmp_path / "x.db") as store:
        with pytest.raises(StudyError, match="cannot reach the Dask scheduler"):
            run_study(store, "werner", {}, [1], dask="tcp://127.0.0.1:9", connect_timeout=1, **LIMIT)
        assert store.db.execute("SELECT count(*) FROM study").fetchone() == (0,)
