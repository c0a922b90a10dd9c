"""Why a move is illegal: the pile is empty, the card does not go there and what the pile takes
instead, said in the voice's sentences (:mod:`napoleon.voice`).

>>> from napoleon import new_game
>>> from napoleon.engine.move import Move
>>> state = new_game("werner", deal=1)
>>> why_illegal(state, Move(0, 0, 1))
'a card cannot move onto its own pile'
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from .. import voice
from .move import Move
from .rules import FOUNDATION, WASTE, Build, Foundation

if TYPE_CHECKING:
    from .state import State


def why_illegal(state: State, move: Move) -> str | None:
    """None if ``move`` is legal, else a sentence saying why it is not."""
    if not state._in_range(move) or move.count < 0:
        return voice.NO_SUCH_PILE
    if state.is_legal(move):
        return None
    game = state.game
    if move.is_redeal:
        if game.max_redeals == 0:
            return voice.no_redeal_in(game.name)
        if 0 <= game.max_redeals <= state.redeals:
            return voice.redeals_used(game.max_redeals)
        return game.redeal_refusal(state)
    src, dst, count = move
    p, q = state.piles[src], state.piles[dst]
    if src == dst:
        return voice.OWN_PILE
    if not p:
        return voice.pile_empty(state, src)
    if src == game.stock:
        if game.pile_roles[dst] != WASTE:
            return voice.STOCK_TO_WASTE
        if dst not in game.active_wastes(state):
            return voice.not_in_this_pass(state, dst)
        return voice.ONE_TURNED
    if game.pile_roles[src] == FOUNDATION:
        return voice.FOUNDATION_KEEPS
    allowed = {d for _, _, dsts in game.routes(state)[src] for d in dsts}
    if dst not in allowed:
        if not game.groups[game.pile_group[src]].to:
            return voice.not_the_players(state, src)
        return game.restriction_note(state, src, dst) or voice.cannot_go(state, src, dst)
    if count > len(p):
        return voice.holds_only(state, src)
    if count > 1:
        if not any(run for _, run, dsts in game.routes(state)[src] if dst in dsts):
            return game.multi_card_note(state, move) or voice.ONE_AT_A_TIME
        cards = p[-count:]
        if not all(b in game.fit[src][a] for a, b in pairwise(cards)):
            return voice.not_a_run(state, src, count)
    card = p[-count]
    rule = game.groups[game.pile_group[dst]].rule
    if isinstance(rule, Foundation):
        if q and len(q) >= game.limit[dst]:
            return voice.foundation_complete(state, dst)
        if not q and card in game.space[dst]:
            return voice.suit_has_foundation(card)
        return voice.not_on_foundation(state, card, dst, rule)
    if isinstance(rule, Build):
        if not q:
            return voice.cannot_fill(state, card, dst, rule)
        return voice.does_not_build(card, q[-1], game.groups[game.pile_group[dst]].role, rule)
    return voice.nothing_put_on(state, dst)
