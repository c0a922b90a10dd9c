"""Nested rollouts (csrc/nested.c): deterministic, capped by positions, wins only, wins that replay."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.engine.searching import Step
from napoleon.solver import LOST, UNKNOWN, WON, core, replays_to_win, solve

pytestmark = pytest.mark.skipif(not core.available, reason="nested rollouts run in the compiled core")

VARIANTS = [{"level": 0, "policy": False}, {"level": 1, "policy": False}, {"level": 2, "policy": False},
            {"level": 0}, {"level": 1}, {"level": 2}]


@pytest.mark.parametrize("kw", VARIANTS)
def test_the_same_seed_gives_the_same_search(kw):
    state = napoleon.new_game("napoleons-tomb", 5)
    runs = [core.search(state, max_states=30_000, mode="nested", seed=11, **kw) for _ in range(2)]
    assert runs[0].verdict == runs[1].verdict
    assert runs[0].states == runs[1].states
    assert runs[0].moves == runs[1].moves


def test_another_seed_gives_another_search():
    state = napoleon.new_game("napoleons-tomb", 3)
    lengths = {(r.states, len(r.moves))
               for r in (core.search(state, max_states=200_000, mode="nested", seed=s) for s in (1, 2, 3))}
    assert len(lengths) > 1


@pytest.mark.parametrize("kw", VARIANTS)
@pytest.mark.parametrize("cap", [1, 777, 5_000])
def test_the_position_cap_ends_the_search_exactly(kw, cap):
    # Tomb deal 5 is not won within these caps by any variant: the cap ends the search.
    result = core.search(napoleon.new_game("napoleons-tomb", 5), max_states=cap, mode="nested", **kw)
    assert result.verdict == UNKNOWN
    assert result.states == cap
    assert result.moves == []


@pytest.mark.parametrize(("game_id", "deal"), [("napoleons-tomb", 3), ("napoleons-tomb", 1), ("werner", 1)])
@pytest.mark.parametrize("kw", [kw for kw in VARIANTS if kw["level"] > 0])
def test_a_won_deal_is_won_and_its_solution_replays(game_id, deal, kw):
    state = napoleon.new_game(game_id, deal)
    before = state.copy()
    result = core.search(state, max_states=400_000, mode="nested", **kw)
    assert result.verdict == WON
    assert result.states <= 400_000
    assert replays_to_win(state, result.moves)
    assert state.piles == before.piles  # the searched state is left as it was


def test_solve_runs_it_as_a_strategy_and_as_a_step_of_a_plan():
    state = napoleon.new_game("napoleons-tomb", 3)
    result = solve(state, max_states=400_000, strategy="nested")  # solve() replays every win itself
    assert result.verdict == WON and replays_to_win(state, result.moves)

    class NestedTomb(type(state.game)):
        search_plan = (Step("nested", 1.0),)

    nested_state = NestedTomb({}).new_state(3)
    assert solve(nested_state, max_states=400_000).verdict == WON


@pytest.mark.parametrize("kw", VARIANTS)
def test_it_never_answers_lost(kw):
    # Werner deal 12 is lost (a complete search proves it); rollouts may only say unknown.
    state = napoleon.new_game("werner", 12)
    assert solve(state, max_states=100_000).verdict == LOST
    result = core.search(state, max_states=20_000, mode="nested", **kw)
    assert result.verdict == UNKNOWN and result.moves == []


def test_it_needs_a_limit():
    with pytest.raises(ValueError, match="never end by themselves"):
        core.search(napoleon.new_game("napoleons-tomb", 3), mode="nested")


def test_the_tombs_plan_wins_a_deal_plain_playouts_needed_30_million_positions_for():
    # Tomb deal 20004: the old plan's playouts won it after 30.3 M positions
    # (docs/history.md); the plan's nested rollouts win it within 300,000.
    state = napoleon.new_game("napoleons-tomb", 20004)
    assert core.search(state, max_states=300_000, mode="playouts").verdict == UNKNOWN
    result = solve(state, max_states=300_000)
    assert result.verdict == WON and replays_to_win(state, result.moves)


def test_a_redeal_the_player_may_take_at_any_time_waits_until_the_deal_is_played_out():
    # St. Helena redeals whenever the player likes. Playouts that drew the
    # redeal as often as a tableau move redealt within a few moves of each
    # deal, and whole-game nested rollouts won none of 15 hard deals in 15 M
    # positions each; now they win five (docs/history.md), deal 20047 in
    # 0.7 M.
    state = napoleon.new_game("st-helena", 20047)
    result = core.search(state, max_states=1_000_000, mode="nested")
    assert result.verdict == WON and replays_to_win(state, result.moves)


def test_solve_and_the_cli_run_nested_rollouts_at_the_level_asked(capsys):
    from napoleon.interfaces.cli import main

    state = napoleon.new_game("napoleons-tomb", 3)
    for level in (0, 2):
        direct = core.search(state, max_states=200_000, mode="nested", level=level)
        solved = solve(state, max_states=200_000, strategy="nested", level=level, shorten=False)
        assert (solved.verdict, solved.states, solved.moves) == (direct.verdict, direct.states, direct.moves)
        # the line a player is given is the same search's, shortened, and wins too
        shortened = solve(state, max_states=200_000, strategy="nested", level=level)
        assert shortened.states == direct.states and len(shortened.moves) <= len(direct.moves)
        assert replays_to_win(state, shortened.moves)
        main(["solve", "napoleons-tomb", "--deal", "3", "--strategy", "nested", "--level", str(level),
              "--max-states", "200000", "--json"])
        assert f'"states": {direct.states},' in capsys.readouterr().out
    # the levels search differently, so each answer above came from its own level
    assert core.search(state, max_states=200_000, mode="nested", level=0).states != direct.states


@pytest.mark.parametrize("kw", [{"strategy": "dfs", "level": 2}, {"strategy": "nested", "level": 5}])
def test_a_level_goes_with_nested_rollouts_only(kw):
    with pytest.raises(ValueError):
        solve(napoleon.new_game("napoleons-tomb", 3), max_states=1_000, **kw)


@pytest.mark.parametrize("args", [["--strategy", "dfs", "--level", "2"], ["--level", "0"], ["--strategy", "nested",
                                                                                          "--level", "5"]])
def test_the_cli_refuses_a_level_without_nested_rollouts(args, capsys):
    from napoleon.interfaces.cli import main

    try:
        code = main(["solve", "napoleons-tomb", "--deal", "3", "--max-states", "1000", *args])
    except SystemExit as exc:  # argparse's own refusal (a level out of range)
        code = exc.code
    assert code == 2
    assert "level" in capsys.readouterr().err
