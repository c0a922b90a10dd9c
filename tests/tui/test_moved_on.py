"""The terminal on a game another window or process saves meanwhile: nothing is overwritten, the
terminal shows the game as saved there and says it moved on."""

from __future__ import annotations

import pytest

from napoleon import new_game
from napoleon.session import Session
from napoleon.store import Store

from .conftest import make_app

pytestmark = pytest.mark.anyio


@pytest.mark.parametrize("key", ["u", "type"])
async def test_a_move_or_undo_on_a_game_saved_elsewhere_reloads_it(tmp_path, key):
    with Store.open(tmp_path / "t.db") as store:
        other = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        other.play_text("S-W")
        mine = Session.resume(store, other.record_id, autoplay=False)
        other.play_text("S-W")      # another window moves on
        app = make_app("forty-thieves", 5, session=mine, recorder=mine.recorder)
        async with app.run_test(size=(120, 40)) as pilot:
            if key == "u":
                await pilot.press("u")
            else:
                await pilot.press("colon", *"S-W", "enter")
            await pilot.pause()
            assert "moved on in another window or process" in app.status_line.text.plain
            assert app.state is mine.state and mine.notation_history() == ["S-W", "S-W"]
        assert store.get(other.record_id).moves == ["S-W", "S-W"]
