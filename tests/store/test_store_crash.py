"""A game survives its process being killed: every saved move is there to resume."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from napoleon.session import Session
from napoleon.store import Store

CHILD = Path(__file__).with_name("recorder_child.py")


def test_kill_9_mid_game_loses_no_saved_move(db_path, werner1_solution):
    moves = werner1_solution[:60]
    proc = subprocess.Popen([sys.executable, str(CHILD), "play", str(db_path), json.dumps(moves), "0.01"],
                            stdout=subprocess.PIPE, text=True)
    try:
        record = int(proc.stdout.readline().split()[1])
        seen = 0
        while seen < 25:
            line = proc.stdout.readline()
            assert line.startswith("saved"), line
            seen = int(line.split()[1])
        os.kill(proc.pid, signal.SIGKILL)
    finally:
        proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL

    with Store.open(db_path) as store:
        saved = store.get(record)
        # Every move reported saved is there; at most the move in flight is more.
        assert saved.moves[:seen] == moves[:seen]
        assert seen <= len(saved.moves) <= seen + 1
        assert saved.result == "playing"
        assert [g.id for g in store.unfinished()] == [record]
        session = Session.resume(store, record, autoplay=False)
        assert session.notation_history() == saved.moves
        nxt = moves[len(saved.moves)]
        session.play_text(nxt)
    with Store.open(db_path) as store:
        assert store.get(record).moves == moves[: len(saved.moves) + 1]
