"""Plain line-by-line play in any terminal: show the board, read a command.

Line mode drives a :class:`~napoleon.session.Session`, as the terminal and
the page do: turns, undo and redo, restart, auto-play, the clock, help used
and the record are the session's, and what it says comes from
:mod:`napoleon.voice`, in the same words as the other windows. The player
types moves in notation (the one thing line mode reads in it); ``moves``
lists the legal ones in notation too.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from .. import voice
from ..engine.errors import NapoleonError
from ..engine.state import Status
from ..session import Change, Session
from ..store.db import StaleGameError

HELP = """\
Type a move in notation, e.g. T3-F1 (tableau 3 to foundation 1), T3-F (to
whichever foundation takes it), T2-T5x3 (three cards), S-W (turn a stock card;
S-W2 onto waste 2 in the Tomb), redeal.
Commands: moves (list legal moves), u/undo, r/redo, h/hint, auto (play safe
cards home), finish, restart, rules, board, q/quit, ? (this help)."""

QUIT_WORDS = ("q", "quit", "exit")


class LinePlay:
    """One line-mode game: reads commands, drives the session, says what happened; a hint searches
    ``hint_budget`` seconds when no solution is known (:data:`~napoleon.analysis.HINT_BUDGET` when None)."""

    def __init__(self, session: Session, out: TextIO, hint_budget: float | None = None) -> None:
        self.session = session
        self.out = out
        self.hint_budget = hint_budget
        self.quit = False
        """Whether the player typed quit (rather than the input ending)."""
        self._ended = False
        self.commands: dict[str, Callable[[], None]] = {
            "?": self.help, "help": self.help, "rules": self.rules, "board": self.board, "moves": self.moves,
            "u": self.undo, "undo": self.undo, "r": self.redo, "redo": self.redo, "h": self.hint,
            "hint": self.hint, "auto": self.auto, "finish": self.finish, "restart": self.restart,
        }

    def say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def run(self, inp: TextIO) -> None:
        """Read and do commands until quit or the end of the input."""
        self.say(HELP)
        self.say()
        self.say(self.session.state.board_text())
        while True:
            self._say_end()
            print("> ", end="", file=self.out, flush=True)
            line = inp.readline()
            if not line:
                self.say()
                return
            text = line.strip()
            if not text:
                continue
            word = text.lower()
            if word in QUIT_WORDS:
                self.quit = True
                return
            command = self.commands.get(word)
            try:
                if command is not None:
                    command()
                else:
                    self.play(text)
            except StaleGameError as exc:
                # Another window or process saved the game since: nothing was overwritten, and the
                # session took the game up as saved there.
                self.say(str(exc))
                self.say(self.session.state.board_text())

    def _say_end(self) -> None:
        """Say the end of the game once, when it comes (again after an undo and a new end)."""
        end = self.session.end_text()
        if end is not None and not self._ended:
            if self.session.status is Status.LOST:
                end += " Undo (u) or quit (q)."
            self.say(end)
        self._ended = end is not None

    def _changed(self, change: Change) -> None:
        """Say what the session's change did; after a change of the position, show the board."""
        self.say(change.news)
        if change.moved:
            self.say(self.session.state.board_text())

    # ------------------------------------------------------------ commands

    def play(self, text: str) -> None:
        try:
            move = self.session.state.parse_move(text)
            change = self.session.play(move)
        except StaleGameError:
            raise
        except NapoleonError as exc:
            self.say(str(exc))
            return
        self._changed(change)

    def undo(self) -> None:
        self._changed(self.session.undo())

    def redo(self) -> None:
        self._changed(self.session.redo())

    def auto(self) -> None:
        self._changed(self.session.auto())

    def finish(self) -> None:
        self._changed(self.session.finish())

    def restart(self) -> None:
        self._changed(self.session.restart())

    def hint(self) -> None:
        from ..analysis import HINT_BUDGET, ask_hint

        session = self.session
        if session.status is not Status.PLAYING:
            self.say(voice.GAME_OVER)
            return
        hint = ask_hint(session.state, budget=HINT_BUDGET if self.hint_budget is None else self.hint_budget)
        if hint.helped:
            session.mark_assisted("hint")
        self.say(hint.sentence)

    def help(self) -> None:
        self.say(HELP)

    def rules(self) -> None:
        self.say(self.session.game.rules)

    def board(self) -> None:
        self.say(self.session.state.board_text())

    def moves(self) -> None:
        state = self.session.state
        self.say(" ".join(state.san(m) for m in self.session.view.legal) or voice.NO_LEGAL_MOVE)


def play_lines(session: Session, inp: TextIO | None = None, out: TextIO | None = None,
               hint_budget: float | None = None) -> LinePlay:
    """Run a line-mode game of ``session`` until the player quits or the input ends, a hint searching
    ``hint_budget`` seconds when no solution is known (:data:`~napoleon.analysis.HINT_BUDGET` when None).

    Returns the :class:`LinePlay`, whose ``quit`` says whether the player
    typed quit. The session is left as it is: the caller leaves it (quit) or
    puts it aside (the end of the input).
    """
    play = LinePlay(session, out or sys.stdout, hint_budget)
    play.run(inp or sys.stdin)
    return play
