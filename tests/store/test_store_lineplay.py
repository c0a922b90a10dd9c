"""Line-mode play through the store: every command's effect saved, resumable."""

from __future__ import annotations

import io

import pytest

from napoleon import new_game
from napoleon.interfaces.cli import main
from napoleon.interfaces.recorded_lineplay import play_recorded
from napoleon.session import Session
from napoleon.store import Store


def test_moves_and_undo_are_saved(db_path):
    with Store.open(db_path) as store:
        state = new_game("forty-thieves", deal=5)
        out = io.StringIO()
        rid = play_recorded(store, state, inp=io.StringIO("S-W\nS-W\nS-W\nu\nS-W\nq\n"), out=out)
        saved = store.get(rid)
    assert saved.moves == ["S-W", "S-W", "S-W"]
    assert saved.turns == [1, 1, 1]
    assert saved.result == "abandoned"  # quit (q) after moves: played and not won
    assert "Undone: the 5♣ back onto the stock" in out.getvalue()


def test_no_move_no_record(db_path):
    with Store.open(db_path) as store:
        assert play_recorded(store, new_game("werner", deal=2), inp=io.StringIO("board\nq\n"),
                             out=io.StringIO()) is None
        assert store.games() == []


def test_each_line_is_saved_before_the_next_is_read(db_path):
    """What the store holds while the player is thinking: everything up to now."""
    seen = []

    class Probe(io.StringIO):
        def readline(self):
            with Store.open(db_path) as other:
                games = other.games()
                seen.append(games[0].moves if games else [])
            return super().readline()

    with Store.open(db_path) as store:
        play_recorded(store, new_game("forty-thieves", deal=5), inp=Probe("S-W\nS-W\nq\n"), out=io.StringIO())
    assert seen == [[], ["S-W"], ["S-W", "S-W"]]


def test_resume_plain_from_the_cli(db_path, monkeypatch, capsys):
    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=9), autoplay=False)
        session.play_text("S-W")
        rid = session.record_id
        # A later game, finished: resume without an id takes the last unfinished one.
        store.insert(session.game, 10, result="lost", ended="2099-01-01T00:00:00+00:00")
    monkeypatch.setattr("sys.stdin", io.StringIO("S-W\nq\n"))
    assert main(["resume", "--plain"]) == 0
    assert f"resuming game #{rid}" in capsys.readouterr().out
    with Store.open(db_path) as store:
        assert store.get(rid).moves == ["S-W", "S-W"]
    assert main(["resume", "2", "--plain"]) == 2
    assert "only an unfinished game can be resumed" in capsys.readouterr().err


def test_resume_with_nothing_to_resume(db_path, capsys):
    assert main(["resume", "--plain"]) == 2
    assert "no unfinished game" in capsys.readouterr().err


def test_abandon_counts_as_played(db_path, capsys):
    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("werner", deal=4), autoplay=False)
        session.play(session.state.legal_moves()[0])
        rid = session.record_id
    assert main(["abandon", str(rid)]) == 0
    assert main(["abandon", str(rid)]) == 2
    assert "abandoned, not unfinished" in capsys.readouterr().err
    with Store.open(db_path) as store:
        (row,) = store.stats()
        assert (row["played"], row["abandoned"], row["won"], row["unfinished"]) == (1, 1, 0, 0)
        assert store.unfinished() == []


def test_stats_and_history_commands(db_path, capsys):
    import json

    with Store.open(db_path) as store:
        from napoleon import get_game

        store.insert(get_game("werner"), 11, moves=["T3-F1"], result="won", ended="2026-01-01T10:00:00+00:00",
                     won_elapsed=95.0, won_moves=1)
        store.insert(get_game("forty-thieves", {"redeals": "1"}), 12, moves=["S-W"])
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert "werner" in text and "100.0" in text and "1:35" in text
    assert main(["stats", "werner", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["stats"]
    assert [(r["game"], r["won"], r["best_time"]) for r in rows] == [("werner", 1, 95.0)]
    assert main(["history", "--json"]) == 0
    hist = json.loads(capsys.readouterr().out)
    assert [(h["deal"], h["result"]) for h in hist] == [(12, "playing"), (11, "won")]
    assert main(["history"]) == 0
    text = capsys.readouterr().out
    assert "forty-thieves redeals=1" in text and "resume" in text
    assert main(["stats", "klondike"]) == 2


def test_play_plain_is_recorded(db_path, monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("S-W\nS-W\nq\n"))
    assert main(["play", "forty-thieves", "--deal", "21", "--plain"]) == 0
    assert "resume it with: napoleon resume 1" in capsys.readouterr().out
    with Store.open(db_path) as store:
        (saved,) = store.games()
    assert (saved.game, saved.deal, saved.moves) == ("forty-thieves", 21, ["S-W", "S-W"])
    assert saved.result == "abandoned"


def test_play_plain_without_a_usable_store_still_plays(tmp_path, monkeypatch, capsys):
    bad = tmp_path / "bad.db"
    bad.write_bytes(b"not a database at all")
    monkeypatch.setenv("NAPOLEON_DB", str(bad))
    monkeypatch.setattr("sys.stdin", io.StringIO("S-W\nq\n"))
    assert main(["play", "forty-thieves", "--deal", "21", "--plain"]) == 0
    captured = capsys.readouterr()
    assert "will not be recorded" in captured.err and "Turned the 9♥ from the stock onto the waste" in captured.out
    assert bad.read_bytes() == b"not a database at all"


def test_resume_hands_the_session_to_the_terminal_ui(db_path, monkeypatch):
    tui = __import__("pytest").importorskip("napoleon.interfaces.tui")
    from napoleon.interfaces.store_commands import tui_runner

    shown = []
    monkeypatch.setattr(tui.NapoleonApp, "run", lambda self, *a, **k: shown.append(self.session))
    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=9), autoplay=False)
        session.play_text("S-W")
        resumed = Session.resume(store, session.record_id)
        tui_runner()(resumed)
    assert shown == [resumed]
    assert shown[0].notation_history() == ["S-W"] and shown[0].recorder is not None


def test_the_end_of_the_input_puts_the_game_aside_unfinished(db_path):
    with Store.open(db_path) as store:
        rid = play_recorded(store, new_game("forty-thieves", deal=5), inp=io.StringIO("S-W\nS-W\n"),
                            out=io.StringIO())
        assert store.get(rid).result == "playing"
        assert [g.id for g in store.unfinished()] == [rid]


def test_a_game_quit_in_line_mode_is_resumed_by_default(db_path, capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("S-W\nq\n"))
    assert main(["play", "forty-thieves", "--deal", "21", "--plain"]) == 0
    assert "left after 1 move: it counts as played and lost" in capsys.readouterr().out
    with Store.open(db_path) as store:
        assert store.stats()[0]["abandoned"] == 1
    monkeypatch.setattr("sys.stdin", io.StringIO("S-W\n"))
    assert main(["resume", "--plain"]) == 0
    with Store.open(db_path) as store:
        (saved,) = store.games()
        assert (saved.moves, saved.result) == (["S-W", "S-W"], "playing")


def test_a_hint_in_line_mode_marks_the_game(db_path):
    with Store.open(db_path) as store:
        out = io.StringIO()
        rid = play_recorded(store, new_game("werner", deal=1), inp=io.StringIO("hint\nT3-F1\nh\nq\n"), out=out)
        assert out.getvalue().count("Hint: move the ") == 2
        saved = store.get(rid)
        assert (saved.hints, saved.assisted) == (2, True)
        rid2 = play_recorded(store, new_game("werner", deal=1), inp=io.StringIO("T3-F1\nq\n"), out=io.StringIO())
        assert not store.get(rid2).assisted


def test_a_guess_in_line_mode_is_said_to_be_one_and_marks_the_game(db_path):
    """Forty Thieves deal 20010: no solution within a line-mode hint (given
    0.3 s here: it has none within the default 5 s either), which still names
    a move, as a guess."""
    with Store.open(db_path) as store:
        out = io.StringIO()
        rid = play_recorded(store, new_game("forty-thieves", deal=20010), inp=io.StringIO("h\nS-W\nq\n"), out=out,
                            hint_budget=0.3)
        (line,) = [x for x in out.getvalue().splitlines() if "Guess: " in x]
        assert "(no solution known" in line
        assert store.get(rid).hints == 1


def test_a_finish_in_line_mode_is_kept_for_the_review(db_path, werner1_solution):
    from napoleon.store.reviews import help_marks

    probe = Session(new_game("werner", deal=1), autoplay=False)
    played = []
    for text in werner1_solution:
        if probe.finish_offer():
            break
        probe.play_text(text)
        played.append(text)
    with Store.open(db_path) as store:
        rid = play_recorded(store, new_game("werner", deal=1), inp=io.StringIO("\n".join([*played, "finish"]) + "\n"),
                            out=io.StringIO())
        assert store.get(rid).result == "won"
        assert help_marks(store, rid) == [{"at": len(played), "kind": "finish"}]


def test_an_undo_and_its_help_mark_are_saved_in_one_transaction(db_path):
    # The review's undo mark is written with the line it took back: one transaction a request
    # (the browser's store pays for each), and never the one without the other.
    from napoleon.store.reviews import help_marks

    with Store.open(db_path) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        session.play_text("S-W")
        session.play_text("S-W")
        begun = []
        store.db.set_trace_callback(lambda sql: begun.append(sql) if sql.startswith("BEGIN") else None)
        assert session.undo()
        store.db.set_trace_callback(None)
        assert len(begun) == 1
        assert store.get(session.record_id).moves == ["S-W"]
        assert help_marks(store, session.record_id) == [{"at": 1, "kind": "undo"}]


def test_a_hints_seconds_are_the_players_to_choose(db_path, monkeypatch, capsys):
    import napoleon.analysis
    from napoleon.analysis import HINT_BUDGET, ask_hint

    asked = []

    def hint(state, budget, **kwargs):
        asked.append(budget)
        return ask_hint(state, budget=0.05, **kwargs)

    monkeypatch.setattr(napoleon.analysis, "ask_hint", hint)
    monkeypatch.setattr("sys.stdin", io.StringIO("h\nS-W\nq\n"))
    assert main(["play", "forty-thieves", "--deal", "21", "--plain", "--hint-seconds", "0.3"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("h\n"))
    assert main(["resume", "--plain", "--hint-seconds", "2"]) == 0
    monkeypatch.setattr("sys.stdin", io.StringIO("h\n"))
    assert main(["resume", "--plain"]) == 0  # line mode's own when none is given
    assert asked == [0.3, 2.0, HINT_BUDGET]
    # the terminal's app is handed it as well
    tui = pytest.importorskip("napoleon.interfaces.tui")
    from napoleon.interfaces.store_commands import tui_runner

    budgets = []
    monkeypatch.setattr(tui.NapoleonApp, "run", lambda self, *a, **k: budgets.append(self.hint_budget))
    with Store.open(db_path) as store:
        (saved,) = store.unfinished()
        tui_runner(0.7)(Session.resume(store, saved.id))
    assert budgets == [0.7]
    capsys.readouterr()
    for bad in ("0", "-1", "nan", "soon"):
        with pytest.raises(SystemExit) as stopped:
            main(["play", "werner", "--deal", "1", "--plain", "--hint-seconds", bad])
        assert stopped.value.code == 2
        assert "--hint-seconds must be a number of seconds above 0" in capsys.readouterr().err
