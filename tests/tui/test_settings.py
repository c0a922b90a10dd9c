"""A player's settings (auto-play, four colours) are kept between games."""

from __future__ import annotations

import json

import pytest

from napoleon.interfaces.tui import NapoleonApp
from napoleon.store import settings

pytestmark = pytest.mark.anyio


async def test_four_colours_and_auto_play_are_kept_for_the_next_game(tmp_path):
    app = NapoleonApp("werner", 1, analysis=False)
    async with app.run_test() as pilot:
        assert app.board.four_colour is False and app.session.autoplay is True
        await pilot.press("c", "A")
        await pilot.pause()
    saved = json.loads((tmp_path / "settings.json").read_text())
    assert saved == {"autoplay": False, "four_colour": True}

    again = NapoleonApp("forty-thieves", 2, analysis=False)
    assert again.board.four_colour is True and again.session.autoplay is False
    # An argument (napoleon play --no-autoplay) still wins over the saved setting.
    assert NapoleonApp("werner", 1, analysis=False, four_colour=False).board.four_colour is False


async def test_a_corrupt_settings_file_gives_the_defaults_and_is_kept_until_a_change(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text("{not json")
    app = NapoleonApp("werner", 1, analysis=False)
    assert app.board.four_colour is False and app.session.autoplay is True
    assert path.read_text() == "{not json"
    settings.save({"four_colour": True})
    assert settings.load() == {"four_colour": True}


async def test_without_the_store_nothing_is_read_or_written(tmp_path):
    (tmp_path / "settings.json").write_text(json.dumps({"four_colour": True}))
    app = NapoleonApp("werner", 1, analysis=False, use_store=False)
    assert app.board.four_colour is False
