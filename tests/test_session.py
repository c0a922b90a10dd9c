"""The session both interfaces drive: safe auto-play acts on the opening layout (issue 14)."""

from __future__ import annotations

import napoleon
from napoleon.session import Session
from napoleon.engine.autoplay import safe_moves


def opening_deal(game_id):
    """A deal whose opening layout has a card that safe auto-play plays home."""
    for deal in range(1, 200):
        if safe_moves(napoleon.new_game(game_id, deal)):
            return deal
    raise AssertionError(f"no deal of {game_id} with a safe move on the opening layout")


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
    # The clock starts with the player's first move, not with auto-play's.
    assert session.elapsed == 0.0
    session.play(session.state.legal_moves()[0])
    assert session.can_undo
    session.restart()
    assert session.state.history == expected and not session.can_undo


def test_without_auto_play_the_opening_layout_stays():
    deal = opening_deal("forty-thieves")
    session = Session(napoleon.new_game("forty-thieves", deal), autoplay=False)
    assert session.state.history == [] and session.opening == 0 and session.turns == []


def test_the_opening_auto_play_is_recorded_and_resumed(tmp_path):
    from napoleon.store import Store

    deal = opening_deal("werner")
    store = Store.open(tmp_path / "n.db")
    session = Session.recorded(store, napoleon.new_game("werner", deal), autoplay=True)
    session.play(session.state.legal_moves()[0])
    saved = store.get(session.record_id)
    assert saved.moves == session.notation_history() and saved.turns == session.turns
    assert saved.opening == session.opening > 0
    resumed = Session.resume(store, session.record_id)
    assert resumed.opening == session.opening and resumed.state.history == session.state.history
    assert resumed.undo() and not resumed.undo()
    assert resumed.state.history == session.state.history[:session.opening]


def test_a_deal_left_after_the_opening_auto_play_alone_counts_as_nothing(tmp_path):
    from napoleon.store import Store

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
