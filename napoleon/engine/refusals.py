"""Why a move is illegal, in a sentence a player reads: the pile is empty, the
card does not go there and what the pile takes instead.

>>> from napoleon import new_game
>>> from napoleon.engine.move import Move
>>> state = new_game("werner", deal=1)
>>> why_illegal(state, Move(0, 0, 1))
'a card cannot move onto its own pile'
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from .move import Move
from .rules import ACES, ALTERNATE, ANY, ANY_SUIT, FOUNDATION, KINGS, NONE, WASTE, Build, Foundation
from .words import card_name, pile_name, the_pile

if TYPE_CHECKING:
    from .state import State


def why_illegal(state: State, move: Move) -> str | None:
    """None if ``move`` is legal, else a sentence saying why it is not."""
    if not state._in_range(move) or move.count < 0:
        return "no such pile"
    if state.is_legal(move):
        return None
    game = state.game
    if move.is_redeal:
        if game.max_redeals == 0:
            return f"{game.name} has no redeal"
        if 0 <= game.max_redeals <= state.redeals:
            return f"no redeal left (all {game.max_redeals} used)"
        return game.redeal_refusal(state)

    def label(pile: int) -> str:
        return the_pile(state, pile)

    src, dst, count = move
    p, q = state.piles[src], state.piles[dst]
    if src == dst:
        return "a card cannot move onto its own pile"
    if not p:
        return f"{label(src)} is empty"
    if src == game.stock:
        if game.pile_roles[dst] != WASTE:
            return "a stock card is turned onto a waste pile"
        if dst not in game.active_wastes(state):
            return f"{label(dst)} is not in play in this pass"
        return "one card is turned at a time"
    if game.pile_roles[src] == FOUNDATION:
        return "cards on a foundation never leave it"
    allowed = {d for _, _, dsts in game.routes(state)[src] for d in dsts}
    if dst not in allowed:
        if not game.groups[game.pile_group[src]].to:
            return f"cards of {label(src)} cannot be moved by the player"
        extra = game.restriction_note(state, src, dst)
        return extra or f"a card from {label(src)} cannot go to {label(dst)}"
    if count > len(p):
        return f"{label(src)} holds only {len(p)} card{'s' * (len(p) != 1)}"
    if count > 1:
        if not any(run for _, run, dsts in game.routes(state)[src] if dst in dsts):
            return game.multi_card_note(state, move) or "only one card moves at a time"
        cards = p[-count:]
        if not all(b in game.fit[src][a] for a, b in pairwise(cards)):
            return f"the top {count} cards of {label(src)} are not a run built by the rules"
    card = p[-count]
    rule = game.groups[game.pile_group[dst]].rule
    if isinstance(rule, Foundation):
        if q and len(q) >= game.limit[dst]:
            return f"{label(dst)} is complete"
        if not q and card in game.space[dst]:
            return f"there is already a foundation for the {card_name(card)}'s suit in this group"
        return f"the {card_name(card)} does not go on {label(dst)}: {describe_foundation(rule)}"
    if isinstance(rule, Build):
        if not q:
            return f"the {card_name(card)} cannot fill the empty {pile_name(state, dst)}: {describe_space(rule)}"
        return (f"the {card_name(card)} does not go on the {card_name(q[-1])}: "
                f"the {game.groups[game.pile_group[dst]].role} {describe_build(rule)}")
    return f"nothing may be put on {label(dst)} by the player"


def describe_build(rule: Build) -> str:
    """``builds down in suit`` and the like, for messages and rules text."""
    way = "up or down" if rule.up and rule.down else "up" if rule.up else "down" if rule.down else ""
    if not way:
        return "holds one card"
    how = {ANY_SUIT: "regardless of suit", ALTERNATE: "in alternating colours"}.get(rule.suit, "in suit")
    wrap = ", Ace on King" if rule.wrap and rule.up else ", King on Ace" if rule.wrap else ""
    return f"builds {way} {how}{wrap}"


def describe_space(rule: Build) -> str:
    """What fills an empty pile of ``rule``: ``a space takes only a King`` and the like."""
    return {
        ANY: "a space takes any card",
        KINGS: "a space takes only a King",
        ACES: "it takes only an Ace when empty",
        NONE: "a space is never filled",
    }[rule.space]


def describe_foundation(rule: Foundation) -> str:
    """How a foundation of ``rule`` starts and builds, for messages."""
    start = "Ace" if rule.start == 1 else "King"
    way = "up" if rule.up else "down"
    twice = ", twice round" if rule.length > rule.top else ""
    return f"it is started by a{'n' * (start == 'Ace')} {start} and builds {way} in suit{twice}"
