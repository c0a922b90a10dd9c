"""A hint where no solution is known: a suggested move, never silent while the game goes on."""

from __future__ import annotations

import pytest

from napoleon import GAMES, REDEAL, new_game
from napoleon.solver import replays_to_win, solve
from napoleon.solver.suggest import Suggestion, suggest


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_suggestion_is_a_legal_move_and_the_same_every_time(game_id):
    state = new_game(game_id, deal=7)
    first = suggest(state, budget=None, max_states=5_000)
    assert first is not None, "every deal has a move to suggest"
    assert state.is_legal(first.move)
    assert first == suggest(state, budget=None, max_states=5_000)  # a count of positions, not seconds
    assert first.now == state.cards_home and first.home >= first.now
    assert 0 < first.states <= 5_000 + 4096  # the core checks its cap every 4096 positions


@pytest.mark.parametrize(("game_id", "deal"), [("forty-thieves", 20010), ("st-helena", 20008), ("napoleons-tomb", 67)])
def test_the_line_it_starts_reaches_what_it_says(game_id, deal):
    """Deals no search has won in 30 s: the suggested move starts a line of
    legal moves that ends with the cards home the suggestion says."""
    state = new_game(game_id, deal=deal)
    s = suggest(state, budget=None, max_states=20_000)
    assert s is not None and s.move == s.line[0]
    for move in s.line:
        state.play(move)  # raises on an illegal move
    assert state.cards_home == s.home


def test_where_nothing_moves_but_a_redeal_the_redeal_is_suggested():
    """St. Helena deal 20024: the first deal has no move at all; the redeal is the hint."""
    state = new_game("st-helena", deal=20024)
    assert state.legal_moves() == [REDEAL]
    s = suggest(state, budget=None, max_states=5_000)
    assert s is not None and s.line == (REDEAL,) and s.home == s.now
    assert s.text(state) == f"{state.describe(REDEAL)} (a guess, no solution known)"


def test_a_winning_search_suggests_the_first_move_of_its_win():
    state = new_game("werner", deal=1)
    s = suggest(state, budget=None, max_states=100_000)
    assert s is not None and s.home == state.game.total_cards
    result = solve(state.copy(), max_states=100_000, strategy="best")
    assert result.won and replays_to_win(state.copy(), result.moves)


def test_nothing_to_suggest_when_the_game_is_over():
    state = new_game("werner", deal=1)
    result = solve(state.copy(), max_states=100_000, strategy="best")
    for move in result.moves:
        state.play(move)
    assert state.is_won and suggest(state) is None


def test_its_words_say_it_is_a_guess():
    state = new_game("forty-thieves", deal=20010)
    s = Suggestion(tuple(state.legal_moves()[:1]), home=12, now=4, states=100)
    assert s.note() == "a guess, no solution known: it leads to 12 cards home"
    assert s.text(state) == f"{state.describe(s.move)} ({s.note()})"
    assert "cards home" not in Suggestion(s.line, 4, 4, 100).note()
    assert s.to_json(state)["move"]["text"] == state.describe(s.move)


def test_without_the_compiled_core_there_is_no_suggestion_and_no_error(monkeypatch):
    """An install with no C compiler has no core to explore with: the hint says
    nothing rather than failing in its worker, and solve uses the Python search."""
    from napoleon.solver import core, exploration

    monkeypatch.setattr(core, "_core", None)
    monkeypatch.setattr(core, "available", False)
    state = new_game("forty-thieves", 20010)
    assert suggest(state, budget=0.3) is None
    with pytest.raises(core.NotCompilable):
        exploration.Exploration(state)
    assert solve(new_game("werner", 1), max_states=20_000).verdict is not None
