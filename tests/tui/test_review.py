"""The terminal's review of a game (Textual's pilot): from the end-of-game dialog and from the past games."""

from __future__ import annotations

import asyncio
import re

import pytest

from napoleon import voice
from napoleon.interfaces.tui import review as review_module
from napoleon.interfaces.tui.review import PastGamesScreen, ReviewScreen
from napoleon.interfaces.tui.screens import EndScreen
from napoleon.store import Store
from tests.analysis.test_review import DEAL, FOLLOWED, GAME

from .conftest import make_app
from .test_solver import wait_for

pytestmark = pytest.mark.anyio


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


async def review_last_game(pilot, app) -> ReviewScreen:
    """Open the past games (``p``) and review the most recent one: the screen once its review is done."""
    await pilot.press("p")
    await wait_for(pilot, lambda: isinstance(app.screen, PastGamesScreen))
    assert text_of(app.screen, "Label") == voice.PAST_GAMES_TITLE
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.review is not None and screen.review.done, 60)
    return screen


async def review_lost_game(pilot, app, done: bool = True) -> ReviewScreen:
    """Play Werner deal 15 to its loss as a player would, and open its review from the end-of-game
    dialog: the review screen once its review is done (``done``), else once it has begun."""
    for text in GAME:
        app.play(app.state.parse_move(text))
    await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
    await pilot.press("v")
    await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
    screen = app.screen
    await wait_for(pilot, lambda: screen.review is not None and (screen.review.done or not done), 60)
    return screen


async def test_review_from_the_end_of_game_dialog_names_move_19_and_steps_through_the_line():
    app = make_app("werner", DEAL, autoplay=False, use_store=True)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await review_lost_game(pilot, app)
        summary = text_of(screen, "#review-summary")
        # In cards, as the table shows them, never in notation.
        assert "Move 19 lost the game: you moved the 8♠ from column 1 to the empty cell 3, instead of " in summary
        assert not re.search(r"\b[TCF]\d-", summary)
        assert re.search(r"^52 ┤", summary, re.M) and re.search(r"^ 0 └─+$", summary, re.M)
        assert re.search(r"^ +✓+✗+$", summary, re.M)
        assert re.search(r"19 ✗ lost +Moved the 8♠ from column 1 to the empty cell 3 <- lost the game",
                         text_of(screen, "#review-move-list"))
        line = text_of(screen, "#review-line")
        assert line.startswith("Before move 19: the next move of the line is to ")
        assert "column 1: " in line and "♠" in line and not re.search(r"\b[2-9TJQKA][SHDC]\b", line)
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
            screen = await review_last_game(pilot, app)  # the one stored above
            assert screen.record_id == record
            assert "The deal as dealt could be won" in text_of(screen, "#review-summary")
            stored = screen.review.stored
            await pilot.press("escape")
        assert stored  # the second look came from the store


async def test_the_help_taken_is_one_line_with_each_help_one_key_away():
    from napoleon import get_game
    from napoleon.store.reviews import mark_help

    with Store.open() as store:
        record = store.insert(get_game("werner"), DEAL, moves=FOLLOWED[:6], result="abandoned")
        for at in range(6):
            mark_help(store, record, at, "hint")
        mark_help(store, record, 5, "undo")
    app = make_app("werner", 1, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await review_last_game(pilot, app)
        assert "Help taken: 6 hints, 1 undo." in text_of(screen, "#review-summary")
        assert not screen.query_one("#review-help").display
        await pilot.press("d")
        assert screen.query_one("#review-help").display
        assert text_of(screen, "#review-help").splitlines()[:2] == ["Hint at move 0", "Hint at move 1"]


async def test_a_finish_is_said_in_the_help_line_of_the_review(werner1_solution):
    app = make_app("werner", 1, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for text in werner1_solution:
            if app.session.finish_offer():
                break
            app.play(app.state.parse_move(text))
        at = len(app.state.history)
        await pilot.press("F")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        await wait_for(pilot, lambda: screen.review is not None and screen.review.done, 60)
        assert f"Help taken: Finish at move {at}." in text_of(screen, "#review-summary")


async def test_play_from_here_puts_the_position_before_the_losing_move_on_the_table_as_a_game_with_help():
    app = make_app("werner", DEAL, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await review_lost_game(pilot, app)
        reviewed = app.session.record_id
        line = list(screen.review.line)
        assert "p play from here" in text_of(screen, "#review-keys")
        await pilot.press("p")
        await wait_for(pilot, lambda: not isinstance(app.screen, ReviewScreen))
        session = app.session
        assert session.record_id != reviewed and session.notation_history() == FOLLOWED
        assert app.board.state is session.state and not session.finished
        assert str(app.message).strip() == voice.played_from_here(19, len(line))
        # The line's first move is legal on the table, and the game counts as played with help.
        app.play(app.state.parse_move(line[0]))
        store = app.recorder.store
        assert store.get(session.record_id).solution and store.get(session.record_id).moves == [*FOLLOWED, line[0]]
        assert store.get(reviewed).moves == GAME  # the reviewed game is left as it was


async def test_play_from_here_without_a_losing_move_says_so_and_stays():
    from napoleon import get_game

    with Store.open() as store:
        store.insert(get_game("werner"), DEAL, moves=FOLLOWED[:4], result="abandoned")
    app = make_app("werner", 1, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await review_last_game(pilot, app)
        await pilot.press("p")
        assert app.screen is screen and text_of(screen, "#review-keys") == voice.REVIEW_NO_LINE


async def test_the_review_title_is_the_voices(monkeypatch):
    from napoleon import get_game

    with Store.open() as store:
        record = store.insert(get_game("werner"), DEAL, moves=FOLLOWED[:4], result="abandoned")
    monkeypatch.setattr(voice, "review_heading", lambda record_id, *rest: f"HEADING {record_id} {len(rest)}")
    monkeypatch.setattr(voice, "review_how", lambda *args: "HOW")
    app = make_app("werner", 1, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await review_last_game(pilot, app)
        assert text_of(screen, "#review-title") == f"HEADING {record} 4 · HOW"


async def test_a_review_closed_early_goes_on_and_is_kept_in_the_store():
    from napoleon.analysis.stored import stored_review

    app = make_app("werner", DEAL, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await review_lost_game(pilot, app, done=False)
        record = app.session.record_id
        store = app.recorder.store
        assert not screen.review.done
        await pilot.press("escape")  # closed at once: the review goes on without its screen
        assert not isinstance(app.screen, ReviewScreen)
        await wait_for(pilot, lambda: stored_review(store, record) is not None, 120)
        assert stored_review(store, record).losing_move == 19
        await wait_for(pilot, lambda: str(app.message).strip() == voice.review_kept(record))
        # Opened again, it is the one kept.
        await pilot.press("v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        again = app.screen
        await wait_for(pilot, lambda: again.review is not None and again.review.done, 30)
        assert again.review.stored and again.review.losing_move == 19


async def test_a_review_opened_again_while_at_work_shows_the_one_at_work(monkeypatch):
    # The review is held at work after its last step until the test lets it go, so that the
    # screen is opened again while it is at work however fast the machine is.
    release = asyncio.Event()
    real = review_module.review_record

    async def held(*args, **kwargs):
        review = await real(*args, **kwargs)
        await release.wait()
        return review

    monkeypatch.setattr(review_module, "review_record", held)
    app = make_app("werner", DEAL, autoplay=False, use_store=True)
    async with app.run_test(size=(100, 30)) as pilot:
        first = await review_lost_game(pilot, app, done=False)
        await pilot.press("escape", "v")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen) and app.screen is not first)
        second = app.screen
        await wait_for(pilot, lambda: second.review is not None and second.review.done, 120)
        assert not second.review.stored and second.review.losing_move == 19  # the same work, not begun again
        assert app.reviews._running
        release.set()
        # Kept in the store when it ends: then no longer at work.
        await wait_for(pilot, lambda: not app.reviews.latest and not app.reviews._running, 30)
