"""Depth-first search in pieces: a checkpoint file carries a search from one run to the next (csrc/dfs.c).

The claim is that the runs together are the one run: the same positions in
the same order, so the same count, the same verdict and, for a win, the same
line. These tests hold pieces of every size to one uninterrupted search, with
exact keys and with fingerprints, across a one-pass stock (Forty Thieves) and
across redeals (St. Helena, whose redeals are taken back from snapshots the
checkpoint must rebuild); and they hold a checkpoint that is not this
search's, or is cut short, to a clear error that leaves the file as it was.
"""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from napoleon import new_game
from napoleon.interfaces.cli import main
from napoleon.solver import LOST, UNKNOWN, WON, core, replays_to_win, solve
from napoleon.solver.core import CheckpointError

pytestmark = pytest.mark.skipif(not core.available, reason="checkpoints are the compiled core's")

CHECK_EVERY = 4096
"""The search looks at its limits every this many positions (dfs.c), so a piece ends on a multiple of it."""


def in_pieces(state, path, piece: int, **settings):
    """Run the search to its end, ``piece`` positions at a time: the last result and the number of runs."""
    cap, runs = piece, 0
    while True:
        result = core.search(state, mode="dfs", max_states=cap, checkpoint=path, **settings)
        runs += 1
        if result.verdict != UNKNOWN:
            return result, runs
        assert path.exists(), "a search stopped short must leave its checkpoint"
        assert result.states >= cap
        cap += piece


@pytest.mark.parametrize("fingerprints", [False, True], ids=["exact", "fingerprints"])
def test_a_loss_in_pieces_visits_exactly_the_positions_of_one_run(tmp_path, fingerprints):
    # Forty Thieves on seven ranks and six columns: lost, 276,146 positions by macro moves, the stock
    # turned on the way (the full game's smallest losses take millions).
    state = new_game("forty-thieves", 16, {"ranks": 7, "columns": 6})
    one = core.search(state, mode="dfs", fingerprints=fingerprints)
    assert one.verdict == LOST
    path = tmp_path / "deal16.ck"
    result, runs = in_pieces(state, path, 17 * CHECK_EVERY, fingerprints=fingerprints)
    assert (result.verdict, result.states) == (LOST, one.states)
    assert runs > 2
    assert not path.exists(), "a search that ended must remove its checkpoint"


@pytest.mark.parametrize(("deal", "piece"), [(35, 3 * CHECK_EVERY), (30, 11 * CHECK_EVERY)])
def test_a_win_across_redeals_in_pieces_is_the_same_line_as_one_run(tmp_path, deal, piece):
    # St. Helena on eight ranks: depth-first search wins these deals after
    # 0.15-0.3 M positions, redeals on the way, so the pieces stop and
    # resume with redeals on the path to be made again.
    state = new_game("st-helena", deal, {"ranks": 8})
    one = core.search(state, mode="dfs")
    assert one.verdict == WON and one.states > 10 * CHECK_EVERY
    assert sum(m.src < 0 for m in one.moves) == 2, "the winning line takes both redeals"
    result, runs = in_pieces(state, tmp_path / "w.ck", piece)
    assert runs > 3
    assert (result.verdict, result.states) == (WON, one.states)
    assert result.moves == one.moves
    assert replays_to_win(state, result.moves)


def test_a_piece_that_stops_short_counts_on_from_the_last(tmp_path):
    state = new_game("forty-thieves", 1)
    path = tmp_path / "deal1.ck"
    first = core.search(state, mode="dfs", fingerprints=True, max_states=20 * CHECK_EVERY, checkpoint=path)
    second = core.search(state, mode="dfs", fingerprints=True, max_states=50 * CHECK_EVERY, checkpoint=path)
    straight = core.search(state, mode="dfs", fingerprints=True, max_states=50 * CHECK_EVERY)
    assert first.verdict == second.verdict == UNKNOWN
    assert first.states == 20 * CHECK_EVERY
    assert second.states == straight.states == 50 * CHECK_EVERY


def test_a_checkpoint_of_another_search_is_refused_and_kept(tmp_path):
    path = tmp_path / "deal1.ck"
    deal1 = new_game("forty-thieves", 1)
    core.search(deal1, mode="dfs", max_states=CHECK_EVERY, checkpoint=path)
    before = path.read_bytes()
    others = [
        (new_game("forty-thieves", 3), {}),                       # another position
        (deal1, {"fingerprints": True}),                          # another table of positions
        (deal1, {"deadends": True}),                              # another set of positions visited
        (deal1, {"macros": False}),
    ]
    for state, settings in others:
        with pytest.raises(CheckpointError, match="another search"):
            core.search(state, mode="dfs", max_states=2 * CHECK_EVERY, checkpoint=path, **settings)
        assert path.read_bytes() == before


def flipped(data: bytes, at: int) -> bytes:
    return data[:at] + bytes([data[at] ^ 1]) + data[at + 1:]


@pytest.mark.parametrize("damage", ["cut", "garbage", "empty", "a move changed"])
def test_a_damaged_checkpoint_is_refused_and_kept(tmp_path, damage):
    state = new_game("forty-thieves", 1)
    path = tmp_path / "deal1.ck"
    core.search(state, mode="dfs", max_states=2 * CHECK_EVERY, checkpoint=path)
    data = path.read_bytes()
    # The file: 8 bytes of magic, 6 numbers of 8 bytes, the 32-byte tag, then the path's moves.
    data = {"cut": data[: len(data) // 2], "garbage": b"x" * 4000, "empty": b"",
            "a move changed": flipped(data, 8 + 48 + 32 + 4)}[damage]
    path.write_bytes(data)
    with pytest.raises(CheckpointError, match=str(path)):
        core.search(state, mode="dfs", max_states=4 * CHECK_EVERY, checkpoint=path)
    assert path.read_bytes() == data


def test_only_depth_first_search_keeps_a_checkpoint(tmp_path):
    state = new_game("forty-thieves", 1)
    with pytest.raises(ValueError, match="depth-first"):
        core.search(state, mode="best", max_states=10, checkpoint=tmp_path / "x")
    with pytest.raises(ValueError, match="depth-first"):
        solve(state, max_states=10, checkpoint=tmp_path / "x")
    assert not (tmp_path / "x").exists()


def test_a_checkpoint_in_a_missing_folder_is_a_clear_error(tmp_path):
    state = new_game("forty-thieves", 1)
    with pytest.raises(CheckpointError, match="No such file or directory"):
        core.search(state, mode="dfs", max_states=CHECK_EVERY, checkpoint=tmp_path / "no" / "such.ck")


def test_the_solve_command_runs_a_search_in_pieces(tmp_path, capsys, monkeypatch):
    # The loss of the reduced deal above (276,146 positions), given as a position on standard input:
    # the command line takes the reduced deck only there.
    def position(deal: int) -> None:
        text = json.dumps(new_game("forty-thieves", deal, {"ranks": 7, "columns": 6}).to_json())
        monkeypatch.setattr("sys.stdin", io.StringIO(text))

    path = tmp_path / "deal16.ck"
    args = ["solve", "--strategy", "dfs", "--fingerprints", "--checkpoint", str(path)]
    position(16)
    assert main([*args, "--max-states", "100000"]) == 0
    out = capsys.readouterr().out
    assert "unknown" in out and f"kept in {path}" in out and path.exists()
    position(16)
    assert main([*args, "--json", "--budget", "600"]) == 0  # the default 30 s may not do on a busy machine
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "lost" and answer["fingerprints"] is True
    assert not path.exists()
    # Another deal's search will not take it up: exit 2, one line, the file kept.
    position(16)
    assert main([*args, "--max-states", "8192"]) == 0
    kept = path.read_bytes()
    position(17)
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "another search" in err[0]
    assert path.read_bytes() == kept
    assert main(["solve", "forty-thieves", "-d", "2", "--checkpoint", str(path)]) == 2
    assert "--strategy dfs" in capsys.readouterr().err


def cpu_seconds(pid: int) -> float:
    """The processor time process ``pid`` has used (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process's time from /proc")
def test_an_interrupted_search_keeps_what_it_did(tmp_path):
    # Ctrl-C (SIGINT) in the middle of a long search: the process ends as an
    # interrupted one does, and the checkpoint holds the search so far.
    path = tmp_path / "deal1.ck"
    cmd = [sys.executable, "-m", "napoleon", "solve", "forty-thieves", "-d", "1", "--strategy", "dfs",
           "--fingerprints", "--checkpoint", str(path), "--budget", "60"]
    # Ctrl-C as at a terminal: a suite started in the background (nohup, `&`) hands its processes
    # SIGINT ignored, and Python then leaves it ignored.
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "NAPOLEON_MEMORY": "1G"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    # Interrupted once it has searched a while: its imports and a search of one position take
    # 0.5-0.8 s of processor time (an interrupt there is not this test's); at 1.5 s it has searched
    # some 400,000 positions (at 3 s, 800,000: the same fact for twice the processor time).
    deadline = time.monotonic() + 60
    while cpu_seconds(proc.pid) < 1.5 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert f"kept in {path}" in err
    assert path.exists()
    resumed = core.search(new_game("forty-thieves", 1), mode="dfs", fingerprints=True, max_states=CHECK_EVERY,
                          checkpoint=path)
    assert resumed.verdict == UNKNOWN and resumed.states > CHECK_EVERY
