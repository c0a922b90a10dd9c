"""The terminal writes no sentence of its own where the voice has taken them: its status line, its turns
and its end of game say what :mod:`napoleon.voice` words (as the page does, tests/web/test_page_words.py)."""

from __future__ import annotations

import pytest

from napoleon.interfaces.review_text import move_lines
from napoleon.interfaces.tui.app import NapoleonApp
from napoleon.interfaces.tui.bars import BarsMixin
from napoleon.interfaces.tui.board import Board
from napoleon.interfaces.tui.deals import DealsMixin
from napoleon.interfaces.tui.dialogs import DialogsMixin
from napoleon.interfaces.tui.newdeal import NewDealScreen
from napoleon.interfaces.tui.screens import DealScreen, EndScreen, HelpScreen, MoveScreen, StatsScreen, keys_help
from napoleon.interfaces.tui.turns import TurnsMixin
from tests.sentences import sentences_in, words_in


@pytest.mark.parametrize("part", [BarsMixin._where_text, EndScreen, TurnsMixin, DialogsMixin, StatsScreen,
                                  DealsMixin, Board, NapoleonApp.action_colours, NewDealScreen, HelpScreen,
                                  keys_help, DealScreen, MoveScreen],
                         ids=["status line", "end of game", "turns", "dialogs", "statistics", "deals", "board",
                              "colours", "new deal", "help", "keys", "deal number", "typed move"])
def test_the_terminal_says_the_voices_sentences(part):
    assert sentences_in(part) == [], "put these in napoleon.voice"


@pytest.mark.parametrize(("part", "not_said"), [(BarsMixin._info_text, {"unknown", "ellipsis"}), (move_lines, set())],
                         ids=["header", "review's moves"])
def test_the_terminal_labels_in_the_voices_words(part, not_said):
    # Short labels too ("moves 12", "auto on", the losing move's mark): a word is the voice's.
    assert words_in(part, not_said) == [], "put these in napoleon.voice"
