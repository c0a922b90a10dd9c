"""Line mode and the terminal play the game through the one Session: its clock, what it records.

A game taken up again with ``napoleon resume`` is timed from the player's
first action of any kind: undo, redo and Finish start the clock as a move
does (a game won that way once recorded a best time of 0:00), on a clock the
test moves by hand. Line mode otherwise runs through a pipe, as a player's
shell runs it.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from napoleon.store import Store
from tests.saved_games import near_the_end


def test_resume_undo_redo_and_finish_in_line_mode_start_the_clock(db_path, werner1_solution):
    from napoleon.interfaces.lineplay import play_lines
    from napoleon.session import Session
    from tests.fake_clock import FakeClock

    clock = FakeClock()

    class Player:
        """Types the lines one by one, thinking 1.25 s after the undo."""

        def __init__(self, lines: list[str]) -> None:
            self.lines = lines

        def readline(self) -> str:
            line = self.lines.pop(0) if self.lines else ""
            if line == "r\n":
                clock.wait(1.25)
            return line

    with Store.open(db_path) as store:
        rid = near_the_end(store, werner1_solution)
        session = Session.resume(store, rid, autoplay=False, clock=clock)
        out = io.StringIO()
        play_lines(session, Player(["u\n", "r\n", "finish\n", "q\n"]), out)
        text = out.getvalue()
        assert "Undone: " in text and "Redone: " in text and "Finished: " in text and "You won deal 1" in text
        saved = store.get(rid)
        assert saved.result == "won" and saved.elapsed == 1.25
        (row,) = [r for r in store.stats("werner")]
        assert row["best_time"] == 1.25


@pytest.mark.parametrize("args, head", [
    (["--winnable", "--grade", "easy"], "is winnable, grade easy"),
    (["--daily", "--date", "2026-01-01"], "deal of the day 2026-01-01: deal "),
])
def test_play_takes_a_graded_deal_as_deal_does(db_path, args, head):
    proc = subprocess.run([sys.executable, "-m", "napoleon", "play", "werner", *args, "--plain"],
                          input="T1-F\nauto\nq\n", capture_output=True, text=True, timeout=120,
                          env={**os.environ, "NAPOLEON_DB": str(db_path)})
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert head in first
    deal = int(first.split("deal ")[-1].split()[0].rstrip(":,"))
    with Store.open(db_path) as store:
        games = store.games()
    # The record, begun at the first action, keeps the deal's grade for the statistics by grade.
    assert all(g.deal == deal and g.grade is not None for g in games)


def test_play_refuses_a_grade_without_winnable(db_path):
    proc = subprocess.run([sys.executable, "-m", "napoleon", "play", "werner", "--grade", "easy", "--plain"],
                          input="q\n", capture_output=True, text=True, timeout=60,
                          env={**os.environ, "NAPOLEON_DB": str(db_path)})
    assert proc.returncode == 2 and "--grade goes with --winnable" in proc.stderr
