"""Move generation: every move the rules allow from a position, read off the
tables a :class:`~.game.Game` compiled (which card fits on which, what fills a
space, where each pile may give). :meth:`State.legal_moves
<.state.State.legal_moves>` and the other questions a position answers ask
this once per position and keep the answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .move import REDEAL, Move

if TYPE_CHECKING:
    from .state import State


def generate_moves(state: State, every: bool) -> list[Move]:
    """The moves the rules allow from ``state``, in a fixed order.

    With ``every`` false a card's move to interchangeable piles (the
    foundations of a group, Werner's cells) is listed once, to the first that
    takes it; with ``every`` true it is listed to each of them.
    """
    legal, all_moves = generate_both(state)
    return all_moves if every else legal


def generate_both(state: State) -> tuple[list[Move], list[Move]]:
    """Both answers of :func:`generate_moves` (``every`` false, then true) from one pass over the piles."""
    game = state.game
    piles = state.piles
    fit, space, limit, one_per_suit, runs_of = game.fit, game.space, game.limit, game.one_per_suit, game.runs
    out: list[Move] = []
    legal: list[Move] = []
    routes = game.routes(state)
    for src in game.sources:
        p = piles[src]
        if not p:
            continue
        c = p[-1]
        run = 1
        if runs_of[src]:
            own = fit[src]
            n = len(p)
            while run < n and p[-run] in own[p[-run - 1]]:
                run += 1
        for first_only, runs, dsts in routes[src]:
            # Once a card went to the first of interchangeable piles, the rest of the route
            # is listed among every move only.
            listed = True
            for d in dsts:
                q = piles[d]
                if q:
                    if len(q) >= limit[d]:
                        continue
                    ok = fit[d][q[-1]]
                    if c in ok:
                        move = Move(src, d, 1)
                        out.append(move)
                        if listed:
                            legal.append(move)
                        if first_only:
                            listed = False
                    elif runs:
                        for k in range(2, run + 1):
                            if p[-k] in ok:
                                move = Move(src, d, k)
                                out.append(move)
                                if listed:
                                    legal.append(move)
                                break
                else:
                    sp = space[d]
                    single = c in sp and (not one_per_suit[d] or game.foundation_accepts(piles, d, c))
                    if single:
                        move = Move(src, d, 1)
                        out.append(move)
                        if listed:
                            legal.append(move)
                    shown = listed and not (single and first_only)
                    if single and first_only:
                        listed = False
                    if runs:
                        for k in range(2, run + 1):
                            if p[-k] in sp:
                                move = Move(src, d, k)
                                out.append(move)
                                if shown:
                                    legal.append(move)
    tail: list[Move] = []
    _add_stock_whole_and_redeal(state, tail)
    return legal + tail, out + tail


def _add_stock_whole_and_redeal(state: State, out: list[Move]) -> None:
    """The moves that are not a card or run from a pile's top: turning the stock, whole piles, the redeal."""
    game = state.game
    piles = state.piles
    stock = game.stock
    if stock is not None and piles[stock]:
        for w in game.active_wastes(state):
            out.append(Move(stock, w, 1))
    for src, dsts in game.whole_moves:
        p = piles[src]
        # A one-card pile is already listed as a plain move.
        if len(p) > 1:
            for d in dsts:
                q = piles[d]
                if q and p[0] in game.fit[d][q[-1]]:
                    out.append(Move(src, d, len(p)))
    if game.can_redeal(state):
        out.append(REDEAL)
