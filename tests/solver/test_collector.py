"""Searches run with Python's cyclic garbage collector paused (solve's
``collector_paused``): sound only because a search makes no reference cycles,
and harmless only if the collector comes back as it was."""

from __future__ import annotations

import gc
import subprocess
import sys
import threading

import pytest

import napoleon
from napoleon.solver import collector_paused, core, solve


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@pytest.mark.parametrize(("game_id", "deal", "strategy", "engine", "cap"), [
    ("st-helena", 20008, "staged", "auto", 300_000),   # redeal planning: State objects kept in Python
    ("forty-thieves", 3, "beam", "auto", 300_000),
    # The portfolio's first step (best first) gives up at the cap, the second (depth first) wins
    # with a line of 184 moves, which is shortened to 142: every step of solve (deal 2 took the
    # same steps at 300,000 positions and a 1,285-move line, 7 s).
    ("werner", 116, "auto", "auto", 50_000),
    ("napoleons-tomb", 5, "auto", "python", 5_000),  # the pure-Python search and its table (146 redeals)
])
def test_a_search_leaves_no_reference_cycles_behind(game_id, deal, strategy, engine, cap):
    if engine != "python" and not core.available:
        pytest.skip("needs the compiled core")
    # In a process of its own: another test's threads (a Dask cluster's event loop lives on after
    # it) make garbage of their own while this search runs.
    script = f"""
import gc
import napoleon
from napoleon.solver import solve
state = napoleon.new_game({game_id!r}, deal={deal})
solve(state, max_states=1, strategy={strategy!r}, engine={engine!r})  # the modules it imports lazily: not its cycles
gc.collect()
solve(state, max_states={cap}, strategy={strategy!r}, engine={engine!r})
print(gc.collect())
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    # With the collector paused, cycles made during the search would all be
    # waiting here; reference counting freed everything else.
    assert done.stdout.split() == ["0"]


def test_the_collector_is_paused_during_a_search_and_back_after(collector_on):
    seen = []
    solve(napoleon.new_game("napoleons-tomb", deal=1), max_states=2_000,
          progress=lambda states: seen.append(gc.isenabled()))
    assert seen and not any(seen)
    assert gc.isenabled()


def test_a_collector_switched_off_by_the_caller_stays_off(collector_on):
    gc.disable()
    solve(napoleon.new_game("werner", deal=1), max_states=1_000)
    assert not gc.isenabled()


def test_overlapping_pauses_in_threads_switch_it_back_on_once_all_end(collector_on):
    first_in, second_in, first_out = threading.Event(), threading.Event(), threading.Event()
    states = {}

    def first():
        with collector_paused():
            first_in.set()
            second_in.wait(5)
        states["after first"] = gc.isenabled()
        first_out.set()

    def second():
        first_in.wait(5)
        with collector_paused():
            second_in.set()
            first_out.wait(5)
            states["second, after first ended"] = gc.isenabled()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    assert states == {"after first": False, "second, after first ended": False}
    assert gc.isenabled()
