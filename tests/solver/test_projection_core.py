"""Projections onto fewer suits inside the compiled depth-first search (csrc/projection.c).

The core's projection is held to napoleon/solver/projection.py's (the same
piles, the same verdicts on the positions test_projection.py walks), and its
depth-first search asking projections to the same search without them on
small deals of the reduced deck: the same verdict, both verdicts occurring,
some positions left out, and every loss found with projections re-checked by
the core's complete search with every shortcut off.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from napoleon import new_game
from napoleon.solver import core, probes
from napoleon.solver.projection import ProjectionTable, project

from .test_projection import SMALL, _positions

pytestmark = pytest.mark.skipif(not core.available, reason="the compiled core is not built")


def test_the_core_projects_as_projection_py_does():
    rng = random.Random(11)
    for options in ({}, *SMALL):
        for state in _positions(options, 6, seed=rng.randint(0, 999)):
            for size in (1, 2, 3):
                for kept in combinations(range(4), size):
                    assert probes.core_project(state, set(kept)) == project(state, kept).piles, (options, kept)


def test_the_core_finds_the_projections_lost_that_projection_py_does():
    lost = 0
    for options in SMALL:
        # A multiple of 4,096: core.search, which projection.py asks, checks its cap that often.
        tables = {size: ProjectionTable(size=size, cap=20_480) for size in (1, 2, 3)}
        for state in _positions(options, 12, seed=len(str(options)) + 1):
            for size, table in tables.items():
                found, done = probes.core_projection_lost(state, size, 20_480)
                assert found == table.lost(state), (size, state.to_json())
                assert done.asked >= 1 and done.cut == found
                lost += found
    assert lost > 20, lost   # not vacuous: both answers occur


def test_a_search_asking_projections_gives_the_same_verdict():
    verdicts, cut, lost_inside = set(), 0, 0
    for options in ({"ranks": 4, "columns": 2}, {"ranks": 5, "columns": 3}):
        for deal in range(1, 31):
            state = new_game("forty-thieves", deal, options)
            # The re-check: the core's search with every shortcut off (no dead-end tests, no macro
            # moves; held to the Python search in tests/solver/test_soundness.py).
            plain = core.search(state, mode="dfs", max_states=400_000, deadends=False, waste=False, macros=False)
            for size in (2, 3):
                pruned = core.search(state, mode="dfs", max_states=400_000, projections=(size, 99, 20_000))
                assert plain.complete and pruned.complete
                assert pruned.verdict == plain.verdict, (options, deal, size)
                assert plain.projections is None and pruned.projections.cut <= pruned.states
                verdicts.add(pruned.verdict)
                cut += pruned.projections.cut
                lost_inside += pruned.verdict == "lost" and pruned.states > 1 and pruned.projections.cut > 0
    # Not vacuous: both verdicts, and losses proven with positions cut below the root.
    assert verdicts == {"won", "lost"} and cut > 100 and lost_inside >= 5, (verdicts, cut, lost_inside)


def test_each_projection_is_searched_once_and_to_its_cap_at_most():
    state = new_game("forty-thieves", 4, {"ranks": 5, "columns": 4})
    done = core.search(state, mode="dfs", max_states=400_000, projections=(2, 99, 20_000)).projections
    assert 0 < done.searched < done.asked and done.lost <= done.searched
    # The cap is exact (the search checks its other limits every 4,096 positions).
    done = core.search(new_game("forty-thieves", 3), mode="dfs", max_states=5_000, projections=(3, 99, 50)).projections
    assert done.searched and done.positions <= 50 * done.searched and done.positions > 40 * done.searched


def test_projections_are_asked_only_where_they_prove_something():
    werner = new_game("werner", 1)   # builds in alternate colours
    with pytest.raises(ValueError, match="proves nothing in this game: its piles build across suits"):
        core.search(werner, mode="dfs", max_states=1000, projections=(2, 99, 1000))
    with pytest.raises(ValueError, match="proves nothing in this game: it moves whole piles"):
        probes.core_projection_lost(new_game("napoleons-tomb", 1), 2, 1000)
    # A redeal left: never asked, the search is the one without them.
    state = new_game("forty-thieves", 1, {"ranks": 4, "columns": 3, "redeals": "unlimited"})
    assert probes.core_projection_lost(state, 2, 1000) == (False, (0, 0, 0, 0, 0))
    state = new_game("forty-thieves", 1, {"ranks": 4, "columns": 3})
    with pytest.raises(ValueError, match="1 to 3"):
        core.search(state, mode="dfs", max_states=1000, projections=(4, 99, 1000))
    with pytest.raises(ValueError, match="depth-first search only"):
        core.search(state, mode="best", max_states=1000, projections=(2, 99, 1000))
