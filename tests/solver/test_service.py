"""The one solver service: worker processes, lanes, and the solutions it knows.

The process tests start real programs (the terminal game headless, and
``napoleon serve``) in subprocesses, because what they check is what happens
to worker processes when their parent is killed or started in a strange
folder.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.request
from pathlib import Path

import pytest
from processes import alive, children, env, linux_only, wait_until

from napoleon import new_game
from napoleon.solver import replays_to_win
from napoleon.solver.service import Answer, SolutionCache, SolverService, Verdict, WorkerPool

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------- verdict


def with_service(run) -> None:
    """``await run(service)`` on a fresh :class:`SolverService`, closed after (its workers stopped)."""
    async def main():
        service = SolverService()
        try:
            await run(service)
        finally:
            service.close()

    asyncio.run(main())


def test_the_verdict_is_one_type():
    from napoleon.solver import solve

    result = solve(new_game("werner", 1), max_states=100_000)
    assert result.verdict is Verdict.WON and result.verdict == "won"
    assert json.dumps({"v": result.verdict}) == '{"v": "won"}' and f"{result.verdict}" == "won"


# --------------------------------------------------------- known solutions


def test_a_solution_is_known_along_its_line_and_followed_back_onto_it():
    from napoleon.solver import solve

    state = new_game("werner", 1)
    moves = solve(state, max_states=100_000).moves
    cache = SolutionCache()
    cache.put_solution(state, moves)
    # On the line: its rest.
    on = state.copy()
    for m in moves[:5]:
        on.push(m)
    assert list(cache.get(on).moves) == moves[5:]
    # Off the line by a move that can be taken back: led back onto it.
    for i in range(5, len(moves)):
        detour = reversible_move(on, avoid=moves[i])
        if detour is not None:
            break
        on.push(moves[i])
    assert detour is not None
    off = on.copy()
    off.push(detour)
    assert cache.get(off) is None
    answer = cache.follow(off)
    assert answer is not None and answer.source == "followed" and replays_to_win(off, list(answer.moves))
    assert cache.get(off) is not None  # and filed for the next hint


def reversible_move(state, avoid):
    """A legal move other than ``avoid`` after which one move leads back to ``state``."""
    for move in state.legal_moves():
        if move == avoid or move.is_redeal:
            continue
        there = state.copy()
        there.push(move)
        for back in there.legal_moves():
            again = there.copy()
            again.push(back)
            if again.key() == state.key():
                return move
    return None


def test_hint_answers_from_what_is_known_without_a_search():
    async def run(service):
        state = new_game("werner", 1)
        first = await service.solve(state, max_states=100_000)
        assert first.won and first.source == "search" and service.searches == 1
        state.play(first.moves[0])
        hint = await service.hint(state, max_states=1)
        assert hint.won and hint.source == "known" and list(hint.moves) == list(first.moves[1:])
        assert service.searches == 1

    with_service(run)


def test_a_hint_with_no_solution_known_suggests_a_move():
    """Forty Thieves deal 20010, no solution known within 30 s: a hint of 5,000
    positions ends unknown and carries a suggestion, a legal move from a
    search of its own; a won or lost answer carries none."""
    async def run(service):
        state = new_game("forty-thieves", 20010)
        hint = await service.hint(state, max_states=5_000)
        assert hint.verdict is Verdict.UNKNOWN and hint.suggestion is not None
        assert state.is_legal(hint.suggestion.move) and hint.suggestion.states <= 5_000 + 4096
        won = await service.hint(new_game("werner", 1), max_states=100_000)
        assert won.won and won.suggestion is None

    with_service(run)


def test_no_second_search_where_a_longer_one_found_nothing():
    """A position the background verdict searched 30 s without a verdict: a
    hint of 5 s runs no search of its own, only the suggestion's."""
    async def run(service):
        state = new_game("forty-thieves", 20010)
        service.remember(state, Answer(Verdict.UNKNOWN, spent=30.0))
        hint = await service.hint(state, budget=5.0)
        assert service.searches == 0 and hint.verdict is Verdict.UNKNOWN
        assert hint.suggestion is not None and state.is_legal(hint.suggestion.move)
        # A hint longer than what was searched searches.
        other = new_game("forty-thieves", 20011)
        service.remember(other, Answer(Verdict.UNKNOWN, spent=0.1))
        await service.hint(other, budget=0.3)
        assert service.searches == 1

    with_service(run)


def test_a_suggestion_that_wins_is_a_solution_not_a_guess():
    """Forty Thieves deal 7, its verdict searched without an end (as the page's quick hint may
    leave it): the suggestion's short search goes all the way home, so the hint is won with that
    line as its solution, kept for the next ask, and no guess."""
    async def run(service):
        state = new_game("forty-thieves", 7)
        service.remember(state, Answer(Verdict.UNKNOWN, spent=30.0))
        hint = await service.hint(state, budget=5.0)
        assert hint.won and hint.suggestion is None and replays_to_win(state, list(hint.moves))
        assert service.known(state).won and service.searches == 0

    with_service(run)


# Werner deal 1: winnable after these 11 moves, proven lost after a 12th (T1-C3).
LOSING = ["T7-T6", "T3-F1", "C2-T6", "T2-C2", "C3-F2", "T6-C3", "T5-F1", "C3-T6", "T3-C3", "T4-T3", "C3-F2", "T1-C3"]


def test_the_last_winnable_position_is_found_along_the_game():
    async def run(service):
        state = new_game("werner", 1)
        for text in LOSING:
            state.play(state.parse_move(text))
        assert await service.last_winnable(state, max_states=50_000) == 11
        searched = service.searches
        assert searched >= 1
        # Known now (the solution found is filed along its positions): no search the second time.
        assert await service.last_winnable(state, max_states=1) == 11
        assert service.searches == searched
        # Nothing found within the positions looked back through.
        assert await service.last_winnable(state, max_states=50_000, look_back=0) is None
        # A walk nobody wants any more (the game moved on) ends after the position it searched.
        state.play(state.legal_moves()[0])  # one move past the lost position: lost too
        fresh = SolverService()
        try:
            assert await fresh.last_winnable(state, max_states=50_000, stop=lambda: True) is None
            assert fresh.searches == 1
            assert await fresh.last_winnable(state, max_states=50_000) == 11  # wanted: it walks on
        finally:
            fresh.close()

    with_service(run)


def test_a_start_known_winnable_bounds_the_walk_back_but_a_later_position_is_still_found():
    async def run():
        state = new_game("werner", 1)
        for text in LOSING:
            state.play(state.parse_move(text))
        service = SolverService()
        try:
            # The game's record says its first 3 moves were proven winnable (the verdict at move 3,
            # before a reload): the last winnable position is still the one after 11.
            assert await service.last_winnable(state, max_states=50_000, known=3) == 11
        finally:
            service.close()
        fresh = SolverService()
        try:
            # Known just before the lost position: no search at all.
            assert await fresh.last_winnable(state, max_states=50_000, known=11) == 11
            assert fresh.searches == 0
            # The walk goes no further back than the start known winnable.
            state.play(state.legal_moves()[0])
            state.play(state.legal_moves()[0])
            assert await fresh.last_winnable(state, max_states=1, known=11) == 11
        finally:
            fresh.close()

    asyncio.run(run())


def test_a_dropped_job_stops_its_worker_and_the_next_job_runs():
    pool = WorkerPool(1)
    try:
        slow = pool.submit(time.sleep, 120)
        assert wait_until(lambda: pool.pids() != [], 30)
        pid = pool.pids()[0]
        time.sleep(0.3)
        pool.drop(slow)
        quick = pool.submit(sum, [1, 2, 3])
        assert quick.future.result(timeout=60) == 6
        assert wait_until(lambda: not alive(pid), 10)
        assert slow.future.cancelled() or slow.future.exception() is not None
    finally:
        pool.close()
    assert pool.pids() == []


def test_a_job_that_raises_fails_that_job_only():
    pool = WorkerPool(1)
    try:
        bad = pool.submit(int, "not a number")
        with pytest.raises(Exception, match="ValueError"):
            bad.future.result(timeout=60)
        assert pool.submit(len, "four").future.result(timeout=60) == 4
    finally:
        pool.close()


def test_lost_and_unknown_answers_are_filed():
    cache = SolutionCache()
    state = new_game("werner", 12)
    cache.put(state, Answer(Verdict.UNKNOWN, spent=1.5))
    assert cache.get(state).verdict is Verdict.UNKNOWN and cache.get(state).spent == 1.5
    cache.put(state, Answer(Verdict.LOST, complete=True))
    assert cache.get(state).verdict is Verdict.LOST
    cache.put(state, Answer(Verdict.UNKNOWN, spent=30.0))  # less than a proof never replaces it
    assert cache.get(state).verdict is Verdict.LOST


# --------------------------------------------------------------- processes

TUI_SCRIPT = """
import asyncio, os, sys
from napoleon.interfaces.tui import NapoleonApp

async def main():
    app = NapoleonApp({game!r}, {deal}, analysis=True, use_store=False, budgets=({budget},))
    async with app.run_test() as pilot:
        for _ in range(1200):
            if {wait_for}:
                break
            await pilot.pause(0.05)
        print("VERDICT", app.answer.verdict if app.answer else None, flush=True)
        print("WORKERS", *app.analysis.pids(), flush=True)
        if {hang}:
            await asyncio.sleep(600)

asyncio.run(main())
"""


def tui_script(tmp_path: Path, **kw) -> Path:
    folder = tmp_path / "scripts"
    folder.mkdir(exist_ok=True)
    script = folder / "tui.py"
    script.write_text(textwrap.dedent(TUI_SCRIPT.format(**kw)))
    return script


def test_workers_do_not_depend_on_the_current_folder(tmp_path):
    """A folder named ``napoleon`` where the program starts
    (the parent folder of a clone, say) must not stand in for the package."""
    here = tmp_path / "x"
    (here / "napoleon" / "solver").mkdir(parents=True)
    (here / "napoleon" / "__init__.py").write_text("raise ImportError('the wrong napoleon')\n")
    script = tui_script(tmp_path, game="werner", deal=1, budget=30.0, hang=False,
                        wait_for="app.answer is not None and not app.searching")
    out = subprocess.run([sys.executable, str(script)], check=False, cwd=here, env=env(), capture_output=True, text=True,
                         timeout=180)
    assert "VERDICT won" in out.stdout, out.stdout + out.stderr


@linux_only
def test_killing_the_terminal_game_ends_its_workers(tmp_path):
    """kill -9 of the terminal game (mid-search) leaves no solver worker behind."""
    script = tui_script(tmp_path, game="forty-thieves", deal=2, budget=300.0, hang=True,
                        wait_for="app.searching and app.analysis.pids()")
    proc = subprocess.Popen([sys.executable, str(script)], env=env(), stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, text=True)
    try:
        workers: list[int] = []
        for line in proc.stdout:
            if line.startswith("WORKERS"):
                workers = [int(p) for p in line.split()[1:]]
                break
        assert workers and all(alive(p) for p in workers)
    finally:
        proc.kill()
        proc.wait()
    assert wait_until(lambda: not any(alive(p) for p in workers), 20), workers


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def page_token(base: str) -> str:
    """The token the server gives its own page (every request that changes something carries it)."""
    with urllib.request.urlopen(base + "/api/token", timeout=10) as r:
        return json.loads(r.read())["token"]


def post(url: str, body: dict) -> dict:
    req = urllib.request.Request(url, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json",
                                          "X-Napoleon-Token": page_token(url.split("/api/")[0])})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def start_server(tmp_path: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "napoleon", "serve", "--port", str(port),
                             "--db", str(tmp_path / "serve.db")],
                            env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"

    def up() -> bool:
        try:
            urllib.request.urlopen(base + "/api/catalog", timeout=2).close()
            return True
        except OSError:
            return False

    assert wait_until(up, 60), "the server did not start"
    return proc, base


@linux_only
def test_killing_the_server_ends_its_workers(tmp_path):
    """kill -9 of ``napoleon serve`` while a search runs leaves no solver worker behind."""
    proc, base = start_server(tmp_path)
    try:
        gid = post(base + "/api/games", {"game": "forty-thieves", "deal": 2})["id"]
        import threading

        threading.Thread(target=lambda: _quiet(post, f"{base}/api/games/{gid}/solve", {"budget": 100}),
                         daemon=True).start()
        assert wait_until(lambda: children(proc.pid) != [], 30)
        workers = children(proc.pid)
    finally:
        proc.kill()
        proc.wait()
    assert wait_until(lambda: not any(alive(p) for p in workers), 20), workers


def _quiet(fn, *args) -> None:
    try:
        fn(*args)
    except OSError:
        pass


@linux_only
def test_stopping_the_server_warns_of_nothing(tmp_path):
    """Ctrl-C on ``napoleon serve`` after solving leaks no semaphore."""
    proc, base = start_server(tmp_path)
    try:
        gid = post(base + "/api/games", {"game": "werner", "deal": 1})["id"]
        hint = urllib.request.Request(f"{base}/api/games/{gid}/hint", headers={"X-Napoleon-Token": page_token(base)})
        with urllib.request.urlopen(hint, timeout=120) as r:
            assert json.loads(r.read())["verdict"] == "won"
        workers = children(proc.pid)
        assert workers
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
    assert "leaked" not in err and "Traceback" not in err, err
    assert not any(alive(p) for p in workers)
