"""One voice: the same situation gives the same sentence in line mode, the terminal and the page.

Line mode runs as a player runs it, ``napoleon play --plain`` through a
pipe; the terminal through Textual's pilot; the page in Chromium. Each
sentence is also checked against the catalogue (:mod:`napoleon.voice`),
so that a window that says something of its own fails here.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

import napoleon
from napoleon import voice
from napoleon.analysis import ask_hint
from napoleon.interfaces.tui import NapoleonApp

from .test_browser import tap, wait_ready

pytestmark = pytest.mark.browser


def line_mode(tmp_path, game: str, deal: int, script: str) -> list[str]:
    """What line mode says after each command of ``script`` (the text after each prompt, first line)."""
    env = {**os.environ, "NAPOLEON_DB": str(tmp_path / "line.db")}
    proc = subprocess.run([sys.executable, "-m", "napoleon", "play", game, "--deal", str(deal), "--plain",
                           "--hint-seconds", "0.5"],
                          input=script, capture_output=True, text=True, timeout=120, env=env, check=True)
    return [part.split("\n", 1)[0] for part in proc.stdout.split("> ")[1:]]


def in_terminal(game: str, deal: int, keys: list[str], wait_for_hint: bool = False, **kwargs) -> str:
    """The terminal's status line after pressing ``keys`` (Textual's pilot, in a thread of its own:
    the page's browser holds this one)."""

    async def run() -> str:
        app = NapoleonApp(game, deal, analysis=False, use_store=False, autoplay=False, hint_budget=0.5, **kwargs)
        async with app.run_test(size=(160, 40)) as pilot:
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            for _ in range(400):
                if not (wait_for_hint and app.want == "hint"):
                    break
                await asyncio.sleep(0.05)
            await pilot.pause()
            return app.status_line.text.plain.strip()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, run()).result()


def hint_for(state, budget: float):
    """The analysis's hint (in a thread of its own, as the browser holds this one's event loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(ask_hint, state, budget).result()


def on_page(server, new_page, hash_: str, act, refused: bool = False) -> str:
    page = new_page(width=1280, height=800, autoplay=False)
    page.goto(f"{server}/{hash_}")
    wait_ready(page, hash_.split("/")[0][1:])
    act(page)
    if refused:  # a refusal is said as an error (picking the card up said where it may go first)
        page.wait_for_selector("#message.error")
    # What the page says once the answer is in (not what it says while a hint is looked for).
    waiting = f"['', '{voice.HINT_LOOKING}']"
    page.wait_for_function(f"() => !{waiting}.includes(document.getElementById('message').textContent.trim())",
                           timeout=30000)
    page.wait_for_timeout(200)
    return page.inner_text("#message").strip()


def test_an_illegal_move(server, new_page, tmp_path):
    state = napoleon.new_game("werner", 1)
    expected = voice.refusal(state, state.parse_move("T1-T2"))
    assert expected == "the 8♣ does not go on the 10♥: the tableau builds down in alternating colours"
    assert line_mode(tmp_path, "werner", 1, "T1-T2\nq\n")[0] == expected
    assert in_terminal("werner", 1, ["colon", *"T1-T2", "enter"]) == expected
    assert on_page(server, new_page, "#werner/1", lambda page: tap(page, "tableau-1", "tableau-2"),
                   refused=True) == expected


def test_an_undo(server, new_page, tmp_path):
    state = napoleon.new_game("werner", 1)
    move = state.parse_move("T3-F1")
    after = state.copy()
    after.push(move)
    expected = voice.undone(voice.taken_back(after, move), 0)
    assert expected == "Undone: the A♣ back from foundation 1 to column 3"
    assert line_mode(tmp_path, "werner", 1, "T3-F1\nu\nq\n")[1] == expected
    assert in_terminal("werner", 1, ["colon", *"T3-F1", "enter", "u"]) == expected

    def act(page):
        page.click("#board .card[data-pile='tableau-3'][data-index='5']", click_count=2)  # home, by a double click
        wait_ready(page, "werner", 1)
        page.keyboard.press("u")
        wait_ready(page, "werner", 0)

    assert on_page(server, new_page, "#werner/1", act) == expected


def test_a_hint_on_a_won_deal(server, new_page, tmp_path):
    state = napoleon.new_game("werner", 1)
    hint = hint_for(state, 5.0)
    assert hint.outcome == "winnable"
    expected = voice.hint(state, hint.move)
    assert line_mode(tmp_path, "werner", 1, "h\nq\n")[0] == expected
    assert in_terminal("werner", 1, ["h"], wait_for_hint=True) == expected
    assert on_page(server, new_page, "#werner/1", lambda page: page.click("#hint")) == expected


def test_a_hint_on_an_unknown_deal(server, new_page, tmp_path):
    """Forty Thieves deal 20010: no solution found in a hint's time, so a guess, said to be one."""
    state = napoleon.new_game("forty-thieves", 20010)
    hint = hint_for(state, 0.5)
    assert hint.outcome == "guess"
    s = hint.answer.suggestion
    expected = voice.guess(state, s.move, s.home, s.now)
    assert expected.startswith("Guess: move the ")
    assert line_mode(tmp_path, "forty-thieves", 20010, "h\nq\n")[0] == expected
    assert in_terminal("forty-thieves", 20010, ["h"], wait_for_hint=True) == expected
    assert on_page(server, new_page, "#forty-thieves/20010", lambda page: page.click("#hint")) == expected
