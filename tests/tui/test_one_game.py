"""The terminal plays the game the page and line mode play, and says it the same way.

Each test stands for a fault players met: undo that said only "undone",
refusals in notation, a leave question that did not say the game counts as
lost, an untouched deal counted as moves made, "(unknown)" beside
"✓ winnable", a status line cut at 100 columns, and a solution shown whose
"any key goes back" let x do nothing and Space pick up a card.
"""

from __future__ import annotations

import pytest

from napoleon import voice
from napoleon.interfaces.tui.screens import ConfirmScreen
from napoleon.keymap import KEYS

from .conftest import make_app
from .test_solver import wait_for

pytestmark = pytest.mark.anyio


async def type_move(pilot, text: str) -> None:
    await pilot.press("colon", *text, "enter")
    await pilot.pause()


async def test_undo_and_redo_name_the_move():
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await type_move(pilot, "T3-F1")
        assert app.status_line.text.plain.strip() == "Moved the A♣ from column 3 to foundation 1"
        await pilot.press("u")
        assert app.status_line.text.plain.strip() == "Undone: the A♣ back from foundation 1 to column 3"
        await pilot.press("r")
        assert app.status_line.text.plain.strip() == "Redone: moved the A♣ from column 3 to foundation 1"
        await pilot.press("R")  # restart, as on the page
        assert app.status_line.text.plain.strip() == voice.restarted(1)
        assert app.state.history == []


async def test_leaving_a_game_under_way_says_it_counts_as_lost():
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await type_move(pilot, "T3-F1")
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "counts as played and lost" in app.screen.question
        assert app.screen.question == app.session.leave_question()


async def test_an_untouched_deal_shows_no_moves_made():
    """Forty Thieves deal 4 opens with an Ace on top of a column: auto-play sends it home, and that is
    not a move of the player's."""
    app = make_app("forty-thieves", 4, autoplay=True)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert app.session.opening > 0
        assert "moves 0 · 0:00" in app.info.text.plain
        assert not app.session.clock_running


async def test_an_unknown_grade_is_not_said_beside_the_verdict():
    app = make_app("werner", 1, grade="unknown")
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert app.session.grade == "unknown"
        assert "(unknown)" not in app.info.text.plain
    easy = make_app("werner", 1, grade="easy")
    async with easy.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        assert "deal 1 (easy)" in easy.info.text.plain


@pytest.mark.parametrize("width", [60, 100, 110])
async def test_a_long_message_wraps_and_is_never_cut(width):
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test(size=(width, 30)) as pilot:
        await type_move(pilot, "T1-T2")
        sentence = "the 8♣ does not go on the 10♥: the tableau builds down in alternating colours"
        assert app.status_line.text.plain.strip() == sentence
        shown = " ".join(" ".join(app.status_line.render_line(y).text for y in range(app.status_line.size.height))
                         .split())
        assert sentence in shown


async def test_after_the_solution_any_key_goes_back_and_does_nothing_else():
    app = make_app("werner", 1, analysis=True, step_delay=0.01)
    async with app.run_test(size=(120, 30)) as pilot:
        await wait_for(pilot, lambda: app.answer is not None and app.answer.verdict == "won")
        await pilot.press("s")
        await wait_for(pilot, lambda: app.playback is not None and app.playback.done)
        assert "any key goes back" in app.status_line.text.plain
        await pilot.press("x")  # a key with no action of its own
        assert app.playback is None and app.board.state is app.state
        assert app.status_line.text.plain.strip() == voice.BACK_TO_GAME
        await pilot.press("s")
        await wait_for(pilot, lambda: app.playback is not None and app.playback.done)
        await pilot.press("space")  # back to the game, and no card picked up
        assert app.playback is None and app.held is None


def test_the_terminal_binds_the_key_map():
    """Every key of the one key map that the terminal has is bound to that key's action."""
    app = make_app("werner", 1)
    bound = {(b.key, b.action.split("(")[0]) for b in app.BINDINGS}
    names = {"?": "question_mark", ":": "colon", "+": "plus", "-": "minus"}
    for key in KEYS:
        if "terminal" in key.where:
            for name in key.keys:
                assert (names.get(name, name), key.action) in bound, (name, key.action)
    assert ("r", "redo") in bound and ("R", "restart") in bound and ("F", "finish") in bound


async def test_a_resumed_game_is_timed_from_an_undo(tmp_path, werner1_solution):
    """Taken up again, a game's clock starts at the player's first action, an undo as well as a move:
    a game won after undo, redo and Finish once recorded a best time of 0:00."""
    from napoleon.session import Session
    from napoleon.store import Store
    from tests.fake_clock import FakeClock
    from tests.saved_games import near_the_end

    clock = FakeClock()
    with Store.open(tmp_path / "t.db") as store:
        record_id = near_the_end(store, werner1_solution)
        resumed = Session.resume(store, record_id, autoplay=False, clock=clock)
        app = make_app("werner", 1, session=resumed, recorder=resumed.recorder)
        async with app.run_test(size=(120, 30)) as pilot:
            await pilot.press("u")
            assert resumed.clock_running
            clock.wait(1.25)  # the player thinks a while
            await pilot.press("r", "F")
            await pilot.pause()
            assert resumed.finished == "won"
        saved = store.get(record_id)
        assert saved.result == "won" and saved.elapsed == 1.25


def screen_text(app) -> str:
    """The whole screen as text, every line joined (a sentence wrapped over lines reads whole)."""
    import html
    import re

    svg = app.export_screenshot()
    lines = html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ").splitlines()
    return " ".join(" ".join(line.strip(" │║") for line in lines).split())


@pytest.mark.parametrize("width", [60, 80, 110])
async def test_the_leave_question_and_the_new_deal_choice_are_read_whole(width):
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test(size=(width, 30)) as pilot:
        await type_move(pilot, "T3-F1")
        await pilot.press("n")
        await pilot.pause()
        assert app.session.leave_question() in screen_text(app)
        await pilot.press("y")
        await pilot.pause()
        text = screen_text(app)
        assert "New deal: any, winnable, winnable of a grade, or the deal of the day" in text
        assert "t today · Esc cancel" in text


async def test_the_title_stays_while_the_verdict_changes():
    """Forty Thieves' header read "Forty Thieves · deal N", then its long name once the verdict's
    word got shorter: the title is chosen for the longest verdict."""
    from napoleon.analysis import Answer, Verdict

    app = make_app("forty-thieves", 603, autoplay=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.analysis_on = True  # the verdict changes as the solver answers
        titles = set()
        for searching, verdict in ((True, None), (False, Verdict.UNKNOWN), (True, Verdict.UNKNOWN),
                                   (False, Verdict.WON), (False, Verdict.LOST)):
            app.searching = searching
            app.answer = None if verdict is None else Answer(verdict)
            for width in (80, 70, 60, 100):
                line = app._info_text(width).plain
                titles.add((width, line.split(" · deal")[0].strip()))
        assert len(titles) == 4, titles  # one title a width, whatever the verdict


async def test_auto_play_turned_on_at_move_0_is_the_openings():
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("A")
        await pilot.pause()
        assert app.session.autoplay and app.session.moves_made == 2
        assert app.session.moves_played == 0 and "moves 0" in app._info_text(120).plain
        assert app.status_line.text.plain.strip().startswith("safe auto-play on: played home the A♣ and A♠")
