"""A newcomer's first deal: one that can be won, a deal lost from the start said plainly, a win
with help said apart, a card that cannot go home refused in a player's words."""

from __future__ import annotations

import argparse

import pytest

from napoleon import get_game, new_game, voice
from napoleon.analysis.hints import NOT_WINNABLE, hint_of
from napoleon.engine.errors import IllegalMoveError
from napoleon.grading import daily_deal
from napoleon.interfaces import cli
from napoleon.session import Session
from napoleon.solver import solve
from napoleon.solver.service import Answer, Verdict

LOST_DEAL = 8  # Werner deal 8: proven lost as dealt, in a few milliseconds


def test_play_with_no_deal_named_starts_on_the_deal_of_the_day(monkeypatch):
    chosen = {}

    def fake_plain(state, grade=None, hint_budget=None):
        chosen["deal"], chosen["grade"] = state.deal, grade

    monkeypatch.setattr("napoleon.interfaces.store_commands.play_plain", fake_plain)
    assert cli.main(["play", "forty-thieves", "--plain"]) == 0
    daily = daily_deal(get_game("forty-thieves"))
    assert chosen == {"deal": daily.deal, "grade": daily.grade}
    assert daily.grade in ("easy", "medium", "hard", "expert")


def test_play_random_still_deals_any_deal_and_refuses_another_choice_with_it(monkeypatch, capsys):
    seen = []
    monkeypatch.setattr("napoleon.interfaces.store_commands.play_plain", lambda state, grade=None, hint_budget=None: seen.append(grade))
    assert cli.main(["play", "werner", "--random", "--plain"]) == 0
    assert seen == [None]
    assert cli.main(["play", "werner", "--random", "--deal", "3", "--plain"]) == 2
    assert "--random picks its own deal" in capsys.readouterr().err


def test_a_deal_lost_from_the_start_is_said_plainly_with_no_undo_advice():
    state = new_game("werner", deal=LOST_DEAL)
    assert solve(state, budget=10).verdict == Verdict.LOST
    hint = hint_of(state, Answer(Verdict.LOST, complete=True))
    assert hint.outcome == NOT_WINNABLE and hint.move is None
    assert hint.sentence.startswith("No one can win this deal: it was lost before the first move")
    assert "undo" not in hint.sentence.lower()
    assert voice.lost_said(0) == "No one can win this deal: it was lost before the first move."
    # Later in a game the advice to undo stays.
    state.play(state.legal_moves()[0])
    assert "undo" in hint_of(state, Answer(Verdict.LOST, complete=True)).sentence


def test_a_win_with_help_says_so_in_its_own_message():
    state = new_game("werner", deal=1)
    moves = solve(state, budget=30).moves
    plain, helped = Session(state.copy(), autoplay=False), Session(state.copy(), autoplay=False)
    helped.mark_assisted("hint")
    for session in (plain, helped):
        for move in moves:
            session.play(move)
    assert plain.end_text().startswith("You won deal 1 of ") and "help" not in plain.end_text()
    assert "with help" in helped.end_text() and helped.end_text() != plain.end_text()


def test_a_card_sent_home_that_fits_no_foundation_is_refused_in_a_players_words():
    session = Session(new_game("werner", deal=1), autoplay=False)
    with pytest.raises(IllegalMoveError) as refused:
        session.play_text("T1-F")
    assert str(refused.value) == "the 8♣ cannot go to a foundation yet"
    assert session.state.history == []


def test_parser_says_the_deal_of_the_day_is_plays_default():
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert "the deal of the day" in sub.choices["play"].format_help()
