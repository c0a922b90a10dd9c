"""Give-ups count, untouched deals do not, help is counted apart, statistics can be reset."""

from __future__ import annotations

import io
import itertools
import json
import time

import pytest

from napoleon import get_game, new_game
from napoleon.interfaces.cli import main
from napoleon.session import Session
from napoleon.store import Store, schema
from napoleon.store.transfer import export_game, import_file


def win(store, solution, deal=1, help_kind=None, clock=time.monotonic):
    """A recorded session of Werner deal 1 played to the win, with help of ``help_kind`` first."""
    session = Session.recorded(store, new_game("werner", deal=deal), autoplay=False, clock=clock)
    if help_kind:
        session.mark_assisted(help_kind)
    for text in solution:
        session.play_text(text)
    assert session.status.value == "won"
    return session


def test_a_game_left_after_a_move_is_played_and_lost(db_path, werner1_solution):
    with Store.open(db_path) as store:
        win(store, werner1_solution)
        win(store, werner1_solution)
        left = Session.recorded(store, new_game("werner", deal=4), autoplay=False)
        left.play(left.state.legal_moves()[0])
        left.leave()  # a new deal, another game or quit
        assert store.get(left.record_id).result == "abandoned"
        (row,) = store.stats()
    assert (row["played"], row["won"], row["abandoned"], row["unfinished"]) == (3, 2, 1, 0)
    assert (row["win_pct"], row["current_streak"], row["longest_streak"]) == (66.7, 0, 2)


def test_a_deal_opened_and_left_untouched_counts_as_nothing(db_path):
    with Store.open(db_path) as store:
        opened = Session.recorded(store, new_game("werner", deal=5), autoplay=False)  # e.g. a deal link opened
        Session.recorded(store, new_game("forty-thieves", deal=6), autoplay=False).leave()
        assert store.stats() == []
        assert store.games() == [] and store.unfinished() == []
        opened.leave()
        assert store.get(opened.record_id).result == "playing"  # nothing happened to count
        assert store.stats() == []
    assert main(["history", "--json"]) == 0


def test_leaving_a_finished_game_keeps_its_result(db_path, werner1_solution):
    with Store.open(db_path) as store:
        session = win(store, werner1_solution)
        session.leave()
        assert store.get(session.record_id).result == "won"
        assert store.stats()[0]["won"] == 1


def test_a_left_game_can_be_resumed_by_its_id(db_path):
    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=9), autoplay=False)
        session.play_text("S-W")
        session.leave()
        again = Session.resume(store, session.record_id, autoplay=False)
        assert again.notation_history() == ["S-W"]
        again.play_text("S-W")
        saved = store.get(session.record_id)
        assert (saved.result, saved.ended) == ("playing", None)
        assert store.stats()[0]["unfinished"] == 1


@pytest.mark.parametrize("kind", ["hint", "solution"])
def test_a_win_with_help_is_not_a_win(db_path, werner1_solution, kind):
    with Store.open(db_path) as store:
        win(store, werner1_solution)
        helped = win(store, werner1_solution, help_kind=kind)
        assert helped.assisted
        saved = store.get(helped.record_id)
        assert saved.result == "won" and saved.assisted
        assert (saved.hints, saved.solution) == ((1, False) if kind == "hint" else (0, True))
        (row,) = store.stats()
    assert (row["played"], row["won"], row["assisted"], row["assisted_won"]) == (2, 1, 1, 1)
    assert (row["win_pct"], row["current_streak"], row["longest_streak"]) == (50.0, 0, 1)


def test_help_after_the_win_does_not_take_the_win_away(db_path, werner1_solution):
    with Store.open(db_path) as store:
        session = win(store, werner1_solution)
        session.mark_assisted("solution")
        assert not store.get(session.record_id).assisted
        assert store.stats()[0]["won"] == 1


def test_help_counts_are_kept_on_resume_and_shown_in_the_history(db_path, capsys):
    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=9), autoplay=False)
        session.play_text("S-W")
        session.mark_assisted("hint")
        session.mark_assisted("hint")
        resumed = Session.resume(store, session.record_id, autoplay=False)
        assert (resumed.hints, resumed.solution_used) == (2, False)
        with pytest.raises(ValueError):
            resumed.mark_assisted("luck")
    assert main(["history", "--json"]) == 0
    (row,) = json.loads(capsys.readouterr().out)
    assert (row["hints"], row["solution"], row["assisted"]) == (2, False, True)
    assert main(["history"]) == 0
    assert "2 hints" in capsys.readouterr().out


def test_help_travels_in_an_exported_game(db_path, tmp_path, werner1_solution):
    with Store.open(db_path) as store:
        # A player's clock, a second a look: an import refuses a win faster than its turns.
        helped = win(store, werner1_solution, help_kind="solution", clock=itertools.count(0, 1.0).__next__)
        plain = win(store, werner1_solution, clock=itertools.count(0, 1.0).__next__)
        export_game(store, helped.record_id, tmp_path / "helped.json")
        export_game(store, plain.record_id, tmp_path / "plain.json")
    assert "solution" not in json.loads((tmp_path / "plain.json").read_text())  # unchanged format without help
    with Store.open(tmp_path / "other.db") as other:
        [new_id], _, _ = import_file(other, tmp_path / "helped.json")
        assert other.get(new_id).solution and other.stats()[0]["won"] == 0


def test_reset_stats_keeps_the_games_and_what_is_unfinished(db_path, werner1_solution):
    with Store.open(db_path) as store:
        win(store, werner1_solution)
        going = Session.recorded(store, new_game("werner", deal=4), autoplay=False)
        going.play(going.state.legal_moves()[0])
        ft = Session.recorded(store, new_game("forty-thieves", deal=9), autoplay=False)
        ft.play_text("S-W")
        ft.leave()
        store.db.execute("INSERT INTO study (game, options, deal, budget, verdict, moves, states, seconds, solution,"
                         " solved) VALUES ('werner', '{}', 7, 2.0, 'won', 3, 99, 0.5, 'a b c', 't')")
        assert store.reset_stats("werner") == 1  # only werner's finished game
        by_game = {r["game"]: r for r in store.stats()}
        assert (by_game["werner"]["played"], by_game["werner"]["won"], by_game["werner"]["unfinished"]) == (0, 0, 1)
        assert by_game["forty-thieves"]["played"] == 1
        assert store.reset_stats() == 1
        assert [r["played"] for r in store.stats()] == [0]
        assert len(store.games()) == 3  # the history keeps every game
        assert store.db.execute("SELECT count(*) FROM study").fetchone() == (1,)
        # The unfinished game still counts once it ends.
        going.leave()
        assert store.stats()[0]["played"] == 1


def stdin(monkeypatch, text):
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_stats_reset_asks_first(db_path, monkeypatch, capsys, werner1_solution):
    with Store.open(db_path) as store:
        win(store, werner1_solution)
    stdin(monkeypatch, "n\n")
    assert main(["stats", "--reset"]) == 0
    assert "nothing was reset" in capsys.readouterr().out
    stdin(monkeypatch, "")
    assert main(["stats", "--reset"]) == 2
    assert "--yes" in capsys.readouterr().err
    with Store.open(db_path) as store:
        assert store.stats()[0]["won"] == 1
    stdin(monkeypatch, "y\n")
    assert main(["stats", "--reset"]) == 0
    assert "1 game no longer counts" in capsys.readouterr().out
    with Store.open(db_path) as store:
        assert store.stats() == [] and len(store.games()) == 1
        win(store, werner1_solution)
    stdin(monkeypatch, "")  # --yes never reads
    assert main(["stats", "werner", "--reset", "--yes"]) == 0
    with Store.open(db_path) as store:
        assert store.stats() == [] and len(store.games()) == 2
    assert main(["stats", "--yes"]) == 2


def test_upgrade_from_v4_keeps_every_game_counted_without_help(old_database, won_werner_row):
    path = old_database(4, won_werner_row)
    with Store.open(path) as store:
        assert store.version == schema.VERSION == 11
        saved = store.get(1)
        assert (saved.hints, saved.solution, saved.counted, saved.won_elapsed) == (0, False, True, 12.0)
        (row,) = store.stats()
        assert (row["played"], row["won"], row["best_time"]) == (1, 1, 12.0)
        # A game of the upgraded database takes help like a new one.
        store.mark_assisted(1, "hint")
        assert store.get(1).hints == 0  # it was won before: the win stands


def test_mark_assisted_refuses_unknown_help_and_games(db_path):
    from napoleon.store import StoreError

    with Store.open(db_path) as store:
        rid = store.insert(get_game("werner"), 3, moves=["T3-F1"])
        with pytest.raises(StoreError, match="not 'luck'"):
            store.mark_assisted(rid, "luck")
        with pytest.raises(StoreError, match="no game #99"):
            store.mark_assisted(99, "hint")
        store.mark_assisted(rid, "hint")
        assert store.get(rid).hints == 1
