"""Why a move is refused: the engine decides (:mod:`napoleon.engine.refusals`, a game's own notes);
these are its words."""

from __future__ import annotations

from typing import Any

from ..rule_names import ACES, ALTERNATE, ANY, ANY_SUIT, KINGS, NONE
from .naming import State, card_name, pile_name, plural, the_pile


# ----------------------------------------------- why a move is illegal
# The engine decides (napoleon.engine.refusals, and a game's own notes); these are its words.

NO_SUCH_PILE = "no such pile"
OWN_PILE = "a card cannot move onto its own pile"
STOCK_TO_WASTE = "a stock card is turned onto a waste pile"
ONE_TURNED = "one card is turned at a time"
FOUNDATION_KEEPS = "cards on a foundation never leave it"
ONE_AT_A_TIME = "only one card moves at a time"
REDEAL_NEEDS_EMPTY_STOCK = "a redeal is allowed only when the stock is empty"


def no_redeal_in(game_name: str) -> str:
    return f"{game_name} has no redeal"


def redeals_used(limit: int) -> str:
    return f"no redeal left (all {limit} used)"


def nothing_to_redeal(gathered: str) -> str:
    return f"there are no cards on the {gathered} piles to redeal"


def pile_empty(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} is empty"


def not_in_this_pass(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} is not in play in this pass"


def not_the_players(state: State, pile: int) -> str:
    return f"cards of {the_pile(state, pile)} cannot be moved by the player"


def cannot_go(state: State, src: int, dst: int) -> str:
    return f"a card from {the_pile(state, src)} cannot go to {the_pile(state, dst)}"


def holds_only(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} holds only {plural(len(state.piles[pile]), 'card')}"


def not_a_run(state: State, pile: int, count: int) -> str:
    return f"the top {count} cards of {the_pile(state, pile)} are not a run built by the rules"


def foundation_complete(state: State, pile: int) -> str:
    return f"{the_pile(state, pile)} is complete"


def suit_has_foundation(card: int) -> str:
    return f"there is already a foundation for the {card_name(card)}'s suit in this group"


def not_on_foundation(state: State, card: int, pile: int, rule: Any) -> str:
    return f"the {card_name(card)} does not go on {the_pile(state, pile)}: {describe_foundation(rule)}"


def cannot_fill(state: State, card: int, pile: int, rule: Any) -> str:
    return f"the {card_name(card)} cannot fill the empty {pile_name(state, pile)}: {describe_space(rule)}"


def does_not_build(card: int, top: int, role: str, rule: Any) -> str:
    return f"the {card_name(card)} does not go on the {card_name(top)}: the {role} {describe_build(rule)}"


def nothing_put_on(state: State, pile: int) -> str:
    return f"nothing may be put on {the_pile(state, pile)} by the player"


NO_CARD_MOVED = "a move carries at least one card"


def not_a_move(text: str) -> str:
    """A typed move the notation cannot read."""
    return f"not a move: {text[:40]!r} (write e.g. T3-F1, T2-T5x3, S-W, redeal)"


def no_pile_named(game_name: str, name: str, piles: str) -> str:
    return f"{game_name} has no pile {name} (its piles: {piles})"


def goes_on_no_foundation(card: int) -> str:
    return f"the {card_name(card)} goes on no foundation now"


def describe_build(rule: Any) -> str:
    """``builds down in suit`` and the like, for messages and rules text (``rule``: a
    :class:`~napoleon.engine.rules.Build`)."""
    way = "up or down" if rule.up and rule.down else "up" if rule.up else "down" if rule.down else ""
    if not way:
        return "holds one card"
    how = {ANY_SUIT: "regardless of suit", ALTERNATE: "in alternating colours"}.get(rule.suit, "in suit")
    wrap = ", Ace on King" if rule.wrap and rule.up else ", King on Ace" if rule.wrap else ""
    return f"builds {way} {how}{wrap}"


def describe_space(rule: Any) -> str:
    """What fills an empty pile of ``rule``: ``a space takes only a King`` and the like."""
    return {
        ANY: "a space takes any card",
        KINGS: "a space takes only a King",
        ACES: "it takes only an Ace when empty",
        NONE: "a space is never filled",
    }[rule.space]


def describe_foundation(rule: Any) -> str:
    """How a foundation of ``rule`` (a :class:`~napoleon.engine.rules.Foundation`) starts and builds."""
    start = "Ace" if rule.start == 1 else "King"
    way = "up" if rule.up else "down"
    twice = ", twice round" if rule.length > rule.top else ""
    return f"it is started by a{'n' * (start == 'Ace')} {start} and builds {way} in suit{twice}"


# A game's own rules, said when they refuse a move.

SINGLE_OPTION = "with the single option runs do not move as a unit: one card at a time"
REDEAL_CHANGED_NOTHING = "the last redeal changed nothing: the game is lost"
WHOLE_PILE_ONLY = "only a whole tableau pile moves onto the central reserve"
CENTRAL_NOT_EMPTY = "a whole tableau pile moves only onto a central reserve that is not empty"
ONE_OR_WHOLE_PILE = "only one card moves at a time (a whole tableau pile may move onto the central reserve)"


def bottom_not_in_suit(bottom: int, top: int) -> str:
    return f"the bottom card {card_name(bottom)} does not follow the {card_name(top)} in suit"


def first_deal_foundations(number: int) -> str:
    """St. Helena's first deal: each pile plays to the foundations of its side only."""
    which = "upper (King)" if number <= 4 else "lower (Ace)"
    return f"in the first deal, pile {number} plays only to the {which} foundations"
