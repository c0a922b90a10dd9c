"""The table format shared by core.py and the C core is versioned, and the
core's assumptions about the rules (csrc/core.h) are checked, not trusted."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.engine.rules import FOUNDATION, STOCK, TABLEAU, WASTE, Build, Foundation, Group
from napoleon.games.forty_thieves import FortyThieves
from napoleon.solver import LOST, WON, core, replays_to_win, solve
from napoleon.solver.search import Search

pytestmark = pytest.mark.skipif(not core.available, reason="the C core is not built")


def test_tables_of_another_version_are_refused():
    state = napoleon.new_game("forty-thieves", 1)
    tables = core.encode_rules(state.game)
    assert tables[0] == core.TABLE_VERSION
    with pytest.raises(ValueError, match="version"):
        core._core.moves([core.TABLE_VERSION + 1, *tables[1:]], [p[:] for p in state.piles], 0)


class Returning(FortyThieves):
    """Forty Thieves where a card may come back from a foundation: breaks A2."""

    id = "test-returning"

    def layout(self):
        return (
            Group(FOUNDATION, 8, Foundation(), to=(TABLEAU,)),
            Group(TABLEAU, self.options.get("columns", 10), Build(down=True), to=(FOUNDATION, TABLEAU)),
            Group(STOCK, 1),
            Group(WASTE, 1, to=(FOUNDATION, TABLEAU)),
        )


def test_a_game_that_breaks_an_assumption_falls_back_to_the_python_search():
    game = Returning({"ranks": 3, "columns": 3})
    state = game.new_state(2)
    with pytest.raises(core.NotCompilable, match="A2"):
        core.encode_rules(game)
    result = solve(state, max_states=200_000)
    assert result.verdict == Search(state, max_states=200_000).run().verdict
    assert result.verdict in (WON, LOST)
    if result.won:
        assert replays_to_win(state, result.moves)


def test_every_game_meets_the_cores_assumptions():
    for game_id in napoleon.GAMES:
        core.encode_rules(napoleon.get_game(game_id))  # raises NotCompilable otherwise


def test_a_declared_redeal_is_read_from_the_tables_and_checked():
    # The tables end with the redeal: gather piles, deal-to piles, bottom_first, play-ups.
    state = napoleon.new_game("st-helena", 1)
    game = state.game
    gather, deal_to = game.redeal_order().gather, game.redeal_order().deal_to
    tables = core.encode_rules(game)
    tail = [len(gather), *gather, len(deal_to), *deal_to, 0, 0, 0]
    assert tables[-len(tail):] == tail
    piles = [p[:] for p in state.piles]
    head = tables[: -len(tail)]
    with pytest.raises(ValueError, match="does not have"):
        core._core.moves([*head, 1, game.npiles, 1, 0, 0, 0, 0], piles, 0)
    with pytest.raises(ValueError, match="does not have"):
        core._core.moves([*head, *tail[:-3], 0, 1, 1, game.npiles], piles, 0)
    with pytest.raises(ValueError, match="deal them onto"):
        core._core.moves([*head, 1, 0, 0, 0, 0, 0], piles, 0)
    with pytest.raises(ValueError, match="must declare how"):
        core._core.moves([*head, 0, 0, 0, 0, 0], piles, 0)
    # The piles a declared redeal picks up are the ones whose cards make a redeal legal (redeal_gathers).
    for game_id in napoleon.GAMES:
        g = napoleon.get_game(game_id)
        if g.redeal_order() is not None:
            assert sorted(g.redeal_order()[0]) == sorted(g.role_piles[g.redeal_gathers]), game_id
    # Grand Napoleon's redeal is data too: columns picked up bottom first, dealt with the layout's play-ups.
    grand = napoleon.get_game("grand-napoleon")
    columns = grand.role_piles[TABLEAU]
    assert core.encode_rules(grand)[-(2 * len(columns) + 7):] == [
        len(columns), *columns, len(columns), *columns, 1, 1, 2, columns[0], columns[-1]]
