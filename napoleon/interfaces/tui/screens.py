"""The screens over the board: help and rules, choose a deal, type a move,
the end of a game, and "are you sure"."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from ... import voice
from ...voice import capital
from ...engine.game import Game, format_option
from ...keymap import END_AFTER_LOSS, END_KEYS, KEYS_BY_ACTION, help_lines
from ...shuffle import MAX_DEAL
from .keys import end_bindings


def keys_help() -> str:
    """The keys, from the one key map (the page's help lists the same), and the mouse."""
    lines = [f"{keys:<22} {what}" for keys, what in help_lines("terminal")]
    return "\n".join(lines) + "\n\n" + voice.MOUSE_HELP


class HelpScreen(ModalScreen[None]):
    """The rules of the game being played, its options and the keys."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,question_mark,f1", "dismiss", "Close")]
    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > VerticalScroll {
        width: 90%; max-width: 92; height: 90%;
        border: round $accent; background: $surface; padding: 0 1;
    }
    """

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        game = self.game
        text = Text()
        text.append(f"{game.name}", style="bold")
        text.append(f"   {voice.HELP_SCROLLS}\n", style="dim")
        text.append(f"{game.summary}\n\n", style="italic")
        text.append(game.rules + "\n\n")
        if game.option_specs:
            text.append(f"{voice.OPTIONS_HOW}\n", style="bold")
            for o in game.option_specs:
                now = format_option(game.options[o.name])
                text.append(f"  {o.name}={o.values} (now {now}): {o.help}\n")
            text.append("\n")
        text.append(voice.piles_in_notation(game.pile_abbrs) + "\n\n")
        text.append("Keys\n", style="bold")
        text.append(keys_help())
        text.append(f"\n\n{voice.HELP_CLOSES}", style="dim")
        with VerticalScroll():
            yield Static(text)


class DealScreen(ModalScreen[int | None]):
    """Ask for a deal number."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    DealScreen { align: center middle; }
    DealScreen > Vertical { width: 50; height: auto; border: round $accent; background: $surface; padding: 0 1; }
    DealScreen Label { width: 100%; }
    """

    def __init__(self, current: int) -> None:
        super().__init__()
        self.current = current

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(voice.deal_number_asked(MAX_DEAL, self.current))
            yield Input(placeholder="e.g. 42", type="integer", id="deal")
            yield Label("", id="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        try:
            n = int(text)
        except ValueError:
            n = 0
        if not 1 <= n <= MAX_DEAL:
            self.query_one("#error", Label).update(voice.deal_number_range(MAX_DEAL))
            return
        self.dismiss(n)

    def action_cancel(self) -> None:
        self.dismiss(None)


class MoveScreen(ModalScreen[str | None]):
    """Type a move in the game's notation."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CSS = """
    MoveScreen { align: center bottom; }
    MoveScreen > Vertical { width: 100%; height: auto; background: $surface; padding: 0 1; margin-bottom: 2; }
    """

    def __init__(self, piles: str) -> None:
        super().__init__()
        self.piles = piles

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(voice.move_asked(self.piles))
            yield Input(id="move")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value.strip() or None)

    def action_cancel(self) -> None:
        self.dismiss(None)


class EndScreen(ModalScreen[str]):
    """The game is won or lost: say so and offer what comes next.

    Dismissed with the action of the choice made, one of :data:`~napoleon.keymap.END_KEYS`
    (``"next_deal"``, ``"random_deal"``, ``"undo"``, ``"back_to_winnable"``, ``"restart"``,
    ``"review"``, or ``"look"`` to stay and look at the board).
    """

    BINDINGS: ClassVar[list[BindingType]] = end_bindings()
    DEFAULT_CSS = """
    EndScreen { align: center middle; }
    EndScreen > Vertical { width: 78; max-width: 100%; height: auto; border: double $accent; background: $surface; padding: 1 2; }
    EndScreen Label { width: 100%; }
    EndScreen #title { text-style: bold; content-align: center middle; }
    EndScreen Horizontal { height: auto; margin-top: 1; }
    EndScreen Button { margin: 0 1 0 0; min-width: 10; }
    """

    def __init__(self, won: bool, message: str, next_deal: int) -> None:
        super().__init__()
        self.won = won
        self.message = message
        self.next_deal = next_deal
        self.frame = 0

    KEYS_ONLY = ("restart", "look")
    """The choices offered by their keys alone (a button of their own would not fit)."""

    CELEBRATION_FRAMES = 16
    """Frames of the short celebration of a win (about two seconds)."""

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(voice.END_WON if self.won else voice.END_LOST, id="title")
            yield Label(self.message)
            offered = [key for key in END_KEYS if not (self.won and key.action in END_AFTER_LOSS)]
            yield Label(" · ".join(f"{key.shown.split()[0]}: {key.label.lower()}" for key in offered))
            with Horizontal():
                for key in offered:
                    if key.action in self.KEYS_ONLY:
                        continue
                    # The table's own actions by their short names, so that the buttons fit on one line.
                    label = key.label if key.action not in KEYS_BY_ACTION else capital(key.short)
                    if key.action == "next_deal":
                        yield Button(f"{label} ({self.next_deal})", id=key.action, variant="primary")
                    else:
                        yield Button(label, id=key.action)

    def on_mount(self) -> None:
        if self.won:
            self.set_interval(0.12, self._celebrate, repeat=self.CELEBRATION_FRAMES)

    def _celebrate(self) -> None:
        """A short celebration: suits dance round the title, then it settles."""
        self.frame += 1
        title = self.query_one("#title", Label)
        if self.frame >= self.CELEBRATION_FRAMES:
            title.update(Text(f"★ {voice.END_WON} ★", style="bold green"))
            return
        suits = "♠♥♣♦"
        colours = ("#ffd75f", "#ff8787", "#87d7ff", "#87ff87")
        text = Text()
        for i in range(4):
            k = (self.frame + i) % 4
            text.append(suits[k] + " ", style=f"bold {colours[k]}")
        text.append(f" {voice.END_WON} ", style=f"bold reverse {colours[self.frame % 4]}")
        for i in range(4):
            k = (self.frame + 3 - i) % 4
            text.append(" " + suits[k], style=f"bold {colours[k]}")
        title.update(text)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "look")

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class StatsScreen(ModalScreen[str]):
    """The statistics of the game being played, per option set.

    Dismissed with ``"reset"`` (the app asks first) or ``"close"``.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x", "choose('reset')", "Reset"),
        Binding("escape,q,S", "choose('close')", "Close"),
    ]
    DEFAULT_CSS = """
    StatsScreen { align: center middle; }
    StatsScreen > Vertical { width: 90%; max-width: 92; height: auto; border: round $accent;
                             background: $surface; padding: 0 1; }
    """

    def __init__(self, title: str, rows: list[dict], clock, by_grade: list[dict] | None = None) -> None:
        super().__init__()
        self.title_text = title
        self.rows = rows
        self.clock = clock
        self.by_grade = by_grade or []  # played, won, best time per grade of the deals (docs/grades.md)

    def compose(self) -> ComposeResult:
        from rich.table import Table

        table = Table(box=None, pad_edge=False)
        table.add_column("options")
        for name in ("played", "won", "win %", "streak", voice.BEST_TIME, voice.FEWEST_MOVES, voice.WITH_HELP):
            table.add_column(name, justify="right", no_wrap=True)
        for r in self.rows:
            table.add_row(r["label"], str(r["played"]), str(r["won"]),
                          "-" if r["win_pct"] is None else f"{r['win_pct']:.0f}",
                          f"{r['current_streak']}/{r['longest_streak']}",
                          "-" if r["best_time"] is None else self.clock(r["best_time"]),
                          "-" if r["fewest_moves"] is None else str(r["fewest_moves"]),
                          str(r.get("assisted", 0)))
        with Vertical():
            yield Label(Text(self.title_text, style="bold"))
            yield Static(table if self.rows else Text(voice.NO_GAME_OF_IT))
            if self.by_grade:
                grades = Table(box=None, pad_edge=False, title=voice.BY_GRADE, title_justify="left")
                grades.add_column("options")
                grades.add_column("grade")
                for name in ("played", "won", voice.BEST_TIME):
                    grades.add_column(name, justify="right", no_wrap=True)
                for r in self.by_grade:
                    grades.add_row(r["label"], r["grade"], str(r["played"]), str(r["won"]),
                                   "-" if r["best_time"] is None else self.clock(r["best_time"]))
                yield Static(grades, id="stats-by-grade")
            yield Label(Text(voice.stats_keys("x", "Esc"), style="dim"))

    def action_choose(self, what: str) -> None:
        self.dismiss(what)


class ConfirmScreen(ModalScreen[bool]):
    """A yes / no question."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("y,enter", "answer(True)", "Yes"), Binding("n,escape", "answer(False)", "No")]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 56; height: auto; border: round $warning; background: $surface; padding: 0 1; }
    ConfirmScreen Label { width: 100%; }
    """

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.question)
            yield Label("y: yes · n: no", classes="dim")

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)


__all__ = ["ConfirmScreen", "DealScreen", "EndScreen", "HelpScreen", "MoveScreen", "StatsScreen"]
