"""Napoleon's Square: RULES.md section 2, sentence by sentence."""

from __future__ import annotations

import pytest

import napoleon

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

GAME = "napoleons-square"
DEALS = (1, 2, 3, 1000, 123456789)


# ------------------------------------------------------------------ layout


@pytest.mark.parametrize("deal", DEALS)
def test_layout_counts(deal):
    state = napoleon.new_game(GAME, deal)
    game = state.game
    tableau = game.role_piles["tableau"]
    assert len(tableau) == 12
    assert all(len(state.piles[t]) == 4 for t in tableau)
    assert len(game.foundations) == 8
    assert all(state.piles[f] == [] for f in game.foundations)
    assert len(state.piles[game.stock]) == 56
    assert len(game.role_piles["waste"]) == 1
    assert state.piles[game.role_piles["waste"][0]] == []
    assert state.status == napoleon.Status.PLAYING


@pytest.mark.parametrize("deal", DEALS)
def test_deal_order_row_after_row_then_stock(deal):
    state = napoleon.new_game(GAME, deal)
    game = state.game
    order = deal_order(GAME, deal)
    tableau = game.role_piles["tableau"]
    for i, t in enumerate(tableau):
        # Card j of pile i (from the bottom) is the j-th row's i-th card.
        assert state.piles[t] == [order[12 * row + i] for row in range(4)]
    # The first 12 cards dealt are the bottom row, left to right.
    assert [state.piles[t][0] for t in tableau] == order[:12]
    # The stock holds the other 56, and turns them in deal order.
    assert turn_all(state) == order[48:]


def test_all_cards_face_up_in_json():
    obj = napoleon.new_game(GAME, 5).to_json()
    for n in range(1, 13):
        shown = obj["piles"][f"tableau-{n}"]
        assert len(shown) == 4 and all(len(c) == 2 for c in shown)


# ------------------------------------------------------------- foundations


def foundation_position():
    return position(
        GAME,
        {
            "foundation-1": "",
            "tableau-1": "KD AC",
            "tableau-2": "KD 2C",
            "tableau-3": "KH 2D",
            "tableau-4": "KH 3C",
            "tableau-5": "KS AC",
            "tableau-6": "KS 2C",
        },
        rest="stock",
    )


def test_only_an_ace_starts_a_foundation():
    state = foundation_position()
    for src in ("T2", "T3", "T4"):
        assert_illegal(state, mv(state, src, "F1"), "does not go on")
    play_legal(state, mv(state, "T1", "F1"))
    assert pile(state, "foundation-1") == ["AC"]


def test_foundation_builds_up_in_suit():
    state = foundation_position()
    state.play(mv(state, "T1", "F1"))
    assert_illegal(state, mv(state, "T3", "F1"))  # 2D on AC: wrong suit
    assert_illegal(state, mv(state, "T4", "F1"))  # 3C on AC: skips a rank
    play_legal(state, mv(state, "T2", "F1"))
    play_legal(state, mv(state, "T4", "F1"))
    assert pile(state, "foundation-1") == ["AC", "2C", "3C"]
    # The other 2C cannot go on 3C: foundations build up only.
    assert_illegal(state, mv(state, "T6", "F1"))


def test_second_copy_of_an_ace_starts_another_foundation():
    state = foundation_position()
    state.play(mv(state, "T1", "F1"))
    assert_illegal(state, mv(state, "T5", "F1"))
    # Listed once, to the first empty foundation; any empty one is legal.
    to_found = [m for m in state.legal_moves() if m.src == state.game.pile_index["tableau-5"]
                and m.dst in state.game.foundations]
    assert to_found == [mv(state, "T5", "F2")]
    for f in range(2, 9):
        assert state.is_legal(mv(state, "T5", f"F{f}"))
    play_legal(state, mv(state, "T5", "F5"))


def test_foundation_is_complete_at_the_king():
    spades = " ".join(f"{r}S" for r in "A23456789TJQK")
    state = position(GAME, {"foundation-1": spades, "tableau-1": "AS", "tableau-2": "KS"}, rest="stock")
    # Nothing goes on a finished foundation, not even a new Ace.
    assert_illegal(state, mv(state, "T1", "F1"))
    assert_illegal(state, mv(state, "T2", "F1"))
    play_legal(state, mv(state, "T1", "F2"))


# ----------------------------------------------------------- building down


def build_position():
    return position(
        GAME,
        {
            "tableau-1": "KH 8C",
            "tableau-2": "KH 7C",
            "tableau-3": "QH 7D",
            "tableau-4": "QH 6C",
            "tableau-5": "QD 9C",
            "tableau-6": "QD 8C",
            "tableau-7": "JD 9S",
        },
        rest="stock",
    )


def test_down_in_suit_positive_and_negative():
    state = build_position()
    assert_illegal(state, mv(state, "T3", "T1"), "does not go on")  # 7D on 8C: wrong suit
    assert_illegal(state, mv(state, "T4", "T1"))  # 6C on 8C: skips a rank
    assert_illegal(state, mv(state, "T5", "T1"))  # 9C on 8C: builds down only
    assert_illegal(state, mv(state, "T6", "T1"))  # 8C on 8C: same rank
    assert_illegal(state, mv(state, "T7", "T1"))  # 9S on 8C
    play_legal(state, mv(state, "T6", "T5"))  # 8C on 9C
    play_legal(state, mv(state, "T2", "T5"))  # 7C on 8C
    assert pile(state, "tableau-5") == ["QD", "9C", "8C", "7C"]


def test_a_moved_card_lands_on_top():
    state = build_position()
    play_legal(state, mv(state, "T2", "T1"))
    assert pile(state, "tableau-1") == ["KH", "8C", "7C"]
    assert pile(state, "tableau-2") == ["KH"]


# ------------------------------------------------------------------- runs


def run_position(options=None):
    """T1 ends in the run 9C 8C 7C; T2 (TC) takes all of it, T3 (9C) its top two;
    T4 is a space; T5 ends in 7C 6D, which is not a run, and T6's 8C would take
    its 7C; T7 (QS KS) is not a run; T8-T12 hold single cards; F1 holds AC-6C."""
    return position(
        GAME,
        {
            "foundation-1": "AC 2C 3C 4C 5C 6C",
            "tableau-1": "KD 9C 8C 7C",
            "tableau-2": "QH TC",
            "tableau-3": "5H 9C",
            "tableau-4": "",
            "tableau-5": "4S 7C 6D",
            "tableau-6": "3S 8C",
            "tableau-7": "QS KS",
            "tableau-8": "2D",
            "tableau-9": "3D",
            "tableau-10": "4D",
            "tableau-11": "5D",
            "tableau-12": "8D",
            "waste": "JD TD",
        },
        rest="stock",
        options=options,
    )


def test_a_run_moves_as_one_unit_onto_a_pile_it_fits():
    state = run_position()
    play_legal(state, mv(state, "T1", "T2", 3))
    assert pile(state, "tableau-2") == ["QH", "TC", "9C", "8C", "7C"]
    assert pile(state, "tableau-1") == ["KD"]


def test_the_top_part_of_a_run_is_a_run_too():
    state = run_position()
    play_legal(state, mv(state, "T1", "T3", 2))
    assert pile(state, "tableau-3") == ["5H", "9C", "8C", "7C"]
    assert pile(state, "tableau-1") == ["KD", "9C"]


def test_a_run_must_fit_the_pile_it_goes_to():
    state = run_position()
    assert_illegal(state, mv(state, "T1", "T2", 2))  # 8C on TC
    assert_illegal(state, mv(state, "T1", "T3", 3))  # 9C on 9C
    assert_illegal(state, mv(state, "T1", "T7", 3))  # 9C on KS
    assert_illegal(state, mv(state, "T1", "T6", 2))  # 8C on 8C


def test_a_run_moves_into_a_space():
    for k in (1, 2, 3):
        state = run_position()
        play_legal(state, mv(state, "T1", "T4", k))
        assert pile(state, "tableau-4") == ["9C", "8C", "7C"][3 - k:]


def test_a_non_run_cannot_move_as_a_unit():
    state = run_position()
    # KD 9C 8C 7C: KD does not take 9C, so four cards are not a run.
    assert_illegal(state, mv(state, "T1", "T4", 4), "run")
    # 7C 6D is not built down in suit, even though 7C would fit on 8C.
    assert_illegal(state, mv(state, "T5", "T6", 2), "run")
    assert_illegal(state, mv(state, "T5", "T4", 2), "run")
    # More cards than the pile holds.
    assert_illegal(state, mv(state, "T2", "T4", 3))


def test_single_cards_still_move_off_a_run():
    state = run_position()
    play_legal(state, mv(state, "T1", "T6"))  # 7C alone onto 8C
    assert pile(state, "tableau-1") == ["KD", "9C", "8C"]
    play_legal(state, mv(state, "T1", "T4"))  # 8C alone into the space


def test_runs_do_not_go_to_a_foundation():
    state = run_position()
    assert_illegal(state, mv(state, "T1", "F1", 2))
    play_legal(state, mv(state, "T1", "F1"))


def test_the_waste_gives_only_its_top_card():
    state = run_position()
    # JD TD on the waste is built down in suit, but only its top card is available.
    assert_illegal(state, mv(state, "W", "T4", 2))
    play_legal(state, mv(state, "W", "T4"))


def test_run_moves_are_listed():
    state = run_position()
    moves = set(state.legal_moves())
    for m in [("T1", "T2", 3), ("T1", "T3", 2), ("T1", "T4", 1), ("T1", "T4", 2), ("T1", "T4", 3), ("T1", "T6", 1)]:
        assert mv(state, *m) in moves
    multi = {m for m in moves if m.count > 1}
    assert multi == {mv(state, "T1", "T2", 3), mv(state, "T1", "T3", 2), mv(state, "T1", "T4", 2),
                     mv(state, "T1", "T4", 3)}


def test_a_moved_run_keeps_its_order_and_undoes():
    state = run_position()
    before = snapshot(state)
    state.play(mv(state, "T1", "T2", 3))
    state.pop()
    assert snapshot(state)[:3] == before[:3]


# ----------------------------------------------------------------- spaces


def test_a_space_takes_any_available_card():
    for src in ("T2", "T3", "T5", "T6", "T7", "T12", "W"):
        state = run_position()
        card = pile_cards(state, {"W": "waste"}.get(src, f"tableau-{src[1:]}"))[-1]
        play_legal(state, mv(state, src, "T4"))
        assert pile_cards(state, "tableau-4") == [card]


def test_a_space_takes_a_king_or_an_ace_too():
    state = position(GAME, {"tableau-1": "2H KC", "tableau-2": "3H AD", "tableau-3": ""}, rest="stock")
    play_legal(state, mv(state, "T1", "T3"))
    state.pop()
    play_legal(state, mv(state, "T2", "T3"))


# ------------------------------------------------------------------ stock


def test_stock_turns_one_card_at_a_time_onto_the_waste():
    state = napoleon.new_game(GAME, 11)
    order = deal_order(GAME, 11)
    assert_illegal(state, mv(state, "S", "W", 2), "one card")
    play_legal(state, mv(state, "S", "W"))
    assert pile(state, "waste") == names([order[48]])
    assert len(pile_cards(state, "stock")) == 55
    play_legal(state, mv(state, "S", "W"))
    assert pile_cards(state, "waste") == order[48:50]


def test_stock_cards_go_only_to_the_waste():
    state = napoleon.new_game(GAME, 11)
    for dst in ("T1", "T12", "F1"):
        assert_illegal(state, mv(state, "S", dst), "waste")


def test_nothing_is_put_on_the_waste_or_the_stock_by_the_player():
    state = run_position()
    assert_illegal(state, mv(state, "T2", "W"))
    assert_illegal(state, mv(state, "T2", "S"))
    assert_illegal(state, mv(state, "W", "S"))


def test_the_waste_top_card_goes_to_a_foundation_or_a_pile():
    state = position(
        GAME,
        {"foundation-1": "AH 2H", "tableau-1": "KS 4H", "waste": "9C 3H"},
        rest="stock",
    )
    play_legal(state, mv(state, "W", "T1"))  # 3H onto 4H
    state.pop()
    play_legal(state, mv(state, "W", "F1"))  # 3H onto 2H
    assert pile(state, "waste") == ["9C"]
    assert_illegal(state, mv(state, "W", "T1"))  # 9C does not go on 4H


def test_empty_stock_cannot_be_turned():
    state = napoleon.new_game(GAME, 4)
    turn_all(state)
    assert_illegal(state, mv(state, "S", "W"), "empty")


@pytest.mark.parametrize("deal", (1, 2, 3))
def test_no_redeal(deal):
    state = napoleon.new_game(GAME, deal)
    assert state.game.max_redeals == 0
    assert_illegal(state, napoleon.REDEAL, "no redeal")
    turn_all(state)
    assert state.piles[state.game.stock] == []
    assert_illegal(state, napoleon.REDEAL, "no redeal")
    assert "redeals_left" not in state.to_json()


def test_empty_stock_and_no_move_is_lost_not_redealt():
    # Stock empty, waste full, nothing can move: lost, because there is no redeal.
    state = position(
        GAME,
        {f"tableau-{n}": top for n, top in zip(range(1, 13), ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9D", "9H", "9S"])}
        | {"waste": "KC"},
        rest="tableau-1",
    )
    # tableau-1 holds every other card below its 5C, in ascending order (no run).
    assert state.legal_moves() == []
    assert state.status == napoleon.Status.LOST


# ---------------------------------------------------------- option single


def test_single_option_parses():
    for value in (True, "true", "yes", "on", "1", ""):
        assert napoleon.get_game(GAME, {"single": value}).options["single"] is True
    for value in (False, "false", "no", "off", "0"):
        assert napoleon.get_game(GAME, {"single": value}).options["single"] is False
    assert napoleon.get_game(GAME).options["single"] is False


@pytest.mark.parametrize("bad", [{"single": "maybe"}, {"single": 2}, {"singel": True}, {"redeals": 1}])
def test_bad_options(bad):
    with pytest.raises(napoleon.OptionError):
        napoleon.get_game(GAME, bad)
    with pytest.raises(napoleon.OptionError):
        napoleon.new_game(GAME, 1, bad)


def test_single_option_keeps_the_layout():
    for deal in (1, 2, 1000):
        assert napoleon.new_game(GAME, deal, {"single": True}).piles == napoleon.new_game(GAME, deal).piles


def test_single_option_no_run_moves():
    state = run_position({"single": True})
    for m in [("T1", "T2", 3), ("T1", "T3", 2), ("T1", "T4", 2), ("T1", "T4", 3)]:
        assert_illegal(state, mv(state, *m), "one card")
    assert all(m.count == 1 for m in state.legal_moves())


def test_single_option_single_cards_still_move():
    state = run_position({"single": True})
    play_legal(state, mv(state, "T1", "T6"))  # 7C onto 8C
    play_legal(state, mv(state, "T1", "T4"))  # 8C into the space
    play_legal(state, mv(state, "T1", "T2"))  # 9C onto TC
    assert pile(state, "tableau-2") == ["QH", "TC", "9C"]
    # One at a time, the run can be rebuilt.
    play_legal(state, mv(state, "T4", "T2"))
    play_legal(state, mv(state, "T6", "T2"))
    assert pile(state, "tableau-2") == ["QH", "TC", "9C", "8C", "7C"]


def test_single_option_still_builds_down_in_suit():
    state = position(GAME, {"tableau-1": "KH 8C", "tableau-2": "KH 7D", "tableau-3": "KS 7C"},
                      rest="stock", options={"single": True})
    assert_illegal(state, mv(state, "T2", "T1"))
    play_legal(state, mv(state, "T3", "T1"))


def test_single_option_no_redeal():
    state = napoleon.new_game(GAME, 2, {"single": True})
    turn_all(state)
    assert_illegal(state, napoleon.REDEAL)



def test_the_engine_says_how_long_a_run_may_move():
    state = run_position()
    g = state.game
    assert state.most_movable(g.pile_index["tableau-1"]) == 3  # 9C 8C 7C
    assert state.most_movable(g.pile_index["tableau-5"]) == 1  # 7C 6D is no run
    single = run_position({"single": True})
    assert single.most_movable(g.pile_index["tableau-1"]) == 1
