"""The terminal's review of a game (Textual's pilot): from the end-of-game dialog and from the past games."""

from __future__ import annotations

import re

import pytest

from napoleon.interfaces.tui.review import PastGamesScreen, ReviewScreen
from napoleon.interfaces.tui.screens import EndScreen
from napoleon.store import Store
from tests.analysis.test_review import DEAL, FOLLOWED, GAME

from .conftest import make_app
from .test_solver import wait_for

pytestmark = pytest.mark.anyio


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def test_review_from_the_end_of_game_dialog_names_move_19_and_steps_through_the_line():
    app = make_app("werner", DEAL, autoplay=False, use_store=True)
    async with app.run_test(size=(120, 40)) as pilot:
        for text in GAME:
            app.play(app.state.parse_move(text))
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.review is not None and screen.review.done, 60)
        summary = text_of(screen, "#review-summary")
        assert "Move 19 lost the game: move the 8♠ from column 1 to the empty cell 3" in summary
        assert "Cards home  ▁" in summary and "Line home " in summary
        assert re.search(r"Verdicts +✓+✗+$", summary, re.M)
        assert "19 T1-C3" in text_of(screen, "#review-move-list")
        assert text_of(screen, "#review-line").startswith("Before move 19: the line's first move is to ")
        await pilot.press("right", "right", "left")
        assert text_of(screen, "#review-line").startswith(f"Line move 1 of {len(screen.review.line)}: ")
        assert not screen.query_one("#review-progress").display
        await pilot.press("escape")
        assert not isinstance(app.screen, ReviewScreen)


async def test_review_from_the_past_games_is_read_from_the_store_the_second_time(tmp_path):
    with Store.open() as store:
        from napoleon import get_game

        record = store.insert(get_game("werner"), DEAL, moves=FOLLOWED[:4], result="abandoned")
    app = make_app("werner", 1, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(2):
            await pilot.press("p")
            await wait_for(pilot, lambda: isinstance(app.screen, PastGamesScreen))
            await pilot.press("enter")  # the most recent game: the one stored above
            await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
            screen = app.screen
            await wait_for(pilot, lambda: screen.review is not None and screen.review.done, 60)
            assert screen.record_id == record
            assert "The deal as dealt: winnable" in text_of(screen, "#review-summary")
            stored = screen.review.stored
            await pilot.press("escape")
        assert stored  # the second look came from the store
