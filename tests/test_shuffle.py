"""The shuffle of napoleon/shuffle.py, pinned by the test vectors of docs/shuffle.md."""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from variants import VARIANTS

import napoleon
from napoleon.cards import card_str, deck, parse_card
from napoleon.shuffle import MAX_DEAL, SplitMix64, check_deal_number, seed_for, shuffled

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "shuffle.md"

# Generated once from the code, and published in docs/shuffle.md section 8.
# game -> deal -> (seed, the first 8 cards of the deal order)
VECTORS = {
    "napoleons-tomb": {
        1: (0xF0A0918D8E9BC1D5, "KC 2C 7C 9S 8D AD TH 7S"),
        2: (0x82C09340CEC1103B, "7S KC 2D QS 2S 6S AH JC"),
        1000: (0x0A5DF7ABA5ADBFE0, "5S 7D 8C 9C QH 4S 7C TC"),
    },
    "napoleons-square": {
        1: (0x659C618CC8464729, "2C JH 5H 5H 6D 4H KH TD"),
        2: (0x78F38EF564EC33D9, "6C AC 4S QD JS QC 5H 5S"),
        1000: (0x6571FCB6FB83D07E, "TS 8D 2D 5C 5H 2C 2S 3H"),
    },
    "grand-napoleon": {
        1: (0xE4879DAFB8C78664, "8S 2H KD 2S QS JH 8S 7S"),
        2: (0x97C63267B6A97246, "3H KC 8D JS KS 4D 9C 2H"),
        1000: (0x5E5DD016FCA9E316, "JD JH AC TC QC QD 6H 2H"),
    },
    "werner": {
        1: (0x7F7F1C1787087E70, "KS AD 8D AH QD JC 9S JH"),
        2: (0x8B87FDCC57E94161, "3C QC 2H 8H 6H 3H 7S KD"),
        1000: (0x7F74B4CB4934CC68, "9D KC 5H 3S 6C 2D 9S QD"),
    },
    "forty-thieves": {
        1: (0x9E4375FD421A9310, "2H 3H AH 7H KD AC JS 8S"),
        2: (0x5A798F0B9ED8E4FA, "KC KS 3S JS 8H AC 7S 7C"),
        1000: (0xEA3CE554D885F99E, "7S 3S 4S 3D 7C QC 3C 4H"),
    },
    "st-helena": {
        1: (0x7C7BE23376F4D1C1, "QC TC 5S 8D 3D 4S 5D 5S"),
        2: (0xFBE7CC2B7CB698AC, "TS 5C 4S 2D 6S 8D 3D JD"),
        1000: (0x5E07E431D10785A8, "5C 3D TH 5S 8H TC JH 7H"),
    },
}
CASES = [(g, d) for g, deals in VECTORS.items() for d in deals]


def order(game_id: str, deal: int) -> list[int]:
    game = napoleon.get_game(game_id)
    return shuffled(game.deal_cards(), game.id, deal)


# ------------------------------------------------------------ the vectors


def test_vectors_cover_every_game():
    assert set(VECTORS) == set(napoleon.GAMES)


@pytest.mark.parametrize("game_id, deal", CASES)
def test_seed_vector(game_id, deal):
    assert seed_for(game_id, deal) == VECTORS[game_id][deal][0]


@pytest.mark.parametrize("game_id, deal", CASES)
def test_deal_order_vector(game_id, deal):
    first8 = " ".join(card_str(c) for c in order(game_id, deal)[:8])
    assert first8 == VECTORS[game_id][deal][1]


def test_the_doc_publishes_the_same_vectors():
    text = DOC.read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z-]+)` \| (\d+) \| `([0-9a-f]{16})` \| `([2-9TJQKA][CDHS](?: [2-9TJQKA][CDHS]){7})` \|$",
                      text, re.MULTILINE)
    published = {(g, int(d)): (int(seed, 16), cards) for g, d, seed, cards in rows}
    assert published == {(g, d): VECTORS[g][d] for g, d in CASES}


# --------------------------------------- the algorithm, step by step


def test_seed_derivation():
    for game_id, deal in CASES + [("werner", MAX_DEAL), ("st-helena", 12345)]:
        digest = hashlib.sha256(f"napoleon:{game_id}:{deal}".encode()).digest()
        assert seed_for(game_id, deal) == int.from_bytes(digest[:8], "big")
    assert seed_for("werner", 1) == 0x7F7F1C1787087E70


def test_splitmix64_reference_outputs():
    # Published outputs of the reference SplitMix64 for seeds 0 and 1234567.
    rng = SplitMix64(0)
    assert [rng.next() for _ in range(5)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC, 0x1B39896A51A8749B,
    ]
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [
        6457827717110365317, 3203168211198807973, 9817491932198370423, 4593380528125082431, 16408922859458223821,
    ]


class Scripted(SplitMix64):
    """A generator whose raw outputs are given, to watch ``below`` at work."""

    def __init__(self, outputs):
        super().__init__(0)
        self.outputs = list(outputs)

    def next(self):
        return self.outputs.pop(0)


def test_rejection_sampling():
    # 2^64 mod 3 == 1, so the one value 2^64 - 1 is rejected for n = 3.
    rng = Scripted([2**64 - 1, 5])
    assert rng.below(3) == 2 and rng.outputs == []
    rng = Scripted([2**64 - 2, 7])
    assert rng.below(3) == (2**64 - 2) % 3 and rng.outputs == [7]
    # n = 104: 2^64 mod 104 == 16, so the top 16 values are thrown away.
    rng = Scripted([2**64 - 16, 2**64 - 1, 2**64 - 17])
    assert rng.below(104) == (2**64 - 17) % 104 and rng.outputs == []
    # A power of two never rejects.
    rng = Scripted([2**64 - 1])
    assert rng.below(64) == 63


def reference_shuffle(items, game_id, deal):
    """docs/shuffle.md written out again, independently of napoleon/shuffle.py."""
    m = (1 << 64) - 1
    state = int.from_bytes(hashlib.sha256(f"napoleon:{game_id}:{deal}".encode()).digest()[:8], "big")

    def nxt():
        nonlocal state
        state = (state + 0x9E3779B97F4A7C15) & m
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & m
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & m
        return z ^ (z >> 31)

    def below(n):
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = nxt()
            if x < limit:
                return x % n

    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = below(i + 1)
        out[i], out[j] = out[j], out[i]
    return out


@pytest.mark.parametrize("game_id", list(VECTORS))
@pytest.mark.parametrize("deal", [1, 2, 3, 1000, 99999, MAX_DEAL])
def test_code_follows_the_documented_algorithm(game_id, deal):
    game = napoleon.get_game(game_id)
    assert shuffled(game.deal_cards(), game_id, deal) == reference_shuffle(game.deal_cards(), game_id, deal)


def test_fisher_yates_draw_sequence():
    # Werner deal 1: below(52), below(51), ... as in the doc's example.
    rng = SplitMix64(seed_for("werner", 1))
    assert [rng.below(n) for n in (52, 51, 50, 49, 48)] == [48, 39, 41, 45, 11]
    # The first step swaps positions 51 and 48, and no later step touches
    # position 51: the last card of the deal order is the canonical deck's 49th.
    assert order("werner", 1)[51] == deck(1)[48]


def test_shuffle_is_a_permutation_and_does_not_touch_its_input():
    items = list(range(30))
    out = shuffled(items, "werner", 5)
    assert items == list(range(30))
    assert sorted(out) == items and out != items


# --------------------------------------------------------- deck order


def test_deal_cards_per_game():
    for game_id in ("napoleons-tomb", "napoleons-square", "grand-napoleon", "forty-thieves"):
        assert napoleon.get_game(game_id).deal_cards() == deck(2)
    assert napoleon.get_game("werner").deal_cards() == deck(1)
    st = napoleon.get_game("st-helena").deal_cards()
    first = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQ"]
    assert [card_str(c) for c in st] == first + [card_str(c) for c in deck(1)]
    assert len(st) == 96
    assert deck(1)[:3] == [parse_card("AC"), parse_card("2C"), parse_card("3C")]
    assert card_str(deck(1)[13]) == "AD" and card_str(deck(1)[51]) == "KS"


# --------------------------------------------------------- deal order


def _pile(state, name):
    return state.piles[state.game.pile_index[name]]


@pytest.mark.parametrize("deal", [1, 2, 1000])
def test_each_game_lays_out_the_deal_order(deal):
    o = order("napoleons-tomb", deal)
    s = napoleon.new_game("napoleons-tomb", deal)
    for n in range(4):
        assert _pile(s, f"reserve-{n + 1}") == o[10 * n:10 * n + 10]
        assert _pile(s, f"tableau-{n + 1}") == [o[40 + n]]
    assert _pile(s, "stock") == o[44:][::-1]

    for game_id, piles, rows in (("napoleons-square", 12, 4), ("forty-thieves", 10, 4), ("werner", 8, 6)):
        o = order(game_id, deal)
        s = napoleon.new_game(game_id, deal)
        for i in range(piles):
            assert _pile(s, f"tableau-{i + 1}") == o[i:piles * rows:piles]
        if game_id == "werner":
            assert [_pile(s, f"cell-{i + 1}") for i in range(4)] == [[c] for c in o[48:]]
        else:
            assert _pile(s, "stock") == o[piles * rows:][::-1]

    o = order("st-helena", deal)
    s = napoleon.new_game("st-helena", deal)
    for i in range(12):
        assert _pile(s, f"tableau-{i + 1}") == o[i::12]

    # Grand Napoleon plays cards up as they land; what stays is still in deal order.
    o = order("grand-napoleon", deal)
    s = napoleon.new_game("grand-napoleon", deal)
    for i in range(11):
        column = _pile(s, f"tableau-{i + 1}")
        dealt = o[i::11]
        it = iter(dealt)
        assert all(c in it for c in column)  # a subsequence of what was dealt there


@pytest.mark.parametrize("game_id, deal", CASES)
def test_the_vector_is_what_the_layout_shows(game_id, deal):
    """The first cards dealt are where section 7 of the doc says."""
    s = napoleon.new_game(game_id, deal)
    first = [parse_card(c) for c in VECTORS[game_id][deal][1].split()]
    if game_id == "napoleons-tomb":
        assert _pile(s, "reserve-1")[:8] == first
    elif game_id == "grand-napoleon":
        return  # the first row may be played up at once
    else:
        assert [_pile(s, f"tableau-{i + 1}")[0] for i in range(8)] == first


def test_options_and_aliases_do_not_change_the_deal():
    for deal in (1, 2, 1000):
        assert napoleon.new_game("napoleon-at-st-helena", deal).piles == napoleon.new_game("forty-thieves", deal).piles
        assert napoleon.new_game("forty-thieves", deal, {"redeals": "unlimited"}).piles == \
            napoleon.new_game("forty-thieves", deal).piles
        assert napoleon.new_game("napoleons-square", deal, {"single": True}).piles == \
            napoleon.new_game("napoleons-square", deal).piles
        assert napoleon.new_game("st-helena", deal, {"spaces": "any", "build": "any"}).piles == \
            napoleon.new_game("st-helena", deal).piles


def test_different_deals_differ():
    for game_id in VECTORS:
        layouts = {json.dumps(napoleon.new_game(game_id, d).to_json()["piles"]) for d in range(1, 21)}
        assert len(layouts) == 20


# ------------------------------------------------------ deal number bounds


def test_deal_number_bounds():
    assert MAX_DEAL == 2**63 - 1
    for good in (1, 2, 1000, 2**63 - 1):
        assert check_deal_number(good) == good
        napoleon.new_game("werner", good)
    for bad in (0, -1, 2**63, 2**64, 1.5, 1.0, True, False, "1", None):
        with pytest.raises(ValueError):
            check_deal_number(bad)
        with pytest.raises(ValueError):
            napoleon.new_game("werner", bad)
        with pytest.raises(ValueError):
            shuffled(deck(1), "werner", bad)


# ------------------------------------------------------- a fresh process


SCRIPT = """
import json, sys
import napoleon
cases = json.loads(sys.argv[1])
print(json.dumps([napoleon.new_game(g, d, o).to_json() for g, d, o in cases], sort_keys=True))
"""

FRESH_CASES = [[g, d, {}] for g in VECTORS for d in (1, 2, 1000, 2**63 - 1)] + [[g, 5, o] for g, o in VARIANTS if o]


@pytest.mark.parametrize("hashseed", ["0", "4242"])
def test_a_fresh_process_deals_the_same_layouts(hashseed):
    env = dict(os.environ, PYTHONHASHSEED=hashseed)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(FRESH_CASES)],
        capture_output=True, text=True, env=env, cwd=ROOT, check=True, timeout=120,
    )
    theirs = json.loads(done.stdout)
    ours = json.loads(json.dumps([napoleon.new_game(g, d, o).to_json() for g, d, o in FRESH_CASES], sort_keys=True))
    assert theirs == ours
