"""Fixtures shared by more than one folder of tests."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from napoleon import new_game
from napoleon.solver import solve
from napoleon.store import schema

WON_WERNER_ROW = (
    "INSERT INTO games (uid, game, options, deal, moves, turns, result, started, updated, ended, won_elapsed,"
    " won_moves) VALUES ('00112233445566778899aabbccddeeff', 'werner', '{}', 1, '[\"T3-F1\"]', '[1]', 'won',"
    " 't', 't', 't', 12.0, 1)"
)


@pytest.fixture
def old_database(tmp_path) -> Callable[..., Path]:
    """Write a database as schema ``version`` left it: ``old_database(version, *sql)``.

    The first ``version`` migration steps are applied, the ``sql`` statements
    run (rows as that version stored them) and ``user_version`` set, as an
    earlier napoleon would have left the file; returns its path
    (``v<version>.db`` in the test's folder), for an upgrade to open.
    """

    def make(version: int, *statements: str) -> Path:
        path = tmp_path / f"v{version}.db"
        db = sqlite3.connect(path)
        for step in schema.MIGRATIONS[:version]:
            step(db)
        for sql in statements:
            db.execute(sql)
        db.execute(f"PRAGMA user_version = {version}")
        db.commit()
        db.close()
        return path

    return make


@pytest.fixture
def won_werner_row() -> str:
    """The INSERT of one won Werner game (deal 1, 12 seconds, one move), as schemas 4 to 6 store it."""
    return WON_WERNER_ROW


@pytest.fixture(scope="session")
def werner1_solution() -> list[str]:
    """A winning line of Werner deal 1, in notation (the solver proves it in milliseconds)."""
    state = new_game("werner", deal=1)
    result = solve(state, budget=60)
    assert result.verdict == "won"
    game = state.game
    return [game.notation(m) for m in result.moves]


@pytest.fixture(scope="session")
def compiled_core(tmp_path_factory) -> Path:
    """The folder of the search core compiled to WebAssembly once for the whole run (emcc takes half
    a minute): the one the site's builds take from the site's cache, filled by the first test process
    to ask while the other waits, so that every test and site of the run uses that one compile."""
    from napoleon.interfaces.web import site
    from napoleon.solver import wasm

    reason = wasm.missing_tools()
    if reason:
        pytest.skip(f"the WebAssembly core is not tested: {reason}")
    cache = site.default_cache()
    with site.cache_lock(cache):
        wasm.build_cached(tmp_path_factory.mktemp("wasm-core"), cache)
    return wasm.cached_folder(cache)


@pytest.fixture(scope="module")
def dask_scheduler() -> Iterator[str]:
    """The address of a Dask cluster of one worker process with one thread, started once a test
    module for the tests that hold a study on Dask to one on local processes (each cluster took
    some 2.5 s of CPU to start and stop, and its worker as long again to import the package). Its
    worker keeps nothing a test could see: each task is one deal's search, given its memory share
    afresh (napoleon.study._on_dask_worker), and each test has a store of its own. Not kept for the
    whole run: its scheduler's thread makes garbage all the while, which the tests of reference
    cycles (tests/solver/test_collector.py) would count as a search's."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        yield cluster.scheduler_address


def pytest_collection_modifyitems(config, items):
    """The slow tests first: the suite's two workers take tests in this order (the first worker the
    first half, with ``--dist worksteal``), and a long test collected last would run alone at the end
    while the other worker waits."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
