"""Rule tests for Napoleon's Tomb (two decks): RULES.md section 1 and the common ground.

Each test names the rule sentence it checks. Positions are built by moving the
cards of a real deal between piles (see helpers.position).
"""

from __future__ import annotations

import random

import pytest

import napoleon
from napoleon import REDEAL, Status
from napoleon.cards import parse_card

from .helpers import assert_every_card, assert_illegal, assert_legal, mv, pile, position, snapshot, suit_run

GAME = "napoleons-tomb"
RESERVES = [f"reserve-{i}" for i in range(1, 5)]
TABLEAU = [f"tableau-{i}" for i in range(1, 5)]
WASTES = [f"waste-{i}" for i in range(1, 6)]
FOUNDATIONS = [f"foundation-{i}" for i in range(1, 5)]
KQ_DOWN = "KQJT98765432A"


def tomb(piles, rest="stock", **kw):
    return position(GAME, piles, rest, **kw)


def stock_moves(state):
    g = state.game
    return sorted(g.pile_names[m.dst] for m in state.legal_moves() if m.src == g.stock)


# --------------------------------------------------------------------- layout


@pytest.mark.parametrize("deal", [1, 2, 3, 77, 123456])
def test_layout_counts(deal):
    """4 reserves of 10, empty C, 4 tableau piles of one card, 4 empty foundations,
    5 empty wastes, 60 cards in the stock; two full decks."""
    state = napoleon.new_game(GAME, deal)
    g = state.game
    assert len(g.role_piles["reserve"]) == 4
    assert len(g.role_piles["tableau"]) == 4
    assert len(g.role_piles["waste"]) == 5
    assert len(g.foundations) == 4
    for name in RESERVES:
        assert len(pile(state, name)) == 10
    for name in TABLEAU:
        assert len(pile(state, name)) == 1
    for name in FOUNDATIONS + WASTES + ["central"]:
        assert pile(state, name) == []
    assert len(state.piles[g.stock]) == 60
    assert_every_card(state, 2)
    assert state.redeals == 0
    assert state.status is Status.PLAYING


def test_only_top_card_of_a_reserve_is_available():
    """Reserves are face up but only the top card is available: a card under it
    that would fit (a King for an empty foundation) cannot move."""
    state = tomb({"reserve-1": ["KH", "5C"], "tableau-1": ["9D"]})
    r1 = state.game.pile_index["reserve-1"]
    for m in state.legal_moves():
        if m.src == r1:
            assert m.count == 1
            assert state.piles[m.src][-1] == parse_card("5C")
    assert_illegal(state, mv(state, "reserve-1", "foundation-1", 2))
    assert_illegal(state, mv(state, "reserve-1", "foundation-1"))  # 5C does not start a foundation


# ---------------------------------------------------------------- foundations


def test_empty_foundation_takes_a_king():
    state = tomb({"tableau-1": ["KH"], "tableau-2": ["QH"]})
    assert_illegal(state, mv(state, "tableau-2", "foundation-1"), "QH")
    assert_legal(state, mv(state, "tableau-1", "foundation-1"))
    # any empty foundation will do; legal_moves names only the first one
    assert_legal(state, mv(state, "tableau-1", "foundation-3"), listed=False)
    found = [m for m in state.legal_moves() if m.dst in state.game.foundations]
    assert found == [mv(state, "tableau-1", "foundation-1")]
    state.play(mv(state, "tableau-1", "foundation-3"))
    assert pile(state, "foundation-3") == ["KH"]


def test_one_foundation_per_suit():
    """An empty foundation takes a King of a suit that has NO foundation yet."""
    state = tomb({"foundation-1": ["KH"], "tableau-1": ["KH"], "tableau-2": ["KS"]})
    for f in FOUNDATIONS[1:]:
        assert_illegal(state, mv(state, "tableau-1", f), "already a foundation")
    assert_illegal(state, mv(state, "tableau-1", "foundation-1"))  # not on its own King either
    assert_legal(state, mv(state, "tableau-2", "foundation-2"))
    # even a finished first round of hearts does not let the second KH start a new one
    state = tomb({"foundation-1": suit_run("H", KQ_DOWN), "tableau-1": ["KH"]})
    for f in FOUNDATIONS[1:]:
        assert_illegal(state, mv(state, "tableau-1", f))


def test_foundation_builds_down_in_suit():
    state = tomb({"foundation-1": ["KH"], "tableau-1": ["QH"], "tableau-2": ["QD"], "tableau-3": ["JH"],
                  "foundation-2": ["KD", "QD"], "tableau-4": ["KD"]})
    assert_legal(state, mv(state, "tableau-1", "foundation-1"))
    assert_illegal(state, mv(state, "tableau-2", "foundation-1"), "QD")  # wrong suit
    assert_illegal(state, mv(state, "tableau-3", "foundation-1"), "JH")  # skips a rank
    assert_illegal(state, mv(state, "tableau-4", "foundation-2"))  # up, not down
    state.play(mv(state, "tableau-1", "foundation-1"))
    assert pile(state, "foundation-1") == ["KH", "QH"]
    assert_legal(state, mv(state, "tableau-3", "foundation-1"))


def test_second_king_goes_on_the_ace_and_builds_down_again():
    once = suit_run("H", KQ_DOWN)
    state = tomb({"foundation-2": once, "tableau-1": ["KH"], "tableau-2": ["QH"], "tableau-3": ["KS"]})
    assert_illegal(state, mv(state, "tableau-2", "foundation-2"))  # QH does not go on the Ace
    assert_illegal(state, mv(state, "tableau-3", "foundation-2"))  # nor a King of another suit
    assert_legal(state, mv(state, "tableau-1", "foundation-2"))
    state.play(mv(state, "tableau-1", "foundation-2"))
    assert pile(state, "foundation-2") == once + ["KH"]
    state.play(mv(state, "tableau-2", "foundation-2"))
    assert pile(state, "foundation-2")[-2:] == ["KH", "QH"]


def test_king_goes_on_an_ace_only_at_the_end_of_a_round():
    # a King does not go on an Ace-less foundation top, e.g. on 2H
    state = tomb({"foundation-1": suit_run("H", KQ_DOWN[:-1]), "tableau-1": ["KH"], "tableau-2": ["AH"]})
    assert_illegal(state, mv(state, "tableau-1", "foundation-1"))
    state.play(mv(state, "tableau-2", "foundation-1"))
    assert_legal(state, mv(state, "tableau-1", "foundation-1"))


def test_complete_foundation_is_26_cards_and_the_game_is_won():
    full = {f: suit_run(s, KQ_DOWN) * 2 for f, s in zip(FOUNDATIONS, "CDHS", strict=True)}
    state = tomb(full, rest=None)
    assert all(len(pile(state, f)) == 26 for f in FOUNDATIONS)
    assert state.status is Status.WON
    assert state.legal_moves() == []
    # one card short: the last Ace goes up and wins
    full["foundation-4"] = full["foundation-4"][:-1]
    state = tomb({**full, "tableau-1": ["AS"]}, rest=None)
    assert state.status is Status.PLAYING
    state.play(mv(state, "tableau-1", "foundation-4"))
    assert len(pile(state, "foundation-4")) == 26
    assert state.status is Status.WON


# ------------------------------------------------------------ available cards


@pytest.mark.parametrize("src", ["reserve-2", "tableau-2", "waste-3"])
def test_reserve_tableau_waste_top_goes_to_foundation_tableau_and_central(src):
    """The top of every R, T and W pile may go to a foundation, to a T pile or to C."""
    base = {"foundation-1": ["KS", "QS"], "tableau-1": ["6H"], "central": ["AD", "2D"]}
    for card, dst in (("JS", "foundation-1"), ("7H", "tableau-1"), ("3D", "central"), ("9C", "tableau-4")):
        piles = dict(base)
        piles[src] = piles.get(src, []) + [card]
        if src != "tableau-4":
            piles.setdefault("tableau-4", [])
        state = tomb(piles)
        assert_legal(state, mv(state, src, dst))
        state.play(mv(state, src, dst))
        assert pile(state, dst)[-1] == card


def test_central_reserve_gives_only_to_a_foundation():
    state = tomb({"central": ["AH", "2H", "3H"], "foundation-1": ["KH"] + suit_run("H", "QJT987654"),
                  "tableau-1": ["2H"], "tableau-2": []})
    c = "central"
    assert_legal(state, mv(state, c, "foundation-1"))
    assert_illegal(state, mv(state, c, "tableau-2"))  # not to an empty T (which takes "any available card")
    assert_illegal(state, mv(state, c, "tableau-1"))  # not onto a T pile it fits (3H on 2H)
    for w in WASTES:
        assert_illegal(state, mv(state, c, w))
    for r in RESERVES:
        assert_illegal(state, mv(state, c, r))
    state.play(mv(state, c, "foundation-1"))
    assert pile(state, c) == ["AH", "2H"]


@pytest.mark.parametrize("src", ["tableau-1", "reserve-1", "waste-1", "central"])
def test_nothing_is_put_on_a_reserve_or_waste_pile(src):
    """Even a card that would 'fit' (one rank up or down, in suit) never goes on R or W."""
    piles = {src: ["AH", "2H", "3H", "4H"] if src != "reserve-1" else ["4H"],
             "reserve-2": ["5H"], "waste-2": ["5H"], "reserve-3": ["3H"], "reserve-4": []}
    if src == "central":
        piles["tableau-1"] = ["9C"]
    state = tomb(piles, rest="stock")
    for dst in RESERVES + WASTES:
        if dst != src:
            assert_illegal(state, mv(state, src, dst))


def test_emptied_reserve_stays_empty():
    state = tomb({"reserve-1": ["KH"], "reserve-2": ["AD"], "tableau-1": ["5C"], "waste-1": ["9S"],
                  "central": ["AC"]})
    state.play(mv(state, "reserve-1", "foundation-1"))
    assert pile(state, "reserve-1") == []
    for src in ("reserve-2", "tableau-1", "waste-1", "central"):
        assert_illegal(state, mv(state, src, "reserve-1"))
    assert all(m.dst != state.game.pile_index["reserve-1"] for m in state.legal_moves())


def test_stock_card_goes_only_to_a_waste_pile():
    state = napoleon.new_game(GAME, 9)
    for dst in RESERVES + TABLEAU + FOUNDATIONS + ["central"]:
        assert_illegal(state, mv(state, "stock", dst), "waste")
    assert_illegal(state, mv(state, "stock", "waste-1", 2))


def test_waste_cards_come_only_from_the_stock_and_the_top_is_available():
    state = tomb({"tableau-1": ["6H"], "stock": ["7H"]}, rest="reserve-1")
    state.play(mv(state, "stock", "waste-4"))
    assert pile(state, "waste-4") == ["7H"]
    assert_legal(state, mv(state, "waste-4", "tableau-1"))


# -------------------------------------------------------------------- tableau


def test_tableau_builds_up_in_suit():
    state = tomb({"tableau-1": ["4H"], "reserve-1": ["5H"], "reserve-2": ["3H"], "reserve-3": ["5D"],
                  "reserve-4": ["6H"]}, rest="stock")
    assert_legal(state, mv(state, "reserve-1", "tableau-1"))
    assert_illegal(state, mv(state, "reserve-2", "tableau-1"), "3H")  # down
    assert_illegal(state, mv(state, "reserve-3", "tableau-1"), "5D")  # other suit
    assert_illegal(state, mv(state, "reserve-4", "tableau-1"), "6H")  # skips a rank
    state.play(mv(state, "reserve-1", "tableau-1"))
    assert pile(state, "tableau-1") == ["4H", "5H"]


def test_tableau_wraps_ace_on_king():
    state = tomb({"tableau-1": ["QS", "KS"], "reserve-1": ["AS"], "reserve-2": ["AH"], "tableau-2": ["2S"],
                  "reserve-3": ["QS"]}, rest="stock")
    assert_legal(state, mv(state, "reserve-1", "tableau-1"))
    assert_illegal(state, mv(state, "reserve-2", "tableau-1"))  # Ace of another suit
    state.play(mv(state, "reserve-1", "tableau-1"))
    assert pile(state, "tableau-1") == ["QS", "KS", "AS"]
    assert_legal(state, mv(state, "tableau-2", "tableau-1"))
    # not the other way round: a King does not go on an Ace
    state = tomb({"tableau-1": ["AS"], "reserve-1": ["KS"]}, rest="stock")
    assert_illegal(state, mv(state, "reserve-1", "tableau-1"))
    # and a Queen does not go on a King (down)
    state = tomb({"tableau-1": ["KS"], "reserve-1": ["QS"]}, rest="stock")
    assert_illegal(state, mv(state, "reserve-1", "tableau-1"))


@pytest.mark.parametrize("src", ["reserve-1", "waste-2", "tableau-2"])
def test_empty_tableau_pile_takes_any_available_card(src):
    for card in ("7C", "KD", "AH"):
        state = tomb({src: ["9S", card] if src != "tableau-2" else [card], "tableau-1": []})
        assert_legal(state, mv(state, src, "tableau-1"))
        state.play(mv(state, src, "tableau-1"))
        assert pile(state, "tableau-1") == [card]


# ------------------------------------------------------------ central reserve


def test_empty_central_takes_only_an_ace():
    state = tomb({"reserve-1": ["AH"], "reserve-2": ["2H"], "reserve-3": ["KH"], "tableau-1": ["7C"],
                  "waste-1": ["AS"], "tableau-2": ["AD"]})
    assert_legal(state, mv(state, "reserve-1", "central"))
    assert_legal(state, mv(state, "waste-1", "central"))
    assert_legal(state, mv(state, "tableau-2", "central"))  # a one-card T pile holding an Ace: plain move
    for src in ("reserve-2", "reserve-3", "tableau-1"):
        assert_illegal(state, mv(state, src, "central"), "ace")
    state.play(mv(state, "reserve-1", "central"))
    assert pile(state, "central") == ["AH"]


def test_central_builds_up_in_suit():
    state = tomb({"central": ["AH"], "reserve-1": ["2H"], "reserve-2": ["3H"], "reserve-3": ["2D"],
                  "reserve-4": ["AH"]}, rest="stock")
    assert_legal(state, mv(state, "reserve-1", "central"))
    assert_illegal(state, mv(state, "reserve-2", "central"))  # skips a rank
    assert_illegal(state, mv(state, "reserve-3", "central"))  # other suit
    assert_illegal(state, mv(state, "reserve-4", "central"))  # same rank
    state.play(mv(state, "reserve-1", "central"))
    assert_legal(state, mv(state, "reserve-2", "central"))


def test_central_wraps_ace_on_king_and_does_not_build_down():
    """'A king may be played on an ace' is read as the wrap: an Ace on a King."""
    state = tomb({"central": suit_run("C", "A23456789TJQK"), "reserve-1": ["AC"], "reserve-2": ["QC"]},
                 rest="stock")
    assert_legal(state, mv(state, "reserve-1", "central"))
    assert_illegal(state, mv(state, "reserve-2", "central"))  # down is not allowed
    state.play(mv(state, "reserve-1", "central"))
    assert pile(state, "central")[-2:] == ["KC", "AC"]
    state = tomb({"central": ["AC"], "reserve-1": ["KC"]}, rest="stock")
    assert_illegal(state, mv(state, "reserve-1", "central"))  # a King on an Ace would build downwards


# ------------------------------------------------------------ whole-pile move


def test_whole_tableau_pile_moves_onto_central_keeping_order():
    state = tomb({"central": ["AH", "2H", "3H", "4H", "5H"], "tableau-1": ["6H", "7H", "8H"]})
    move = mv(state, "tableau-1", "central", 3)
    assert_legal(state, move)
    before = snapshot(state)
    state.play(move)
    assert pile(state, "central") == ["AH", "2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    assert pile(state, "tableau-1") == []
    state.pop()
    assert snapshot(state)[:2] == before[:2]
    assert pile(state, "tableau-1") == ["6H", "7H", "8H"]


def test_whole_pile_move_wraps_ace_above_king():
    state = tomb({"central": suit_run("D", "A23456789TJQK"), "tableau-2": ["AD", "2D", "3D"]})
    assert_legal(state, mv(state, "tableau-2", "central", 3))
    state.play(mv(state, "tableau-2", "central", 3))
    assert pile(state, "central")[-4:] == ["KD", "AD", "2D", "3D"]


def test_whole_pile_move_refused_cases():
    # only the whole pile, not part of it
    state = tomb({"central": ["AH", "2H"], "tableau-1": ["3H", "4H", "5H"]})
    assert_illegal(state, mv(state, "tableau-1", "central", 2), "whole")
    assert_illegal(state, mv(state, "tableau-1", "central", 1))
    assert_legal(state, mv(state, "tableau-1", "central", 3))
    # not when C is empty, even with an Ace at the bottom
    state = tomb({"central": [], "tableau-1": ["AH", "2H"]})
    assert_illegal(state, mv(state, "tableau-1", "central", 2), "not empty")
    # the bottom card must be one rank above C's top, same suit
    for bottom in (["4H", "5H"], ["3D", "4D"], ["2H", "3H"]):
        state = tomb({"central": ["AH", "2H"], "tableau-1": bottom})
        assert_illegal(state, mv(state, "tableau-1", "central", 2))
    # only tableau piles move whole: not a reserve or waste run
    state = tomb({"central": ["AH", "2H"], "reserve-1": ["3H", "4H"], "waste-1": ["3H", "4H"]}, rest="stock")
    assert_illegal(state, mv(state, "reserve-1", "central", 2))
    assert_illegal(state, mv(state, "waste-1", "central", 2))
    # and a tableau pile moves whole only onto C: not onto a T pile or a foundation
    state = tomb({"tableau-1": ["3H"], "tableau-2": ["4H", "5H"], "foundation-1": suit_run("S", "KQJT9876"),
                  "tableau-3": ["5S", "6S"]})
    assert_illegal(state, mv(state, "tableau-2", "tableau-1", 2))
    assert_illegal(state, mv(state, "tableau-3", "foundation-1", 2))


def test_whole_pile_move_is_offered_by_legal_moves():
    state = tomb({"central": ["AS"], "tableau-3": ["2S", "3S", "4S", "5S"]})
    assert mv(state, "tableau-3", "central", 4) in state.legal_moves()


# ---------------------------------------------------------------------- stock


def test_stock_turns_onto_any_one_active_waste_by_choice():
    state = napoleon.new_game(GAME, 4)
    assert stock_moves(state) == sorted(WASTES)
    for w in WASTES:
        top = state.piles[state.game.stock][-1]
        before = len(state.piles[state.game.stock])
        state.play(mv(state, "stock", w))
        assert state.piles[state.game.pile_index[w]] == [top]
        assert len(state.piles[state.game.stock]) == before - 1


@pytest.mark.parametrize("redeals", [0, 1, 2, 3, 4])
def test_waste_piles_in_play_per_pass(redeals):
    """Pass 1 has 5 waste piles, pass 2 has 4, then 3, 2 and 1."""
    state = tomb({"stock": ["5C", "6C"]}, rest="reserve-1", redeals=redeals)
    active = WASTES[: 5 - redeals]
    assert stock_moves(state) == active
    for w in WASTES[5 - redeals:]:
        assert_illegal(state, mv(state, "stock", w), "not in play")
    assert state.to_json()["wastes_in_play"] == 5 - redeals


# --------------------------------------------------------------------- redeal


def test_redeal_only_when_the_stock_is_empty():
    state = napoleon.new_game(GAME, 5)
    assert_illegal(state, REDEAL, "stock")
    state = tomb({"stock": ["9D"], "waste-1": ["5C"]}, rest="reserve-1")
    assert_illegal(state, REDEAL, "stock is empty")
    state.play(mv(state, "stock", "waste-2"))
    assert_legal(state, REDEAL)


def test_at_most_four_redeals():
    state = tomb({"waste-1": ["5C", "6D"]}, rest="reserve-1", redeals=4)
    assert_illegal(state, REDEAL, "no redeal left")
    state = tomb({"waste-1": ["5C", "6D"]}, rest="reserve-1", redeals=3)
    assert_legal(state, REDEAL)
    state.play(REDEAL)
    assert state.redeals == 4
    assert stock_moves(state) == ["waste-1"]


def test_gather_order_of_a_redeal():
    """W1's cards oldest first, then W2's oldest first, and so on: the next card
    turned is the one that went first onto W1."""
    wastes = {"waste-1": ["2C", "3D", "4H"], "waste-2": ["5S"], "waste-3": [], "waste-4": ["6C", "7D"],
              "waste-5": ["8H", "9S"]}
    state = tomb(wastes, rest="reserve-1")
    state.play(REDEAL)
    assert state.redeals == 1
    assert all(pile(state, w) == [] for w in WASTES)
    turned = []
    while state.piles[state.game.stock]:
        state.play(mv(state, "stock", "waste-4"))
        turned.append(pile(state, "waste-4")[-1])
    assert turned == ["2C", "3D", "4H", "5S", "6C", "7D", "8H", "9S"]


def test_four_passes_played_through():
    """A real deal: turn every stock card onto a chosen waste pile, redeal, and
    the next pass turns the cards in the gather order; 5, 4, 3, 2, 1 waste piles
    in play; no fifth redeal."""
    state = napoleon.new_game(GAME, 3)
    g = state.game
    rng = random.Random(2024)
    for n_active in (5, 4, 3, 2, 1):
        assert stock_moves(state) == WASTES[:n_active]
        assert state.to_json()["wastes_in_play"] == n_active
        went_on = {w: [] for w in WASTES}
        previous = None
        turned = []
        while state.piles[g.stock]:
            assert_illegal(state, REDEAL, "stock" if n_active > 1 else "no redeal left")
            top = state.piles[g.stock][-1]
            w = WASTES[rng.randrange(n_active)]
            state.play(mv(state, "stock", w))
            assert state.piles[g.pile_index[w]][-1] == top
            went_on[w].append(top)
            turned.append(top)
        if previous is not None:
            assert turned == previous
        if n_active == 1:
            assert_illegal(state, REDEAL, "no redeal left")
            break
        expected = [c for w in WASTES for c in went_on[w]]
        state.play(REDEAL)
        assert all(not state.piles[g.pile_index[w]] for w in WASTES)
        # the stock's next card (its top) is the first card that went onto W1
        stock = state.piles[g.stock]
        assert stock[-1] == went_on["waste-1"][0]
        assert stock[::-1] == expected
        previous = expected


def test_redeal_can_be_undone_and_redone():
    wastes = {"waste-1": ["2C", "3D"], "waste-3": ["4H"], "waste-5": ["8H", "9S"]}
    state = tomb(wastes, rest="reserve-1")
    before = snapshot(state)
    state.play(REDEAL)
    after = snapshot(state)
    assert state.redeals == 1 and stock_moves(state) == WASTES[:4]
    assert state.pop() == REDEAL
    assert snapshot(state) == before
    assert state.redeals == 0
    assert pile(state, "waste-5") == ["8H", "9S"]
    assert state.piles[state.game.stock] == []
    state.push(REDEAL)
    assert snapshot(state) == after


# --------------------------------------------------------------------- status


def lost_position(redeals=4, **extra):
    """Stock empty, every top blocked: F tops want Queens, T tops want 6D 6H 6S TC, C wants 2C."""
    piles = {"foundation-1": ["KC"], "foundation-2": ["KD"], "foundation-3": ["KH"], "foundation-4": ["KS"],
             "central": ["AC"], "tableau-1": ["5D"], "tableau-2": ["5H"], "tableau-3": ["5S"],
             "tableau-4": ["9C"], "reserve-1": ["3D"], "reserve-2": ["8H"], "reserve-3": ["4S"],
             "reserve-4": ["7C"], "waste-1": ["JC"], **extra}
    return tomb(piles, rest="reserve-4", redeals=redeals)


def test_not_lost_while_a_redeal_or_a_stock_card_is_left():
    assert lost_position(redeals=3).status is Status.PLAYING
    assert lost_position(redeals=3).legal_moves() == [REDEAL]
    state = lost_position(stock=["QS"])
    assert state.status is Status.PLAYING


def test_move_notation_round_trip():
    """The whole-pile move onto C is written T1-Cx2 and reads back (it once parsed as a pile "CX2")."""
    state = tomb({"central": ["AH", "2H"], "tableau-1": ["3H", "4H"]})
    move = state.parse_move("T1-Cx2")
    assert move == mv(state, "tableau-1", "central", 2)
    assert state.game.notation(move) == "T1-Cx2"
    assert state.parse_move("S-W5") == mv(state, "stock", "waste-5")


# ------------------------------------------- what the interfaces ask the engine


@pytest.mark.parametrize("redeals", [0, 2, 4])
def test_the_engine_says_which_waste_piles_are_in_play(redeals):
    state = tomb({"stock": ["5C", "6C"]}, rest="reserve-1", redeals=redeals)
    g = state.game
    assert [w for w in WASTES if state.in_play(g.pile_index[w])] == WASTES[: 5 - redeals]
    assert all(state.in_play(p) for p in range(g.npiles) if g.pile_names[p] not in WASTES)


def test_the_engine_says_how_many_cards_a_pile_gives_and_why_not():
    state = tomb({"central": ["AH", "2H", "3H", "4H", "5H"], "tableau-1": ["6H", "7H", "8H"],
                  "foundation-1": ["KS"]})
    g = state.game
    assert state.most_movable(g.pile_index["tableau-1"]) == 3  # the whole pile onto the central reserve
    assert state.most_movable(g.pile_index["central"]) == 1
    assert state.why_not_pick(g.pile_index["tableau-1"]) is None
    assert "empty" in state.why_not_pick(g.pile_index["tableau-2"])
    assert "never leave" in state.why_not_pick(g.pile_index["foundation-1"])
    assert "cannot be moved" in state.why_not_pick(g.stock)
