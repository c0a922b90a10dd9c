"""The one analysis: the hint's outcome, the live verdict's ladder, where a lost game was lost."""

from __future__ import annotations

import asyncio

import pytest

from napoleon import get_game
from napoleon.analysis import GUESS, NOT_WINNABLE, OVER, UNKNOWN, WINNABLE, Analysis, Answer, Verdict, hint_of
from napoleon.solver import solve

from .test_review import DEAL, FOLLOWED, GAME, LOSING


@pytest.fixture
def analysis():
    a = Analysis()
    yield a
    a.close()


def position(game_id: str, deal: int, moves: list[str]):
    state = get_game(game_id).new_state(deal)
    for text in moves:
        state.play_text(text)
    return state


def test_a_hint_on_a_winnable_position_is_a_step_of_a_solution(analysis):
    state = position("werner", 1, [])
    hint = asyncio.run(analysis.hint(state, budget=10))
    assert hint.outcome == WINNABLE and hint.helped and state.is_legal(hint.move)
    assert hint.sentence == f"Hint: {state.describe(hint.move)}"


def test_a_hint_on_a_lost_position_shows_no_move(analysis):
    hint = asyncio.run(analysis.hint(position("werner", DEAL, [*FOLLOWED, LOSING]), budget=10))
    assert hint.outcome == NOT_WINNABLE and hint.move is None and not hint.helped
    assert hint.sentence.startswith("this position can no longer be won")


def test_a_hint_on_a_won_game_says_so(analysis):
    state = position("werner", 1, [])
    for move in solve(state, budget=30).moves:
        state.play(move)
    hint = asyncio.run(analysis.hint(state, budget=1))
    assert (hint.outcome, hint.move, hint.sentence) == (OVER, None, "the game is won")


def test_a_hint_without_a_solution_is_a_guess_and_says_so(analysis):
    state = position("forty-thieves", 20010, [])
    hint = asyncio.run(analysis.hint(state, budget=None, max_states=2_000))
    assert hint.outcome == GUESS and state.is_legal(hint.move)
    assert hint.sentence.startswith("Guess: move the ") and "(no solution known" in hint.sentence


def test_no_solution_and_nothing_to_try_is_unknown():
    state = position("werner", 1, [])
    hint = hint_of(state, Answer(Verdict.UNKNOWN))
    assert hint.outcome == UNKNOWN and hint.move is None and "in the time it had" in hint.sentence


def test_the_verdict_climbs_the_ladder_and_says_when_it_is_done():
    analysis = Analysis(budgets=(0.05, 0.1), max_states=50)
    seen = []
    try:
        state = position("forty-thieves", 2, [])
        answer, more = asyncio.run(analysis.verdict_step(state))
        assert answer.verdict is Verdict.UNKNOWN and more and answer.spent == 0.05
        answer = asyncio.run(analysis.verdict(state, on_answer=seen.append))
        assert answer.verdict is Verdict.UNKNOWN and answer.spent == 0.1 and seen == []
        assert analysis.next_budget(state) is None
        searches = analysis.searches
        assert asyncio.run(analysis.verdict_step(state)) [1] is False and analysis.searches == searches
    finally:
        analysis.close()


def test_a_known_solution_is_followed_without_a_search(analysis):
    start = position("werner", 1, [])
    moves = list(solve(start, budget=30).moves)
    analysis.learn(start, moves)
    after = start.copy()
    after.play(moves[0])
    searches = analysis.searches
    answer = asyncio.run(analysis.verdict(after))
    assert answer.won and list(answer.moves) == moves[1:] and analysis.searches == searches


def test_where_a_lost_game_was_lost(analysis):
    lost = asyncio.run(analysis.last_winnable(position("werner", DEAL, GAME), budget=10))
    assert lost.number == 19 and lost.notation == LOSING and lost.kept == len(FOLLOWED)
    assert lost.text == "moved the 8♠ from column 1 to the empty cell 3"
