"""Turns on the game as a whole: undo, redo, restart, redeal, auto-play, finish,
and going back to the last winnable position after a loss.

Each asks the :class:`~napoleon.session.Session`, which keeps the turns; the
mixin says what it did, or why not.
"""

from __future__ import annotations

from collections.abc import Callable

from ... import voice
from ...engine.move import REDEAL
from ...session import Change
from .host import AppHost


class TurnsMixin(AppHost):
    """The keys that act on the whole game through the session."""

    def _take_turn(self, turn: Callable[[], Change]) -> None:
        """Take one of the session's turns: say what it did, or why it did nothing."""
        self._begin()
        if turn():
            self._news()
        else:
            self.warn(self.session.news)

    def action_redeal(self) -> None:
        self._begin()
        reason = self.state.why_illegal(REDEAL)
        if reason is None:
            self.play(REDEAL)
        else:
            self.warn(voice.no_redeal(reason))

    def action_finish(self) -> None:
        """Play out, as one turn, the end of a game whose every card goes home by itself."""
        self._take_turn(self.session.finish)

    def action_back_to_winnable(self) -> None:
        """Undo to the last position the solver found winnable (after a loss), in one step."""
        self._take_turn(self.session.back_to_winnable)

    def action_undo(self) -> None:
        self._take_turn(self.session.undo)

    def action_redo(self) -> None:
        self._take_turn(self.session.redo)

    def action_restart(self) -> None:
        self._take_turn(self.session.restart)

    def action_auto(self) -> None:
        """Play every card that is safe to play home now, as one turn."""
        self._take_turn(self.session.auto)
