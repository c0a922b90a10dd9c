"""What every game does alike: RULES.md's "Common ground", then the conformance every game and
option set passes (a deal, its legal moves, play and undo, JSON, notation, the C core against the
engine). The files of tests/rules test only what is each game's own."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

import napoleon
from napoleon.cards import ACE, KING, card_str, deck, is_red, parse_card, rank, suit_char
from napoleon.engine.autoplay import safe_moves
from napoleon.solver import core, probes

try:
    from rules.helpers import assert_illegal, mv, play_legal, position, snapshot, turn_all
    from variants import IDS, VARIANTS
except ImportError:  # run with the repository root, not tests/, on sys.path
    from tests.rules.helpers import assert_illegal, mv, play_legal, position, snapshot, turn_all
    from tests.variants import IDS, VARIANTS

ALL = ("napoleons-tomb", "napoleons-square", "grand-napoleon", "werner", "forty-thieves", "st-helena")
TWO_DECKS = tuple(g for g in ALL if g != "werner")
SUITS = "CDHS"
UP = "A23456789TJQK"
DOWN = UP[::-1]


def run(suit: str, ranks: str) -> str:
    return " ".join(r + suit for r in ranks)


def test_the_six_games_are_there():
    assert set(napoleon.GAMES) == set(ALL)


# ------------------------------------------------------------- the cards


def test_ranks_and_suits():
    assert [rank(parse_card(r + "S")) for r in UP] == list(range(ACE, KING + 1))
    assert [suit_char(c) for c in deck(1)[::13]] == list(SUITS)
    assert {s for s in SUITS if is_red(parse_card("7" + s))} == {"D", "H"}


@pytest.mark.parametrize("game_id", TWO_DECKS)
def test_two_decks_are_104_cards_two_of_each(game_id):
    game = napoleon.get_game(game_id)
    assert game.decks == 2
    assert game.total_cards == 104
    everything = Counter(game.all_cards())
    assert len(everything) == 52 and set(everything.values()) == {2}
    for deal in (1, 2, 77):
        state = napoleon.new_game(game_id, deal)
        assert Counter(c for p in state.piles for c in p) == everything


def test_werner_is_one_deck():
    game = napoleon.get_game("werner")
    assert game.decks == 1 and game.total_cards == 52
    assert Counter(game.all_cards()) == Counter(deck(1))


def test_the_two_copies_are_the_same_card():
    # Interchangeable for every rule: the engine does not tell them apart at all.
    two = deck(2)
    assert two[:52] == two[52:]
    assert all(card_str(c) == card_str(d) for c, d in zip(two[:52], two[52:], strict=True))


# ------------------------------------------- cards on a foundation stay


FOUNDATION_POSITIONS = {
    "napoleons-tomb": ({"foundation-1": "KC QC", "tableau-1": ""}, "stock", {}),
    "napoleons-square": ({"foundation-1": "AC 2C", "tableau-1": ""}, "stock", {}),
    "grand-napoleon": ({"foundation-1": "AC 2C", "foundation-5": "KD QD", "tableau-1": ""}, "tableau-2", {}),
    "werner": ({"foundation-1": run("C", UP), "tableau-1": "", "cell-1": ""}, "tableau-2", {}),
    "forty-thieves": ({"foundation-1": "AC 2C", "tableau-1": ""}, "stock", {}),
    "st-helena": ({"foundation-1": "KC QC", "foundation-2": "KD", "foundation-3": "KH", "foundation-4": "KS",
                   "foundation-5": "AC 2C", "foundation-6": "AD", "foundation-7": "AH", "foundation-8": "AS",
                   "tableau-1": ""}, "tableau-2", {"spaces": "any"}),
}


@pytest.mark.parametrize("game_id", ALL)
def test_cards_on_a_foundation_never_leave_it(game_id):
    piles, rest, options = FOUNDATION_POSITIONS[game_id]
    state = position(game_id, piles, rest=rest, options=options)
    game = state.game
    # An empty pile that would take any card (or a King, for Werner) is there.
    t1 = game.pile_index["tableau-1"]
    assert state.piles[t1] == []
    for f in game.foundations:
        if not state.piles[f]:
            continue
        for dst in range(game.npiles):
            if dst != f:
                assert_illegal(state, napoleon.Move(f, dst, 1), "never leave")
    assert not [m for m in state.legal_moves() if m.src in game.foundations]


# ------------------------------------------- stock turns and redeals undo


@pytest.mark.parametrize("game_id", ["napoleons-tomb", "napoleons-square", "forty-thieves"])
def test_turning_a_stock_card_can_be_undone(game_id):
    state = napoleon.new_game(game_id, 31)
    game = state.game
    start = snapshot(state)
    turn = next(m for m in state.legal_moves() if m.src == game.stock)
    play_legal(state, turn)
    after = snapshot(state)
    assert after[:3] != start[:3]
    assert state.pop() == turn
    assert snapshot(state)[:3] == start[:3]
    state.push(turn)
    assert snapshot(state)[:3] == after[:3]


def _ready_to_redeal(game_id):
    options = {"redeals": 1} if game_id == "forty-thieves" else {}
    state = napoleon.new_game(game_id, 32, options)
    if state.game.stock is not None:
        turn_all(state)
    return state


@pytest.mark.parametrize("game_id", ["napoleons-tomb", "grand-napoleon", "forty-thieves", "st-helena"])
def test_a_redeal_can_be_undone(game_id):
    state = _ready_to_redeal(game_id)
    before = snapshot(state)
    play_legal(state, napoleon.REDEAL)
    after = snapshot(state)
    assert after[:3] != before[:3]
    assert state.redeals == 1
    assert state.pop() == napoleon.REDEAL
    assert snapshot(state)[:3] == before[:3]
    assert state.redeals == 0
    state.push(napoleon.REDEAL)
    assert snapshot(state)[:3] == after[:3]


# ------------------------------------------------------------------- WON


def won_piles(game_id):
    if game_id == "napoleons-tomb":
        return {f"foundation-{i + 1}": run(s, DOWN + DOWN) for i, s in enumerate(SUITS)}
    if game_id in ("napoleons-square", "forty-thieves"):
        return {f"foundation-{i + 1}": run(s, UP) for i, s in enumerate(SUITS + SUITS)}
    if game_id == "werner":
        return {f"foundation-{i + 1}": run(s, UP) for i, s in enumerate(SUITS)}
    # Grand Napoleon: Ace foundations first; St. Helena: King (upper) foundations first.
    first, second = (UP, DOWN) if game_id == "grand-napoleon" else (DOWN, UP)
    return {f"foundation-{i + 1}": run(s, first) for i, s in enumerate(SUITS)} | {
        f"foundation-{i + 5}": run(s, second) for i, s in enumerate(SUITS)
    }


@pytest.mark.parametrize("game_id", ALL)
def test_won_when_every_card_is_home(game_id):
    state = position(game_id, won_piles(game_id), rest=None)
    assert state.is_won
    assert state.status == napoleon.Status.WON
    assert state.to_json()["status"] == "won"
    assert state.legal_moves() == []


@pytest.mark.parametrize("game_id", ALL)
def test_not_won_until_the_last_card_is_home(game_id):
    piles = won_piles(game_id)
    # Take the top card of the last foundation off and leave it on a tableau pile.
    last = max(piles, key=lambda n: int(n.split("-")[1]))
    words = piles[last].split()
    piles[last] = " ".join(words[:-1])
    # (St. Helena's pile 1 may not play to a lower foundation in the first deal.)
    spare = "tableau-5" if game_id == "st-helena" else "tableau-1"
    piles[spare] = words[-1]
    state = position(game_id, piles, rest=None)
    assert not state.is_won
    assert state.status == napoleon.Status.PLAYING
    home = state.foundation_move(state.game.pile_index[spare])
    assert home is not None
    play_legal(state, home)
    assert state.status == napoleon.Status.WON


# ------------------------------------------------------------------ LOST


LOST_POSITIONS = {
    # Every top card is a 5 or a 9 (or a Queen in a cell or on the waste): nothing
    # builds on anything, no Ace or King is free, and no space is open.
    "napoleons-tomb": ({"reserve-1": "5C", "reserve-2": "5D", "reserve-3": "5H", "reserve-4": "5S",
                        "tableau-1": "9C", "tableau-2": "9D", "tableau-3": "9H", "tableau-4": "9S",
                        "waste-1": "QH"}, "waste-1", {"redeals": 4}),
    "napoleons-square": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9D", "9H", "9S"], 1)} | {"waste": "QH"}, "tableau-1", {}),
    "grand-napoleon": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9D", "9H"], 1)}, "tableau-1", {"redeals": 2}),
    "werner": ({f"tableau-{n}": t for n, t in enumerate(["5C", "5D", "5H", "5S", "9C", "9D", "9H", "9S"], 1)}
               | {"cell-1": "QC", "cell-2": "QD", "cell-3": "QH", "cell-4": "QS"}, "tableau-1", {}),
    "forty-thieves": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9D"], 1)} | {"waste": "QH"}, "tableau-1", {}),
    "st-helena": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9D", "9H", "9S"], 1)}
        | {f"foundation-{i + 1}": f"K{s}" for i, s in enumerate(SUITS)}
        | {f"foundation-{i + 5}": f"A{s}" for i, s in enumerate(SUITS)}, "tableau-1", {"redeals": 2}),
}


def lost_position(game_id, redeals=None):
    piles, rest, extra = LOST_POSITIONS[game_id]
    return position(game_id, piles, rest=rest, redeals=extra.get("redeals", 0) if redeals is None else redeals)


@pytest.mark.parametrize("game_id", ALL)
def test_lost_when_no_legal_move_is_left(game_id):
    state = lost_position(game_id)
    game = state.game
    assert game.stock is None or state.piles[game.stock] == []
    assert state.legal_moves() == []
    assert state.status == napoleon.Status.LOST
    assert state.to_json()["status"] == "lost"
    assert_illegal(state, napoleon.REDEAL)


@pytest.mark.parametrize("game_id", ["napoleons-tomb", "grand-napoleon", "st-helena"])
def test_not_lost_while_a_redeal_is_left(game_id):
    state = lost_position(game_id, redeals=LOST_POSITIONS[game_id][2]["redeals"] - 1)
    assert state.legal_moves() == [napoleon.REDEAL]
    assert state.status == napoleon.Status.PLAYING


@pytest.mark.parametrize("game_id", ["napoleons-square", "forty-thieves"])
def test_not_lost_while_the_stock_has_a_card(game_id):
    piles, rest, _ = LOST_POSITIONS[game_id]
    state = position(game_id, piles | {"stock": "KH"}, rest=rest)
    assert state.legal_moves() == [mv(state, "S", "W")]
    assert state.status == napoleon.Status.PLAYING


# -------------------------------------------------- back and forth is legal


SHUFFLE_POSITIONS = {
    # game: (piles, rest, redeals, the move there, the move back)
    "napoleons-tomb": ({"reserve-1": "5C", "reserve-2": "5D", "reserve-3": "5H", "reserve-4": "5S",
                        "tableau-1": "7C", "tableau-2": "", "tableau-3": "9H", "tableau-4": "9S",
                        "waste-1": "QH"}, "waste-1", 4, ("T1", "T2"), ("T2", "T1")),
    "napoleons-square": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9S"], 1)}
        | {"tableau-11": "8D 7D", "tableau-12": "8D", "waste": "QH"}, "tableau-1", 0,
        ("T11", "T12"), ("T12", "T11")),
    "grand-napoleon": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C"], 1)} | {"tableau-10": "8D 7D", "tableau-11": "8D"},
        "tableau-1", 2, ("T10", "T11"), ("T11", "T10")),
    "werner": ({f"tableau-{n}": t for n, t in enumerate(["5C", "5D", "5H", "5S", "9C", "9D"], 1)}
               | {"tableau-7": "", "tableau-8": "KC", "cell-1": "QC", "cell-2": "QS", "cell-3": "3C",
                  "cell-4": "3S"}, "tableau-1", 0, ("T8", "T7"), ("T7", "T8")),
    "forty-thieves": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S"], 1)}
        | {"tableau-9": "8D 7D", "tableau-10": "8D", "waste": "QH"}, "tableau-1", 0,
        ("T9", "T10"), ("T10", "T9")),
    "st-helena": ({f"tableau-{n}": t for n, t in enumerate(
        ["5C", "5D", "5H", "5S", "5C", "5D", "5H", "5S", "9C", "9S"], 1)}
        | {"tableau-11": "8D 7D", "tableau-12": "8D"}
        | {f"foundation-{i + 1}": f"K{s}" for i, s in enumerate(SUITS)}
        | {f"foundation-{i + 5}": f"A{s}" for i, s in enumerate(SUITS)}, "tableau-1", 2,
        ("T11", "T12"), ("T12", "T11")),
}


@pytest.mark.parametrize("game_id", ALL)
def test_a_move_that_only_shuffles_a_card_back_and_forth_is_legal(game_id):
    piles, rest, redeals, there, back = SHUFFLE_POSITIONS[game_id]
    state = position(game_id, piles, rest=rest, redeals=redeals)
    start = state.key()
    assert state.status == napoleon.Status.PLAYING
    play_legal(state, mv(state, *there))
    assert state.status == napoleon.Status.PLAYING
    play_legal(state, mv(state, *back))
    assert state.key() == start
    assert state.status == napoleon.Status.PLAYING


@pytest.mark.parametrize("game_id", ["napoleons-square", "werner", "forty-thieves"])
def test_only_useless_moves_left_is_still_playing(game_id):
    # Here the shuffle is the only kind of move there is: still not lost.
    piles, rest, redeals, there, _back = SHUFFLE_POSITIONS[game_id]
    state = position(game_id, piles, rest=rest, redeals=redeals)
    assert state.legal_moves() == [mv(state, *there)]
    assert state.status == napoleon.Status.PLAYING


# ---------------------------------------------------- one card at a time


MULTI = {
    # A two-card run that the game's building rule would accept as a unit if
    # runs moved; in these games they do not.
    "grand-napoleon": ({"tableau-1": "9C 8C", "tableau-2": "7C", "tableau-3": "TC"}, "tableau-4", ("T1", "T3", 2)),
    "werner": ({"tableau-1": "9D 8C", "tableau-2": "TC"}, "tableau-3", ("T1", "T2", 2)),
    "forty-thieves": ({"tableau-1": "9C 8C", "tableau-2": "TC"}, "stock", ("T1", "T2", 2)),
    "st-helena": ({"tableau-1": "9C 8C", "tableau-2": "TC"} | {f"foundation-{i + 1}": f"K{s}" for i, s in
                  enumerate(SUITS)} | {f"foundation-{i + 5}": f"A{s}" for i, s in enumerate(SUITS)},
                  "tableau-3", ("T1", "T2", 2)),
    "napoleons-tomb": ({"tableau-1": "7C 8C", "tableau-2": "6C"}, "stock", ("T1", "T2", 2)),
}


@pytest.mark.parametrize("game_id", list(MULTI))
def test_a_move_carries_one_card_unless_the_game_says_otherwise(game_id):
    piles, rest, mult = MULTI[game_id]
    state = position(game_id, piles, rest=rest)
    assert_illegal(state, mv(state, *mult))
    assert all(m.count == 1 for m in state.legal_moves() if not m.is_redeal)
    for deal in (1, 2, 3):
        assert all(m.count == 1 for m in napoleon.new_game(game_id, deal).legal_moves() if not m.is_redeal)


# ------------------------------------------- the conformance of every game
#
# Each game and option set (tests/variants.py) is walked from a few deals by
# seeded random legal moves (redeals included); every position on the way is
# held to the same checks. tests/test_properties.py and
# tests/solver/test_core_matches_engine.py draw many more walks at random.

WALK_DEALS = (1, 7, 2**40)
WALK_MOVES = 150


def walk(game_id: str, options: dict, deal: int) -> tuple[napoleon.State, list[napoleon.Move]]:
    """The deal and the moves of a seeded walk from it: turns and redeals taken
    often, so that the walk reaches the later passes of a stock."""
    state = napoleon.new_game(game_id, deal, options)
    rng = random.Random(f"{game_id} {sorted(options.items())} {deal}")
    walker, moves = state.copy(), []
    for _ in range(WALK_MOVES):
        legal = walker.legal_moves()
        if not legal:
            break
        stage = [m for m in legal if m.is_redeal or m.src == walker.game.stock]
        move = rng.choice(stage if stage and rng.random() < 0.3 else legal)
        walker.push(move)
        moves.append(move)
    return state, moves


def positions(game_id: str, options: dict):
    """Every position of the walks of a game: the state, at each step of each walk."""
    for deal in WALK_DEALS:
        state, moves = walk(game_id, options, deal)
        yield state
        for move in moves:
            state.push(move)
            yield state


def full(state: napoleon.State) -> tuple:
    return snapshot(state)[:2] + (state.redeals, state.extra())


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=IDS)
def test_a_deal_is_the_same_every_time_and_holds_every_card_once(game_id, options):
    for deal in WALK_DEALS:
        state = napoleon.new_game(game_id, deal, options)
        assert state.to_json() == napoleon.new_game(game_id, deal, options).to_json()
        assert Counter(c for p in state.piles for c in p) == Counter(state.game.all_cards())
        assert state.history == [] and state.redeals == 0
        assert state.piles != napoleon.new_game(game_id, deal + 1, options).piles


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=IDS)
def test_the_legal_moves_are_the_moves_that_may_be_played(game_id, options):
    rng = random.Random(game_id)
    for state in positions(game_id, options):
        game = state.game
        legal = state.legal_moves()
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert state.is_legal(move) and state.why_illegal(move) is None
        for _ in range(4):  # a few moves drawn from every pair of piles
            move = napoleon.Move(rng.randrange(game.npiles), rng.randrange(game.npiles), 1)
            # A move to a second empty foundation of the same kind is legal but listed once.
            if state.is_legal(move):
                continue
            before = full(state)
            with pytest.raises(napoleon.IllegalMoveError) as refused:
                state.play(move)
            assert full(state) == before and str(refused.value).split(": ", 1)[1]  # a reason is given


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=IDS)
def test_every_move_undoes_and_plays_again_exactly(game_id, options):
    for deal in WALK_DEALS:
        state, moves = walk(game_id, options, deal)
        seen = [full(state)]
        for move in moves:
            state.play(move)
            seen.append(full(state))
        seen_all = seen[:]
        for move in reversed(moves):
            assert state.pop() == move
            seen.pop()
            assert full(state) == seen[-1]
        for move, position in zip(moves, seen_all[1:], strict=True):
            state.push(move)
            assert full(state) == position
        assert state.history == moves


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=IDS)
def test_a_position_comes_back_from_json_as_it_was(game_id, options):
    for state in positions(game_id, options):
        obj = state.to_json()
        again = napoleon.position_from_json(json.loads(json.dumps(obj)))
        assert again.to_json() == obj
        assert again.key() == state.key() and again.piles == state.piles
        assert again.legal_moves() == state.legal_moves() and again.status == state.status


@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=IDS)
def test_every_legal_move_reads_back_from_its_notation_and_json(game_id, options):
    for state in positions(game_id, options):
        game = state.game
        for move in state.legal_moves():
            text = game.notation(move)
            assert state.parse_move(text) == move and game.parse_notation(text) == move
            assert game.move_from_json(json.loads(json.dumps(game.move_to_json(move)))) == move


@pytest.mark.skipif(not core.available, reason="the C core is not built")
@pytest.mark.parametrize(("game_id", "options"), VARIANTS, ids=IDS)
def test_the_core_moves_plays_home_and_redeals_as_the_engine_does(game_id, options):
    for state in positions(game_id, options):
        legal = state.legal_moves()
        assert probes.core_moves(state) == legal
        assert probes.core_autoplay(state) == safe_moves(state.copy())
        if napoleon.REDEAL in legal:
            after = state.copy()
            after.push(napoleon.REDEAL)
            assert probes.core_redeal(state) == (after.piles, after.redeals)
