"""Reading a position back from its JSON (what :meth:`State.to_json
<.state.State.to_json>` writes, or a board laid out by hand), checking that it
is one: the game's piles, exactly the game's cards, foundations built by the
rules and the game's own counters.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from ..cards import card_str, parse_card
from ..shuffle import check_deal_number
from .errors import PositionError

if TYPE_CHECKING:
    from .game import Game
    from .state import State


def state_from_json(game: Game, obj: Any) -> State:
    """Rebuild a position of ``game`` from JSON; raise PositionError if it is not one."""
    if not isinstance(obj, dict):
        raise PositionError("a position must be a JSON object")
    # A board laid out by hand (or by another program) has no deal number.
    deal = obj.get("deal")
    if deal is not None:
        try:
            deal = check_deal_number(deal)
        except ValueError as exc:
            raise PositionError(f"'deal': {exc}") from None
    piles = obj.get("piles")
    if not isinstance(piles, dict):
        raise PositionError("'piles' must be an object of pile name to a list of cards")
    missing = [n for n in game.pile_names if n not in piles]
    extra = [n for n in piles if n not in game.pile_index]
    if missing or extra:
        parts = []
        if missing:
            parts.append(f"missing piles: {', '.join(missing)}")
        if extra:
            parts.append(f"piles {game.name} does not have: {', '.join(map(str, extra))}")
        raise PositionError("; ".join(parts))
    state = game.blank_state(deal)
    for name, cards in piles.items():
        if not isinstance(cards, list):
            raise PositionError(f"pile {name!r} must be a list of cards")
        try:
            state.piles[game.pile_index[name]] = [parse_card(c) if isinstance(c, str) else _bad(c) for c in cards]
        except ValueError as exc:
            raise PositionError(f"pile {name!r}: {exc}") from None
    have, want = Counter(c for p in state.piles for c in p), Counter(game.all_cards())
    if have != want:
        lacking = sorted((want - have).elements())
        surplus = sorted((have - want).elements())
        parts = []
        if lacking:
            parts.append("missing " + " ".join(card_str(c) for c in lacking))
        if surplus:
            parts.append("too many " + " ".join(card_str(c) for c in surplus))
        raise PositionError(f"the cards are not those of {game.name}: {'; '.join(parts)}")
    redeals = obj.get("redeals", 0)
    if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0 or (
        game.max_redeals >= 0 and redeals > game.max_redeals
    ):
        raise PositionError(f"'redeals' must be an integer from 0 to the game's limit, not {redeals!r}")
    state.redeals = redeals
    for f in game.foundations:
        pile = state.piles[f]
        built: list[int] = []
        for c in pile:
            state.piles[f] = built
            if not game.foundation_accepts(state.piles, f, c):
                raise PositionError(f"{game.pile_names[f]} is not built by the rules at {card_str(c)}")
            built.append(c)
        state.piles[f] = built
    game.load_extra_json(state, obj)
    game.check_position(state)
    return state


def _bad(value: Any) -> int:
    raise ValueError(f"not a card: {value!r}")
