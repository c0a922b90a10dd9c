"""The engine and the games decide why a move is refused; the voice words it. No sentence a player
reads is written in the engine's refusals, its position's answers, a game's own notes or the solver's
workers' errors."""

from __future__ import annotations

import pytest

from napoleon.engine import notation, refusals
from napoleon.engine.game import Game
from napoleon.engine.state import State
from napoleon.games.forty_thieves import FortyThieves
from napoleon.games.square import NapoleonsSquare
from napoleon.games.st_helena import StHelena
from napoleon.games.tomb import NapoleonsTomb
from napoleon.solver.browser import BrowserPool
from napoleon.solver.workers import WorkerPool, _Slot
from tests.sentences import sentences_in

PARTS = {
    "refusals": refusals.why_illegal,
    "picking up": State.why_not_pick,
    "a foundation move typed": State.parse_move,
    "a move typed": notation.parse_notation,
    "a pile typed": notation._pile_from_abbr,
    "a redeal refused": Game.redeal_refusal,
    "Forty Thieves' redeal": FortyThieves.redeal_refusal,
    "the Square's runs": NapoleonsSquare.multi_card_note,
    "St. Helena's first deal": StHelena.restriction_note,
    "the Tomb's central reserve": NapoleonsTomb.multi_card_note,
    "the solver's workers": _Slot,
    "the solver's pool": WorkerPool,
    "the site's search workers": BrowserPool,
}


@pytest.mark.parametrize("part", PARTS.values(), ids=PARTS.keys())
def test_the_engine_says_the_voices_sentences(part):
    assert sentences_in(part) == [], "put these in napoleon.voice"
