"""The "new deal" choice: any deal, a winnable one, one of a chosen grade, or the deal of the day.

Graded deals come from the grades shipped with the package (napoleon/grading,
docs/grades.md): picking one is a lookup, so the screen never waits on a search.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Label

from ... import voice


CHOICES = tuple((choice, key, voice.NEW_DEAL_CHOICES[choice]) for choice, key in (
    ("any", "n"), ("winnable", "w"), ("easy", "1"), ("medium", "2"), ("hard", "3"), ("expert", "4"), ("daily", "t")))
"""(choice, key, button label), in the order shown."""


class NewDealScreen(ModalScreen[str | None]):
    """Which new deal? Dismissed with a choice of :data:`CHOICES` (``"any"``, ``"winnable"``, a grade,
    ``"daily"``) or None (Esc)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(f"{key},enter" if choice == "any" else key, f"choose('{choice}')", label, show=False)
          for choice, key, label in CHOICES),
        Binding("escape", "choose(None)", "Cancel"),
    ]
    DEFAULT_CSS = """
    NewDealScreen { align: center middle; }
    NewDealScreen > Vertical { width: 64; max-width: 100%; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    NewDealScreen Label { width: 100%; }
    NewDealScreen Horizontal { height: auto; }
    NewDealScreen Button { margin: 0 1 0 0; min-width: 8; }
    """

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(voice.NEW_DEAL_QUESTION)
            keys = [(f"{key}/Enter" if choice == "any" else key, voice.NEW_DEAL_SHORT[choice])
                    for choice, key, _ in CHOICES]
            yield Label(voice.keys_said([*keys, ("Esc", "cancel")]), classes="dim")
            for row in (CHOICES[:2], CHOICES[2:6], CHOICES[6:]):
                with Horizontal():
                    for choice, key, label in row:
                        yield Button(f"{label} ({key})", id=f"new-{choice}", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss((event.button.id or "").removeprefix("new-") or None)

    def action_choose(self, choice: str | None) -> None:
        self.dismiss(choice)
