"""Shared helpers for the rule tests of the Tomb, Grand Napoleon and St. Helena.

(Kept out of conftest.py on purpose: other rule tests live in this folder.)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import napoleon
from napoleon import IllegalMoveError, Move
from napoleon.cards import card_str, parse_card

STH_FOUNDATIONS = {
    **{f"foundation-{i + 1}": [f"K{s}"] for i, s in enumerate("CDHS")},
    **{f"foundation-{i + 5}": [f"A{s}"] for i, s in enumerate("CDHS")},
}


def cards(text: str) -> list[str]:
    """``"AH 2H 3H"`` -> ``["AH", "2H", "3H"]``."""
    return text.split()


def suit_run(suit: str, ranks: str) -> list[str]:
    """``suit_run("H", "KQJ")`` -> ``["KH", "QH", "JH"]``."""
    return [f"{r}{suit}" for r in ranks]


def position(
    game_id: str,
    piles: Mapping[str, Sequence[str]],
    dump: str | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    redeals: int = 0,
    deal: int = 1,
) -> napoleon.State:
    """A constructed position: the named piles hold exactly the given cards.

    Every other pile is empty (St. Helena's foundations keep their King or Ace
    unless given). The cards of the game not placed anywhere go, sorted, UNDER
    the cards of ``dump`` (so its given cards stay on top). Cards are moved,
    never invented: the position holds every card of the game exactly once.
    """
    obj = napoleon.new_game(game_id, deal, options).to_json()
    pool = Counter(c for pile in obj["piles"].values() for c in pile)
    wanted = dict(piles)
    if game_id == "st-helena":
        for name, start in STH_FOUNDATIONS.items():
            wanted.setdefault(name, start)
    new = {name: [] for name in obj["piles"]}
    for name, given in wanted.items():
        assert name in new, f"no pile {name}"
        given = [card_str(parse_card(c)) for c in given]
        for c in given:
            assert pool[c] > 0, f"{c} used more than the game has"
            pool[c] -= 1
        new[name] = list(given)
    rest = sorted(pool.elements(), key=parse_card)
    if rest:
        assert dump is not None, f"cards left over and no dump pile: {rest}"
        new[dump] = rest + new[dump]
    obj["piles"] = new
    obj["redeals"] = redeals
    return napoleon.position_from_json(obj)


def pile(state: napoleon.State, name: str) -> list[str]:
    """The cards of a pile by name, bottom to top, as text."""
    return [card_str(c) for c in state.piles[state.game.pile_index[name]]]


def mv(state: napoleon.State, src: str, dst: str, count: int = 1) -> Move:
    """A move between two piles given by their full names."""
    index = state.game.pile_index
    return Move(index[src], index[dst], count)


def snapshot(state: napoleon.State) -> tuple[Any, ...]:
    return ([p[:] for p in state.piles], state.redeals, len(state.history))


def assert_legal(state: napoleon.State, move: Move, listed: bool = True) -> None:
    """``move`` is legal (and, if ``listed``, offered by legal_moves)."""
    assert state.why_illegal(move) is None, state.why_illegal(move)
    assert state.is_legal(move)
    if listed:
        assert move in state.legal_moves()


def assert_illegal(state: napoleon.State, move: Move, *fragments: str) -> str:
    """``move`` is illegal with a reason, and playing it changes nothing."""
    before = snapshot(state)
    assert not state.is_legal(move)
    assert move not in state.legal_moves()
    reason = state.why_illegal(move)
    assert isinstance(reason, str) and reason
    for fragment in fragments:
        assert fragment.lower() in reason.lower(), reason
    with pytest.raises(IllegalMoveError):
        state.play(move)
    assert snapshot(state) == before
    return reason
