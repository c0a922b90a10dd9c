"""The board widget: draws a position from its layout and maps clicks to piles.

The board is a view. It paints every pile of the state into a grid of cells
(a :class:`Canvas`) and remembers, for each cell, which pile and which card
is there, so a click becomes ``(pile, card index)``. What a click or a key
means is the app's business; the board only shows the cursor, the cards
held, the legal targets and a hint that the app sets on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from ... import voice
from ...engine.rules import ACES, ANY, KINGS, WASTE
from ...engine.state import State
from . import cardfaces as cf
from .layout import DOWN, RIGHT, SQUARE, Layout, Slot, layout_for, smallest_clean

Hit = tuple[int, int]
"""``(pile, index)``: the card at ``index`` of ``pile``; index -1 is the
empty pile's mark or the pile's label (meaning the pile itself)."""


class Canvas:
    """A grid of characters with a style and a hit for each cell."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles = [[cf.BACKGROUND] * width for _ in range(height)]
        self.hits: list[list[Hit | None]] = [[None] * width for _ in range(height)]

    def put(self, x: int, y: int, text: str, style: Style, hit: Hit | None = None) -> None:
        """Write ``text`` at ``(x, y)``, clipped to the grid."""
        if not 0 <= y < self.height:
            return
        row, srow, hrow = self.chars[y], self.styles[y], self.hits[y]
        for i, ch in enumerate(text):
            cx = x + i
            if 0 <= cx < self.width:
                row[cx], srow[cx] = ch, style
                if hit is not None:
                    hrow[cx] = hit

    def strip(self, y: int) -> Strip:
        """Row ``y`` as a Textual strip, equal styles merged into one segment."""
        if not 0 <= y < self.height:
            return Strip.blank(self.width)
        segments: list[Segment] = []
        row, srow = self.chars[y], self.styles[y]
        start = 0
        for x in range(1, self.width + 1):
            if x == self.width or srow[x] is not srow[start]:
                segments.append(Segment("".join(row[start:x]), srow[start]))
                start = x
        return Strip(segments, self.width)

    def text(self, y: int) -> str:
        return "".join(self.chars[y])


@dataclass
class Marks:
    """What the app wants shown besides the cards."""

    cursor: int = 0
    depth: int = 1
    held: tuple[int, int] | None = None
    targets: set[int] = field(default_factory=set)
    hint: tuple[int, ...] = ()


class Board(Widget):
    """Every pile of a game, laid out as its rulebook describes."""

    DEFAULT_CSS = """
    Board { width: 1fr; height: 1fr; }
    """

    class Clicked(Message):
        """A click on a card (index >= 0) or on a pile's mark or label (-1)."""

        def __init__(self, pile: int, index: int, chain: int) -> None:
            super().__init__()
            self.pile, self.index, self.chain = pile, index, chain

    class Missed(Message):
        """A click on the felt, away from every pile."""

    def __init__(self, state: State, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = state
        self.marks = Marks()
        self.four_colour = False
        self._canvas: Canvas | None = None
        self._layout: Layout | None = None
        self.too_small: tuple[int, int] | None = None  # the size needed, while the table does not fit

    # ---------------------------------------------------------------- public

    def set_state(self, state: State) -> None:
        self.state = state
        self.update_view()

    def update_view(self) -> None:
        """Redraw from the state and marks (call after any change)."""
        self._canvas = None
        self.refresh()

    @property
    def layout_now(self) -> Layout:
        """The layout for the board's current size."""
        self._ensure()
        assert self._layout is not None
        return self._layout

    @property
    def canvas(self) -> Canvas:
        self._ensure()
        assert self._canvas is not None
        return self._canvas

    def hit_at(self, x: int, y: int) -> Hit | None:
        c = self.canvas
        return c.hits[y][x] if 0 <= y < c.height and 0 <= x < c.width else None

    def cell_of(self, pile: int, index: int | None = None) -> tuple[int, int] | None:
        """A cell showing card ``index`` of ``pile`` (its top card by default,
        the pile's mark or label when it is empty): where to click it."""
        c = self.canvas
        p = self.state.piles[pile]
        want = (len(p) - 1 if p else -1) if index is None else index
        for y in range(c.height):
            row = c.hits[y]
            for x in range(c.width):
                if row[x] == (pile, want):
                    return x, y
        return None

    def rendered_cards(self, pile: int) -> list[str]:
        """The card texts drawn for ``pile``, bottom to top (hidden ones left out)."""
        c = self.canvas
        found: dict[int, list[str]] = {}
        for y in range(c.height):
            for x in range(c.width):
                h = c.hits[y][x]
                if h is not None and h[0] == pile and h[1] >= 0:
                    found.setdefault(h[1], []).append(c.chars[y][x])
        return ["".join(chars).strip() for _, chars in sorted(found.items())]

    def neighbour(self, pile: int, dx: int, dy: int) -> int:
        """The nearest pile from ``pile`` in the direction ``(dx, dy)``."""
        lay = self.layout_now
        here = lay.slot_of(pile)
        if here is None:
            return pile
        hx, hy = here.x + lay.cw / 2, here.y
        best, best_score = pile, None
        for s in lay.slots:
            if s.pile == pile:
                continue
            sx, sy = s.x + lay.cw / 2, s.y
            ahead = (sx - hx) * dx + (sy - hy) * dy
            if ahead <= 0:
                continue
            aside = abs(sy - hy) if dx else abs(sx - hx)
            # A pile straight ahead wins over a nearer one far to the side.
            score = ahead + aside * (3 if dx else 1.5)
            if best_score is None or score < best_score:
                best, best_score = s.pile, score
        return best

    def slot_order(self) -> list[int]:
        """Piles in reading order, for Tab."""
        return [s.pile for s in sorted(self.layout_now.slots, key=lambda s: (s.y, s.x))]

    # ------------------------------------------------------------- rendering

    def on_resize(self, event: events.Resize) -> None:
        self.update_view()

    def render_line(self, y: int) -> Strip:
        return self.canvas.strip(y)

    def _ensure(self) -> None:
        w, h = self.size.width, self.size.height
        if self._canvas is not None and (self._canvas.width, self._canvas.height) == (w, h):
            return
        self._layout = layout_for(self.state.game, max(w, 1), max(h, 1), self.state.piles)
        self.too_small = None if self._layout.clean() else self._size_needed(w, h)
        if self.too_small is not None:
            self._canvas = self._paint_too_small(w, h)
        else:
            self._canvas = self._paint(self._layout, w, h)

    def _size_needed(self, w: int, h: int) -> tuple[int, int]:
        """The terminal size (columns, rows) at which the table is drawn cleanly."""
        need = smallest_clean(self.state.game, self.state.piles) or (w + 20, h + 10)
        app_w, app_h = self._app_size(w, h)
        return need[0] + max(0, app_w - w), need[1] + max(0, app_h - h)

    def _app_size(self, w: int, h: int) -> tuple[int, int]:
        """The terminal's size; (``w``, ``h``), the board's, when not mounted in an app."""
        try:
            return self.app.size.width, self.app.size.height
        except Exception:  # noqa: BLE001 - not mounted in an app (tests of the widget alone)
            return w, h

    def _paint_too_small(self, w: int, h: int) -> Canvas:
        """Instead of piles drawn over each other: what size the terminal needs."""
        canvas = Canvas(w, h)
        assert self.too_small is not None
        need_w, need_h = self.too_small
        now_w, now_h = self._app_size(w, h)
        words = voice.terminal_too_small(self.state.game.name, (need_w, need_h), (now_w, now_h)).split()
        lines, line = [], ""
        for word in words:
            if line and len(line) + 1 + len(word) > max(10, w - 2):
                lines.append(line)
                line = word
            else:
                line = f"{line} {word}".strip()
        lines.append(line)
        for i, text in enumerate(lines[:h]):
            canvas.put(1, i, text[: max(0, w - 1)], cf.LABEL)
        return canvas

    def _paint(self, lay: Layout, w: int, h: int) -> Canvas:
        canvas = Canvas(w, h)
        for x, y, text in lay.captions:
            canvas.put(x, y, text, cf.LABEL)
        for slot in lay.slots:
            self._paint_slot(canvas, slot, lay.cw)
        return canvas

    def _tile_bg(self, pile: int, index: int, size: int) -> str | None:
        m = self.marks
        from_top = size - index  # 1 for the top card
        if m.cursor == pile and from_top <= max(1, m.depth) and m.held is None:
            return cf.CURSOR_BG
        if m.held is not None and m.held[0] == pile and from_top <= m.held[1]:
            return cf.HELD_BG
        if from_top == 1 and pile in m.targets:
            return cf.TARGET_BG
        if m.cursor == pile and from_top == 1:
            return cf.CURSOR_BG
        if from_top == 1 and pile in m.hint:
            return cf.HINT_BG
        return None

    def _paint_slot(self, canvas: Canvas, slot: Slot, cw: int) -> None:
        state, game, m = self.state, self.state.game, self.marks
        pile_no = slot.pile
        pile = state.piles[pile_no]
        n = len(pile)
        here = m.cursor == pile_no
        label_style = Style(color=cf.CURSOR_BG, bgcolor=cf.FELT, bold=True) if here else cf.LABEL
        inactive = not state.in_play(pile_no)
        if inactive:
            label_style = cf.LABEL_DIM
        if slot.label:
            if slot.label_left:
                canvas.put(slot.x - len(slot.label) - 1, slot.y, slot.label, label_style, (pile_no, -1))
            else:
                canvas.put(slot.x, slot.y - 1, slot.label, label_style, (pile_no, -1))
        if pile_no == game.stock:
            self._paint_stock(canvas, slot, cw, n)
            return
        if not pile:
            bg = None
            if pile_no in m.targets:
                bg = cf.TARGET_BG
            elif here:
                bg = cf.CURSOR_BG
            elif pile_no in m.hint:
                bg = cf.HINT_BG
            style = Style(color="#202020", bgcolor=bg) if bg else cf.EMPTY
            canvas.put(slot.x, slot.y, cf.slot_text("out" if inactive else self._space_kind(pile_no), cw), style,
                       (pile_no, -1))
            return
        room = max(1, slot.room)
        if slot.fan == SQUARE:
            first = n - 1
            room = n  # only the top card shows: no mark for the rest
        elif room == 1:
            first = n - 1  # no room for a "+N" mark as well: the top card matters more
        else:
            first = 0 if n <= room else n - (room - 1)
        pos = 0
        if first and slot.fan != SQUARE and room > 1:
            more = f"+{first}"
            more = more.rjust(cw) if len(more) <= cw else more[:cw]
            # The mark stands for the hidden cards; a click on it means the pile.
            self._put_at(canvas, slot, pos, cw, more, cf.MORE, (pile_no, -1))
            pos += 1
        for index in range(first, n):
            card = pile[index]
            bg = self._tile_bg(pile_no, index, n)
            style = cf.face_style(card, self.four_colour, alt=slot.fan == RIGHT and index % 2 == 1, bg=bg)
            self._put_at(canvas, slot, pos, cw, cf.face_text(card, cw), style, (pile_no, index))
            pos += 1
        if here and slot.fan != RIGHT:
            top_pos = pos - 1
            y = slot.y + (top_pos if slot.fan == DOWN else 0)
            canvas.put(slot.x - 1, y, "▸", label_style)

    def _put_at(self, canvas: Canvas, slot: Slot, pos: int, cw: int, text: str, style: Style, hit: Hit) -> None:
        if slot.fan == DOWN:
            canvas.put(slot.x, slot.y + pos, text, style, hit)
        elif slot.fan == RIGHT:
            canvas.put(slot.x + pos * cw, slot.y, text, style, hit)
        else:
            canvas.put(slot.x, slot.y, text, style, hit)

    def _paint_stock(self, canvas: Canvas, slot: Slot, cw: int, n: int) -> None:
        m = self.marks
        bg = None
        if m.cursor == slot.pile:
            bg = cf.CURSOR_BG
        if m.held is not None and m.held[0] == slot.pile:
            bg = cf.HELD_BG
        if slot.pile in m.hint:
            bg = bg or cf.HINT_BG
        if n:
            text = str(n).center(cw)
            style = Style(color="#101010", bgcolor=bg, bold=True) if bg else cf.BACK
        else:
            can_redeal = self.state.game.can_redeal(self.state)
            text = ("[↺]" if cw == 3 else "[ ↺ ]") if can_redeal else cf.slot_text("none", cw)
            style = Style(color="#101010", bgcolor=bg) if bg else cf.EMPTY
        canvas.put(slot.x, slot.y, text, style, (slot.pile, n - 1 if n else -1))

    def _space_kind(self, pile: int) -> str:
        """What the empty ``pile`` takes, for its mark."""
        game = self.state.game
        role = game.pile_roles[pile]
        if role == "foundation":
            starts = {c & 15 for c in game.space[pile]}
            return "aces" if starts == {1} else "kings" if starts == {13} else ANY
        space = game.space[pile]
        if not space:
            return "any" if role == WASTE else "none"
        ranks = {c & 15 for c in space}
        if ranks == {1}:
            return ACES
        if ranks == {13}:
            return KINGS
        return ANY

    # ------------------------------------------------------------------ mouse

    def on_click(self, event: events.Click) -> None:
        hit = self.hit_at(event.x, event.y)
        if hit is None:
            self.post_message(self.Missed())
        else:
            self.post_message(self.Clicked(hit[0], hit[1], event.chain))
