"""Plain line-by-line play in any terminal: show the board, read a move."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from ..engine.errors import NapoleonError
from ..engine.state import State, Status

HELP = """\
Type a move in notation, e.g. T3-F1 (tableau 3 to foundation 1), T3-F (to
whichever foundation takes it), T2-T5x3 (three cards), S-W (turn a stock card;
S-W2 onto waste 2 in the Tomb), redeal.
Commands: moves (list legal moves), u/undo, r/redo, h/hint, auto (play safe
cards home), rules, board, q/quit, ? (this help)."""


def play_lines(state: State, inp: TextIO | None = None, out: TextIO | None = None,
               on_hint: Callable[[], None] | None = None) -> State:
    """Run a line-mode game on ``state`` until the player quits; return the state.

    ``on_hint`` is called each time a hint shows the player a move (the
    store marks the game as played with help).
    """
    inp = inp or sys.stdin
    out = out or sys.stdout
    game = state.game

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    say(HELP)
    say()
    say(state.board_text())
    while True:
        status = state.status
        if status is Status.WON:
            say(f"You won deal {state.deal} in {len(state.history)} moves!")
        elif status is Status.LOST:
            say("No legal move is left: the game is lost. Undo (u) or quit (q).")
        print("> ", end="", file=out, flush=True)
        line = inp.readline()
        if not line:
            say()
            return state
        text = line.strip()
        if not text:
            continue
        word = text.lower()
        if word in ("q", "quit", "exit"):
            return state
        if word in ("?", "help"):
            say(HELP)
            continue
        if word == "rules":
            say(game.rules)
            continue
        if word == "board":
            say(state.board_text())
            continue
        if word == "moves":
            say(" ".join(state.san(m) for m in state.legal_moves()) or "no legal move")
            continue
        if word in ("u", "undo"):
            if state.history:
                say(f"undid {game.notation(state.pop())}")
                say(state.board_text())
            else:
                say("nothing to undo")
            continue
        if word in ("r", "redo"):
            move = state.redo()
            say(f"redid {game.notation(move)}" if move else "nothing to redo")
            if move:
                say(state.board_text())
            continue
        if word in ("h", "hint"):
            from ..analysis import ask_hint

            hint = ask_hint(state, budget=5.0)
            if hint.helped and on_hint is not None:
                on_hint()
            if hint.helped:
                note = f"   ({hint.note})" if hint.reason else ""
                say(f"hint: {state.san(hint.move)}{note}")
            else:
                say(hint.text)
            continue
        if word == "auto":
            from ..engine.autoplay import safe_autoplay

            moves = safe_autoplay(state)
            say(f"played home: {' '.join(game.notation(m) for m in moves)}" if moves else "no card is safe to play home")
            if moves:
                say(state.board_text())
            continue
        try:
            move = state.parse_move(text)
            shown = state.san(move)
            state.play(move)
        except NapoleonError as exc:
            say(f"illegal: {exc}")
            continue
        say(f"played {shown}")
        say(state.board_text())
