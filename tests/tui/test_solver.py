"""The solver behind the UI: hint, show the solution, the background verdict."""

from __future__ import annotations

import asyncio
import time

import pytest

from napoleon.interfaces.tui.screens import ConfirmScreen, EndScreen, StatsScreen
from napoleon.solver import replays_to_win, solve
from napoleon.solver.service import Answer, Verdict

from .conftest import assert_board_matches, make_app

pytestmark = pytest.mark.anyio


async def wait_for(pilot, condition, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        await pilot.pause(0.05)


async def test_the_solution_is_shown_and_the_game_left_alone():
    """``s`` shows the solution on a copy; the player's game,
    its record and the statistics are untouched (never a win for the player)."""
    store_mod = pytest.importorskip("napoleon.store")
    app = make_app("werner", 1, analysis=True, use_store=True, step_delay=0.01)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.answer is not None and app.answer.verdict == "won")
        assert "✓ winnable" in app.info.text.plain
        await pilot.press("s")
        await wait_for(pilot, lambda: app.playback is not None and app.playback.done)
        assert app.board.state.is_won  # the board shows the solution's end ...
        assert "The solution wins" in app.status_line.text.plain
        # ... the game is where it was: the opening layout's safe auto-play alone
        assert len(app.state.history) == app.session.opening and not app.state.is_won
        assert not isinstance(app.screen, EndScreen)
        assert app.session.finished is None and app.session.solution_used
        await pilot.press("right")  # any key goes back to the game
        assert app.playback is None and app.board.state is app.state
        assert_board_matches(app)
        await pilot.press("q")
    store = store_mod.Store.open()
    try:
        rows = store.stats("werner")
        assert all(r["won"] == 0 for r in rows)
    finally:
        store.close()


async def test_hint_marks_the_move_and_can_be_played():
    app = make_app("werner", 1, analysis=False)
    async with app.run_test() as pilot:
        await pilot.press("h")
        await wait_for(pilot, lambda: app.hint_move is not None)
        move = app.hint_move
        # In the player's words, not in notation, and no search figures.
        text = app.status_line.text.plain
        assert text.strip().startswith("Hint: move the ") and "column" in text
        assert "positions" not in text and app.game.notation(move) not in text
        assert app.board.marks.hint == (move.src, move.dst)
        assert app.state.is_legal(move)
        assert app.session.hints == 1  # a game played with help is counted apart


async def test_stopping_the_solution_and_stale_verdicts():
    app = make_app("werner", 1, analysis=True, step_delay=0.2)
    async with app.run_test() as pilot:
        await pilot.press("s")
        await wait_for(pilot, lambda: app.playback is not None and app.playback.shown >= 1)
        await pilot.press("escape")
        assert app.playback is None and len(app.state.history) == app.session.opening
        await pilot.pause(0.5)
        assert app.board.state is app.state
        # A verdict computed for an older position is never shown for this one.
        await pilot.press("colon", *app.game.notation(app.state.legal_moves()[0]), "enter")
        generation = app.generation
        await pilot.press("u")
        assert app.generation == generation + 1
        await wait_for(pilot, lambda: app.answer is not None and not app.searching)
        assert app.answer.verdict in ("won", "unknown")


async def test_the_screen_answers_keys_while_the_solver_searches():
    app = make_app("forty-thieves", 2, analysis=True, budgets=(60.0,))
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.searching)
        start_cursor = app.cursor
        await pilot.press("right")
        await pilot.press("h")
        assert app.cursor != start_cursor
        assert "looking for a hint" in app.status_line.text.plain
        assert "searching" in app.info.text.plain or "solver …" in app.info.text.plain


async def test_hint_does_not_wait_behind_the_background_verdict():
    """The hint searches in its own lane; the background
    verdict's long search is still running when the hint's answer is shown."""
    app = make_app("forty-thieves", 2, analysis=True, budgets=(120.0,), hint_budget=None, hint_states=20_000)
    async with app.run_test() as pilot:
        await wait_for(pilot, lambda: app.searching and app.analysis.pids("background"))
        await pilot.press("h")
        await wait_for(pilot, lambda: app.want is None)
        assert app.searching  # the background search goes on ...
        text = app.status_line.text.plain  # ... and the hint has answered
        assert "Hint:" in text or "Guess:" in text or "no way to win" in text or "can no longer be won" in text


async def test_a_hint_with_no_solution_known_marks_a_guess():
    """Forty Thieves deal 20010, no solution within the hint's positions: the
    hint still marks a legal move, and says first that it is a guess."""
    app = make_app("forty-thieves", 20010, analysis=False, hint_budget=None, hint_states=5_000)
    async with app.run_test() as pilot:
        await pilot.press("h")
        await wait_for(pilot, lambda: app.hint_move is not None)
        assert app.state.is_legal(app.hint_move)
        assert app.board.marks.hint == (app.hint_move.src, app.hint_move.dst)
        text = app.status_line.text.plain
        # "Guess" first: a 60-column terminal crops the status line at the end.
        assert text.strip().startswith("Guess: move the ") and "(no solution known" in text
        assert app.session.hints == 1


# Searches that win these deals within a count of positions (so the test does
# not depend on the machine's speed): the Tomb's randomised playouts are seeded.
KNOWN_WINS = [("napoleons-tomb", 7, "playouts", 3_000_000), ("werner", 1, "best", 100_000)]


@pytest.mark.parametrize(("game", "deal", "strategy", "states"), KNOWN_WINS)
async def test_hint_three_moves_in_comes_from_the_known_solution(game, deal, strategy, states):
    """Once the verdict has a solution, a hint three moves
    later (auto-play on, so the position may have left the solution's line)
    is given at once from it: no new search."""
    app = make_app(game, deal, analysis=False, hint_budget=None, hint_states=1)
    async with app.run_test() as pilot:
        # What the background verdict finds, filed with the service.
        result = await asyncio.to_thread(solve, app.state.copy(), max_states=states, strategy=strategy)
        assert result.won
        answer = Answer(Verdict.WON, tuple(result.moves), result.states, complete=True)
        app.analysis.remember(app.state, answer)
        for move in answer.moves[:3]:
            if app.state.is_legal(move):  # auto-play may have made it already
                assert app.play(move)
        await pilot.pause()
        searches = app.analysis.searches
        await pilot.press("h")
        await wait_for(pilot, lambda: app.hint_move is not None)
        assert app.analysis.searches == searches  # answered without a search
        assert app.state.is_legal(app.hint_move)
        known = app.analysis.known(app.state)
        assert known is not None and replays_to_win(app.state, list(known.moves))


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


async def test_the_end_plays_itself_when_every_card_goes_home():
    """Auto-finish: offered once the rest is foundation moves alone; F plays it
    out as the player's own win, with a short celebration. Then the
    statistics (S) show it, and x resets them after asking."""
    store_mod = pytest.importorskip("napoleon.store")
    app = make_app("werner", 1, autoplay=False, step_delay=0.01, use_store=True)
    async with app.run_test() as pilot:
        moves = (await app.analysis.solve(app.state.copy(), max_states=100_000)).moves
        i = 0
        while app.finish_offer is None:
            assert app.play(moves[i])
            i += 1
        assert i < len(moves) and "Finish (F) plays the last" in app.status_line.text.plain
        assert app.answer is not None and app.answer.won  # and the badge knows it
        await pilot.press("F")
        await wait_for(pilot, lambda: isinstance(app.screen, EndScreen))
        assert app.state.is_won and app.screen.won and app.session.finished == "won"
        await wait_for(pilot, lambda: app.screen.frame >= 1)  # the celebration has begun
        assert "You won!" in str(app.screen.query_one("#title").render())
        await pilot.press("escape", "S")
        assert isinstance(app.screen, StatsScreen) and app.screen.rows[0]["won"] == 1
        await pilot.press("x")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert "reset" in app.status_line.text.plain
    store = store_mod.Store.open()
    try:
        assert all(r["won"] == 0 and r["played"] == 0 for r in store.stats("werner"))
    finally:
        store.close()


async def test_a_lost_position_names_the_move_that_lost_it_and_b_goes_back():
    """When the verdict says lost, the move that lost the game is found and
    ``b`` undoes to the last winnable position."""
    app = make_app("werner", 1, autoplay=False, analysis=True, hint_states=100_000)
    async with app.run_test() as pilot:
        moves = (await app.analysis.solve(app.state.copy(), max_states=100_000)).moves
        # The first move off the solution that the solver proves loses the game
        # while moves are still left (found by search, not assumed).
        losing = None
        for n, move in enumerate(moves):
            losing = next((m for m in app.state.legal_moves() if m != move and _loses(app.state, m)), None)
            if losing is not None:
                break
            assert app.play(move)
        assert losing is not None
        winnable = app.state.key()
        assert app.play(losing)
        await wait_for(pilot, lambda: "lost it" in app.status_line.text.plain)
        assert app.session.winnable == n
        text = app.status_line.text.plain
        assert "can no longer be won" in text and f"move {n + 1} lost it" in text and "b goes back" in text
        await pilot.press("b")
        assert app.state.key() == winnable and len(app.state.history) == n


def _loses(state, move) -> bool:
    """Whether ``move`` leaves a position with moves left that the solver proves lost (its verdict
    alone: the lines of the hundred-odd won ones are not shortened, 5x the searches' time)."""
    other = state.copy()
    other.push(move)
    return other.legal_moves() != [] and solve(other, max_states=20_000, shorten=False).verdict == "lost"


async def test_a_new_deal_mid_game_asks_first():
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test() as pilot:
        await pilot.press("colon", *"T3-F", "enter")
        await pilot.press("n")
        assert app.state.deal == 1 and "Leave deal 1" in str(app.screen.query_one("Label").render())
        await pilot.press("n")  # no
        assert app.state.deal == 1 and len(app.state.history) == 1


async def test_a_guess_says_it_is_one_within_a_few_seconds_at_the_default_budget():
    """Forty Thieves deal 777, no solution known: the terminal's own hint searches a second or two
    before it offers its guess (it searched 10 s, then the guess: about 15 s in all); the
    background verdict searches on longer. The budget is checked, not the clock: a busy machine."""
    app = make_app("forty-thieves", 777, analysis=False)
    async with app.run_test() as pilot:
        budgets = []
        real = app.analysis.hint

        async def spy(state, budget=None, max_states=None):
            budgets.append(budget)
            return await real(state, budget, max_states)

        app.analysis.hint = spy
        await pilot.press("h")
        await wait_for(pilot, lambda: app.want is None, 60)
        assert app.status_line.text.plain.strip().startswith("Guess: ")
        assert len(budgets) == 1 and budgets[0] is not None and budgets[0] <= 2
