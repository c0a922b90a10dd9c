"""Screenshots of every game's layout at 80x24 and 120x40 (SVG, checked in).

Update them with ``pytest tests/tui/test_snapshots.py --snapshot-update``
after looking at the new pictures. The solver is off so the header is the
same on every run, and the clock shows 0:00 before the first move.
"""

from __future__ import annotations

import pytest

from napoleon import GAMES

from .conftest import make_app


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_layout(snap_compare, game_id, size):
    assert snap_compare(make_app(game_id, 3), terminal_size=size)


def test_holding_a_card_marks_the_targets(snap_compare):
    # Forty Thieves deal 3: T8's 3♥ may go onto T6's 4♥.
    async def pick(pilot):
        app = pilot.app
        await pilot.pause()
        await pilot.click(app.board, offset=app.board.cell_of(app.game.pile_index["tableau-8"]))

    assert snap_compare(make_app("forty-thieves", 3), terminal_size=(80, 24), run_before=pick)


def test_help_screen(snap_compare):
    assert snap_compare(make_app("napoleons-tomb", 3), terminal_size=(100, 36), press=["question_mark"])


def test_loss_screen(snap_compare, monkeypatch):
    # Werner deal 8 has no legal move left after these five moves. The clock
    # runs from the first move: the picture must not depend on the machine's speed.
    monkeypatch.setattr("napoleon.interfaces.tui.bars.clock", lambda seconds: "0:42")
    async def lose(pilot):
        app = pilot.app
        await pilot.pause()
        for text in ["T6-F1", "T3-T8", "C2-T7", "T2-C2"]:
            app.session.play_text(text)
        await pilot.press("colon", *"T1-T6", "enter")
        await pilot.pause()

    assert snap_compare(make_app("werner", 8, autoplay=False), terminal_size=(80, 24), run_before=lose)
