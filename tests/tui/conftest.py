"""Helpers for driving the terminal game headless (Textual's Pilot)."""

from __future__ import annotations

import pytest

from napoleon.interfaces.tui import NapoleonApp
from napoleon.interfaces.tui.cardfaces import short_text


@pytest.fixture(autouse=True)
def _own_db(tmp_path, monkeypatch):
    """Never touch the player's real store."""
    monkeypatch.setenv("NAPOLEON_DB", str(tmp_path / "napoleon.db"))


def make_app(game: str, deal: int = 3, **kwargs) -> NapoleonApp:
    kwargs.setdefault("analysis", False)
    kwargs.setdefault("use_store", False)
    return NapoleonApp(game, deal, **kwargs)


def assert_board_matches(app: NapoleonApp) -> None:
    """Every pile drawn shows the engine's cards: the top ones, in order,
    with the hidden ones counted by the ``+N`` mark."""
    state, board = app.state, app.board
    game = state.game
    for p, pile in enumerate(state.piles):
        if p == game.stock:
            # The stock shows its count, face down.
            _, y = board.cell_of(p)
            row = board.canvas.text(y)
            if pile:
                assert str(len(pile)) in row, (game.id, p, row)
            continue
        drawn = board.rendered_cards(p)
        expected = [short_text(c) for c in pile]
        if pile and p in game.foundations or (pile and board.layout_now.slot_of(p).fan == "square"):
            assert drawn == expected[-1:], (game.id, game.pile_abbrs[p], drawn, expected)
            continue
        assert drawn == expected[len(expected) - len(drawn):], (game.id, game.pile_abbrs[p], drawn, expected)
        if pile:
            assert drawn, (game.id, game.pile_abbrs[p])
            hidden = len(pile) - len(drawn)
            if hidden:
                assert any(f"+{hidden}" in board.canvas.text(y) for y in range(board.canvas.height))


async def cursor_to(pilot, app: NapoleonApp, pile: int) -> None:
    """Move the cursor to ``pile`` with Tab, as a player would."""
    for _ in range(app.game.npiles + 1):
        if app.cursor == pile:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached pile {pile}")


async def click_pile(pilot, app: NapoleonApp, pile: int, index: int | None = None, times: int = 1) -> None:
    cell = app.board.cell_of(pile, index)
    assert cell is not None, f"pile {pile} card {index} is not on the screen"
    await pilot.click(app.board, offset=cell, times=times)
    await pilot.pause()


@pytest.fixture
def anyio_backend():
    """Textual runs on asyncio."""
    return "asyncio"
