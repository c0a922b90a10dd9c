"""Statistics: counts, win %, streaks, best time, fewest moves; a win counted once."""

from __future__ import annotations

from napoleon import get_game, new_game
from napoleon.session import Session
from napoleon.store import Store


def finished(store, game, results):
    """Records ending one after another with the given results ("won:SECONDS:MOVES" for a win)."""
    for i, spec in enumerate(results):
        result, *rest = spec.split(":")
        won = result == "won"
        store.insert(game, 100 + i, result=result, ended=f"2026-01-01T10:{i:02d}:00.000+00:00",
                     started=f"2026-01-01T09:{i:02d}:00.000+00:00",
                     won_elapsed=float(rest[0]) if won else None, won_moves=int(rest[1]) if won else None)


def test_counts_streaks_and_bests(db_path):
    werner = get_game("werner")
    with Store.open(db_path) as store:
        finished(store, werner, ["won:300:150", "lost", "won:200:180", "won:250:140", "won:500:160",
                                 "abandoned", "won:400:170"])
        store.insert(werner, 999, moves=["T3-F1"])  # still playing: not counted as played
        (row,) = store.stats()
    assert row["game"] == "werner" and row["options"] == {}
    assert (row["played"], row["won"], row["lost"], row["abandoned"], row["unfinished"]) == (7, 5, 1, 1, 1)
    assert row["win_pct"] == 71.4
    assert (row["current_streak"], row["longest_streak"]) == (1, 3)
    assert (row["best_time"], row["fewest_moves"]) == (200.0, 140)


def test_current_streak_runs_to_the_last_game(db_path):
    with Store.open(db_path) as store:
        finished(store, get_game("werner"), ["lost", "won:1:1", "won:1:1"])
        (row,) = store.stats("werner")
    assert (row["current_streak"], row["longest_streak"]) == (2, 2)


def test_option_sets_are_kept_apart(db_path):
    with Store.open(db_path) as store:
        finished(store, get_game("forty-thieves"), ["won:10:100"])
        finished(store, get_game("forty-thieves", {"redeals": "1"}), ["lost", "lost"])
        finished(store, get_game("werner"), ["lost"])
        rows = store.stats("napoleon-at-st-helena")  # an alias finds the game
    assert len(rows) == 2
    by_label = {r["label"]: r for r in rows}
    assert by_label["forty-thieves"]["won"] == 1
    assert by_label["forty-thieves redeals=1"]["played"] == 2
    assert by_label["forty-thieves redeals=1"]["win_pct"] == 0.0


def test_undo_after_a_win_and_win_again_counts_once(db_path, werner1_solution):
    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("werner", deal=1), autoplay=False)
        for text in werner1_solution:
            session.play_text(text)
        first = store.get(session.record_id)
        assert first.result == "won" and first.won_moves == len(werner1_solution)
        for _ in range(5):
            session.undo()
        assert store.get(session.record_id).result == "won"  # the win stands
        for _ in range(5):
            session.redo()
        session.back_to(0)
        for text in werner1_solution:
            session.play_text(text)
        again = store.get(session.record_id)
        assert (again.result, again.ended, again.won_elapsed) == ("won", first.ended, first.won_elapsed)
        (row,) = store.stats()
    assert (row["played"], row["won"], row["current_streak"]) == (1, 1, 1)


def test_lost_then_undone_is_playing_again(db_path):
    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("napoleons-square", deal=1), autoplay=False)
        # Taking the last legal move each time runs this deal into the ground in 73 moves.
        while session.status.value == "playing" and session.moves_made < 400:
            session.play(session.state.legal_moves()[-1])
        assert session.status.value == "lost"
        assert store.get(session.record_id).result == "lost"
        assert store.stats()[0]["played"] == 1
        session.undo()
        saved = store.get(session.record_id)
        assert (saved.result, saved.ended) == ("playing", None)
        assert store.stats()[0]["played"] == 0


def test_no_games_no_rows(db_path):
    with Store.open(db_path) as store:
        assert store.stats() == []
