"""Graded deals in the page: the grade in the status line, a winnable deal of a chosen
grade, the deal of the day, and the statistics per grade. Chromium through Playwright."""

from __future__ import annotations

import datetime

import pytest

import napoleon
from napoleon.grading import daily_deal, grade

from .conftest import keep_shot
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
    keep_shot(page, "grades-toolbar.png")

    # The deal of the day (today in UTC, as the server counts it).
    page.click("#daily-deal")
    today = daily_deal(WERNER, datetime.datetime.now(datetime.UTC).date())
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


def table_texts(page, selector):
    """A table's header cells and its rows' cells, as text."""
    return page.evaluate("""(sel) => {
        const t = document.querySelector(sel);
        return {head: [...t.tHead.rows[0].cells].map(c => c.textContent),
                heads_scoped: [...t.tHead.rows[0].cells].every(c => c.tagName === 'TH' && c.scope === 'col'),
                rows: [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent))};
    }""", selector)


def test_statistics_tables_name_games_with_their_options(server, page):
    """The three tables of the statistics page: their headers, and a game with options named with them."""
    square = napoleon.get_game("napoleons-square", {"single": True})
    page.goto(f"{server}/#werner/1")
    wait_ready(page, "werner", 0)
    # A game of Napoleon's Square with one card moved at a time, given up after one move: played, lost.
    status = page.evaluate("""async () => {
        const post = (url, body) => fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                                 body: JSON.stringify(body)});
        const g = await (await post("/api/games", {game: "napoleons-square", options: {single: true},
                                                    deal: 3, autoplay: false})).json();
        await post(`/api/games/${g.id}/moves`, {notation: g.legal[0].notation, autoplay: false});
        return (await post(`/api/games/${g.id}/leave`, {})).status;
    }""")
    assert status == 200
    page.goto(f"{server}/#stats")
    page.wait_for_selector("#stats-by-grade")
    label = f"{square.name} (single=true)"
    stats = table_texts(page, "#stats-body table.stats")
    assert stats["heads_scoped"] and stats["head"][:3] == ["Game", "Played", "Won"]
    assert [label, "1", "0", "0", "1"] == next(r for r in stats["rows"] if r[0] == label)[:5]
    by_grade = table_texts(page, "#stats-by-grade")
    assert by_grade["heads_scoped"] and by_grade["head"] == ["Game", "Grade", "Played", "Won", "Best time"]
    assert [label, grade(square, 3).grade, "1", "0", "–"] in by_grade["rows"]
    history = table_texts(page, "#history-body table")
    assert history["heads_scoped"] and history["head"] == ["When", "Game", "Deal", "Result", "Moves", "Time", "Review",
                                                           "File", "Note"]
    assert any(r[1] == square.name and r[2] == "3" and r[3] == "given up" for r in history["rows"])
