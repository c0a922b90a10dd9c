"""Playing each of the six games through the terminal UI, headless."""

from __future__ import annotations

import re

import pytest

from napoleon import GAMES, Move, Status, new_game
from napoleon.engine.move import REDEAL
from napoleon.voice import card_name
from napoleon.interfaces.tui import NapoleonApp
from napoleon.interfaces.tui.screens import DealScreen, EndScreen, HelpScreen
from napoleon.session import Session

from .conftest import assert_board_matches, click_pile, cursor_to, make_app

pytestmark = pytest.mark.anyio
ALL_GAMES = list(GAMES)
# Deals where two moves between piles can be made one after the other.
TWO_MOVE_DEALS = {"napoleons-tomb": 2, "napoleons-square": 1, "grand-napoleon": 1, "werner": 1,
                  "forty-thieves": 3, "st-helena": 1}


def plain_moves(state):
    """Legal one-card moves between piles (no stock turn, no redeal), every target."""
    game = state.game
    out = []
    for src in game.sources:
        if state.piles[src]:
            out += [Move(src, d, 1) for d in state.targets(src, 1)]
    return out


def after(state, move):
    other = state.copy()
    other.play(move)
    return other


@pytest.mark.parametrize("game_id", ALL_GAMES)
async def test_keys_clicks_undo_redo(game_id):
    app = make_app(game_id, TWO_MOVE_DEALS[game_id], autoplay=False)
    async with app.run_test(size=(100, 32)) as pilot:
        state = app.state
        start = state.key()
        assert_board_matches(app)

        # A move made with the keyboard: cursor, pick up, cursor, put down.
        first = next(m for m in plain_moves(state) if plain_moves(after(state, m)))
        await cursor_to(pilot, app, first.src)
        await pilot.press("space")
        assert app.held == (first.src, 1)
        assert first.dst in app.board.marks.targets  # legal targets are marked
        said = state.describe(first, past=True)  # in words: "moved the 4♥ from column 7 onto ..."
        await cursor_to(pilot, app, first.dst)
        await pilot.press("space")
        assert state.history == [first]
        assert said[1:] in app.status_line.text.plain
        assert_board_matches(app)
        after_first = state.key()

        # A move made with the mouse: click the card, click the target.
        second = plain_moves(state)[0]
        await click_pile(pilot, app, second.src)
        assert app.held is not None and app.held[0] == second.src
        await click_pile(pilot, app, second.dst)
        assert state.history == [first, second]
        assert_board_matches(app)
        after_second = state.key()

        await pilot.press("u")
        assert state.key() == after_first
        assert_board_matches(app)
        await pilot.press("u")
        assert state.key() == start
        assert_board_matches(app)
        await pilot.press("u")
        assert "nothing to undo" in app.status_line.text.plain
        await pilot.press("r", "r")
        assert state.key() == after_second
        assert_board_matches(app)
        assert f"moves {len(state.history)}" in app.info.text.plain
        assert f"deal {state.deal}" in app.info.text.plain


@pytest.mark.parametrize("game_id", ALL_GAMES)
async def test_illegal_drop_changes_nothing_and_says_why(game_id):
    app = make_app(game_id, 3)
    async with app.run_test(size=(90, 28)) as pilot:
        state, game = app.state, app.game
        legal = {(m.src, m.dst) for m in plain_moves(state)}
        src = next(s for s in game.sources if state.piles[s])
        dst = next(d for d in range(game.npiles)
                   if d != src and (src, d) not in legal and d != game.stock and game.pile_roles[d] != "stock")
        reason = state.why_illegal(Move(src, dst, 1))
        assert reason
        before = state.key()
        await cursor_to(pilot, app, src)
        await pilot.press("space")
        await cursor_to(pilot, app, dst)
        await pilot.press("space")
        assert state.key() == before
        assert len(state.history) == app.session.opening  # safe auto-play on the opening layout alone
        # The engine's reason, in cards and piles as players name them (never notation).
        assert app.status_line.text.plain.strip() == reason
        assert app.held is None
        assert_board_matches(app)


@pytest.mark.parametrize("game_id", [g for g in ALL_GAMES if GAMES[g]().stock is not None])
async def test_stock_turn_by_key_and_click(game_id):
    app = make_app(game_id, 5, autoplay=False)
    async with app.run_test(size=(100, 30)) as pilot:
        state, game = app.state, app.game
        n = len(state.piles[game.stock])
        await cursor_to(pilot, app, game.stock)
        await pilot.press("enter")
        if len(game.active_wastes(state)) > 1:
            # The Tomb: the player chooses the waste pile.
            assert app.held == (game.stock, 1)
            assert app.board.marks.targets == set(game.active_wastes(state))
            await click_pile(pilot, app, game.active_wastes(state)[2])
            assert state.history == [Move(game.stock, game.active_wastes(state)[2], 1)]
        assert len(state.piles[game.stock]) == n - 1
        await click_pile(pilot, app, game.stock)
        if app.held is not None:
            await click_pile(pilot, app, game.active_wastes(state)[0])
        assert len(state.piles[game.stock]) == n - 2
        assert_board_matches(app)


async def test_double_click_sends_a_card_home():
    # Werner deal 1: T3's top card is an Ace.
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test() as pilot:
        state, game = app.state, app.game
        t3 = game.pile_index["tableau-3"]
        card = state.piles[t3][-1]
        await click_pile(pilot, app, t3, times=2)
        assert state.history and state.history[-1].src == t3
        assert state.piles[state.history[-1].dst] == [card]
        assert state.history[-1].dst in game.foundations
        # A card that fits no foundation: a message, nothing moves.
        t1 = game.pile_index["tableau-1"]
        before = state.key()
        await cursor_to(pilot, app, t1)
        await pilot.press("f")
        assert state.key() == before
        assert "cannot go to a foundation yet" in app.status_line.text.plain


async def test_run_moves_with_depth_and_with_a_click_on_a_deeper_card():
    # Napoleon's Square moves runs built down in suit as a unit.
    from napoleon import new_game

    state = new_game("napoleons-square", 1)
    for text in ["T9-F1", "T11-F2", "T1-T3", "T9-T1", "S-W", "T10-T3", "S-W", "T5-T9", "S-W", "T8-T9"]:
        state.play_text(text)
    game = state.game
    run = next(m for m in state.legal_moves() if m.count > 1)
    from napoleon.session import Session

    app = make_app("napoleons-square", session=Session(state, autoplay=False))
    async with app.run_test(size=(100, 30)) as pilot:
        await cursor_to(pilot, app, run.src)
        for _ in range(run.count - 1):
            await pilot.press("shift+up")
        await pilot.press("space")
        assert app.held == (run.src, run.count)
        await cursor_to(pilot, app, run.dst)
        await pilot.press("space")
        assert state.history[-1] == run
        assert_board_matches(app)
        await pilot.press("u")
        # The same run picked by clicking its lowest card.
        size = len(state.piles[run.src])
        await click_pile(pilot, app, run.src, size - run.count)
        assert app.held == (run.src, run.count)
        await click_pile(pilot, app, run.dst)
        assert state.history[-1] == run
        del game


async def test_loss_is_announced_with_undo_offered():
    # Werner deal 8 is lost after these five moves (no legal move is left).
    app = make_app("werner", 8, autoplay=False)
    async with app.run_test() as pilot:
        for text in ["T6-F1", "T3-T8", "C2-T7", "T2-C2"]:
            app.session.play_text(text)
        app.board.update_view()
        last = app.state.parse_move("T1-T6")
        await click_pile(pilot, app, last.src)
        await click_pile(pilot, app, last.dst)
        await pilot.pause()
        assert app.session.status is Status.LOST
        assert isinstance(app.screen, EndScreen) and not app.screen.won
        assert "lost" in app.info.text.plain
        await pilot.press("u")
        await pilot.pause()
        assert not isinstance(app.screen, EndScreen)
        assert app.session.status is Status.PLAYING
        assert len(app.state.history) == 4


async def test_restart_new_deal_choose_deal_and_help():
    app = make_app("forty-thieves", 3)
    async with app.run_test() as pilot:
        state = app.state
        start = state.key()
        await click_pile(pilot, app, app.game.stock)
        await pilot.press("R")
        assert state.key() == start and app.session.can_redo
        await pilot.press("g")
        assert isinstance(app.screen, DealScreen)
        await pilot.press("4", "2", "enter")
        await pilot.pause()
        assert app.state.deal == 42 and "deal 42" in app.info.text.plain
        assert_board_matches(app)
        await click_pile(pilot, app, app.game.stock)
        await pilot.press("n")  # a game in progress: asks first
        await pilot.press("n")
        assert app.state.deal == 42
        await pilot.press("n", "y", "n")  # leave it, then "any deal" of the new-deal choices
        await pilot.pause()
        assert app.state.deal != 42 and len(app.state.history) == app.session.opening
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        shown = str(app.screen.query_one("Static").render())
        assert "Forty Thieves" in shown and "10 columns of 4" in shown
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


async def test_typed_move_and_autoplay_toggle():
    app = make_app("werner", 1, autoplay=False)
    async with app.run_test() as pilot:
        await pilot.press("colon")
        await pilot.press(*"T3-F", "enter")
        await pilot.pause()
        assert [app.game.notation(m) for m in app.state.history] == ["T3-F1"]
        await pilot.press("colon")
        await pilot.press(*"T1-T2", "enter")
        await pilot.pause()
        assert "does not go on the 10♥" in app.status_line.text.plain and len(app.state.history) == 1
        await pilot.press("A")  # auto-play on: the safe cards go home at once
        assert app.session.autoplay and "auto on" in app.info.text.plain
        assert len(app.state.history) > 1
        # The cards played home are named as a player names them, not in notation.
        home = card_name(app.state.piles[app.state.history[-1].dst][-1])  # the last card auto-play moved
        said = app.status_line.text.plain
        assert "played home the " in said and home in said and "-F" not in said
        await pilot.press("c")
        assert app.board.four_colour


@pytest.mark.parametrize("game_id", ["napoleons-tomb", "st-helena", "forty-thieves"])
async def test_resize_keeps_every_pile_drawn(game_id):
    app = make_app(game_id, 7)
    async with app.run_test(size=(80, 24)) as pilot:
        for size in [(120, 40), (70, 22), (200, 60), (80, 24)]:
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.board.layout_now.fits, size
            assert_board_matches(app)


async def test_tomb_whole_pile_onto_the_central_reserve():
    """Picking the top card of a tableau pile marks the central reserve when
    the whole pile may go there, and the drop moves the whole pile."""
    app = make_app("napoleons-tomb", 1, autoplay=False)
    async with app.run_test(size=(100, 30)) as pilot:
        for text in ["R3-T2", "S-W1", "W1-C"]:
            app.session.play_text(text)
        app._after_change()
        state, game = app.state, app.game
        t2, central = game.pile_index["tableau-2"], game.pile_index["central"]
        pile = list(state.piles[t2])
        await cursor_to(pilot, app, t2)
        await pilot.press("space")
        assert central in app.board.marks.targets
        await cursor_to(pilot, app, central)
        await pilot.press("space")
        assert state.history[-1] == Move(t2, central, len(pile))
        assert state.piles[t2] == [] and state.piles[central][-len(pile):] == pile
        assert_board_matches(app)


async def test_restart_restarts_the_clock():
    """After R the deal is timed from its start again."""
    session = Session(new_game("werner", 1), autoplay=False, elapsed=95.0)  # 1:35 played so far
    app = NapoleonApp(session=session, analysis=False, use_store=False)
    async with app.run_test() as pilot:
        await pilot.press("colon", *"T3-F", "enter")
        await pilot.pause()
        # The clock runs on from 1:35 (a loaded machine may show 1:36 or later).
        assert session.elapsed >= 95.0 and re.search(r"\b1:(3[5-9]|[45]\d)\b", app.info.text.plain)
        await pilot.press("R")
        await pilot.pause()
        assert app.state.history == [] and session.elapsed == 0.0
        assert "0:00" in app.info.text.plain


@pytest.mark.parametrize("game_id", ALL_GAMES)
async def test_the_key_bar_fits_and_keeps_help_and_quit(game_id):
    """At 60x20 the key bar was cut before ? and q."""
    app = make_app(game_id, 1)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        keys = app.key_bar.text
        assert keys.cell_len <= 60 and " ? " in keys.plain and " q " in keys.plain
        await pilot.click(app.key_bar, offset=(keys.plain.index(" ? ") + 1, 0))  # a key can be clicked
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_a_terminal_too_small_says_what_size_it_needs():
    """At 40x12 the Tomb's piles drew over each other."""
    app = make_app("napoleons-tomb", 1)
    async with app.run_test(size=(40, 12)) as pilot:
        await pilot.pause()
        need = app.board.too_small
        assert need is not None
        shown = " ".join(app.board.canvas.text(y) for y in range(app.board.canvas.height))
        assert "too small" in " ".join(shown.split()) and f"{need[0]} x {need[1]}" in shown
        await pilot.resize_terminal(*need)
        await pilot.pause()
        assert app.board.too_small is None and app.board.layout_now.clean()
        assert_board_matches(app)


async def test_turning_a_stock_card_names_it_and_a_refused_redeal_says_why():
    """A stock card turned is named (it was "played S-W (?)"), and d with no redeal left says why (it said nothing)."""
    app = make_app("forty-thieves", 1, autoplay=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await click_pile(pilot, app, app.game.stock)
        waste = app.game.pile_index["waste"]
        card = app.state.piles[waste][-1]
        assert f"Turned the {card_name(card)} from the stock onto the waste" in app.status_line.text.plain
        await pilot.press("d")
        assert app.status_line.text.plain.strip() == f"no redeal: {app.state.why_illegal(REDEAL)}"
    app = make_app("st-helena", 1, autoplay=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("d", "d", "d")  # two redeals, then none left
        assert "no redeal left" in app.status_line.text.plain
