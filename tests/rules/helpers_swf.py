"""Shared helpers for the rule tests of Napoleon's Square, Werner's game and
Forty Thieves (and tests/test_common.py).

Positions are built the way a user would: take a dealt position's JSON,
put chosen cards on chosen piles, and load it back with
``position_from_json``, which checks that every card of the game is there
exactly once.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import napoleon
from napoleon.cards import card_str, parse_card
from napoleon.shuffle import shuffled


def cards(text: str | Iterable[str]) -> list[int]:
    """``"AC 2C 3C"`` (or a list of such strings) as card ints."""
    words = text.split() if isinstance(text, str) else list(text)
    return [parse_card(w) for w in words]


def names(pile: Iterable[int]) -> list[str]:
    return [card_str(c) for c in pile]


def deal_order(game_id: str, deal: int, options: Mapping[str, Any] | None = None) -> list[int]:
    """The shuffled deal order of a deal: its first card is dealt first."""
    game = napoleon.get_game(game_id, options)
    return shuffled(game.deal_cards(), game.id, deal)


def construct(
    game_id: str,
    piles: Mapping[str, str | list[str]],
    *,
    options: Mapping[str, Any] | None = None,
    rest: str | None = None,
    redeals: int = 0,
    extra: Mapping[str, Any] | None = None,
    deal: int = 1,
) -> napoleon.State:
    """A position of ``game_id`` whose piles hold exactly what ``piles`` says.

    Piles not named are empty. Every card of the game not named anywhere goes
    to the BOTTOM of pile ``rest`` (below the cards named for it), in the
    canonical deck order (ascending within a suit, so it never forms a run
    built down). ``rest=None`` means every card must be named.
    """
    obj = napoleon.new_game(game_id, deal, options).to_json()
    game = napoleon.get_game(game_id, options)
    new_piles: dict[str, list[str]] = {name: [] for name in game.pile_names}
    named: Counter[int] = Counter()
    for name, text in piles.items():
        assert name in new_piles, f"{game_id} has no pile {name}"
        new_piles[name] = names(cards(text))
        named.update(cards(text))
    left = Counter(game.all_cards()) - named
    assert not (named - Counter(game.all_cards())), f"too many cards named: {named - Counter(game.all_cards())}"
    leftover = []
    for c in game.all_cards():
        if left[c] > 0:
            left[c] -= 1
            leftover.append(c)
    if rest is None:
        assert not leftover, f"cards not placed: {names(leftover)}"
    else:
        new_piles[rest] = names(leftover) + new_piles[rest]
    obj["piles"] = new_piles
    obj["redeals"] = redeals
    for key in ("redeals_left", "wastes_in_play", "status"):
        obj.pop(key, None)
    if extra:
        obj.update(extra)
    return napoleon.position_from_json(obj)


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


def pile(state: napoleon.State, name: str) -> list[int]:
    return state.piles[state.game.pile_index[name]]


def mv(state: napoleon.State, src: str, dst: str, count: int = 1) -> napoleon.Move:
    """A move between piles named as in JSON (``tableau-3``) or notation (``T3``)."""
    game = state.game

    def index(name: str) -> int:
        return game.pile_index[name] if name in game.pile_index else game.abbr_index[name]

    return napoleon.Move(index(src), index(dst), count)


def assert_legal(state: napoleon.State, move: napoleon.Move) -> None:
    """The move is legal by every test the engine offers, then play it."""
    assert state.why_illegal(move) is None, state.why_illegal(move)
    assert state.is_legal(move)
    state.play(move)


def assert_illegal(state: napoleon.State, move: napoleon.Move, *words: str) -> str:
    """The move is illegal: a reason is given, ``play`` raises and changes nothing.

    ``words`` must appear in the reason (case-insensitive).
    """
    reason = state.why_illegal(move)
    assert isinstance(reason, str) and reason.strip(), f"{move} should be illegal"
    for word in words:
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
        assert_legal(state, napoleon.Move(game.stock, waste, 1))
    return turned
