"""The two lines round the board: the header (game, deal, moves, time,
redeals, auto-play, the solver's verdict) and the status line (what just
happened, why a move is illegal, or the pile under the cursor)."""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text
from textual import events
from textual.reactive import reactive
from textual.widget import Widget

from ...analysis import Verdict
from ...engine.state import Status
from ... import voice
from ...keymap import KEYS as KEY_MAP
from ...keymap import KEYS_BY_ACTION
from ...voice import VERDICT_WORDS, clock
from . import cardfaces as cf
from .host import AppHost


class InfoBar(Widget):
    """The top line: game, deal, moves, time, redeals, auto-play, solver verdict.

    ``make(width)`` builds the line for the bar's own width, so that it fits
    whatever the terminal's size.
    """

    DEFAULT_CSS = "InfoBar { height: 1; background: $primary-background; }"

    def __init__(self, make: Callable[[int], Text]) -> None:
        super().__init__()
        self.make = make

    @property
    def text(self) -> Text:
        return self.make(self.size.width or 80)

    def render(self) -> Text:
        return self.text


class StatusLine(Widget):
    """The bottom line: what just happened, why a move is illegal, or where the cursor is.

    A sentence longer than the terminal is wide wraps onto a second or third
    line (the board gives up the room), never cut.
    """

    DEFAULT_CSS = "StatusLine { height: auto; max-height: 3; background: $panel; }"
    text: reactive[Text] = reactive(Text, layout=True)

    def render(self) -> Text:
        return self.text


KEYS: tuple[tuple[str, str, str, str], ...] = tuple(
    # key shown, label, short label, action; in the key map's order
    (key.keys[0], key.label, key.short, key.action) for key in KEY_MAP if key.bar and "terminal" in key.where
)
DROP_ORDER = ("foundation", "redo", "solve", "new_deal", "select", "hint", "undo")
"""Keys left out, one by one, when the bar is too narrow: help and quit always stay."""


class KeyBar(Widget):
    """The bottom line of keys, made to fit the terminal's width (``?`` and ``q`` always show).

    A click on a key runs its action.
    """

    DEFAULT_CSS = "KeyBar { height: 1; background: $panel; }"
    KEY_STYLE = "bold #ffa62b"

    def __init__(self) -> None:
        super().__init__()
        self._spans: list[tuple[int, int, str]] = []

    def line(self, width: int) -> Text:
        """The keys that fit in ``width`` cells: long labels, then short ones, then fewer keys."""
        shown = list(KEYS)
        for short in (False, True):
            for drop in (None, *DROP_ORDER):
                if drop is not None:
                    shown = [k for k in shown if k[3] != drop]
                text, spans = self._build(shown, short)
                if text.cell_len <= width:
                    self._spans = spans
                    return text
            shown = list(KEYS)
        text, self._spans = self._build([k for k in KEYS if k[3] in ("help", "quit_game")], True)
        return text

    def _build(self, keys, short: bool) -> tuple[Text, list[tuple[int, int, str]]]:
        text = Text()
        spans = []
        for key, label, brief, action in keys:
            start = text.cell_len
            text.append(f" {key}", style=self.KEY_STYLE)
            text.append(f" {brief if short else label} ")
            spans.append((start, text.cell_len, action))
        return text, spans

    @property
    def text(self) -> Text:
        return self.line(self.size.width or 80)

    def render(self) -> Text:
        return self.text

    async def on_click(self, event: events.Click) -> None:
        for start, end, action in self._spans:
            if start <= event.x < end:
                await self.app.run_action(action)
                return


class BarsMixin(AppHost):
    """The app's text for the header and the status line."""

    def _info_text(self, width: int) -> Text:
        s, game = self.session, self.game
        opts = game.describe()[len(game.id):].strip()
        # How hard the deal is, once known (docs/grades.md); "unknown" would stand beside the
        # verdict's own word on the position, and say less.
        grade = s.grade if s.grade and s.grade != "unknown" else None
        deal = Text(f" · {voice.header_deal(self.state.deal, grade)}", style="bold")
        auto = s.autoplay
        redeals = ""
        if game.max_redeals:
            redeals = "∞" if game.max_redeals < 0 else str(game.redeals_left(self.state))

        def tail(level: int) -> Text:
            """The right side: 0 in words, 1 shorter, 2 the bare numbers (a narrow terminal)."""
            right = Text()
            if level == 2:
                right.append(f"{s.moves_played} · {clock(s.elapsed)} ")
                right.append_text(self._verdict_text(tiny=True))
                return right + " "
            right.append(f"{voice.header_moves(s.moves_played, bool(level))} · {clock(s.elapsed)}")
            if redeals:
                right.append(f" · {voice.header_redeals(redeals, bool(level))}")
            right.append(f" · {voice.header_auto(auto)}")
            right.append(" · ")
            right.append_text(self._verdict_text())
            right.append(" ")
            return right

        names = [game.name + (f" ({opts})" if opts else ""), game.short_name or game.name]
        # The first that fits: in words, shorter words, then a name cut short,
        # then bare numbers. The deal number always shows. While the solver searches, the
        # room is measured with its longest word, so that the title does not change with the verdict.
        choice = None
        words = VERDICT_WORDS.values()
        widest = (max(len(w) for w in words), max(len(w.split()[0]) for w in words)) if self.analysis_on else (0, 0)
        for level, least in ((0, None), (1, None), (1, 8), (2, 0)):
            right = tail(level)
            slack = max(0, widest[level == 2] - self._verdict_text(tiny=level == 2).cell_len)
            room = width - deal.cell_len - right.cell_len - 1 - slack
            for candidate in names:
                if len(candidate) + 1 <= room:
                    choice = (Text(f" {candidate}", style="bold"), right)
                    break
            if choice is None and least is not None and room >= least:
                name = Text(f" {names[1]}", style="bold")
                if room >= 5:
                    name.truncate(room, overflow="ellipsis")
                else:
                    name = Text(" ")
                choice = (name, right)
            if choice is not None:
                break
        assert choice is not None
        name, right = choice
        left = name + deal
        pad = max(1, width - left.cell_len - right.cell_len)
        return Text.assemble(left, " " * pad, right)

    def _verdict_text(self, tiny: bool = False) -> Text:
        """The solver's word on the position (``tiny``: its symbol only)."""
        status = self.session.status
        words = VERDICT_WORDS
        if status is Status.WON:
            text = Text(words["won"], style="bold green")
        elif status is Status.LOST:
            text = Text(words["lost"], style="bold red")
        elif (v := self.answer) is None:
            text = Text(words["searching" if self.searching else "off"], style="dim")
            if tiny:
                return Text("…" if self.searching else "", style="dim")
        elif v.verdict is Verdict.WON:
            text = Text(words["winnable"], style="bold green")
        elif v.verdict is Verdict.LOST:
            text = Text(words["no_longer_winnable" if self.state.history else "not_winnable"], style="bold red")
        else:
            text = Text(words["unknown_searching" if self.searching else "unknown"], style="yellow")
        if tiny:
            return Text(text.plain.split()[0], style=text.style)
        return text

    def _where_text(self) -> Text:
        game, state = self.game, self.state
        text = Text(" ")
        if self.playback is not None:
            pb = self.playback
            text.append(voice.showing_solution_at(pb.shown, len(pb.moves)), style="bold")
            return text
        if self.held is not None:
            src, count = self.held
            what = voice.A_STOCK_CARD if src == game.stock else self._cards_text(state.piles[src][-count:]).plain
            text.append(voice.HOLDING.format(cards=what, pile=game.pile_abbrs[src]), style="bold")
            text.append(voice.HOLD_HAS_PLACES if self.target_counts else voice.HOLD_NOWHERE)
            text.append(f" · {voice.puts_back(KEYS_BY_ACTION['cancel'].shown)}", style="dim")
            return text
        p = self.cursor
        pile = state.piles[p]
        text.append(f"{game.pile_abbrs[p]} ", style="bold")
        text.append(f"{game.pile_label(p)}: ")
        if p == game.stock:
            text.append(voice.face_down(len(pile)))
            if len(game.active_wastes(state)) > 1:
                text.append(f" · {voice.wastes_in_play(len(game.active_wastes(state)))}")
        elif not pile:
            text.append(voice.EMPTY)
        else:
            text.append(f"{voice.plural(len(pile), 'card')} ")
            width = max(10, (self.size.width or 80) - text.cell_len - 1)
            cards = self._cards_text(pile)
            if cards.cell_len > width:
                cards = Text("…") + cards[cards.cell_len - width + 1:]
            text.append_text(cards)
        return text

    def _cards_text(self, cards: list[int]) -> Text:
        out = Text()
        for i, c in enumerate(cards):
            if i:
                out.append(" ")
            out.append(cf.short_text(c), style=f"bold {cf.suit_colour(c, self.board.four_colour)} on {cf.CARD_BG}")
        return out
