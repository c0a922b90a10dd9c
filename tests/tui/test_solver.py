"""The solver behind the UI: hint, show the solution, the background verdict."""

from __future__ import annotations

import time

import pytest

from napoleon import new_game
from napoleon.interfaces.tui.analysis import Analyst, SolverPool
from napoleon.interfaces.tui.screens import EndScreen

from .conftest import assert_board_matches, make_app

pytestmark = pytest.mark.anyio


async def wait_for(pilot, condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await pilot.pause(0.05)


async def test_solution_played_out_ends_in_the_win_screen():
    app = make_app("werner", 1, analysis=True, step_delay=0.01)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.verdict is not None and app.verdict["verdict"] == "won")
        assert "✓ winnable" in app.info.text.plain
        await pilot.press("s")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        assert app.state.is_won and app.screen.won
        assert "won" in app.info.text.plain
        # The end screen offers the next deal.
        await pilot.press("enter")
        await pilot.pause()
        assert app.state.deal == 2 and app.state.history == []
        assert_board_matches(app)


async def test_hint_marks_the_move_and_can_be_played():
    app = make_app("werner", 1, analysis=False)
    async with app.run_test() as pilot:
        await pilot.press("h")
        await wait_for(pilot, lambda: app.hint_move is not None)
        move = app.hint_move
        assert "hint:" in app.status_line.text.plain
        assert app.board.marks.hint == (move.src, move.dst)
        assert app.state.is_legal(move)


async def test_stopping_the_solution_and_stale_verdicts():
    app = make_app("werner", 1, analysis=True, step_delay=0.2)
    async with app.run_test() as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: len(app.state.history) >= 1)
        await pilot.press("escape")
        played = len(app.state.history)
        await pilot.pause(0.5)
        assert len(app.state.history) == played and app.playback is None
        # A verdict computed for an older position is never shown for this one.
        generation = app.generation
        await pilot.press("u")
        assert app.generation == generation + 1
        await wait_for(pilot, lambda: app.verdict is not None and not app.searching)
        assert app.verdict["verdict"] in ("won", "unknown")


async def test_the_screen_answers_keys_while_the_solver_searches():
    app = make_app("forty-thieves", 2, analysis=True, budgets=(60.0,))
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.searching)
        start_cursor = app.cursor
        t0 = time.monotonic()
        await pilot.press("right")
        await pilot.press("h")
        assert time.monotonic() - t0 < 5.0  # not the search budget of 60 s
        assert app.cursor != start_cursor
        assert "thinking" in app.status_line.text.plain
        assert "searching" in app.info.text.plain or "solver …" in app.info.text.plain


def test_a_stale_search_is_stopped_for_the_new_one():
    """A long search that goes stale must not delay the next position's answer."""
    pool = SolverPool()
    try:
        slow = pool.submit(new_game("forty-thieves", 2).to_json(), 60.0)
        time.sleep(0.3)  # let it start
        t0 = time.monotonic()
        quick = pool.submit(new_game("werner", 1).to_json(), 5.0)
        result = quick.result(timeout=30)
        assert result["verdict"] == "won"
        assert time.monotonic() - t0 < 15
        assert slow.cancelled() or slow.done()
    finally:
        pool.close()


def test_analyst_remembers_verdicts_by_position():
    analyst = Analyst(budgets=(0.5,))
    analyst.remember(("k",), {"verdict": "won", "moves": ["T1-F1"], "budget": 0.5})
    assert analyst.known(("k",))["moves"] == ["T1-F1"]
    assert analyst.known(("other",)) is None
    analyst.close()


async def test_games_are_recorded_in_the_store(tmp_path):
    store_mod = pytest.importorskip("napoleon.store")
    app = make_app("werner", 1, use_store=True, autoplay=False)
    async with app.run_test() as pilot:
        assert app.recorder is not None
        await pilot.press("colon", *"T3-F", "enter")
        await pilot.pause()
        await pilot.press("q")
    store = store_mod.Store.open()
    try:
        saved = store.unfinished("werner")
        assert saved and saved[0].deal == 1 and saved[0].moves == ["T3-F1"]
    finally:
        store.close()
