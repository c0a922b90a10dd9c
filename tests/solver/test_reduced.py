"""The reduced deck: a test-only form of a game small enough for an exhaustive search.

``ranks=N`` keeps the ranks Ace to N of every suit, the N playing the King's
part; Forty Thieves also takes ``columns=K``. Both are hidden options: given,
they are kept in the position JSON; never listed in help.
"""

from __future__ import annotations

from collections import Counter

import pytest

import napoleon
from napoleon.cards import rank
from napoleon.engine.errors import OptionError
from napoleon.engine.rules import Foundation

REDUCED = [
    ("forty-thieves", {"ranks": 4, "columns": 3}),
    ("st-helena", {"ranks": 5}),
    ("napoleons-tomb", {"ranks": 5}),
]


@pytest.mark.parametrize(("game_id", "options"), REDUCED)
def test_a_reduced_deal_holds_each_card_of_the_smaller_deck_exactly(game_id, options):
    state = napoleon.new_game(game_id, 3, options)
    game = state.game
    top = options["ranks"]
    assert game.top_rank == top
    dealt = Counter(c for p in state.piles for c in p)
    assert dealt == Counter(game.all_cards())
    assert {rank(c) for c in dealt} == set(range(1, top + 1))
    assert len(dealt) == top * 4 and game.total_cards == top * 4 * game.decks
    # the position round-trips through its JSON, options and all
    again = napoleon.position_from_json(state.to_json())
    assert again.game is game and again.piles == state.piles


def test_the_top_rank_plays_the_kings_part():
    tomb = napoleon.get_game("napoleons-tomb", {"ranks": 5})
    found = tomb.groups[0].rule
    assert isinstance(found, Foundation) and (found.start, found.length, found.top) == (5, 10, 5)
    central = tomb.role_piles["central"][0]
    assert napoleon.cards.parse_card("AS") in tomb.fit[central][napoleon.cards.parse_card("5S")]  # the wrap
    ft = napoleon.get_game("forty-thieves", {"ranks": 4, "columns": 3})
    assert len(ft.role_piles["tableau"]) == 3 and ft.limit[ft.foundations[0]] == 4


def test_a_reduced_game_plays_to_a_win_through_the_engine():
    from napoleon.solver import replays_to_win, solve

    state = napoleon.new_game("forty-thieves", 1, {"ranks": 3, "columns": 3})
    result = solve(state, max_states=100_000)
    assert result.won and replays_to_win(state, result.moves)


def test_reduced_options_are_hidden_and_checked():
    game = napoleon.get_game("forty-thieves")
    assert "ranks" not in game.options and "ranks" not in game.options_json()
    assert [o.name for o in type(game).option_specs] == ["redeals"]
    assert napoleon.get_game("forty-thieves", {"ranks": 5}).describe() == "forty-thieves ranks=5"
    for bad in ({"ranks": 1}, {"ranks": 14}, {"ranks": "x"}, {"columns": 0}, {"columns": 11}):
        with pytest.raises(OptionError):
            napoleon.get_game("forty-thieves", bad)
    with pytest.raises(OptionError, match="its options: none"):
        napoleon.get_game("werner", {"ranks": 5})  # its deal needs the whole deck
