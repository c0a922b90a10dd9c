"""A projection's loss (napoleon/solver/projection.py) proves a position lost.

Held to the exhaustive search with every shortcut off on small deals of the
reduced deck, walked a few random moves in and taken near their end, where
many are lost: wherever some projection is lost, so is the position. The
projections must also call some position lost, or these tests would prove
nothing; and a projection keeps every card, its kept suits' cards where they were.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from napoleon import new_game
from napoleon.cards import suit
from napoleon.solver.projectable import refusal
from napoleon.solver.projection import ProjectionTable, applies, project
from napoleon.solver.search import Search

from .endgames import endgame, walked

SMALL = [{"ranks": 3, "columns": 2}, {"ranks": 4, "columns": 2}, {"ranks": 3, "columns": 3}, {"ranks": 4, "columns": 3}]


def _positions(options: dict, count: int, seed: int) -> list:
    rng = random.Random(seed)
    out = [walked("forty-thieves", options, deal * 17 + 3, rng.randint(0, 60), rng) for deal in range(count)]
    out += [endgame("forty-thieves", options, rng.randint(2, 8), rng) for _ in range(count)]
    return out


def test_a_lost_projection_means_a_lost_position():
    called = Counter()
    lost = 0
    for options in SMALL:
        tables = {size: ProjectionTable(size=size, cap=200_000) for size in (1, 2, 3)}
        for state in _positions(options, 60, seed=len(str(options))):
            truth = Search(state, prune=False, max_states=20_000).run().verdict
            if truth == "unknown":
                continue
            lost += truth == "lost"
            for size, table in tables.items():
                if table.lost(state):
                    assert truth == "lost", (size, state.to_json())
                    called[size] += 1
    # Not vacuous: each size calls lost positions lost. And a projection onto fewer suits is a
    # projection of one onto more: where it is lost, so is the larger one.
    assert lost > 60 and 0 < called[1] <= called[2] <= called[3], (lost, called)


def test_a_projection_keeps_every_card_and_the_kept_suits_where_they_were():
    rng = random.Random(5)
    for options in ({}, *SMALL):
        state = walked("forty-thieves", options, rng.randint(1, 1000), 30, rng)
        for kept in ({0}, {1, 3}, {0, 2, 3}):
            projected = project(state, kept)
            assert Counter(c for p in projected.piles for c in p) == Counter(state.game.all_cards())
            for i in range(state.game.npiles):
                if i not in state.game.foundations:
                    assert projected.piles[i] == [c for c in state.piles[i] if suit(c) in kept]
                    assert all(suit(c) in kept for c in projected.piles[i])
            assert projected.status.value in ("playing", "won", "lost")


def test_where_the_argument_does_not_hold_it_is_not_asked():
    # Werner's game builds in alternate colours: a card goes onto a card of another suit.
    assert not applies(new_game("werner", 1))
    # A redeal left: its cycle rule compares whole positions, which projections merge.
    assert not applies(new_game("forty-thieves", 1, {"redeals": "unlimited"}))
    assert applies(new_game("forty-thieves", 1))
    assert not ProjectionTable(size=2).lost(new_game("werner", 1))


@pytest.mark.parametrize("game_id, why", [
    ("werner", "build across suits"), ("napoleons-square", "runs of cards"), ("napoleons-tomb", "whole piles"),
    ("st-helena", "not built up by suit from the Ace"), ("grand-napoleon", "not built up by suit from the Ace"),
    ("forty-thieves", None)])
def test_each_game_is_told_why_a_projection_proves_nothing_there(game_id, why):
    found = refusal(new_game(game_id, 1).game)
    assert found == why if why is None else why in found


def test_a_table_searches_each_projection_once():
    state = new_game("forty-thieves", 3, {"ranks": 5, "columns": 4})
    table = ProjectionTable(size=2, cap=50_000)
    first = table.lost(state)
    searches = table.searches
    assert table.lost(state) == first and table.searches == searches and table.asked > searches


def test_a_projection_keeps_one_to_three_suits():
    with pytest.raises(ValueError, match="1 to 3"):
        ProjectionTable(size=4)
