"""Redeal planning searches a last deal again only when it can find something new."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.engine.move import REDEAL
from napoleon.solver import LOST, core, staged
from napoleon.solver.staged import Plan, _Planner, _Run

pytestmark = pytest.mark.skipif(not core.available, reason="redeal planning runs on the compiled core")


def last_deal(deal: int) -> napoleon.State:
    """St. Helena ``deal`` redealt twice at once: a last deal."""
    state = napoleon.new_game("st-helena", deal)
    for _ in range(2):
        state.push(REDEAL)
    return state


@pytest.fixture
def searches(monkeypatch):
    """Every core search redeal planning runs: (mode, cap, verdict, positions)."""
    calls = []
    search = core.search

    def counted(state, budget=None, max_states=None, mode="best", weights=None):
        result = search(state, budget=budget, max_states=max_states, mode=mode, weights=weights)
        calls.append((mode, max_states, result.verdict, result.states))
        return result

    monkeypatch.setattr(staged.core, "search", counted)
    return calls


def test_a_last_deal_proven_lost_is_not_searched_again(searches):
    run = _Run(None, 1_000_000)
    state = last_deal(1)
    first, other = _Planner(run, state, Plan()), _Planner(run, state, Plan(last=(("best", 9000),)))
    assert first._last_deal(state, 1) is None
    assert searches[-1][2] == LOST  # a fresh double redeal is lost within a few hundred positions
    spent, done = run.states, len(searches)
    for planner, scale in ((first, 1), (first, 4), (other, 1)):  # later rounds, other plans
        planner.exhaustive = True
        assert planner._last_deal(state, scale) is None
        assert planner.exhaustive  # still counts as decided
    assert (run.states, len(searches)) == (spent, done)


def test_a_last_deal_is_searched_again_only_with_a_larger_cap(searches):
    run = _Run(None, 10_000_000)
    # a greedy pass alone never proves a loss, so only the cap decides
    planner = _Planner(run, last_deal(1), Plan(last=(("greedy", 40),)))
    state = last_deal(1)
    planner._last_deal(state, 1)
    assert len(searches) == 1
    reached = searches[0][3]
    for scale in (1, 2, 4, 8, 16, 32, 64, 128):
        before = len(searches)
        planner._last_deal(state, scale)
        ran = len(searches) > before
        assert ran == (40 * scale > reached), (scale, reached)
        if ran:
            reached = max(reached, searches[-1][3])
    assert not planner.exhaustive
