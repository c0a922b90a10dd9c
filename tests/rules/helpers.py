"""Shared helpers of the rule tests (tests/rules and tests/test_common.py):
one position builder and one set of move assertions for every game.

Positions are built the way a user would: take a dealt position's JSON, put
chosen cards on chosen piles, and load it back with ``position_from_json``,
which checks that every card of the game is there exactly once.

(Kept out of conftest.py on purpose: tests/test_common.py imports it too.)
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import napoleon
from napoleon.cards import card_str, deck, parse_card
from napoleon.voice import card_name
from napoleon.shuffle import shuffled


def cards(text: str | Iterable[str]) -> list[int]:
    """``"AC 2C 3C"`` (or a list of such strings) as card ints."""
    words = text.split() if isinstance(text, str) else list(text)
    return [parse_card(w) for w in words]


def texts(text: str) -> list[str]:
    """``"AH 2H 3H"`` -> ``["AH", "2H", "3H"]``: cards as text, as :func:`pile` gives them."""
    return text.split()


def names(pile: Iterable[int]) -> list[str]:
    """Card ints as text: ``["AC", "2C"]``."""
    return [card_str(c) for c in pile]


def suit_run(suit: str, ranks: str) -> list[str]:
    """``suit_run("H", "KQJ")`` -> ``["KH", "QH", "JH"]``."""
    return [f"{r}{suit}" for r in ranks]


def deal_order(game_id: str, deal: int, options: Mapping[str, Any] | None = None) -> list[int]:
    """The shuffled deal order of a deal: its first card is dealt first."""
    game = napoleon.get_game(game_id, options)
    return shuffled(game.deal_cards(), game.id, deal)


def _as_cards(given: str | Iterable[str | int]) -> list[int]:
    if isinstance(given, str):
        return cards(given)
    return [c if isinstance(c, int) else parse_card(c) for c in given]


def position(
    game_id: str,
    piles: Mapping[str, str | Iterable[str | int]],
    rest: str | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    redeals: int = 0,
    extra: Mapping[str, Any] | None = None,
    deal: int = 1,
) -> napoleon.State:
    """A position of ``game_id`` whose named piles hold exactly what ``piles`` says.

    A pile is given as text (``"AC 2C"``) or a list of cards (text or ints),
    bottom to top. Piles not named are empty, except that the cards a game
    sets out before the deal (St. Helena's foundation Kings and Aces) stay
    where the deal puts them. Every card of the game not placed anywhere goes
    to the BOTTOM of pile ``rest`` (below the cards named for it), in the
    canonical deck order (ascending within a suit, so it never forms a run
    built down). ``rest=None`` means every card must be placed. Cards are
    moved, never invented: the position holds every card of the game once.
    """
    game = napoleon.get_game(game_id, options)
    obj = napoleon.new_game(game_id, deal, options).to_json()
    preset = Counter(game.all_cards()) - Counter(game.deal_cards())
    new_piles: dict[str, list[int]] = {name: [] for name in game.pile_names}
    for name, dealt in obj["piles"].items():
        held = Counter(cards(dealt))
        if name not in piles and dealt and not held - preset:  # a pile of preset cards only
            new_piles[name] = cards(dealt)
            preset -= held
    for name, given in piles.items():
        assert name in new_piles, f"{game_id} has no pile {name}"
        new_piles[name] = _as_cards(given)
    placed = Counter(c for p in new_piles.values() for c in p)
    too_many = placed - Counter(game.all_cards())
    assert not too_many, f"more cards placed than the game has: {names(too_many.elements())}"
    left = Counter(game.all_cards()) - placed
    leftover = []
    for c in game.all_cards():
        if left[c] > 0:
            left[c] -= 1
            leftover.append(c)
    if rest is None:
        assert not leftover, f"cards not placed and no rest pile: {names(leftover)}"
    else:
        new_piles[rest] = leftover + new_piles[rest]
    obj["piles"] = {name: names(p) for name, p in new_piles.items()}
    obj["redeals"] = redeals
    for key in ("redeals_left", "wastes_in_play", "status"):
        obj.pop(key, None)
    if extra:
        obj.update(extra)
    return napoleon.position_from_json(obj)


def assert_every_card(state: napoleon.State, decks: int) -> None:
    """The piles of ``state`` hold every card of ``decks`` decks exactly ``decks``
    times: none missing, none doubled, none invented."""
    have = Counter(c for p in state.piles for c in p)
    assert have == Counter(deck(decks))
    assert sum(have.values()) == 52 * decks and set(have.values()) == {decks}


def snapshot(state: napoleon.State) -> tuple[Any, ...]:
    """Everything a move could change, for "changes nothing" checks."""
    return (
        copy.deepcopy(state.piles),
        state.key(),
        state.to_json(),
        list(state.history),
        state.redeals,
        state.extra(),
    )


def pile(state: napoleon.State, name: str) -> list[str]:
    """The cards of a pile by name, bottom to top, as text."""
    return names(pile_cards(state, name))


def pile_cards(state: napoleon.State, name: str) -> list[int]:
    """The cards of a pile by name, bottom to top, as ints (the engine's own list)."""
    return state.piles[state.game.pile_index[name]]


def mv(state: napoleon.State, src: str, dst: str, count: int = 1) -> napoleon.Move:
    """A move between piles named as in JSON (``tableau-3``) or notation (``T3``)."""
    game = state.game

    def index(name: str) -> int:
        return game.pile_index[name] if name in game.pile_index else game.abbr_index[name]

    return napoleon.Move(index(src), index(dst), count)


def assert_legal(state: napoleon.State, move: napoleon.Move, listed: bool = True) -> None:
    """``move`` is legal by every test the engine offers (and, if ``listed``,
    offered by ``legal_moves``, which lists a move to interchangeable
    foundations once). It is not played: :func:`play_legal` plays it."""
    assert state.why_illegal(move) is None, state.why_illegal(move)
    assert state.is_legal(move)
    if listed:
        assert move in state.legal_moves()


def play_legal(state: napoleon.State, move: napoleon.Move) -> None:
    """``move`` is legal (:func:`assert_legal`, listed or not); play it."""
    assert_legal(state, move, listed=False)
    state.play(move)


def assert_illegal(state: napoleon.State, move: napoleon.Move, *words: str) -> str:
    """The move is illegal: a reason is given, ``play`` raises and changes nothing.

    ``words`` must appear in the reason (case-insensitive); a card given in
    notation (``5D``) must appear as players read it (``5♦``).
    """
    reason = state.why_illegal(move)
    assert isinstance(reason, str) and reason.strip(), f"{move} should be illegal"
    for word in words:
        if len(word) == 2 and word[0] in "A23456789TJQK" and word[1] in "CDHS":
            word = card_name(parse_card(word))
        assert word.lower() in reason.lower(), f"{word!r} not in {reason!r}"
    assert not state.is_legal(move)
    assert move not in state.legal_moves()
    before = snapshot(state)
    with pytest.raises(napoleon.IllegalMoveError):
        state.play(move)
    assert snapshot(state) == before
    return reason


def turn_all(state: napoleon.State) -> list[int]:
    """Turn every stock card onto the (first) waste; return them in the order turned."""
    game = state.game
    waste = game.active_wastes(state)[0]
    turned = []
    while state.piles[game.stock]:
        turned.append(state.piles[game.stock][-1])
        play_legal(state, napoleon.Move(game.stock, waste, 1))
    return turned
