"""The terminal writes no sentence of its own where the voice has taken them: its status line, its turns
and its end of game say what :mod:`napoleon.voice` words (as the page does, tests/web/test_page_words.py)."""

from __future__ import annotations

import ast
import inspect
import re
import textwrap

import pytest

from napoleon.interfaces.tui.app import NapoleonApp
from napoleon.interfaces.tui.bars import BarsMixin
from napoleon.interfaces.tui.board import Board
from napoleon.interfaces.tui.deals import DealsMixin
from napoleon.interfaces.tui.dialogs import DialogsMixin
from napoleon.interfaces.tui.screens import EndScreen, StatsScreen
from napoleon.interfaces.tui.turns import TurnsMixin


STYLES = {"bold", "dim", "reverse", "italic", "green", "red", "yellow", "on", "{}"}


def sentences_in(obj: object) -> list[str]:
    """The string literals of ``obj``'s code that are a player's sentence (docstrings left out)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(obj)))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            found.append("".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values))
    # Two words of a player's language; CSS (the screens' DEFAULT_CSS), styles and keys are not sentences.
    return [text for text in found if re.search(r"[A-Za-z]{2,}[ ,:.!?…]*[ ][ ,:.!?…]*[A-Za-z]", text.replace("{}", ""))
            and "{" not in text.replace("{}", "") and ";" not in text and not set(text.split()) <= STYLES]


@pytest.mark.parametrize("part", [BarsMixin._where_text, EndScreen, TurnsMixin, DialogsMixin, StatsScreen,
                                  DealsMixin, Board, NapoleonApp.action_colours],
                         ids=["status line", "end of game", "turns", "dialogs", "statistics", "deals", "board",
                              "colours"])
def test_the_terminal_says_the_voices_sentences(part):
    assert sentences_in(part) == [], "put these in napoleon.voice"
