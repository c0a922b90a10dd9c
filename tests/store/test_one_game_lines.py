"""Line mode and the terminal play the game through the one Session: its clock, what it records.

A game taken up again with ``napoleon resume`` is timed from the player's
first action of any kind: undo, redo and Finish start the clock as a move
does (a game won that way once recorded a best time of 0:00). Line mode
runs through a pipe, as a player's shell runs it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from napoleon.store import Store
from tests.saved_games import near_the_end


def test_resume_undo_redo_and_finish_in_line_mode_start_the_clock(db_path, werner1_solution):
    with Store.open(db_path) as store:
        rid = near_the_end(store, werner1_solution)
    proc = subprocess.Popen([sys.executable, "-m", "napoleon", "resume", str(rid), "--plain"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "NAPOLEON_DB": str(db_path)})
    proc.stdin.write("u\n")
    proc.stdin.flush()
    seen = ""
    while "Undone: " not in seen:  # the undo is done: the player thinks a while
        line = proc.stdout.readline()
        assert line, seen
        seen += line
    time.sleep(1.3)
    out, _ = proc.communicate("r\nfinish\nq\n", timeout=60)
    assert proc.returncode == 0
    assert "Redone: " in out and "Finished: " in out and "You won deal 1" in out
    with Store.open(db_path) as store:
        saved = store.get(rid)
        assert saved.result == "won" and saved.elapsed >= 1.0
        (row,) = [r for r in store.stats("werner")]
        assert row["best_time"] >= 1.0


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
