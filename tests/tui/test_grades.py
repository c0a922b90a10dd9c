"""The terminal UI's new-deal choices: any deal, a winnable one, one of a chosen grade,
the deal of the day; the header shows the deal's grade; the store keeps it with the game."""

from __future__ import annotations

import datetime

import pytest

from napoleon.grading import GRADES, daily_deal, grade, shipped, shipped_grade
from napoleon.interfaces.tui.newdeal import NewDealScreen
from napoleon.store import Store

from .conftest import make_app

pytestmark = pytest.mark.anyio


async def test_a_winnable_deal_of_each_grade(tmp_path):
    app = make_app("werner", 8, use_store=True)
    async with app.run_test() as pilot:
        for key, wanted in zip("1234", GRADES, strict=True):
            await pilot.press("n")
            assert isinstance(app.screen, NewDealScreen)
            await pilot.press(key)
            await pilot.pause()
            deal = app.state.deal
            assert grade(app.game, deal).grade == wanted and app.session.grade == wanted
            assert f"deal {deal} ({wanted})" in app.info.text.plain
        record = app.session.record_id
    with Store.open(tmp_path / "napoleon.db") as store:
        assert store.get(record).grade == "expert"


async def test_winnable_any_daily_and_cancel():
    app = make_app("forty-thieves", 3)
    async with app.run_test() as pilot:
        await pilot.press("n", "w")
        await pilot.pause()
        assert app.session.grade in GRADES and grade(app.game, app.state.deal).grade == app.session.grade
        await pilot.press("n", "t")
        await pilot.pause()
        today = daily_deal(app.game, datetime.datetime.now(datetime.UTC).date())
        assert (app.state.deal, app.session.grade) == (today.deal, today.grade)
        before = app.state.deal
        await pilot.press("n", "escape")
        await pilot.pause()
        assert app.state.deal == before and not isinstance(app.screen, NewDealScreen)
        await pilot.press("n", "enter")  # any deal: a random one, graded only once known
        await pilot.pause()
        first, letters = shipped(app.game)
        assert app.state.deal != before
        assert app.session.grade is None or first <= app.state.deal < first + len(letters)


async def test_a_game_in_progress_asks_before_the_choices():
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test() as pilot:
        app.session.play_text("T3-F1")
        await pilot.press("n")
        assert not isinstance(app.screen, NewDealScreen)  # "leave deal 1?" first
        await pilot.press("y")
        assert isinstance(app.screen, NewDealScreen)
        await pilot.click("#new-hard")
        await pilot.pause()
        assert app.session.grade == "hard" and app.state.history == []


async def test_statistics_per_grade():
    from napoleon.interfaces.tui.screens import StatsScreen

    # Werner deal 8 (graded lost) has no legal move left after these five moves.
    app = make_app("werner", 8, autoplay=False, use_store=True, analysis=True)
    async with app.run_test() as pilot:
        assert app.session.grade == "lost" and "deal 8 (lost)" in app.info.text.plain
        for text in ["T6-F1", "T3-T8", "C2-T7", "T2-C2", "T1-T6"]:
            app.session.play_text(text)
        await pilot.pause()
        app.action_stats()
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        rows = [(r["grade"], r["played"], r["won"]) for r in app.screen.by_grade]
        assert rows == [("lost", 1, 0)]
        assert app.screen.query_one("#stats-by-grade").display  # the table is shown


async def test_a_deal_beyond_the_shipped_grades_is_graded_in_a_worker(tmp_path, monkeypatch):
    """The header shows the grade of a deal the shipped file does not hold, once a worker process of the
    solver service has graded it; the store keeps it; the worker ends with the app."""
    import asyncio
    import os

    import napoleon.grading
    from napoleon import get_game

    werner = get_game("werner")
    first, letters = shipped(werner)
    deal = first + len(letters) + 2  # beyond the shipped range (Werner 1003: graded in a few thousand positions)
    expected = grade(werner, deal).grade

    def not_here(*args, **kwargs):
        raise AssertionError("graded in the app's own process: the screen would wait on it")

    monkeypatch.setattr(napoleon.grading, "grade", not_here)
    app = make_app("werner", deal, use_store=True, analysis=True, budgets=(0.2,))
    async with app.run_test() as pilot:
        assert shipped_grade(werner, deal) is None  # nothing to look up: only a search knows it
        for _ in range(600):  # until the worker answers (it usually takes well under a second)
            if app.session.grade is not None:
                break
            await asyncio.sleep(0.05)
        await pilot.pause()
        assert app.session.grade == expected
        assert f"deal {deal} ({expected})" in app.info.text.plain
        workers = app.analysis.pids()
        assert workers
        record = app.session.record_id
    for pid in workers:  # the app closed its solver service: no worker is left behind
        for _ in range(100):
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                break
            await asyncio.sleep(0.05)
        else:
            raise AssertionError(f"worker {pid} outlived the app")
    with Store.open(tmp_path / "napoleon.db") as store:
        assert store.get(record).grade == expected


async def test_no_grading_without_the_analysis():
    """With the analysis off (snapshots, tests), a deal beyond the shipped grades stays ungraded: no worker."""
    app = make_app("werner", 1003)
    async with app.run_test() as pilot:
        await pilot.pause()
        assert app.session.grade is None and app.analysis.pids() == []
