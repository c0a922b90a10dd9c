"""A best-first search kept open (``exploration.Exploration``): taken further in
steps, it searches exactly what one search run to the last cap at once
does; and redeal planning, which takes middle deals further round after
round, answers as it would without it.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from napoleon import new_game
from napoleon.solver import LOST, WON, core, exploration, replays_to_win
from napoleon.solver.search import Search
from napoleon.solver.staged import DEFAULT_PLANS, GRADING_PLANS, _Run, staged_search

pytestmark = pytest.mark.skipif(not core.available, reason="explorations run in the compiled core")


def _answer(result, found) -> tuple:
    return (result.verdict, result.moves, result.complete,
            [(f.line, f.home, f.score, f.redealt) for f in found])


@pytest.mark.parametrize(("game", "deal", "kw"), [
    ("st-helena", 2, {"keep": 20, "redealt": 300}),
    ("st-helena", 20005, {"keep": 5, "redealt": 50}),
    ("forty-thieves", 1, {"keep": 10}),
    ("forty-thieves", 2, {"keep": 10, "hold_stock": True}),
    ("napoleons-tomb", 3, {"keep": 10}),
    ("werner", 2, {"keep": 10}),
])
def test_a_search_taken_further_in_steps_is_the_search_run_at_once(game: str, deal: int, kw: dict) -> None:
    hold = kw.pop("hold_stock", False)
    ex = exploration.Exploration(new_game(game, deal=deal), hold_stock=hold)
    counted = 0
    for cap in (3_000, 10_000, 10_000, 25_000, 60_000):
        assert ex.fresh_for(cap)
        result, found = ex.run(max_states=cap, **kw)
        counted += result.states
        once, again = exploration.explore(new_game(game, deal=deal), max_states=cap, hold_stock=hold, **kw)
        assert _answer(result, found) == _answer(once, again)
        assert ex.states == once.states == counted  # each run counts only what it searched anew
        if result.complete:
            break


def test_a_smaller_cap_than_one_run_before_would_not_be_a_fresh_search() -> None:
    ex = exploration.Exploration(new_game("st-helena", deal=2))
    assert ex.fresh_for(1)  # nothing run yet
    result, _ = ex.run(max_states=20_000, keep=3)
    assert not result.complete and ex.states >= 20_000
    assert not ex.fresh_for(10_000)  # it went past where a search capped there stops
    assert ex.fresh_for(20_000) and ex.fresh_for(30_000) and ex.fresh_for(None)
    again, _ = ex.run(max_states=20_000, keep=3)
    assert again.states == 0  # the same cap: nothing more to search


def test_a_finished_search_answers_the_same_for_any_cap() -> None:
    # Deal 3's first deal has a handful of positions.
    ex = exploration.Exploration(new_game("st-helena", deal=3))
    result, found = ex.run(max_states=1_000, keep=5)
    assert result.complete and ex.complete and 0 < ex.states < 1_000
    assert ex.fresh_for(10)
    for cap in (10, 1_000, None):
        more, again = ex.run(max_states=cap, keep=5)
        assert more.states == 0 and _answer(more, again) == _answer(result, found)


def test_an_exploration_holds_its_positions_until_it_is_dropped() -> None:
    ex = exploration.Exploration(new_game("st-helena", deal=2))
    before = ex.nbytes
    ex.run(max_states=50_000, keep=1)
    assert ex.nbytes > before + 50_000 * 100  # a hundred bytes a position at least


def test_the_core_refuses_what_is_not_an_exploration() -> None:
    with pytest.raises(ValueError):
        core._core.explore_more(object(), 0.0, 10, 1, 0)
    with pytest.raises(ValueError):
        core._core.exploration_bytes("not one")


def test_planning_keeps_searches_only_within_its_memory() -> None:
    state = new_game("st-helena", deal=2)
    run = _Run(None, None, kept_bytes=0)
    run.explore(state, 20_000, 5, 0, resume=True)
    assert run.explorations == {}  # nothing fits in no memory
    run = _Run(None, None)
    result, _, held = run.explore(state, 20_000, 5, 0, resume=True)
    assert len(run.explorations) == 1 and held == result.states
    again, _, held = run.explore(state, 40_000, 5, 0, resume=True)
    assert again.states == held - result.states  # taken further, not searched again
    _, _, fresh = run.explore(state, 20_000, 5, 0, resume=True)
    assert fresh == result.states  # a smaller cap than before: a new search, as it must be
    alone, _, _ = run.explore(state, 40_000, 5, 0, resume=False)
    assert alone.states == held  # not resumed: searched from the start


def test_redeal_planning_taking_deals_further_wins_what_it_won_before() -> None:
    # Deal 2 through its redeals: with the middle deals taken further, as the
    # default plans take them (the next test), it is won by
    # test_redeal_planning_wins_a_st_helena_deal_through_its_redeals in
    # tests/solver/test_staged.py, the same search; here without.
    state = new_game("st-helena", 2)
    plans = tuple(replace(plan, resume=False) for plan in DEFAULT_PLANS)
    result = staged_search(state, max_states=6_000_000, plans=plans)
    assert result.verdict == WON and replays_to_win(state, result.moves)


def test_the_grading_plans_search_as_when_their_thresholds_were_set() -> None:
    assert all(not plan.resume and plan.open_proofs for plan in GRADING_PLANS)
    assert all(plan.resume and not plan.open_proofs for plan in DEFAULT_PLANS)


def test_a_st_helena_deal_with_no_way_through_its_redeals_is_proven_lost() -> None:
    # Deal 1300068: no card of the first deal can move, and neither redeal
    # deals a layout that plays far. Its whole game is 1,309 positions, and
    # every complete search, pruned or not, says lost; so does the solver.
    state = new_game("st-helena", 1300068)
    assert Search(state, prune=False).run().verdict == LOST
    assert core.search(state, mode="dfs", deadends=False, macros=False).verdict == LOST
    assert staged_search(state, max_states=5_000_000).verdict == LOST
