"""Every game in one file from the statistics page, and back into another store, in Chromium:
the file napoleon export --all writes, imported once (a game already there is not added twice)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from napoleon import voice
from napoleon.interfaces.web import Settings, create_app

from .conftest import served
from .test_browser import api, post

pytestmark = pytest.mark.browser


def test_export_all_games_and_import_them_in_another_store_once(server, new_page, tmp_path):
    for game, deal in (("werner", 21), ("forty-thieves", 22)):
        view = post(server, "/api/games", {"game": game, "deal": deal, "autoplay": False})
        post(server, f"/api/games/{view['id']}/moves", view["legal"][0])
    held = len(api(server, "/api/history?limit=1000")["games"])
    page = new_page()
    page.goto(f"{server}/#stats")
    page.wait_for_selector("#history-body table.history", timeout=15000)
    assert page.is_hidden("#storage-note")  # the server's store: the browser keeps none of it
    with page.expect_download() as download:
        page.click("#export-all")
    assert download.value.suggested_filename.startswith("napoleon-games-")
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    games = json.loads(saved.read_text())["games"]
    assert len(games) == held and {(g["game"], g["deal"]) for g in games} >= {("werner", 21), ("forty-thieves", 22)}

    other, stop = served(create_app(tmp_path / "other.db", settings=Settings()))
    try:
        page.goto(f"{other}/#stats")
        page.wait_for_selector("#history-body", timeout=15000)
        page.set_input_files("#import-file", str(saved))
        expect(page.locator("#import-status")).to_have_text(voice.games_imported(held, 0), timeout=15000)
        expect(page.locator("table.history tbody tr")).to_have_count(held)
        # The same file again: nothing twice.
        page.set_input_files("#import-file", str(saved))
        expect(page.locator("#import-status")).to_have_text(voice.games_imported(0, held), timeout=15000)
        expect(page.locator("table.history tbody tr")).to_have_count(held)
    finally:
        stop()
