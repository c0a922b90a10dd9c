"""The session every interface drives: each command answers one Change, each position one View,
the clock is the one it is given, and safe auto-play acts on the opening layout."""

from __future__ import annotations

import pytest

import napoleon
from napoleon import voice
from napoleon.engine.autoplay import finish_moves, safe_moves
from napoleon.engine.errors import IllegalMoveError
from napoleon.session import Change, Session, View
from napoleon.store import Store
from tests.fake_clock import FakeClock


def opening_deal(game_id):
    """A deal whose opening layout has a card that safe auto-play plays home."""
    for deal in range(1, 200):
        if safe_moves(napoleon.new_game(game_id, deal)):
            return deal
    raise AssertionError(f"no deal of {game_id} with a safe move on the opening layout")


def werner(autoplay=False, **kwargs):
    return Session(napoleon.new_game("werner", 1), autoplay=autoplay, **kwargs)


# ------------------------------------------------------------ each command


def test_play_answers_the_moves_made_told_once_and_the_new_version():
    session = werner()
    before = session.version
    change = session.play(session.state.parse_move("T7-T6"), autoplay=True)
    assert isinstance(change, Change) and change and change.moved
    # The player's move and auto-play's after it, each told from the position it was made on.
    assert [session.game.notation(m) for m in change.made] == ["T7-T6", "T3-F1", "C3-F2"]
    assert change.made_words[0] == "moved the 4♥ from column 7 onto the 5♣ in column 6"
    assert change.made_words[1:] == ("moved the A♣ from column 3 to foundation 1",
                                     "moved the A♠ from cell 3 to foundation 2")
    assert change.news == voice.played(list(change.made_words)) == session.news
    assert change.version == session.version != before and change.undone == ()


def test_an_illegal_move_changes_nothing_and_says_why():
    session = werner()
    version = session.version
    with pytest.raises(IllegalMoveError, match="does not go on the 10♥"):
        session.play(session.state.parse_move("T1-T2"))
    assert session.version == version and session.state.history == [] and not session.clock_running


def test_auto_play_can_be_skipped_for_one_move():
    session = werner()
    session.autoplay = True
    change = session.play(session.state.parse_move("T7-T6"), autoplay=False)
    assert len(change.made) == 1 and session.autoplay


def test_undo_and_redo_answer_what_they_took_back_and_played_again():
    session = werner()
    made = session.play(session.state.parse_move("T7-T6"), autoplay=True).made
    undone = session.undo()
    assert undone.undone == tuple(reversed(made)) and undone.made == ()
    assert undone.news == "Undone: the 4♥ back from column 6 to column 7 (and 2 auto-play moves)"
    assert undone.undone_words[-1] == "moved the 4♥ from column 7 onto the 5♣ in column 6"
    redone = session.redo()
    assert redone.made == made and redone.news.startswith("Redone: moved the 4♥")
    assert not session.redo() and session.news == voice.NOTHING_TO_REDO
    nothing = werner().undo()
    assert not nothing and nothing.news == voice.NOTHING_TO_UNDO and not nothing.moved


def test_auto_plays_the_safe_cards_home_as_one_turn():
    session = werner()
    change = session.auto()
    assert [session.game.notation(m) for m in change.made] == ["T3-F1", "C3-F2"]
    assert change.news == "Played home the A♣ and A♠" and session.turns == [2]
    again = session.auto()
    assert not again and again.news == voice.AUTO_NONE


def test_turning_auto_play_on_plays_the_safe_cards_at_once():
    session = werner()
    change = session.set_autoplay(True)
    assert change and len(change.made) == 2 and session.autoplay
    assert change.news == "safe auto-play on: played home the A♣ and A♠"
    off = session.set_autoplay(False)
    assert off and not off.moved and off.news == voice.AUTOPLAY_OFF and not session.autoplay


def test_turning_auto_play_on_at_move_0_leaves_the_count_at_0():
    # The cards auto-play sends home from the deal as it was dealt are the opening's, not the player's.
    session = werner()
    session.set_autoplay(True)
    assert session.moves_played == 0 and not session.touched and not session.can_undo


def test_finish_plays_out_what_the_view_offers(werner1_solution):
    session = werner()
    assert session.view.finish == () and not session.finish()
    assert session.news == voice.FINISH_REFUSED
    state = endgame(werner1_solution)
    session = Session(state, autoplay=False)
    offer = session.view.finish
    assert offer and list(offer) == finish_moves(state)
    change = session.finish()
    assert change.made == offer and change.news == voice.finished(len(offer))
    assert session.view.status.value == "won" and session.finished == "won"


def endgame(solution):
    """Werner deal 1 played along ``solution`` until the rest plays itself."""
    state = napoleon.new_game("werner", 1)
    for move in solution:
        if finish_moves(state):
            return state
        state.push(state.parse_move(move))
    raise AssertionError("the solution never reached a position that plays itself")


def test_restart_takes_every_turn_back_in_one_change_and_redo_brings_them_back_one_by_one():
    session = werner()
    for text in ("T7-T6", "T3-F1"):
        session.play_text(text)
    change = session.restart()
    assert [session.game.notation(m) for m in change.undone] == ["T3-F1", "T7-T6"]
    assert change.news == voice.restarted(2) and session.state.history == []
    assert [session.game.notation(m) for m in session.redo().made] == ["T7-T6"]
    assert not werner().restart()


def test_back_to_a_move_takes_back_whole_turns_in_one_change():
    session = werner()
    for text in ("T7-T6", "T3-F1", "C3-F2"):
        session.play_text(text)
    change = session.back_to(1)
    assert len(change.undone) == 2 and session.moves_made == 1
    assert change.news == voice.back_to(1, 2)
    assert not session.back_to(1) and session.moves_made == 1
    with pytest.raises(ValueError):
        session.back_to(-1)


LOSING = ["T7-T6", "T3-F1", "C2-T6", "T2-C2", "C3-F2", "T6-C3", "T5-F1", "C3-T6", "T3-C3", "T4-T3", "C3-F2", "T1-C3"]
"""Werner deal 1: winnable after the first 11 moves, lost after the 12th (tests/web/test_api_solver.py searches it)."""


def test_the_way_back_is_the_last_position_proven_winnable_and_outlives_the_window(tmp_path):
    store = Store.open(tmp_path / "n.db")
    session = Session.recorded(store, napoleon.new_game("werner", 1), autoplay=False)
    assert not session.back_to_winnable() and session.news == voice.NO_WAY_BACK
    for number, text in enumerate(LOSING[:-1], 1):
        session.play_text(text)
        if number in (4, 11):
            session.note_winnable(number, session.version)  # what the solver proved, as the interfaces tell it
    stale = session.version
    session.play_text(LOSING[-1])
    session.note_winnable(12, stale)  # said of a line the game has left: not kept
    session.note_winnable(4, session.version)  # an earlier one than known: the later one stays
    assert session.winnable == 11
    # The window closes; the game is taken up again elsewhere: the way back is known there at once.
    resumed = Session.resume(store, session.record_id)
    assert resumed.winnable == 11
    change = resumed.back_to_winnable()
    assert change and resumed.notation_history() == LOSING[:11]
    assert change.news == voice.back_to(11, 1)
    # Taken back before it, the line may go elsewhere: what was proven of it is forgotten, in the store too.
    resumed.back_to(3)
    assert resumed.winnable is None and store.get(resumed.record_id).winnable is None
    assert not resumed.back_to_winnable()


def test_leave_says_whether_the_game_counts_as_lost():
    untouched = werner()
    assert not untouched.leave()
    played = werner()
    played.play_text("T7-T6")
    change = played.leave()
    assert change and change.news == voice.left_game(1)


# ---------------------------------------------------------------- the view


def test_the_view_is_worked_out_once_a_position():
    session = werner()
    view = session.view
    assert isinstance(view, View) and session.view is view
    assert list(view.legal) == session.state.legal_moves()
    assert view.targets_of(6, 1) == tuple(session.state.targets(6, 1))
    session.play_text("T3-F1")
    assert session.view is not view and session.view.status.value == "playing"


def test_the_view_counts_one_move_generation_a_position(monkeypatch):
    from napoleon.engine import generation, state as state_module

    calls = []
    real = generation.generate_both
    monkeypatch.setattr(state_module, "generate_both", lambda s: calls.append(1) or real(s))
    session = werner()
    session.view
    assert len(calls) == 1
    session.play_text("T7-T6")
    session.view
    assert len(calls) == 2


# ---------------------------------------------------------------- the clock


def test_the_clock_runs_from_the_first_action_and_stops_at_the_end():
    clock = FakeClock()
    session = werner(clock=clock)
    clock.wait(30)
    assert session.elapsed == 0.0 and not session.clock_running
    session.play_text("T7-T6")
    clock.wait(12.5)
    assert session.elapsed == 12.5 and session.clock_running
    session.leave()
    clock.wait(100)
    assert session.elapsed == 12.5 and not session.clock_running


def test_restart_starts_the_clock_again():
    clock = FakeClock()
    session = werner(clock=clock)
    session.play_text("T7-T6")
    clock.wait(40)
    session.restart()
    assert session.elapsed == 0.0 and not session.clock_running


# ------------------------------------------------------ the opening layout


def test_auto_play_acts_on_the_opening_layout():
    deal = opening_deal("forty-thieves")
    expected = safe_moves(napoleon.new_game("forty-thieves", deal))
    session = Session(napoleon.new_game("forty-thieves", deal), autoplay=True)
    # The Ace on top of a column is home before the first move, as part of the game's moves.
    assert session.state.history == expected and session.opening == len(expected)
    assert session.turns == [len(expected)]
    assert not safe_moves(session.state.copy())
    # No undo or restart brings the deal back without them.
    assert not session.can_undo and not session.undo()
    assert session.elapsed == 0.0 and session.moves_played == 0
    session.play(session.state.legal_moves()[0])
    assert session.can_undo
    session.restart()
    assert session.state.history == expected and not session.can_undo


def test_without_auto_play_the_opening_layout_stays():
    deal = opening_deal("forty-thieves")
    session = Session(napoleon.new_game("forty-thieves", deal), autoplay=False)
    assert session.state.history == [] and session.opening == 0 and session.turns == []


def test_the_opening_auto_play_is_recorded_and_resumed(tmp_path):
    deal = opening_deal("werner")
    store = Store.open(tmp_path / "n.db")
    session = Session.recorded(store, napoleon.new_game("werner", deal), autoplay=True)
    session.play(session.state.legal_moves()[0])
    saved = store.get(session.record_id)
    assert saved.moves == session.notation_history() and saved.turns == session.turns
    assert saved.opening == session.opening > 0
    resumed = Session.resume(store, session.record_id)
    assert resumed.opening == session.opening and resumed.state.history == session.state.history
    assert resumed.version == session.version
    assert resumed.undo() and not resumed.undo()
    assert resumed.state.history == session.state.history[:session.opening]


def test_a_deal_left_after_the_opening_auto_play_alone_counts_as_nothing(tmp_path):
    deal = opening_deal("werner")
    store = Store.open(tmp_path / "n.db")
    untouched = Session.recorded(store, napoleon.new_game("werner", deal), autoplay=True)
    assert untouched.opening > 0
    untouched.leave()
    played = Session.recorded(store, napoleon.new_game("werner", deal), autoplay=True)
    played.play(played.state.legal_moves()[0])
    played.leave()
    assert [g.id for g in store.games()] == [played.record_id]
    row = store.stats("werner")[0]
    assert row["played"] == 1 and row["abandoned"] == 1


def test_a_finished_game_reopens_as_it_ended(tmp_path, werner1_solution):
    store = Store.open(tmp_path / "n.db")
    session = Session.recorded(store, endgame(werner1_solution), autoplay=False)
    assert session.finish() and session.finished == "won"
    again = Session.reopen(store, store.get(session.record_id))
    assert again.finished == "won" and again.moves_played == session.moves_played
    assert again.version == session.version
