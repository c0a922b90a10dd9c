"""Graded deals in the page (issue 14): the grade in the status line, a winnable deal of a chosen
grade, the deal of the day, and the statistics per grade. Chromium through Playwright."""

from __future__ import annotations

import datetime

import pytest

import napoleon
from napoleon.grading import daily_deal, grade

from .conftest import SHOTS
from .test_browser import wait_ready

pytestmark = pytest.mark.browser

WERNER = napoleon.get_game("werner")
LOSING = ["T6-F1", "T3-T8", "C2-T7", "T2-C2", "T1-T6"]  # Werner deal 8 has no legal move left after these


def deal_of(page):
    return int(page.get_attribute("#board", "data-deal"))


def test_grades_in_the_page(server, page):
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    shipped = grade(WERNER, 1).grade
    page.wait_for_selector(f"#grade-badge[data-grade='{shipped}']")
    assert page.inner_text("#grade-badge") == f"grade: {shipped}"

    # A winnable deal of a chosen grade.
    page.select_option("#grade-select", "hard")
    page.click("#winnable-deal")
    page.wait_for_selector("#board[data-ready='1']:not([data-deal='1'])", state="attached", timeout=30000)
    page.wait_for_selector("#grade-badge[data-grade='hard']")
    assert grade(WERNER, deal_of(page)).grade == "hard"
    page.screenshot(path=str(SHOTS / "grades-toolbar.png"))

    # The deal of the day (today in UTC, as the server counts it).
    page.click("#daily-deal")
    today = daily_deal(WERNER, datetime.datetime.now(datetime.timezone.utc).date())
    page.wait_for_selector(f"#board[data-ready='1'][data-deal='{today.deal}']", state="attached", timeout=30000)
    page.wait_for_selector(f"#grade-badge[data-grade='{today.grade}']")


def test_statistics_per_grade(server, page):
    page.goto(f"{server}/#werner/8")
    wait_ready(page, "werner", 0)
    page.wait_for_selector("#grade-badge[data-grade='lost']")
    status = page.evaluate("""async (moves) => {
        const id = JSON.parse(localStorage.getItem("napoleon.game:#werner/8"));
        let last = null;
        for (const notation of moves) {
            const r = await fetch(`/api/games/${id}/moves`, {method: "POST",
                headers: {"Content-Type": "application/json"}, body: JSON.stringify({notation, autoplay: false})});
            last = await r.json();
        }
        return last.status;
    }""", LOSING)
    assert status == "lost"
    page.goto(f"{server}/#stats")
    page.wait_for_selector("#stats-by-grade")
    rows = [r.split("\t") for r in page.inner_text("#stats-by-grade tbody").splitlines()]
    assert any(r[1:] == ["lost", "1", "0", "–"] for r in rows), rows
