"""Forty Thieves, also called Napoleon at St. Helena: RULES.md section 5."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.engine.game import UNLIMITED

from .helpers import (
    assert_illegal,
    deal_order,
    mv,
    names,
    pile,
    pile_cards,
    play_legal,
    position,
    snapshot,
    turn_all,
)

GAME = "forty-thieves"
DEALS = (1, 2, 3, 1000, 55555)


# ------------------------------------------------------------------ layout


@pytest.mark.parametrize("deal", DEALS)
def test_layout_counts(deal):
    state = napoleon.new_game(GAME, deal)
    game = state.game
    columns = game.role_piles["tableau"]
    assert len(columns) == 10 and all(len(state.piles[c]) == 4 for c in columns)
    assert len(game.foundations) == 8 and all(state.piles[f] == [] for f in game.foundations)
    assert len(state.piles[game.stock]) == 64
    assert len(game.role_piles["waste"]) == 1 and state.piles[game.role_piles["waste"][0]] == []


@pytest.mark.parametrize("deal", DEALS)
def test_deal_order_row_after_row_then_stock(deal):
    state = napoleon.new_game(GAME, deal)
    order = deal_order(GAME, deal)
    columns = state.game.role_piles["tableau"]
    for i, c in enumerate(columns):
        assert state.piles[c] == [order[10 * row + i] for row in range(4)]
    assert [state.piles[c][0] for c in columns] == order[:10]
    assert turn_all(state) == order[40:]


def test_alias_napoleon_at_st_helena():
    assert napoleon.get_game("napoleon-at-st-helena").id == GAME
    for deal in (1, 2, 1000):
        assert napoleon.new_game("napoleon-at-st-helena", deal).piles == napoleon.new_game(GAME, deal).piles
    alias = napoleon.new_game("napoleon-at-st-helena", 3, {"redeals": 2})
    assert alias.game.max_redeals == 2
    assert alias.to_json()["game"] == GAME


def test_options_do_not_change_the_layout():
    for deal in (1, 2, 1000):
        plain = napoleon.new_game(GAME, deal).piles
        assert napoleon.new_game(GAME, deal, {"redeals": 2}).piles == plain
        assert napoleon.new_game(GAME, deal, {"redeals": "unlimited"}).piles == plain


# ------------------------------------------------------------- foundations


def test_foundations_ace_up_in_suit_to_the_king():
    state = position(
        GAME,
        {"tableau-1": "KS AC", "tableau-2": "KS 2C", "tableau-3": "KH 2D", "tableau-4": "KH 3C",
         "tableau-5": "KD AC", "waste": "AS"},
        rest="stock",
    )
    assert_illegal(state, mv(state, "T2", "F1"))  # 2C cannot start one
    play_legal(state, mv(state, "T1", "F1"))
    assert_illegal(state, mv(state, "T3", "F1"))  # 2D on AC
    assert_illegal(state, mv(state, "T4", "F1"))  # 3C on AC
    assert_illegal(state, mv(state, "T5", "F1"))  # the other AC on AC
    play_legal(state, mv(state, "T5", "F2"))  # ...starts another foundation
    play_legal(state, mv(state, "T2", "F1"))
    play_legal(state, mv(state, "T4", "F1"))
    play_legal(state, mv(state, "W", "F3"))  # the waste card goes to a foundation
    assert pile(state, "foundation-1") == ["AC", "2C", "3C"]


def test_a_finished_foundation_takes_nothing():
    hearts = " ".join(f"{r}H" for r in "A23456789TJQK")
    state = position(GAME, {"foundation-1": hearts, "tableau-1": "AH", "tableau-2": "KH"}, rest="stock")
    assert_illegal(state, mv(state, "T1", "F1"))
    assert_illegal(state, mv(state, "T2", "F1"))
    play_legal(state, mv(state, "T1", "F2"))


# --------------------------------------------------------------- columns


def column_position(options=None):
    return position(
        GAME,
        {
            "tableau-1": "8C",
            "tableau-2": "7C",
            "tableau-3": "7D",
            "tableau-4": "6C",
            "tableau-5": "9C",
            "tableau-6": "TD 9D 8D",
            "tableau-7": "TD",
            "tableau-8": "",
            "tableau-9": "KH",
            "tableau-10": "AH",
            "waste": "QH",
        },
        rest="stock",
        options=options,
    )


def test_columns_build_down_in_suit():
    state = column_position()
    play_legal(state, mv(state, "T2", "T1"))  # 7C on 8C
    assert pile(state, "tableau-1") == ["8C", "7C"]
    assert_illegal(state, mv(state, "T1", "T5"))  # now 7C is T1's top: 7C on 9C skips a rank


def test_columns_build_down_in_suit_only():
    state = column_position()
    assert_illegal(state, mv(state, "T3", "T1"), "does not go on")  # 7D on 8C: wrong suit
    assert_illegal(state, mv(state, "T4", "T1"))  # 6C on 8C: skips a rank
    assert_illegal(state, mv(state, "T5", "T1"))  # 9C on 8C: up
    assert_illegal(state, mv(state, "T6", "T5"))  # 8D on 9C: wrong suit
    play_legal(state, mv(state, "T1", "T5"))  # 8C on 9C
    play_legal(state, mv(state, "T2", "T5"))  # 7C on 8C
    assert pile(state, "tableau-5") == ["9C", "8C", "7C"]


def test_a_space_takes_any_available_card():
    for src in ("T1", "T3", "T6", "T9", "T10", "W"):
        state = column_position()
        name = "waste" if src == "W" else f"tableau-{src[1:]}"
        card = pile_cards(state, name)[-1]
        play_legal(state, mv(state, src, "T8"))
        assert pile_cards(state, "tableau-8") == [card]


def test_the_waste_top_goes_to_a_column():
    state = column_position()
    play_legal(state, mv(state, "W", "T9"))  # QH on KH
    assert pile(state, "tableau-9") == ["KH", "QH"]
    assert_illegal(state, mv(state, "W", "T1"))  # the next waste card does not fit 8C
    assert_illegal(state, mv(state, "T1", "W"))  # nothing is put on the waste
    assert_illegal(state, mv(state, "T1", "S"))


# ------------------------------------------------------------------ stock


def test_stock_turns_one_card_at_a_time():
    state = napoleon.new_game(GAME, 9)
    order = deal_order(GAME, 9)
    assert_illegal(state, mv(state, "S", "W", 2), "one card")
    for dst in ("T1", "F1"):
        assert_illegal(state, mv(state, "S", dst), "waste")
    play_legal(state, mv(state, "S", "W"))
    assert pile_cards(state, "waste") == [order[40]]
    assert len(pile_cards(state, "stock")) == 63


@pytest.mark.parametrize("deal", (1, 2, 3))
def test_no_redeal_by_default(deal):
    state = napoleon.new_game(GAME, deal)
    assert state.game.max_redeals == 0
    assert_illegal(state, napoleon.REDEAL)
    turn_all(state)
    assert_illegal(state, napoleon.REDEAL, "no redeal")
    assert napoleon.REDEAL not in state.legal_moves()


def test_no_redeal_means_lost_when_stuck():
    tops = ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9D"]
    state = position(GAME, {f"tableau-{n}": t for n, t in enumerate(tops, 1)} | {"waste": "QH"},
                      rest="tableau-1")
    assert state.legal_moves() == []
    assert state.status == napoleon.Status.LOST
    # With a redeal left, the same position is not lost.
    obj = state.to_json()
    obj["options"] = {"redeals": 1}
    again = napoleon.position_from_json(obj)
    assert again.legal_moves() == [napoleon.REDEAL]
    assert again.status == napoleon.Status.PLAYING


# ----------------------------------------------------------- redeals=N


@pytest.mark.parametrize("n", (1, 2, 3))
def test_exactly_n_redeals(n):
    state = napoleon.new_game(GAME, 7, {"redeals": n})
    assert state.to_json()["redeals_left"] == n
    for used in range(n):
        assert_illegal(state, napoleon.REDEAL, "stock is empty")
        turn_all(state)
        assert napoleon.REDEAL in state.legal_moves()
        play_legal(state, napoleon.REDEAL)
        assert state.redeals == used + 1
        assert state.to_json()["redeals_left"] == n - used - 1
    turn_all(state)
    assert_illegal(state, napoleon.REDEAL, "no redeal left")


def test_redeal_only_when_the_stock_is_empty():
    state = napoleon.new_game(GAME, 8, {"redeals": 2})
    for _ in range(63):
        state.play(mv(state, "S", "W"))
    assert len(pile_cards(state, "stock")) == 1
    assert_illegal(state, napoleon.REDEAL, "stock is empty")
    state.play(mv(state, "S", "W"))
    play_legal(state, napoleon.REDEAL)


def test_redeal_keeps_the_waste_order():
    state = napoleon.new_game(GAME, 12, {"redeals": 2})
    first_pass = turn_all(state)
    waste = list(pile_cards(state, "waste"))
    state.play(napoleon.REDEAL)
    assert pile_cards(state, "waste") == []
    # The new stock turns the cards in the order they were first turned.
    assert pile_cards(state, "stock") == waste[::-1]
    second_pass = turn_all(state)
    assert second_pass == first_pass
    state.play(napoleon.REDEAL)
    assert turn_all(state) == first_pass


def test_redeal_keeps_the_order_of_what_is_left():
    # Stock turns AC, 5D, 7H, 2C, 9S (the top of the stock is its last card).
    state = position(GAME, {"stock": "9S 2C 7H 5D AC", "tableau-1": "KD"}, rest="tableau-2",
                      options={"redeals": 1})
    play_legal(state, mv(state, "S", "W"))
    play_legal(state, mv(state, "W", "F1"))  # AC
    play_legal(state, mv(state, "S", "W"))
    play_legal(state, mv(state, "S", "W"))
    play_legal(state, mv(state, "S", "W"))
    play_legal(state, mv(state, "W", "F1"))  # 2C
    play_legal(state, mv(state, "S", "W"))
    assert pile(state, "waste") == ["5D", "7H", "9S"]
    play_legal(state, napoleon.REDEAL)
    assert names(turn_all(state)) == ["5D", "7H", "9S"]


# ---------------------------------------------------- redeals=unlimited


def ace_stock_position():
    """Stock turns AC AD AH AS 5C; the rest is in the columns."""
    return position(GAME, {"stock": "5C AS AH AD AC", "tableau-1": "KD"}, rest="tableau-2",
                     options={"redeals": "unlimited"})


def test_unlimited_redeals():
    state = napoleon.new_game(GAME, 21, {"redeals": "unlimited"})
    assert state.game.max_redeals == UNLIMITED
    assert state.to_json()["redeals_left"] == "unlimited"
    turn_all(state)
    play_legal(state, napoleon.REDEAL)  # the first redeal: there is no previous one
    assert state.status == napoleon.Status.PLAYING
    assert_illegal(state, napoleon.REDEAL, "stock is empty")


def test_unlimited_many_redeals_while_each_pass_changes_something():
    state = ace_stock_position()
    for n in range(4):
        # Each pass, play the first ace still in the stock, then turn the rest.
        play_legal(state, mv(state, "S", "W"))
        play_legal(state, mv(state, "W", f"F{n + 1}"))
        turn_all(state)
        play_legal(state, napoleon.REDEAL)
        assert state.status == napoleon.Status.PLAYING
    assert state.redeals == 4
    assert pile(state, "stock") == ["5C"]


def test_unlimited_lost_when_a_redeal_brings_back_the_previous_redeal():
    state = ace_stock_position()
    state.play(mv(state, "S", "W"))
    state.play(mv(state, "W", "F1"))  # AC home: pass 1 changed something
    turn_all(state)
    state.play(napoleon.REDEAL)
    after_first = snapshot(state)
    assert state.status == napoleon.Status.PLAYING
    turn_all(state)  # pass 2 changes nothing
    state.play(napoleon.REDEAL)
    assert state.piles == after_first[0]
    assert state.status == napoleon.Status.LOST
    assert state.to_json()["status"] == "lost"
    assert_illegal(state, napoleon.REDEAL, "changed nothing")
    # The position survives a JSON round trip as a lost one.
    again = napoleon.position_from_json(state.to_json())
    assert again.status == napoleon.Status.LOST
    assert again.to_json() == state.to_json()
    # Undoing the redeal takes the loss back.
    state.pop()
    assert state.status == napoleon.Status.PLAYING
    assert state.is_legal(napoleon.REDEAL)


def test_unlimited_a_pass_that_moves_a_card_is_not_a_cycle():
    state = ace_stock_position()
    turn_all(state)
    state.play(napoleon.REDEAL)
    state.play(mv(state, "S", "W"))
    state.play(mv(state, "W", "F1"))  # AC home in pass 2
    turn_all(state)
    state.play(napoleon.REDEAL)
    assert state.status == napoleon.Status.PLAYING
    turn_all(state)
    state.play(napoleon.REDEAL)  # pass 3 changed nothing
    assert state.status == napoleon.Status.LOST


def test_the_cycle_rule_state_lives_with_forty_thieves_and_follows_copies_undo_and_keys():
    for other in ("werner", "st-helena", "napoleons-tomb"):
        assert not hasattr(napoleon.new_game(other, 1), "cycled")
    state = ace_stock_position()
    turn_all(state)
    state.play(napoleon.REDEAL)
    turn_all(state)
    before = state.copy()
    state.play(napoleon.REDEAL)  # nothing changed: a cycle
    assert state.cycled and not before.cycled
    assert state.copy().cycled and state.copy().key() == state.key()
    same_piles = before.copy()
    same_piles.piles = [p[:] for p in state.piles]
    same_piles.redeals = state.redeals
    assert same_piles.key() != state.key()  # the key tells a cycled position apart
    state.pop()
    assert not state.cycled and state.last_redeal == before.last_redeal


def test_limited_redeals_have_no_cycle_rule():
    state = napoleon.new_game(GAME, 5, {"redeals": 3})
    for _ in range(3):
        turn_all(state)
        state.play(napoleon.REDEAL)
        assert state.status == napoleon.Status.PLAYING


# ---------------------------------------------------------------- options


@pytest.mark.parametrize("value, parsed", [("0", 0), (0, 0), ("1", 1), (2, 2), ("10", 10),
                                           ("unlimited", UNLIMITED), ("Unlimited", UNLIMITED)])
def test_redeals_option_values(value, parsed):
    assert napoleon.get_game(GAME, {"redeals": value}).max_redeals == parsed


@pytest.mark.parametrize("bad", [{"redeals": "x"}, {"redeals": "-1"}, {"redeals": "1.5"}, {"redeals": 1.5},
                                 {"redeals": True}, {"redeals": None}, {"redeals": ""}, {"redeal": 1},
                                 {"single": True}])
def test_bad_options(bad):
    with pytest.raises(napoleon.OptionError):
        napoleon.get_game(GAME, bad)
    with pytest.raises(napoleon.OptionError):
        napoleon.new_game("napoleon-at-st-helena", 1, bad)
