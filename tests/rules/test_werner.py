"""Napoleon at St Helena, Einar Werner's game: RULES.md section 4."""

from __future__ import annotations

import pytest

import napoleon

from .helpers import assert_illegal, deal_order, mv, pile, pile_cards, play_legal, position

GAME = "werner"
DEALS = (1, 2, 3, 1000, 987654321)


# ------------------------------------------------------------------ layout


@pytest.mark.parametrize("deal", DEALS)
def test_layout_counts(deal):
    state = napoleon.new_game(GAME, deal)
    game = state.game
    columns, cells = game.role_piles["tableau"], game.role_piles["cell"]
    assert len(columns) == 8 and all(len(state.piles[c]) == 6 for c in columns)
    assert len(cells) == 4 and all(len(state.piles[c]) == 1 for c in cells)
    assert len(game.foundations) == 4 and all(state.piles[f] == [] for f in game.foundations)
    assert game.stock is None
    assert "waste" not in game.role_piles


@pytest.mark.parametrize("deal", DEALS)
def test_deal_order_row_after_row_then_the_cells(deal):
    state = napoleon.new_game(GAME, deal)
    game = state.game
    order = deal_order(GAME, deal)
    for i, c in enumerate(game.role_piles["tableau"]):
        assert state.piles[c] == [order[8 * row + i] for row in range(6)]
    assert [state.piles[c][0] for c in game.role_piles["tableau"]] == order[:8]
    # The last four cards go one each into the four cells, in order.
    assert [state.piles[c] for c in game.role_piles["cell"]] == [[card] for card in order[48:]]


@pytest.mark.parametrize("deal", DEALS)
def test_the_cells_are_full_at_the_start(deal):
    state = napoleon.new_game(GAME, deal)
    game = state.game
    cells = set(game.role_piles["cell"])
    assert not [m for m in state.legal_moves() if m.dst in cells]
    for column in game.role_piles["tableau"]:
        for cell in cells:
            assert_illegal(state, napoleon.Move(column, cell, 1))


# ------------------------------------------------------------- foundations


def foundation_position():
    return position(
        GAME,
        {
            "tableau-1": "KS AH",
            "tableau-2": "KC 2H",
            "tableau-3": "KD 2D",
            "tableau-4": "KH 3H",
            "cell-1": "AD",
            "cell-2": "4H",
        },
        rest="tableau-8",
    )


def test_only_an_ace_starts_a_foundation():
    state = foundation_position()
    assert_illegal(state, mv(state, "T2", "F1"))
    assert_illegal(state, mv(state, "C2", "F1"))
    play_legal(state, mv(state, "T1", "F1"))
    play_legal(state, mv(state, "C1", "F2"))  # from a cell too


def test_foundation_builds_up_in_suit_to_the_king():
    state = foundation_position()
    state.play(mv(state, "T1", "F1"))
    assert_illegal(state, mv(state, "T3", "F1"))  # 2D on AH
    assert_illegal(state, mv(state, "T4", "F1"))  # 3H on AH
    play_legal(state, mv(state, "T2", "F1"))
    play_legal(state, mv(state, "T4", "F1"))
    play_legal(state, mv(state, "C2", "F1"))  # a cell card goes to a foundation
    assert pile(state, "foundation-1") == ["AH", "2H", "3H", "4H"]


def test_foundations_are_listed_once_but_any_empty_one_is_legal():
    state = foundation_position()
    ace = state.game.pile_index["tableau-1"]
    assert [m for m in state.legal_moves() if m.src == ace and m.dst in state.game.foundations] == [
        mv(state, "T1", "F1")
    ]
    for f in ("F2", "F3", "F4"):
        assert state.is_legal(mv(state, "T1", f))


# --------------------------------------------------------------- building


def build_position():
    """Columns end 8C, 7H, 7C, 7S, 6D, 9D, (space), KC; cells QD, -, KS, AH."""
    return position(
        GAME,
        {
            "tableau-1": "8C",
            "tableau-2": "7H",
            "tableau-3": "7C",
            "tableau-4": "7S",
            "tableau-5": "6D",
            "tableau-6": "9D",
            "tableau-7": "",
            "tableau-8": "KC",
            "cell-1": "QD",
            "cell-2": "",
            "cell-3": "KS",
            "cell-4": "AH",
        },
        rest="tableau-1",
    )


def test_columns_build_down_in_alternating_colour():
    state = build_position()
    play_legal(state, mv(state, "T2", "T1"))  # 7H on 8C: red on black
    state.pop()
    play_legal(state, mv(state, "T5", "T4"))  # 6D on 7S
    play_legal(state, mv(state, "T1", "T6"))  # 8C on 9D: black on red
    assert pile(state, "tableau-6") == ["9D", "8C"]


def test_same_colour_wrong_rank_or_upward_is_illegal():
    state = build_position()
    assert_illegal(state, mv(state, "T3", "T1"), "alternating")  # 7C on 8C: same suit
    assert_illegal(state, mv(state, "T4", "T1"), "alternating")  # 7S on 8C: same colour
    assert_illegal(state, mv(state, "T5", "T1"))  # 6D on 8C: skips a rank
    assert_illegal(state, mv(state, "T6", "T1"))  # 9D on 8C: up
    assert_illegal(state, mv(state, "T2", "T5"))  # 7H on 6D: up, same colour
    assert_illegal(state, mv(state, "T1", "T8"))  # 8C on KC


def test_a_column_top_goes_to_an_empty_cell():
    state = build_position()
    play_legal(state, mv(state, "T1", "C2"))
    assert pile(state, "cell-2") == ["8C"]


def test_a_cell_holds_one_card():
    state = build_position()
    for cell in ("C1", "C3", "C4"):
        assert_illegal(state, mv(state, "T2", cell), "one card")
    state.play(mv(state, "T1", "C2"))
    assert_illegal(state, mv(state, "T2", "C2"), "one card")


def test_a_cell_card_goes_to_a_foundation_or_a_column_only():
    state = build_position()
    play_legal(state, mv(state, "C4", "F1"))  # AH to a foundation
    state.pop()
    play_legal(state, mv(state, "C1", "T8"))  # QD onto KC
    state.pop()
    assert_illegal(state, mv(state, "C1", "C2"))  # not to another cell
    assert_illegal(state, mv(state, "C1", "T6"))  # QD on 9D
    assert_illegal(state, mv(state, "C3", "T8"))  # KS on KC


def test_a_cell_card_is_the_only_card_it_can_give():
    state = build_position()
    assert_illegal(state, mv(state, "C1", "T8", 2))


def test_an_empty_column_takes_only_a_king():
    state = build_position()
    play_legal(state, mv(state, "T8", "T7"))  # KC from a column
    state.pop()
    play_legal(state, mv(state, "C3", "T7"))  # KS from a cell
    state.pop()
    for src in ("T1", "T2", "T5", "T6", "C1", "C4"):
        assert_illegal(state, mv(state, src, "T7"), "King")


def test_moves_to_cells_are_listed_once():
    state = build_position()
    state.play(mv(state, "C4", "F1"))  # two empty cells now: C2 and C4
    t2 = state.game.pile_index["tableau-2"]
    cells = set(state.game.role_piles["cell"])
    assert [m.dst for m in state.legal_moves() if m.src == t2 and m.dst in cells] == [
        state.game.pile_index["cell-2"]
    ]
    assert state.is_legal(mv(state, "T2", "C4"))
    play_legal(state, mv(state, "T2", "C4"))


# ------------------------------------------------------ one card at a time


def run_position():
    """T1 ends in the alternating run 9D 8C 7H; T2 is TC, T3 is 9H, T4 a space
    with a King run KD QC on T5, one cell free."""
    return position(
        GAME,
        {
            "tableau-1": "9D 8C 7H",
            "tableau-2": "TC",
            "tableau-3": "9H",
            "tableau-4": "",
            "tableau-5": "2S KD QC",
            "cell-1": "",
            "cell-2": "AS",
            "cell-3": "AC",
            "cell-4": "AD",
        },
        rest="tableau-6",
    )


def test_a_run_cannot_move_as_one_move():
    state = run_position()
    assert_illegal(state, mv(state, "T1", "T2", 3), "one card")  # 9D 8C 7H onto TC
    assert_illegal(state, mv(state, "T1", "T3", 2), "one card")  # 8C 7H onto 9H
    assert_illegal(state, mv(state, "T5", "T4", 2), "one card")  # KD QC into the space
    assert_illegal(state, mv(state, "T1", "C1", 2))
    assert all(m.count == 1 for m in state.legal_moves())


def test_a_run_can_be_moved_by_single_moves_through_a_cell():
    state = run_position()
    play_legal(state, mv(state, "T1", "C1"))  # 7H to the cell
    play_legal(state, mv(state, "T1", "T3"))  # 8C onto 9H
    play_legal(state, mv(state, "C1", "T3"))  # 7H back onto 8C
    assert pile(state, "tableau-3") == ["9H", "8C", "7H"]


def test_no_stock_and_no_redeal():
    state = napoleon.new_game(GAME, 1)
    assert state.game.max_redeals == 0
    assert_illegal(state, napoleon.REDEAL, "no redeal")


def test_werner_takes_no_options():
    with pytest.raises(napoleon.OptionError):
        napoleon.get_game(GAME, {"single": True})
    with pytest.raises(napoleon.OptionError):
        napoleon.new_game(GAME, 1, {"redeals": 1})


def test_a_position_with_two_cards_in_a_cell_is_refused():
    with pytest.raises(napoleon.PositionError, match="cell"):
        position(GAME, {"cell-1": "QD 5C"}, rest="tableau-1")
    # One card, or none, is fine.
    position(GAME, {"cell-1": "QD", "cell-2": ""}, rest="tableau-1")


def test_a_foundation_is_built_up_to_the_king_and_then_takes_nothing():
    hearts_to_queen = " ".join(f"{r}H" for r in "A23456789TJQ")
    state = position(GAME, {"foundation-1": hearts_to_queen, "tableau-1": "KH", "tableau-2": "AS"},
                      rest="tableau-3")
    play_legal(state, mv(state, "T1", "F1"))
    assert len(pile_cards(state, "foundation-1")) == 13
    assert_illegal(state, mv(state, "T2", "F1"))
    play_legal(state, mv(state, "T2", "F2"))
