"""Best-first search looks its children up a pass ahead in a large table
(``exploration.explore``'s ``lookahead``): only faster, never a different search.

Each game's deals are explored with the lookups always a pass ahead, never,
and as the core chooses; the verdict, the positions counted, the winning
line and every position kept must be the same.
"""

from __future__ import annotations

import pytest

from napoleon import new_game
from napoleon.solver import exploration

ALWAYS, NEVER = 0, 1 << 62


def _explored(game: str, deal: int, lookahead: int | None, **kw):
    result, found = exploration.explore(new_game(game, deal=deal), lookahead=lookahead, **kw)
    return (result.verdict, result.states, result.moves, result.complete,
            [(f.line, f.home, f.score, f.redealt) for f in found])


@pytest.mark.parametrize(("game", "kw"), [
    ("st-helena", {"max_states": 20_000, "keep": 20, "redealt": 300}),
    ("forty-thieves", {"max_states": 20_000, "keep": 10}),
    ("forty-thieves", {"max_states": 5_000, "keep": 10, "hold_stock": True}),
    ("napoleons-tomb", {"max_states": 20_000, "keep": 10}),
    ("werner", {"max_states": 20_000, "keep": 10}),
    ("napoleons-square", {"max_states": 20_000, "keep": 10}),
    ("grand-napoleon", {"max_states": 20_000, "keep": 10}),
])
@pytest.mark.parametrize("deal", [1, 2, 3])
def test_lookahead_changes_nothing_but_speed(game: str, kw: dict, deal: int) -> None:
    never = _explored(game, deal, NEVER, **kw)
    assert _explored(game, deal, ALWAYS, **kw) == never
    assert _explored(game, deal, None, **kw) == never


def test_a_won_search_finds_the_same_line_both_ways() -> None:
    won = [deal for deal in range(1, 8) if _explored("werner", deal, NEVER, max_states=50_000)[0] == "won"]
    assert won, "some of Werner's deals 1-7 are won by best-first search within 50,000 positions"
    for deal in won:
        assert _explored("werner", deal, ALWAYS, max_states=50_000) == _explored("werner", deal, NEVER, max_states=50_000)


def test_a_long_search_is_the_same_both_ways() -> None:
    """200,000 positions: a table grown to a million slots, far past the caches."""
    kw = {"max_states": 200_000, "keep": 10, "redealt": 100}
    never = _explored("st-helena", 2, NEVER, **kw)
    assert never[1] >= 200_000
    assert _explored("st-helena", 2, None, **kw) == never
