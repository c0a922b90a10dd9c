"""The census (csrc/census.c): the classes of the positions a depth-first search
visits, piles in play and the waste cut to their top cards, counted exactly as a search in
Python over the core's own moves and keys counts them; and the search it
counts over is the one core.search runs."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.solver import LOST, core, probes
from napoleon.solver.census import DEPTHS, census
from napoleon.solver.core import _core, encode_rules

pytestmark = pytest.mark.skipif(not core.available, reason="the census is the compiled core's")

REDUCED = {"ranks": 4, "columns": 3}
LOST_DEALS = (5, 10, 22, 24)  # lost on the reduced deck: the census sees every position


def settle(state: napoleon.State) -> None:
    for move in probes.core_autoplay(state):
        state.push(move)


def cut_key(state: napoleon.State, depth: int, root_redeals: int, table: list[int]) -> bytes:
    """The core's key of ``state`` with each pile in play and each waste cut to its top
    ``depth`` cards; with depth 0 the piles in play emptied, the wastes whole."""
    game = state.game
    wastes = set(game.active_wastes(state))
    piles = [p[:] for p in state.piles]
    for p in range(game.npiles):
        if p == game.stock or p in game.foundations or (depth == 0 and p in wastes):
            continue
        piles[p] = piles[p][len(piles[p]) - depth:] if len(piles[p]) > depth else piles[p]
    return _core.key(table, piles, state.redeals, root_redeals)[0]


def reference(root: napoleon.State) -> tuple[int, tuple[int, ...]]:
    """Every position depth-first search reaches from ``root`` (its moves, auto-play
    after each, its keys), and their classes at each depth."""
    table = encode_rules(root.game)
    start = root.copy()
    settle(start)
    seen = {probes.core_key(start, root.redeals)[0]}
    todo, classes = [start], [set() for _ in range(DEPTHS)]
    while todo:
        state = todo.pop()
        for depth in range(DEPTHS):
            classes[depth].add(cut_key(state, depth, root.redeals, table))
        for line in probes.core_dfs_moves(state):
            child = state.copy()
            for move in line:
                child.push(move)
            settle(child)
            key = probes.core_key(child, root.redeals)[0]
            if key not in seen and not child.is_won:
                seen.add(key)
                todo.append(child)
    return len(seen), tuple(len(c) for c in classes)


@pytest.mark.parametrize("deal", LOST_DEALS)
def test_the_census_counts_the_classes_of_every_position_as_python_does(deal):
    state = napoleon.new_game("forty-thieves", deal, REDUCED)
    counted = census(state, deadends=False, waste=False, macros=True)
    assert counted.verdict == LOST
    positions, classes = reference(state)
    assert (counted.states, counted.open, counted.classes) == (positions, positions, classes)
    assert classes[0] < classes[-1]  # cutting the piles merges positions: the test tells depths apart


@pytest.mark.parametrize("deal", (1, 5, 24))
def test_the_census_is_of_the_search_core_search_runs_and_counts_only_what_the_tests_leave(deal):
    state = napoleon.new_game("forty-thieves", deal, REDUCED)
    counted = census(state, deadends=True, waste=True)
    searched = core.search(state, mode="dfs", deadends=True, waste=True)
    assert (counted.verdict, counted.states) == (searched.verdict, searched.states)
    assert counted.classes[0] <= counted.classes[1] <= counted.classes[2] <= counted.classes[3] <= counted.open
    assert counted.open <= counted.states
    assert 0 <= counted.most_saved(0) < 1
