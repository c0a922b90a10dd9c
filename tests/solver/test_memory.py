"""The searches' memory limit: a long search stops at it with ``unknown``,
never a wrong ``lost``, and pools share the machine's memory out.

Two 300 s Forty Thieves searches side by side grew to 14 GB each on a 24 GB
machine, and the system killed one, and the benchmark's pool with it
(docs/benchmarks.md). These tests set tiny limits, so that a search reaches
its limit within a few thousand positions.
"""

from __future__ import annotations

import pytest

from napoleon import new_game
from napoleon.interfaces.cli import main
from napoleon.schemas.env import parse_memory
from napoleon.solver import UNKNOWN, core, exploration, solve
from napoleon.solver.service import SolverService, WorkerPool
from napoleon.solver.staged import beam_search, staged_search
from napoleon.study import local_results

pytestmark = pytest.mark.skipif(not core.available, reason="the compiled core is not built")

TINY = 2 << 20  # bytes: a few thousand positions of Forty Thieves


@pytest.fixture
def tiny_limit():
    before = core.memory_limit()
    core.set_memory_limit(TINY)
    try:
        yield TINY
    finally:
        core.set_memory_limit(before)


@pytest.mark.parametrize("mode", ["dfs", "best"])
def test_a_complete_search_stops_at_the_limit_unknown_not_lost(tiny_limit, mode):
    # Deal 16 on seven ranks and six columns is lost (depth-first search proves it in 276,146
    # positions, some 55 MB): stopped early, a search must not answer lost.
    state = new_game("forty-thieves", 16, {"ranks": 7, "columns": 6})
    result = core.search(state, max_states=3_000_000, mode=mode)
    assert result.verdict == UNKNOWN and result.out_of_memory and not result.complete
    assert 0 < result.states < 200_000
    core.set_memory_limit(0)  # no limit: the same search goes on to the proof
    full = core.search(state, max_states=3_000_000, mode="dfs")
    assert full.verdict == "lost" and not full.out_of_memory


def test_a_search_within_the_limit_is_the_same_search(tiny_limit):
    core.set_memory_limit(64 << 20)  # far above what this search holds
    state = new_game("werner", 1)
    limited = core.search(state, max_states=50_000, mode="best")
    core.set_memory_limit(0)
    free = core.search(state, max_states=50_000, mode="best")
    assert (limited.verdict, limited.moves, limited.states) == (free.verdict, free.moves, free.states)
    assert not limited.out_of_memory


def test_an_exploration_stopped_by_memory_is_not_complete_and_goes_no_further(tiny_limit):
    # Redeal planning answers lost only after explorations that visited their
    # whole deal: one cut short by memory must not count as that.
    ex = exploration.Exploration(new_game("forty-thieves", 2))
    result, found = ex.run(max_states=1_000_000, keep=3)
    assert result.out_of_memory and not result.complete and not ex.complete and found
    again, _ = ex.run(max_states=2_000_000, keep=3)
    assert again.states == 0 and again.out_of_memory


def test_redeal_planning_under_a_tiny_limit_never_answers_lost(tiny_limit):
    result = staged_search(new_game("st-helena", 1500004), max_states=400_000)
    assert result.verdict == UNKNOWN and result.out_of_memory


def test_the_beam_stops_at_the_limit(tiny_limit):
    core.set_memory_limit(64 << 10)
    result = beam_search(new_game("forty-thieves", 20010), max_states=5_000_000)
    assert result.verdict == UNKNOWN and result.out_of_memory and result.states < 5_000_000


def test_solve_says_a_phase_stopped_at_the_limit(tiny_limit):
    result = solve(new_game("forty-thieves", 2), max_states=500_000)
    assert result.verdict == UNKNOWN and result.out_of_memory


def test_the_cli_names_the_memory_limit(capsys, monkeypatch, tiny_limit):
    code = main(["solve", "forty-thieves", "--deal", "2", "--strategy", "dfs", "--max-states", "2000000"])
    out = capsys.readouterr().out
    assert code == 0 and "unknown" in out and "memory limit of 2.0 MiB" in out and "NAPOLEON_MEMORY" in out


@pytest.mark.parametrize(("text", "nbytes"), [
    ("12G", 12 << 30), ("800M", 800 << 20), ("1.5GiB", 3 << 29), ("64kb", 64 << 10), ("123456", 123456), ("0", 0),
])
def test_amounts_of_memory(text, nbytes):
    assert parse_memory(text) == nbytes


@pytest.mark.parametrize("text", ["", "G", "lots", "-1G", "12X", "nan"])
def test_malformed_amounts_are_refused(text):
    with pytest.raises(ValueError, match="not an amount of memory"):
        parse_memory(text)


def test_napoleon_memory_sets_what_all_searches_share(monkeypatch, capsys):
    monkeypatch.setenv("NAPOLEON_MEMORY", "3G")
    assert core.search_memory() == 3 << 30
    monkeypatch.setenv("NAPOLEON_MEMORY", "0")
    assert core.search_memory() == 0  # no limit
    monkeypatch.setenv("NAPOLEON_MEMORY", "plenty")
    default = core.search_memory()
    err = capsys.readouterr().err
    assert "NAPOLEON_MEMORY ignored: not an amount of memory: 'plenty'" in err and err.count("\n") == 1
    assert default == int(core.physical_memory() * core.MEMORY_SHARE)


def test_shares_divide_the_memory():
    before = core.memory_limit()
    try:
        assert core.share_memory(4, total=8 << 30) == 2 << 30 == core.memory_limit()
        assert core.share_memory(1, total=0) == 0 == core.memory_limit()
        with pytest.raises(ValueError, match="at least one process"):
            core.share_memory(0)
        with pytest.raises(ValueError, match="number of bytes"):
            core.set_memory_limit(-1)
        assert core.memory_limit() == 0  # a refused call changes nothing
    finally:
        core.set_memory_limit(before)


def _limit_here(*_task) -> int:
    return core.memory_limit()


def test_a_study_pool_gives_each_worker_its_share(monkeypatch):
    monkeypatch.setenv("NAPOLEON_MEMORY", "6G")  # the spawned workers inherit it
    limits = list(local_results([("werner", {}, 1, 1.0, None), ("werner", {}, 2, 1.0, None)], 2, worker=_limit_here))
    assert limits == [3 << 30, 3 << 30]


def test_the_solver_services_workers_share_the_memory(monkeypatch):
    monkeypatch.setenv("NAPOLEON_MEMORY", "6G")
    service = SolverService(workers=2, background=1)
    try:
        for pool in (service.foreground, service.background):
            assert pool.submit(core.memory_limit).future.result(timeout=60) == 2 << 30
    finally:
        service.close()
    pool = WorkerPool(1)
    try:
        assert pool.submit(core.memory_limit).future.result(timeout=60) == 6 << 30
    finally:
        pool.close()


def test_a_dask_worker_shares_its_own_memory_limit_among_its_threads():
    distributed = pytest.importorskip("distributed")
    from napoleon.study import dask_results

    before = core.memory_limit()
    try:
        with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, memory_limit="3GiB",
                                      dashboard_address=None) as cluster:
            limits = list(dask_results([("werner", {}, 1, 1.0, None)], cluster.scheduler_address, worker=_limit_here))
        assert limits == [int((3 << 30) * core.MEMORY_SHARE) // 2]
    finally:
        core.set_memory_limit(before)
