"""Search plans are declared by the games (napoleon.engine.searching) and the solver follows them."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.engine.searching import DEFAULT_PLAN, MODES, Step
from napoleon.games import GAMES
from napoleon.games.werner import Werner
from napoleon.solver import LOST, UNKNOWN, core, search_plan, solve


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_declares_a_plan_the_solver_can_run(game_id):
    plan = search_plan(napoleon.new_game(game_id, 1))
    assert plan and all(isinstance(p, Step) and p.mode in MODES for p in plan)
    # the last step takes what is left, so no budget goes unspent
    assert plan[-1].share == 1.0


def test_a_game_without_a_plan_gets_the_default():
    assert search_plan(napoleon.new_game("grand-napoleon", 1)) == DEFAULT_PLAN
    assert search_plan(napoleon.new_game("werner", 1)) == Werner.search_plan != DEFAULT_PLAN


@pytest.mark.parametrize(("mode", "share"), [("fastest", 1.0), ("best", 0.0), ("dfs", 1.5)])
def test_a_step_is_checked_when_declared(mode, share):
    with pytest.raises(ValueError):
        Step(mode, share)


@pytest.mark.skipif(not core.available, reason="the portfolio runs in the compiled core")
def test_the_solver_reads_the_plan_from_the_game_not_its_id():
    # Werner deal 12 is lost within a few dozen positions. The same game
    # declaring a plan of one greedy pass, which can only find wins, must
    # then answer unknown: the solver ran the plan the game declared.
    class GreedyWerner(Werner):
        search_plan = (Step("greedy", 1.0),)

    assert solve(napoleon.new_game("werner", 12), max_states=10_000).verdict == LOST
    greedy = GreedyWerner({}).new_state(12)
    assert greedy.game.id == "werner"
    assert solve(greedy, max_states=10_000).verdict == UNKNOWN
