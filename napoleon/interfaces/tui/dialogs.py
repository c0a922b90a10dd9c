"""The app's side of the dialogs of :mod:`.screens`: the end of a game, the
statistics (and resetting them), help, and typing a move.

Each pushes its screen and acts on the player's choice when it closes.
"""

from __future__ import annotations

import sqlite3

from ... import voice
from ...engine.errors import NapoleonError
from ...engine.state import Status
from ...shuffle import MAX_DEAL
from .bars import clock
from .deals import random_deal
from .host import AppHost
from .screens import ConfirmScreen, EndScreen, HelpScreen, MoveScreen, StatsScreen


class DialogsMixin(AppHost):
    """Opens the dialogs over the board and follows the player's answers."""

    _end_shown: int  # the generation whose end was last shown, so it is shown once

    def _check_end(self) -> None:
        status = self.session.status
        if status is Status.PLAYING or self._end_shown == self.generation:
            return
        self._end_shown = self.generation
        won = status is Status.WON
        msg = self.session.end_text() or ""
        nxt = self.state.deal + 1 if self.state.deal < MAX_DEAL else 1
        if not won and self.state.history and self.analysis_on:
            self._find_last_winnable(self.generation, self.state.copy())
        self.say(msg, "bold green" if won else "bold red")
        self.push_screen(EndScreen(won, msg, nxt), self._end_choice)

    def _end_choice(self, choice: str | None) -> None:
        """Do what the player chose when the game ended (an action of :data:`~napoleon.keymap.END_KEYS`)."""
        if choice == "next_deal":
            self.start_deal(self.state.deal + 1 if self.state.deal < MAX_DEAL else 1)
        elif choice == "random_deal":
            self.start_deal(random_deal())
        elif choice in ("undo", "back_to_winnable", "restart", "review"):
            getattr(self, f"action_{choice}")()

    def action_stats(self) -> None:
        """The statistics of this game; x in them resets them, after asking."""
        self._begin()
        store = self.store_or_warn(voice.NO_STATS_STORE)
        if store is None:
            return
        try:
            rows = store.stats(self.game.id)
            by_grade = store.stats_by_grade(self.game.id)
        except (NapoleonError, sqlite3.Error) as exc:
            self.warn(voice.no_stats(exc))
            return
        self.push_screen(StatsScreen(voice.stats_title(self.game.name), rows, clock, by_grade), self._stats_choice)

    def _stats_choice(self, choice: str | None) -> None:
        if choice != "reset":
            return
        self.push_screen(ConfirmScreen(voice.reset_question(self.game.name)), self._reset_stats)

    def _reset_stats(self, yes: bool | None) -> None:
        if not yes:
            self.say(voice.STATS_KEPT)
            return
        store = self.recorder.store
        try:
            n = store.reset_stats(self.game.id)
        except (NapoleonError, sqlite3.Error) as exc:
            self.warn(voice.not_reset(exc))
            return
        self.say(voice.stats_reset_of(self.game.name, n), "bold")

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.game))

    def action_type_move(self) -> None:
        self._begin()
        self.push_screen(MoveScreen(" ".join(self.game.pile_abbrs)), self._typed_move)

    def _typed_move(self, text: str | None) -> None:
        if not text:
            return
        try:
            move = self.state.parse_move(text)
        except NapoleonError as exc:
            self.warn(str(exc))
            return
        self.play(move)
