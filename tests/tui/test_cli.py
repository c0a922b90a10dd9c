"""``napoleon play`` opens the full-screen game; ``--plain`` keeps line mode."""

from __future__ import annotations

import io
import sys

from napoleon.interfaces import cli
from napoleon.interfaces.tui import NapoleonApp


def test_play_opens_the_textual_app_on_a_terminal(monkeypatch):
    started = {}

    def fake_run(self):
        started.update(game=self.game.id, deal=self.state.deal, options=dict(self.game.options),
                       autoplay=self.session.autoplay)

    monkeypatch.setattr(NapoleonApp, "run", fake_run)
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert cli.main(["play", "forty-thieves", "--deal", "7", "-o", "redeals=2", "--no-autoplay"]) == 0
    assert started == {"game": "forty-thieves", "deal": 7, "options": {"redeals": 2}, "autoplay": False}


def test_plain_keeps_line_mode(monkeypatch, capsys):
    monkeypatch.setattr(NapoleonApp, "run", lambda self: (_ for _ in ()).throw(AssertionError("no TUI")))
    monkeypatch.setattr(sys, "stdin", io.StringIO("T3-F\nq\n"))
    assert cli.main(["play", "werner", "--deal", "1", "--plain"]) == 0
    assert "Moved the A♣ from column 3 to foundation 1" in capsys.readouterr().out


def test_a_bad_game_is_one_line_on_stderr(monkeypatch, capsys):
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True, raising=False)
    assert cli.main(["play", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err
