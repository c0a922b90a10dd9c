"""The player's hand: the cursor, picking cards up and putting them down, by key or by click.

The engine says where the held cards may go and, for an illegal drop, why;
this module only keeps what is under the cursor and what is held.
"""

from __future__ import annotations

from ... import voice
from ...engine.move import Move
from .board import Board
from .host import AppHost


class HandMixin(AppHost):
    """Moves the cursor, picks up and drops cards (keys and mouse)."""

    def _targets(self, src: int) -> dict[int, set[int]]:
        """Every pile the top cards of ``src`` may go to, with the counts."""
        out: dict[int, set[int]] = {}
        for k in range(1, len(self.state.piles[src]) + 1):
            for d in self.state.targets(src, k):
                out.setdefault(d, set()).add(k)
        return out

    def pick(self, pile: int, count: int = 1) -> None:
        """Pick up the top ``count`` cards of ``pile`` (on the stock: turn or redeal)."""
        game, state = self.game, self.state
        self.cursor = pile
        self.message = None
        if pile == game.stock:
            self.stock_action()
            return
        refusal = state.why_not_pick(pile)
        if refusal is not None:
            self.warn(refusal)
            self._redraw()
            return
        # A click deep in a pile takes at most what may move together.
        count = max(1, min(count, self.state.most_movable(pile)))
        self.held = (pile, count)
        self.target_counts = self._targets(pile)
        self._redraw()

    def drop(self, dst: int) -> None:
        """Put the held cards on ``dst``: the move, or why it is illegal."""
        assert self.held is not None
        src, count = self.held
        if dst == src:
            self.action_cancel()
            return
        counts = self.target_counts.get(dst)
        if counts:
            k = count if count in counts else (next(iter(counts)) if len(counts) == 1 else max(counts))
            self.play(Move(src, dst, k))
            return
        self.play(Move(src, dst, count))  # refused, in the session's words

    def stock_action(self) -> None:
        """Turn a stock card (choosing the waste in the Tomb), or redeal."""
        game, state = self.game, self.state
        if state.piles[game.stock]:
            wastes = game.active_wastes(state)
            if len(wastes) == 1:
                self.play(Move(game.stock, wastes[0]))
            else:
                self.held = (game.stock, 1)
                self.target_counts = {w: {1} for w in wastes}
                self._redraw()
                self.say(voice.which_waste(state, wastes))
            return
        self.action_redeal()

    # ------------------------------------------------------------ keys

    def action_move(self, dx: int, dy: int) -> None:
        self._begin()
        self.cursor = self.board.neighbour(self.cursor, dx, dy)
        self.depth = 1
        self._redraw()

    def action_cycle(self, step: int) -> None:
        self._begin()
        order = self.board.slot_order()
        i = order.index(self.cursor) if self.cursor in order else 0
        self.cursor = order[(i + step) % len(order)]
        self.depth = 1
        self._redraw()

    def action_select(self) -> None:
        self._begin()
        if self.held is not None:
            self.drop(self.cursor)
        else:
            self.pick(self.cursor, self.depth)

    def action_depth(self, step: int) -> None:
        self._begin()
        if self.held is not None:
            src, count = self.held
            if src != self.game.stock:
                self.held = (src, max(1, min(self.state.most_movable(src), count + step)))
        else:
            self.depth = max(1, min(self.state.most_movable(self.cursor), self.depth + step))
        self._redraw()

    def action_cancel(self) -> None:
        self._begin()
        self.held = None
        self.target_counts = {}
        self.depth = 1
        self.want = None
        self._redraw()

    def action_foundation(self, pile: int | None = None) -> None:
        self._begin()
        src = self.cursor if pile is None else pile
        self.held = None
        self.target_counts = {}
        state = self.state
        move = state.foundation_move(src)
        if move is not None:
            self.play(move)
            return
        self.warn(voice.no_home(state, src))
        self._redraw()

    # ------------------------------------------------------------ mouse

    def on_board_clicked(self, event: Board.Clicked) -> None:
        self._begin()
        pile, index = event.pile, event.index
        game = self.game
        if event.chain >= 2 and pile != game.stock:
            self.cursor = pile
            self.action_foundation(pile)
            return
        if self.held is not None:
            if pile == self.held[0] and pile != game.stock:
                # A click lower down the same pile takes a different run.
                size = len(self.state.piles[pile])
                count = size - index if index >= 0 else 1
                if count != self.held[1]:
                    self.pick(pile, count)
                else:
                    self.action_cancel()
                return
            self.cursor = pile
            self.drop(pile)
            return
        size = len(self.state.piles[pile])
        self.pick(pile, size - index if 0 <= index < size else 1)

    def on_board_missed(self, event: Board.Missed) -> None:
        if self.held is not None:
            self.action_cancel()
