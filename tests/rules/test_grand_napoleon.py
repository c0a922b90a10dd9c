"""Rule tests for Grand Napoleon: RULES.md section 3 and the common ground.

The layout with its automatic play-ups is checked against a small reference
written here from the rule text (not from the engine), over many deals, and
against hand-worked deals built through the redeal (whose stock order is fixed
by the rules, so a chosen column 1 is a chosen deal order).
"""

from __future__ import annotations

from collections import Counter

import pytest

import napoleon
from napoleon import REDEAL
from napoleon.cards import card_str, parse_card, rank, suit
from napoleon.shuffle import shuffled

from .helpers import assert_every_card, assert_illegal, assert_legal, mv, pile, position, suit_run, texts

GAME = "grand-napoleon"
COLS = [f"tableau-{i}" for i in range(1, 12)]
ACE_F = [f"foundation-{i}" for i in range(1, 5)]
KING_F = [f"foundation-{i}" for i in range(5, 9)]
UP = "A23456789TJQK"
DOWN = UP[::-1]


def grand(piles, rest="tableau-1", **kw):
    return position(GAME, piles, rest, **kw)


# ------------------------------------------------------------------ reference


class Reference:
    """Grand Napoleon's layout, written from RULES.md section 3.

    ``ace[s]``: top rank of the Ace foundation of suit s (0: none yet);
    ``king[s]``: top rank of the King foundation of suit s (14: none yet).
    """

    def __init__(self, ace=None, king=None):
        self.ace = dict(ace or dict.fromkeys(range(4), 0))
        self.king = dict(king or dict.fromkeys(range(4), 14))
        self.events = Counter()

    def goes_up(self, card):
        """Play ``card`` to a foundation if one takes it; the Ace foundation first."""
        r, s = rank(card), suit(card)
        if r == self.ace[s] + 1:
            self.ace[s] = r
            return True
        if r == self.king[s] - 1:
            self.king[s] = r
            return True
        return False

    def fits_both(self, card):
        r, s = rank(card), suit(card)
        return r == self.ace[s] + 1 and r == self.king[s] - 1

    def play_up_top(self, column):
        """Play the top card of ``column`` up if it fits; say whether it did."""
        if not column:
            return False
        both = self.fits_both(column[-1])
        if not self.goes_up(column[-1]):
            return False
        self.events["both"] += both
        column.pop()
        return True

    def lay_out(self, stock):
        """Deal ``stock`` (first card first) across 11 columns with the play-ups."""
        columns = [[] for _ in range(11)]
        first_row = min(11, len(stock))
        for i, card in enumerate(stock):
            col = i % 11
            if i >= first_row and col not in (0, 10) and self.fits_now(card):
                self.events["middle-fits-stays"] += 1
            columns[col].append(card)
            if i == first_row - 1:
                # the whole first row is down: play up what fits, again and again
                while True:
                    played = [k for k in range(first_row) if self.play_up_top(columns[k])]
                    if not played:
                        break
                    self.events["first-row"] += len(played)
            elif i >= first_row and col in (0, 10):
                n = 0
                while self.play_up_top(columns[col]):
                    n += 1
                if n > 1:
                    self.events["uncovered"] += 1
        return columns

    def fits_now(self, card):
        r, s = rank(card), suit(card)
        return r in (self.ace[s] + 1, self.king[s] - 1)


def foundation_levels(state):
    """(ace, king) dicts of top ranks per suit, read from the engine's foundations."""
    g = state.game
    ace = dict.fromkeys(range(4), 0)
    king = dict.fromkeys(range(4), 14)
    for f in g.foundations:
        p = state.piles[f]
        if not p:
            continue
        name = g.pile_names[f]
        if name in ACE_F:
            ace[suit(p[0])] = rank(p[-1])
        else:
            king[suit(p[0])] = rank(p[-1])
    return ace, king


def check_foundations_well_formed(state):
    g = state.game
    for names, start, step in ((ACE_F, 1, 1), (KING_F, 13, -1)):
        suits = []
        for name in names:
            p = state.piles[g.pile_index[name]]
            if p:
                suits.append(suit(p[0]))
                assert [rank(c) for c in p] == [start + step * i for i in range(len(p))]
                assert len({suit(c) for c in p}) == 1
        assert len(suits) == len(set(suits)), "one foundation per suit per kind"


# ------------------------------------------------------------------- layout


def test_eleven_columns_and_eight_foundations():
    state = napoleon.new_game(GAME, 1)
    g = state.game
    assert len(g.role_piles["tableau"]) == 11
    assert len(g.foundations) == 8
    assert_every_card(state, 2)


REFERENCE_DEALS = range(1, 61)


def test_layout_matches_the_rule_over_many_deals():
    """First row played up repeatedly; afterwards only columns 1 and 11, with the
    cards they uncover; the Ace foundation preferred; 104 cards = 9 rows + 5."""
    g = napoleon.get_game(GAME)
    totals = Counter()
    for deal in REFERENCE_DEALS:
        stock = shuffled(g.deal_cards(), GAME, deal)
        assert len(stock) == 104
        # 9 full rows and 5 cards of a tenth, before any play-up
        assert [len(stock[c::11]) for c in range(11)] == [10] * 5 + [9] * 6
        ref = Reference()
        columns = ref.lay_out(stock)
        totals += ref.events
        state = napoleon.new_game(GAME, deal)
        assert [state.piles[g.pile_index[c]] for c in COLS] == columns, deal
        assert foundation_levels(state) == (ref.ace, ref.king), deal
        check_foundations_well_formed(state)
    # the deals really exercise the rules being checked
    assert totals["first-row"] > 0
    assert totals["uncovered"] > 0
    assert totals["middle-fits-stays"] > 0


def test_middle_column_cards_are_never_played_up_during_the_layout():
    """After the first row, a card landing in columns 2-10 stays there even when it
    fits a foundation: such a column is its dealt cards, less at most its first-row card."""
    g = napoleon.get_game(GAME)
    fits_and_stays = 0
    for deal in REFERENCE_DEALS:
        stock = shuffled(g.deal_cards(), GAME, deal)
        ref = Reference()
        ref.lay_out(stock)
        fits_and_stays += ref.events["middle-fits-stays"]
        state = napoleon.new_game(GAME, deal)
        for col in range(1, 10):
            dealt = stock[col::11]
            assert state.piles[g.pile_index[COLS[col]]] in (dealt, dealt[1:]), (deal, col)
    assert fits_and_stays > 0


# hand-worked layout ------------------------------------------------------

OTHER_SUITS_DONE = {
    "foundation-1": suit_run("C", UP), "foundation-2": suit_run("D", UP), "foundation-3": suit_run("S", UP),
    "foundation-5": suit_run("C", DOWN), "foundation-6": suit_run("D", DOWN), "foundation-7": suit_run("S", DOWN),
}


def redeal_from(order, ace_hearts, king_hearts):
    """A position whose redeal deals exactly ``order`` (hearts only), then redeal it."""
    piles = {**OTHER_SUITS_DONE, "foundation-4": ace_hearts, "foundation-8": king_hearts, "tableau-1": order}
    state = grand(piles, rest=None)
    state.play(REDEAL)
    return state


def test_hand_worked_layout_play_ups():
    # hearts: Ace foundation AH 2H (wants 3H), King foundation KH QH (wants JH)
    row1 = texts("6H 4H KH AH 3H QH 2H 9H 8H 9H TH")
    row2 = texts("5H 7H JH 3H 4H 5H 8H TH 6H 7H JH")
    state = redeal_from(row1 + row2, texts("AH 2H"), texts("KH QH"))
    # first row: 3H (col 5) goes up, and then 4H (col 2), which fitted only after it
    # second row: 5H lands in col 1 and goes up, uncovering 6H, which goes up too;
    # 7H (col 2) fits the Ace foundation and JH (col 3) the King one, but they stay;
    # JH lands in col 11 and goes up, uncovering TH, which goes up too.
    assert pile(state, "foundation-4") == texts("AH 2H 3H 4H 5H 6H")
    assert pile(state, "foundation-8") == texts("KH QH JH TH")
    assert [pile(state, c) for c in COLS] == [
        [], ["7H"], ["KH", "JH"], ["AH", "3H"], ["4H"], ["QH", "5H"], ["2H", "8H"], ["9H", "TH"],
        ["8H", "6H"], ["9H", "7H"], [],
    ]
    ref = Reference({0: 13, 1: 13, 2: 2, 3: 13}, {0: 1, 1: 1, 2: 12, 3: 1})
    assert [[card_str(c) for c in col] for col in ref.lay_out([parse_card(c) for c in row1 + row2])] == [
        pile(state, c) for c in COLS
    ]


def test_card_fitting_both_kinds_goes_to_the_ace_foundation():
    # Ace foundation up to 6H, King foundation down to 8H: a 7H fits both.
    row1 = texts("7H 8H AH 2H 3H 4H 5H QH KH JH TH")
    row2 = texts("9H 6H 7H")
    state = redeal_from(row1 + row2, texts("AH 2H 3H 4H 5H 6H"), suit_run("H", "KQJT98"))
    # 7H (col 1, first row) goes to the Ace foundation, so 8H (col 2) follows it there;
    # 9H then lands in col 1 and goes up too. Had 7H gone to the King foundation,
    # 6H would be wanted there instead and 8H and 9H would stay.
    assert pile(state, "foundation-4") == suit_run("H", "A23456789")
    assert pile(state, "foundation-8") == suit_run("H", "KQJT98")
    assert [pile(state, c) for c in COLS] == [
        [], ["6H"], ["AH", "7H"], ["2H"], ["3H"], ["4H"], ["5H"], ["QH"], ["KH"], ["JH"], ["TH"],
    ]


# --------------------------------------------------------------- foundations


def test_one_foundation_per_suit_per_kind():
    state = grand({"foundation-1": ["AH"], "foundation-5": ["KH"], "tableau-2": ["AH"], "tableau-3": ["KH"],
                   "tableau-4": ["AS"], "tableau-5": ["KS"]})
    for f in ACE_F[1:]:
        assert_illegal(state, mv(state, "tableau-2", f), "already a foundation")
    for f in KING_F[1:]:
        assert_illegal(state, mv(state, "tableau-3", f), "already a foundation")
    assert_legal(state, mv(state, "tableau-4", "foundation-2"))
    assert_legal(state, mv(state, "tableau-5", "foundation-6"))
    # an Ace does not start a King foundation, nor a King an Ace foundation
    assert_illegal(state, mv(state, "tableau-4", "foundation-6"))
    assert_illegal(state, mv(state, "tableau-5", "foundation-2"))


def test_ace_foundation_builds_up_in_suit_to_the_king_without_wrap():
    state = grand({"foundation-1": texts("AH 2H"), "tableau-2": ["3H"], "tableau-3": ["3D"], "tableau-4": ["4H"],
                   "tableau-5": ["AH"]})
    assert_legal(state, mv(state, "tableau-2", "foundation-1"))
    assert_illegal(state, mv(state, "tableau-3", "foundation-1"))
    assert_illegal(state, mv(state, "tableau-4", "foundation-1"))
    assert_illegal(state, mv(state, "tableau-5", "foundation-1"))
    state = grand({"foundation-1": suit_run("H", UP), "tableau-2": ["AH"]})
    assert_illegal(state, mv(state, "tableau-2", "foundation-1"))


def test_king_foundation_builds_down_in_suit_to_the_ace_without_wrap():
    state = grand({"foundation-5": texts("KS QS"), "tableau-2": ["JS"], "tableau-3": ["JC"], "tableau-4": ["KS"]})
    assert_legal(state, mv(state, "tableau-2", "foundation-5"))
    assert_illegal(state, mv(state, "tableau-3", "foundation-5"))
    assert_illegal(state, mv(state, "tableau-4", "foundation-5"))
    state = grand({"foundation-5": suit_run("S", DOWN), "tableau-2": ["KS"]})
    assert_illegal(state, mv(state, "tableau-2", "foundation-5"))


def test_both_foundations_of_a_suit_may_take_cards():
    """A 7H goes on the Ace foundation at 6H and, as well, on the King foundation at 8H."""
    state = grand({"foundation-1": suit_run("H", "A23456"), "foundation-5": suit_run("H", "KQJT98"),
                   "tableau-2": ["7H"]})
    assert_legal(state, mv(state, "tableau-2", "foundation-1"))
    assert_legal(state, mv(state, "tableau-2", "foundation-5"))


# -------------------------------------------------------------------- play


def test_build_same_suit_one_rank_up_or_down():
    state = grand({"tableau-1": ["6H"], "tableau-2": ["5H"], "tableau-3": ["7H"], "tableau-4": ["5D"],
                   "tableau-5": ["8H"], "tableau-6": ["6H"], "tableau-7": ["7D"]})
    assert_legal(state, mv(state, "tableau-2", "tableau-1"))  # down
    assert_legal(state, mv(state, "tableau-3", "tableau-1"))  # up
    assert_illegal(state, mv(state, "tableau-4", "tableau-1"), "5D")  # other suit
    assert_illegal(state, mv(state, "tableau-7", "tableau-1"), "7D")  # other suit (same colour)
    assert_illegal(state, mv(state, "tableau-5", "tableau-1"), "8H")  # two ranks
    assert_illegal(state, mv(state, "tableau-6", "tableau-1"), "6H")  # same rank
    state.play(mv(state, "tableau-2", "tableau-1"))
    assert pile(state, "tableau-1")[-2:] == ["6H", "5H"]


def test_no_wrap_between_king_and_ace():
    state = grand({"tableau-1": ["KC"], "tableau-2": ["AC"], "tableau-3": ["QC"]})
    assert_illegal(state, mv(state, "tableau-2", "tableau-1"))
    assert_illegal(state, mv(state, "tableau-1", "tableau-2"))
    assert_legal(state, mv(state, "tableau-3", "tableau-1"))


@pytest.mark.parametrize("card", ["KD", "AD", "7S"])
def test_an_empty_column_takes_any_card(card):
    state = grand({"tableau-4": ["2C", card], "tableau-9": []})
    assert_legal(state, mv(state, "tableau-4", "tableau-9"))
    state.play(mv(state, "tableau-4", "tableau-9"))
    assert pile(state, "tableau-9") == [card]


def test_only_the_top_card_of_a_column_is_available():
    state = grand({"tableau-2": ["AS", "9D"], "foundation-1": []})
    assert_illegal(state, mv(state, "tableau-2", "foundation-1"))
    assert all(m.count == 1 for m in state.legal_moves() if m != REDEAL)


# ------------------------------------------------------------------ redeal


def test_redeal_whenever_the_player_chooses():
    state = napoleon.new_game(GAME, 8)
    assert state.legal_moves()  # other moves exist too
    assert_legal(state, REDEAL)


def test_at_most_two_redeals():
    state = napoleon.new_game(GAME, 8)
    state.play(REDEAL)
    state.play(REDEAL)
    assert state.redeals == 2
    assert_illegal(state, REDEAL, "no redeal left")
    state = grand({"tableau-3": ["5C"]}, redeals=2)
    assert_illegal(state, REDEAL, "no redeal left")


def reference_redeal(state):
    g = state.game
    stock = [c for name in COLS for c in state.piles[g.pile_index[name]]]  # column 1 bottom first ...
    ace, king = foundation_levels(state)
    ref = Reference(ace, king)
    return ref.lay_out(stock), (ref.ace, ref.king)


@pytest.mark.parametrize("deal", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_redeal_stock_order_and_play_ups_match_the_rule(deal):
    """Column 1's cards first (bottom card first), then column 2's ... column 11's;
    foundations stay; the same layout procedure and play-ups."""
    state = napoleon.new_game(GAME, deal)
    g = state.game
    # play some moves first so the columns are uneven
    for _ in range(6):
        moves = [m for m in state.legal_moves() if m != REDEAL]
        if not moves:
            break
        state.play(moves[len(moves) // 2])
    for n in (1, 2):
        founds = {f: state.piles[f][:] for f in g.foundations}
        expected_cols, expected_levels = reference_redeal(state)
        state.play(REDEAL)
        assert state.redeals == n
        assert [state.piles[g.pile_index[c]] for c in COLS] == expected_cols
        assert foundation_levels(state) == expected_levels
        for f, before in founds.items():  # foundations stay (and may grow)
            assert state.piles[f][: len(before)] == before
        check_foundations_well_formed(state)
        assert_every_card(state, 2)


def test_redeal_stock_order_by_hand():
    """Column 1's cards first, bottom card first, then column 2's, ... column 11's,
    dealt left to right, row after row (here no card fits when it could go up)."""
    # hearts: the Ace foundation wants 3H, the King foundation JH; 3H and JH land
    # only in columns 2-10 of the second row, so nothing goes up.
    piles = {**OTHER_SUITS_DONE, "foundation-4": texts("AH 2H"), "foundation-8": texts("KH QH"),
             "tableau-1": texts("5H 9H AH"), "tableau-2": texts("6H 7H 8H KH"),
             "tableau-4": texts("4H QH 2H TH 9H"), "tableau-5": texts("3H"),
             "tableau-10": texts("4H JH 5H 3H 6H JH 7H"), "tableau-11": texts("8H TH")}
    state = grand(piles, rest=None)
    state.play(REDEAL)
    # stock: 5H 9H AH 6H 7H 8H KH 4H QH 2H TH | 9H 3H 4H JH 5H 3H 6H JH 7H 8H TH
    assert [pile(state, c) for c in COLS] == [
        ["5H", "9H"], ["9H", "3H"], ["AH", "4H"], ["6H", "JH"], ["7H", "5H"], ["8H", "3H"],
        ["KH", "6H"], ["4H", "JH"], ["QH", "7H"], ["2H", "8H"], ["TH", "TH"],
    ]
    assert pile(state, "foundation-4") == texts("AH 2H")
    assert pile(state, "foundation-8") == texts("KH QH")
    assert state.redeals == 1


