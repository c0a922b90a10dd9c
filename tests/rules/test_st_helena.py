"""Rule tests for St. Helena (Napoleon's Favourite): RULES.md section 6 and the common ground.

Pile numbers follow the rulebook: tableau-N is pile N, dealt clockwise from
pile 1. Foundations 1-4 are the upper Kings (C D H S), 5-8 the lower Aces.
"""

from __future__ import annotations

import pytest

import napoleon
from napoleon import REDEAL, OptionError, Status
from napoleon.shuffle import shuffled

from .helpers import assert_every_card, assert_illegal, assert_legal, mv, pile, position, suit_run, texts

GAME = "st-helena"
PILES = [f"tableau-{i}" for i in range(1, 13)]
UPPER = {s: f"foundation-{i + 1}" for i, s in enumerate("CDHS")}
LOWER = {s: f"foundation-{i + 5}" for i, s in enumerate("CDHS")}
UP = "A23456789TJQK"
DOWN = UP[::-1]
SPACES_ANY = {"spaces": "any"}
BUILD_ANY = {"build": "any"}


def sth(piles, rest="tableau-12", **kw):
    return position(GAME, piles, rest, **kw)


# ------------------------------------------------------------------- layout


@pytest.mark.parametrize("deal", [1, 2, 3, 500])
def test_kings_and_aces_taken_out_as_foundations(deal):
    state = napoleon.new_game(GAME, deal)
    for s in "CDHS":
        assert pile(state, UPPER[s]) == [f"K{s}"]
        assert pile(state, LOWER[s]) == [f"A{s}"]
    g = state.game
    assert len(g.foundations) == 8
    assert_every_card(state, 2)
    # the other 96: one King and one Ace of each suit are left among them
    tableau = [c for name in PILES for c in pile(state, name)]
    assert len(tableau) == 96
    assert sorted(c for c in tableau if c[0] in "KA") == sorted(f"{r}{s}" for r in "AK" for s in "CDHS")


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6, 1000, 2**40])
def test_deal_is_one_card_at_a_time_clockwise_into_12_piles_of_8(deal):
    g = napoleon.get_game(GAME)
    order = shuffled(g.deal_cards(), GAME, deal)  # first card dealt first
    assert len(order) == 96
    state = napoleon.new_game(GAME, deal)
    for n, name in enumerate(PILES):
        expected = [order[n + 12 * row] for row in range(8)]  # pile n+1 gets cards n+1, n+13, ...
        assert state.piles[g.pile_index[name]] == expected
    assert state.redeals == 0 and state.status is Status.PLAYING


def test_options_do_not_change_the_layout():
    base = napoleon.new_game(GAME, 17)
    for options in (SPACES_ANY, BUILD_ANY, {**SPACES_ANY, **BUILD_ANY}):
        assert napoleon.new_game(GAME, 17, options).piles == base.piles
    with pytest.raises(OptionError):
        napoleon.new_game(GAME, 1, {"spaces": "kings"})
    with pytest.raises(OptionError):
        napoleon.new_game(GAME, 1, {"build": "alternate"})


# --------------------------------------------------------------- foundations


def test_upper_foundation_builds_down_in_suit_to_the_ace():
    state = sth({"tableau-5": ["QH"], "tableau-6": ["JH"], "tableau-11": ["QD"], "tableau-12": ["AH"]},
                rest="tableau-1")
    assert_legal(state, mv(state, "tableau-5", UPPER["H"]))
    assert_illegal(state, mv(state, "tableau-6", UPPER["H"]))  # skips a rank
    assert_illegal(state, mv(state, "tableau-11", UPPER["H"]))  # other suit
    assert_illegal(state, mv(state, "tableau-12", UPPER["H"]))  # no wrap K-A
    state.play(mv(state, "tableau-5", UPPER["H"]))
    assert_legal(state, mv(state, "tableau-6", UPPER["H"]))
    # built down to the Ace, it takes nothing more (no King on the Ace)
    state = sth({UPPER["H"]: suit_run("H", DOWN), "tableau-5": ["KH"]}, rest="tableau-1")
    assert_illegal(state, mv(state, "tableau-5", UPPER["H"]))
    assert_illegal(state, mv(state, "tableau-5", LOWER["H"]))


def test_lower_foundation_builds_up_in_suit_to_the_king():
    state = sth({"tableau-5": ["2S"], "tableau-6": ["3S"], "tableau-11": ["2C"], "tableau-12": ["KS"]},
                rest="tableau-1")
    assert_legal(state, mv(state, "tableau-5", LOWER["S"]))
    assert_illegal(state, mv(state, "tableau-6", LOWER["S"]))
    assert_illegal(state, mv(state, "tableau-11", LOWER["S"]))
    assert_illegal(state, mv(state, "tableau-12", LOWER["S"]))  # no wrap A-K
    state = sth({LOWER["S"]: suit_run("S", UP), "tableau-5": ["AS"]}, rest="tableau-1")
    assert_illegal(state, mv(state, "tableau-5", LOWER["S"]))


# -------------------------------------------------------------------- build


@pytest.mark.parametrize("redeals", [0, 1])
def test_build_same_suit_one_rank_up_or_down(redeals):
    state = sth({"tableau-1": ["9C"], "tableau-2": ["8C"], "tableau-3": ["TC"], "tableau-4": ["8D"],
                 "tableau-5": ["JC"], "tableau-6": ["9C"], "tableau-7": ["8S"]}, rest="tableau-12",
                redeals=redeals)
    assert_legal(state, mv(state, "tableau-2", "tableau-1"))  # down
    assert_legal(state, mv(state, "tableau-3", "tableau-1"))  # up
    assert_illegal(state, mv(state, "tableau-4", "tableau-1"), "8D")  # other suit
    assert_illegal(state, mv(state, "tableau-7", "tableau-1"), "8S")  # other suit, same colour
    assert_illegal(state, mv(state, "tableau-5", "tableau-1"), "JC")  # two ranks
    assert_illegal(state, mv(state, "tableau-6", "tableau-1"), "9C")  # same rank
    state.play(mv(state, "tableau-3", "tableau-1"))
    assert pile(state, "tableau-1") == ["9C", "TC"]


@pytest.mark.parametrize("options", [None, BUILD_ANY])
def test_no_wrap_between_king_and_ace(options):
    state = sth({"tableau-1": ["KH"], "tableau-2": ["AH"], "tableau-3": ["AS"]}, options=options)
    assert_illegal(state, mv(state, "tableau-2", "tableau-1"))
    assert_illegal(state, mv(state, "tableau-1", "tableau-2"))
    assert_illegal(state, mv(state, "tableau-3", "tableau-1"))


@pytest.mark.parametrize("options", [None, BUILD_ANY])
def test_one_card_at_a_time(options):
    state = sth({"tableau-1": ["9C"], "tableau-2": ["TC", "8C"], "tableau-3": ["7C", "8C"]}, options=options)
    assert_illegal(state, mv(state, "tableau-3", "tableau-1", 2))  # 7C-8C would fit as a run
    assert_illegal(state, mv(state, "tableau-2", "tableau-1", 2))
    assert_legal(state, mv(state, "tableau-3", "tableau-1"))


def test_only_the_top_card_of_a_pile_is_available():
    state = sth({"tableau-5": ["QH", "9D"]}, rest="tableau-1")
    assert_illegal(state, mv(state, "tableau-5", UPPER["H"]))


def test_build_any_ignores_suit_but_not_rank():
    state = sth({"tableau-1": ["9C"], "tableau-2": ["8D"], "tableau-3": ["TH"], "tableau-4": ["8C"],
                 "tableau-5": ["JS"], "tableau-6": ["9S"], "tableau-7": []}, options=BUILD_ANY)
    assert_legal(state, mv(state, "tableau-2", "tableau-1"))
    assert_legal(state, mv(state, "tableau-3", "tableau-1"))
    assert_legal(state, mv(state, "tableau-4", "tableau-1"))
    assert_illegal(state, mv(state, "tableau-5", "tableau-1"))  # two ranks
    assert_illegal(state, mv(state, "tableau-6", "tableau-1"))  # same rank
    assert_illegal(state, mv(state, "tableau-2", "tableau-7"), "never filled")  # spaces still never filled
    state.play(mv(state, "tableau-2", "tableau-1"))
    assert pile(state, "tableau-1") == ["9C", "8D"]
    # foundations still build in suit
    state = sth({"tableau-5": ["QD"]}, rest="tableau-1", options=BUILD_ANY)
    assert_illegal(state, mv(state, "tableau-5", UPPER["H"]))
    assert_legal(state, mv(state, "tableau-5", UPPER["D"]))


# ------------------------------------------------------------------- spaces


@pytest.mark.parametrize("redeals", [0, 1, 2])
def test_a_space_is_never_filled(redeals):
    state = sth({"tableau-3": [], "tableau-4": ["KD"], "tableau-5": ["7C"], "tableau-6": ["AS"]},
                rest="tableau-1", redeals=redeals)
    for src in ("tableau-4", "tableau-5", "tableau-6"):
        assert_illegal(state, mv(state, src, "tableau-3"), "never filled")
    assert all(m.dst != state.game.pile_index["tableau-3"] for m in state.legal_moves())


def test_spaces_any_takes_any_available_card():
    for card in ("KD", "7C", "AS"):
        state = sth({"tableau-3": [], "tableau-4": ["5H", card]}, rest="tableau-1", options=SPACES_ANY)
        assert_legal(state, mv(state, "tableau-4", "tableau-3"))
        state.play(mv(state, "tableau-4", "tableau-3"))
        assert pile(state, "tableau-3") == [card]
    # still one card at a time into a space
    state = sth({"tableau-3": [], "tableau-4": ["7C", "8C"]}, rest="tableau-1", options=SPACES_ANY)
    assert_illegal(state, mv(state, "tableau-4", "tableau-3", 2))


# --------------------------------------------------- first-deal restrictions

# upper hearts at 8H (wants 7H), lower hearts at 5H (wants 6H)
RESTRICT = {UPPER["H"]: suit_run("H", "KQJT98"), LOWER["H"]: suit_run("H", "A2345")}


@pytest.mark.parametrize("number", range(1, 13))
def test_first_deal_foundation_restrictions(number):
    """Piles 1-4 go to an UPPER foundation only, 7-10 to a LOWER only, 5, 6, 11, 12 to either."""
    src = f"tableau-{number}"
    to_upper = sth({**RESTRICT, src: ["7H"]}, rest="tableau-12" if number != 12 else "tableau-1")
    to_lower = sth({**RESTRICT, src: ["6H"]}, rest="tableau-12" if number != 12 else "tableau-1")
    up_ok = number not in (7, 8, 9, 10)
    low_ok = number not in (1, 2, 3, 4)
    if up_ok:
        assert_legal(to_upper, mv(to_upper, src, UPPER["H"]))
    else:
        assert_illegal(to_upper, mv(to_upper, src, UPPER["H"]), "first deal")
    if low_ok:
        assert_legal(to_lower, mv(to_lower, src, LOWER["H"]))
    else:
        assert_illegal(to_lower, mv(to_lower, src, LOWER["H"]), "first deal")
    # the restriction is on foundations only: building on another pile is not restricted
    other = "tableau-6" if number != 6 else "tableau-5"
    state = sth({**RESTRICT, src: ["7H"], other: ["6H"]}, rest="tableau-12" if number != 12 else "tableau-1")
    assert_legal(state, mv(state, src, other))


@pytest.mark.parametrize("redeals", [1, 2])
@pytest.mark.parametrize("number", [1, 2, 3, 4, 7, 8, 9, 10])
def test_restrictions_lifted_after_a_redeal(number, redeals):
    src = f"tableau-{number}"
    for card, dst in (("7H", UPPER["H"]), ("6H", LOWER["H"])):
        state = sth({**RESTRICT, src: [card]}, redeals=redeals)
        assert_legal(state, mv(state, src, dst))


def test_restrictions_lifted_by_a_real_redeal():
    # other suits all on the foundations; hearts: upper at 8H (wants 7H), lower at 5H (wants 6H);
    # the 15 hearts left lie in pile 12 so that the redeal deals this packet, top first:
    packet = texts("AH 2H 3H 4H 5H 8H 9H TH 7H JH QH KH 6H 6H 7H")
    done = {**{UPPER[s]: suit_run(s, DOWN) for s in "CDS"}, **{LOWER[s]: suit_run(s, UP) for s in "CDS"}}
    state = sth({**done, **RESTRICT, "tableau-12": packet[::-1]}, rest=None)
    state.play(REDEAL)
    assert pile(state, "tableau-1") == ["AH", "6H"]
    assert pile(state, "tableau-2") == ["2H", "6H"]
    assert pile(state, "tableau-3") == ["3H", "7H"]
    assert pile(state, "tableau-9") == ["7H"]
    # piles 1 and 2 may now give to a lower foundation, pile 9 to an upper one
    assert_legal(state, mv(state, "tableau-1", LOWER["H"]))
    assert_legal(state, mv(state, "tableau-2", LOWER["H"]))
    assert_legal(state, mv(state, "tableau-9", UPPER["H"]))
    assert_legal(state, mv(state, "tableau-3", UPPER["H"]))
    # the same layout in the first deal: refused
    first = sth({**done, **RESTRICT, **{name: pile(state, name) for name in PILES}}, rest=None)
    assert_illegal(first, mv(first, "tableau-1", LOWER["H"]), "first deal")
    assert_illegal(first, mv(first, "tableau-2", LOWER["H"]), "first deal")
    assert_illegal(first, mv(first, "tableau-9", UPPER["H"]), "first deal")
    # undoing the redeal gives back the first deal's piles and counter
    state.pop()
    assert state.redeals == 0
    assert pile(state, "tableau-12") == packet[::-1]


def test_a_card_fitting_only_the_forbidden_foundation_has_no_foundation_move():
    state = sth({**RESTRICT, "tableau-1": ["6H"], "tableau-8": ["7H"]})
    g = state.game
    founds = set(g.foundations)
    for m in state.legal_moves():
        if m.dst in founds:
            assert m.src not in (g.pile_index["tableau-1"], g.pile_index["tableau-8"])


# ------------------------------------------------------------------- redeal


def reference_redeal(state):
    """Gather pile 12 on 11 ... on 1, deal from the top clockwise from pile 1."""
    g = state.game
    packet_top_first = []
    for name in reversed(PILES):  # pile 12's top card is dealt first
        packet_top_first.extend(reversed(state.piles[g.pile_index[name]]))
    dealt = [[] for _ in PILES]
    for i, card in enumerate(packet_top_first):
        dealt[i % 12].append(card)
    return packet_top_first, dealt


def test_redeal_whenever_the_player_chooses():
    state = napoleon.new_game(GAME, 3)
    assert state.legal_moves()
    assert_legal(state, REDEAL)


def test_at_most_two_redeals():
    state = napoleon.new_game(GAME, 3)
    state.play(REDEAL)
    state.play(REDEAL)
    assert state.redeals == 2
    assert_illegal(state, REDEAL, "no redeal left")


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5])
def test_redeal_order_on_real_deals(deal):
    state = napoleon.new_game(GAME, deal)
    g = state.game
    for _ in range(8):  # play a few moves so the piles are uneven
        moves = [m for m in state.legal_moves() if m != REDEAL]
        if not moves:
            break
        state.play(moves[-1])
    for n in (1, 2):
        founds = {f: state.piles[f][:] for f in g.foundations}
        packet, dealt = reference_redeal(state)
        state.play(REDEAL)
        assert state.redeals == n
        assert [state.piles[g.pile_index[name]] for name in PILES] == dealt
        assert {f: state.piles[f] for f in g.foundations} == founds  # no play-ups in a redeal
        assert_every_card(state, 2)
        # the first card dealt again is the old top of the highest-numbered pile that had cards
        assert state.piles[g.pile_index["tableau-1"]][0] == packet[0]


def test_redeal_order_by_hand():
    """Pile 12 on top of 11 ... on top of pile 1, dealt from the top clockwise from pile 1,
    as far as it goes: the first card dealt again is the top of pile 12 (the highest pile
    with cards), the last the bottom of pile 1."""
    # hearts and spades all on the foundations; clubs: upper K..A, lower A..5 (6C..KC left);
    # diamonds: upper K..A, lower A..7 (8D..KD left): 14 cards in the piles.
    founds = {UPPER["H"]: suit_run("H", DOWN), LOWER["H"]: suit_run("H", UP),
              UPPER["S"]: suit_run("S", DOWN), LOWER["S"]: suit_run("S", UP),
              UPPER["C"]: suit_run("C", DOWN), LOWER["C"]: suit_run("C", "A2345"),
              UPPER["D"]: suit_run("D", DOWN), LOWER["D"]: suit_run("D", "A234567")}
    piles = {"tableau-1": texts("6C 7C"), "tableau-3": texts("8C"), "tableau-6": texts("8D 9D TD JD QD KD"),
             "tableau-12": texts("9C TC JC QC KC")}
    state = sth({**founds, **piles}, rest=None, redeals=1)
    state.play(REDEAL)
    # packet, top first: KC QC JC TC 9C | KD QD JD TD 9D 8D | 8C | 7C 6C
    assert [pile(state, name) for name in PILES] == [
        ["KC", "7C"], ["QC", "6C"], ["JC"], ["TC"], ["9C"], ["KD"], ["QD"], ["JD"], ["TD"], ["9D"], ["8D"],
        ["8C"],
    ]
    assert state.redeals == 2
    assert {f: pile(state, f) for f in founds} == founds


# ------------------------------------------------------------------- status


def stuck(redeals, options=None):
    """All the cards in pile 1 under a 9C that fits no foundation; the other piles are spaces."""
    return sth({"tableau-1": ["9C"]}, rest="tableau-1", redeals=redeals, options=options)


def test_with_spaces_any_a_move_into_a_space_keeps_the_game_alive():
    state = stuck(2, SPACES_ANY)
    assert state.status is Status.PLAYING
    state.play(mv(state, "tableau-1", "tableau-7"))
    assert_legal(state, mv(state, "tableau-7", "tableau-8"))  # from space to space: still a legal move


