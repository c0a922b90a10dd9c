"""Where each pile sits on the table: a game's geometry, declared once.

A game describes its table with one *shape* (:class:`Columns`, :class:`Ring`
or :class:`Corners`) made of :class:`Band`\\ s: piles side by side in reading
order, each band fanning one way. Every interface draws from it: the
terminal lays the shape out in character cells, the web page in card units
(:meth:`Table.pictures`, served by ``/api/catalog``). A game whose rulebook
picture differs from what fits a small screen gives its own pictures
(:class:`Picture`) next to its shape; nothing outside ``napoleon/games/``
knows which game looks how.

Card units: a card is 1 wide and :data:`CARD_RATIO` high; ``x``/``y`` are
the top-left corner of a pile's first card, ``room`` the length along its fan
that a pile may take, card included (``None``: down to the table's edge).

>>> ring = Ring(piles=tuple(f"t{i}" for i in range(1, 13)), sides=(4, 2, 4, 2),
...             centre=(Band(("k1", "k2", "k3", "k4")), Band(("a1", "a2", "a3", "a4"))))
>>> ring.top, ring.left        # the left side is listed clockwise: bottom to top
(('t1', 't2', 't3', 't4'), ('t11', 't12'))
>>> ring.bottom                # and the bottom right to left
('t7', 't8', 't9', 't10')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

DOWN, RIGHT, STACK, WASTE = "down", "right", "stack", "waste"
"""How a pile fans: each card below the last, to its right, squared up (only
the top card shows), or squared up with the top three cards fanned right."""

CARD_RATIO = 1.4
"""A card's height over its width (the card images are 240 x 336)."""

GAP = 0.22
"""The gap between two piles side by side, in card widths."""

PORTRAIT_COLUMNS = 8
"""From this many columns a :class:`Columns` table has a second picture for
screens taller than wide (:meth:`Columns.portrait`): in one row they would
leave a phone's cards too small to read."""
PITCH = 1 + GAP


@dataclass(frozen=True)
class Band:
    """Piles side by side in reading order, all fanning ``fan``.

    ``right`` puts the band at the right end of its row; ``caption`` is a
    title drawn above it; ``room`` is the length each pile's fan may take
    (card units, ``None``: to the table's edge).
    """

    piles: tuple[str, ...]
    fan: str = STACK
    right: bool = False
    caption: str = ""
    room: float | None = None


@dataclass(frozen=True)
class Columns:
    """A top row of bands (stock, waste, cells, foundations) over a row of columns.

    The columns fan down and may take ``room`` (card units) of the picture's
    height below the top row.
    """

    top: tuple[Band, ...]
    columns: Band

    def picture(self) -> Picture:
        """The shape in card units: left bands from the left edge, right bands
        ending over the last column."""
        n = len(self.columns.piles)
        captioned = any(b.caption for b in self.top)
        fy = 0.32 if captioned else 0.0
        ty = fy + CARD_RATIO + (0.35 if captioned else 0.4)
        places: dict[str, Place] = {}
        labels: list[tuple[float, float, str]] = []
        x = 0.0
        for band in (b for b in self.top if not b.right):
            if band.caption:
                labels.append((x, 0.0, band.caption))
            for p in band.piles:
                places[p] = Place(x, fy, band.fan, band.room)
                x += PITCH
            if band.fan == WASTE:
                x += 0.6  # the waste's top cards fan out to the right
        last = (n - 1) * PITCH
        width = n * PITCH - GAP
        shift = 0.0
        for band in (b for b in self.top if b.right):
            m = len(band.piles)
            start, pitch = last - (m - 1) * PITCH, PITCH
            if start < x + 1e-9:  # the bands would touch
                if any(b.fan == WASTE for b in self.top):
                    # Squeeze the band between the waste and the last column.
                    start, pitch = x, (last - x) / max(1, m - 1)
                else:
                    # Part the two bands and centre the columns under them.
                    start, shift = x + 0.3, 0.15
                    width += 0.3
            if band.caption:
                labels.append((start, 0.0, band.caption))
            for k, p in enumerate(band.piles):
                places[p] = Place(start + k * pitch, fy, band.fan, band.room)
        for k, p in enumerate(self.columns.piles):
            places[p] = Place(k * PITCH + shift, ty, DOWN, None)
        return Picture(places, width, ty + (self.columns.room or CARD_RATIO + 2.6), labels=tuple(labels))

    def portrait(self) -> Picture:
        """The shape for a screen taller than wide (a phone held upright): the
        columns in two rows, the top row's piles in rows as wide, each band on
        the row it fits (a captioned band starts a row), a waste squared up.
        Cards come out about twice as large as in :meth:`picture` there.
        Drawn only where it gives much larger cards (``prefer`` 0.8)."""
        cols = self.columns.piles
        per_row = (len(cols) + 1) // 2
        rows: list[list[tuple[str, str]]] = [[]]
        captions: dict[int, list[tuple[int, str]]] = {}
        for band in self.top:
            fan = STACK if band.fan == WASTE else band.fan
            if band.caption and rows[-1]:
                rows.append([])  # a captioned band starts its row, under its caption
            for i, p in enumerate(band.piles):
                if len(rows[-1]) == per_row:
                    rows.append([])
                if i == 0 and band.caption:
                    captions.setdefault(len(rows) - 1, []).append((len(rows[-1]), band.caption))
                rows[-1].append((p, fan))
        places: dict[str, Place] = {}
        labels: list[tuple[float, float, str]] = []
        y = 0.0
        for r, row in enumerate(rows):
            if r in captions:
                labels += [(k * PITCH, y, text) for k, text in captions[r]]
                y += 0.32
            for k, (p, fan) in enumerate(row):
                places[p] = Place(k * PITCH, y, fan)
            y += CARD_RATIO + 0.15
        room = CARD_RATIO + 9 * 0.3  # each row of columns: ten cards with their index showing
        first = y + 0.25
        second = first + room + 0.25
        for k, p in enumerate(cols):
            if k < per_row:
                places[p] = Place(k * PITCH, first, DOWN, room)
            else:
                places[p] = Place((k - per_row) * PITCH, second, DOWN, None)
        return Picture(places, per_row * PITCH - GAP, second + room, labels=tuple(labels), prefer=0.8)


@dataclass(frozen=True)
class Ring:
    """Piles round a centre, listed clockwise from the top left.

    ``sides`` counts the piles of the top, right, bottom and left sides in
    turn (the top left to right, the right side downwards, the bottom right
    to left, the left side upwards); ``centre`` are the rows inside. The
    sides' piles fan right, the top's and bottom's down.
    """

    piles: tuple[str, ...]
    sides: tuple[int, int, int, int]
    centre: tuple[Band, ...]
    side_room: float = 2.8
    end_room: float = 2.9

    def _side(self, k: int) -> tuple[str, ...]:
        start = sum(self.sides[:k])
        return self.piles[start : start + self.sides[k]]

    @property
    def top(self) -> tuple[str, ...]:
        """The top side, left to right."""
        return self._side(0)

    @property
    def right(self) -> tuple[str, ...]:
        """The right side, top to bottom."""
        return self._side(1)

    @property
    def bottom(self) -> tuple[str, ...]:
        """The bottom side, clockwise: right to left."""
        return self._side(2)

    @property
    def left(self) -> tuple[str, ...]:
        """The left side, clockwise: bottom to top."""
        return self._side(3)

    def _across(self) -> int:
        """How many piles wide the top, the bottom and the centre's rows are at most."""
        return max(len(self.top), len(self.bottom), *(len(b.piles) for b in self.centre))

    def _centre(self, x0: float, rows: list[float]) -> dict[str, Place]:
        """The centre's rows from ``x0`` across, each at its ``rows`` y."""
        places: dict[str, Place] = {}
        for y, band in zip(rows, self.centre, strict=True):
            for k, p in enumerate(band.piles):
                places[p] = Place(x0 + k * PITCH, y, band.fan, band.room)
        return places

    def _sides_across(self, places: dict[str, Place], rows: list[float], left: float, right: float) -> None:
        """The left and right sides beside the centre's rows, fanning right from ``left`` and ``right``."""
        for y, p in zip(rows, self.right, strict=False):
            places[p] = Place(right, y, RIGHT, self.side_room)
        for y, p in zip(rows, reversed(self.left), strict=False):
            places[p] = Place(left, y, RIGHT, self.side_room)

    def _middle(self, x0: float, end_room: float) -> tuple[dict[str, Place], list[float], float]:
        """The top side, the centre's rows under it and the bottom side under
        them, from ``x0`` across; the top and bottom fan down into
        ``end_room``. Returns the places, the rows' y and the bottom's y:
        the two pictures differ only in where they put the left and right sides."""
        rows = [end_room + 0.3 + r * (CARD_RATIO + 0.25) for r in range(len(self.centre))]
        places = self._centre(x0, rows)
        bottom = rows[-1] + CARD_RATIO + 0.3
        for k, p in enumerate(self.top):
            places[p] = Place(x0 + k * PITCH, 0.0, DOWN, end_room)
        for k, p in enumerate(reversed(self.bottom)):
            places[p] = Place(x0 + k * PITCH, bottom, DOWN, end_room)
        return places, rows, bottom

    def picture(self) -> Picture:
        """The ring in card units, the centre's rows between top and bottom."""
        S, V = self.side_room, self.end_room
        x0 = S + 0.35
        right = x0 + self._across() * PITCH - GAP + 0.35
        places, rows, bottom = self._middle(x0, V)
        self._sides_across(places, rows, 0.0, right)
        return Picture(places, right + S, bottom + V)

    def portrait(self) -> Picture:
        """The ring for a screen taller than wide: every pile fans down, the
        sides' piles in a column each side of the centre, from the centre's
        first row down, so the table is narrow and its cards large. Each fan
        has room for nine cards with their index showing. Drawn only where it
        gives much larger cards (``prefer`` 0.8)."""
        room = CARD_RATIO + 8 * 0.3
        x0 = PITCH
        right = x0 + self._across() * PITCH
        places, rows, bottom = self._middle(x0, room)
        sides = max(len(self.right), len(self.left))
        height = max(bottom + room, rows[0] + sides * room + 0.25 * (sides - 1))
        for side, x in ((self.right, right), (tuple(reversed(self.left)), 0.0)):
            each = (height - rows[0] - 0.25 * (len(side) - 1)) / max(1, len(side))
            for k, p in enumerate(side):
                places[p] = Place(x, rows[0] + k * (each + 0.25), DOWN, each)
        return Picture(places, right + 1, height, prefer=0.8)

    def wide(self) -> Picture:
        """The ring for a short, wide screen (a phone on its side): the top's and bottom's piles
        fan right, in a row each above and below the centre, so the table is little more than
        four cards high where the rulebook's picture is nearly seven: there its cards would be
        too small to read, or the table would scroll. Drawn where the rulebook's cannot show
        readable cards, or gives much smaller ones (``prefer`` 0.6)."""
        S, room, gap = self.side_room, 3.0, 0.15
        across = max(len(self.top), len(self.bottom)) * (room + GAP) - GAP
        middle = 2 * S + 0.7 + self._across() * PITCH - GAP
        width = max(across, middle)
        x0 = (width - middle) / 2 + S + 0.35
        rows = [CARD_RATIO + gap + r * (CARD_RATIO + 0.2) for r in range(len(self.centre))]
        bottom = rows[-1] + CARD_RATIO + gap
        places = self._centre(x0, rows)
        edge = (width - across) / 2
        for k, p in enumerate(self.top):
            places[p] = Place(edge + k * (room + GAP), 0.0, RIGHT, room)
        for k, p in enumerate(reversed(self.bottom)):
            places[p] = Place(edge + k * (room + GAP), bottom, RIGHT, room)
        self._sides_across(places, rows, x0 - 0.35 - S, x0 + self._across() * PITCH - GAP + 0.35)
        return Picture(places, width, bottom + CARD_RATIO, prefer=0.6)


@dataclass(frozen=True)
class Corners:
    """Four piles in the corners round a cross of piles in a row (the
    Tomb's reserves round its tableau and central reserve), a band left of
    the cross, one right of it, and rows below, one pile a row."""

    corners: tuple[str, str, str, str]
    cross: tuple[str, ...]
    left: tuple[str, ...]
    right: tuple[str, ...]
    below: tuple[str, ...]


Shape = Columns | Ring | Corners


@dataclass(frozen=True)
class Place:
    """One pile in a picture: its first card's corner, its fan and room."""

    x: float
    y: float
    fan: str
    room: float | None = None


@dataclass(frozen=True)
class Picture:
    """A whole table in card units: ``width`` x ``height``, a place per pile,
    captions ``(x, y, text)``. ``prefer`` weighs it against a game's other
    pictures: below 1 for one further from the rulebook's, drawn only where
    it gives much larger cards. The page first keeps the pictures that show
    the whole table with readable cards; where none does, the one that
    scrolls least with nearly readable cards (static/js/layouts.js)."""

    places: dict[str, Place]
    width: float
    height: float
    labels: tuple[tuple[float, float, str], ...] = ()
    prefer: float = 1.0

    def to_json(self) -> dict[str, Any]:
        """The picture as the web page reads it (``room`` ``"fill"``: to the edge)."""
        piles = {
            name: {"x": round(p.x, 4), "y": round(p.y, 4), "fan": p.fan,
                   **({"room": "fill" if p.room is None else round(p.room, 4)} if p.fan in (DOWN, RIGHT) else {})}
            for name, p in self.places.items()
        }
        obj: dict[str, Any] = {"w": round(self.width, 4), "h": round(self.height, 4), "piles": piles,
                               "labels": [{"x": round(x, 4), "y": round(y, 4), "text": t} for x, y, t in self.labels]}
        if self.prefer != 1.0:
            obj["prefer"] = self.prefer
        return obj


@dataclass(frozen=True)
class Table:
    """A game's table: its shape, and the pictures it is drawn in where
    there is room (by default the shape's own)."""

    shape: Shape
    own_pictures: tuple[Picture, ...] = field(default=())

    def pictures(self) -> tuple[Picture, ...]:
        """The table in card units, one picture or several for screens of different shapes."""
        if self.own_pictures:
            return self.own_pictures
        if isinstance(self.shape, Corners):
            raise TypeError("a table of Corners shape must give its own pictures")
        if isinstance(self.shape, Ring):
            return (self.shape.picture(), self.shape.portrait(), self.shape.wide())
        if isinstance(self.shape, Columns) and len(self.shape.columns.piles) >= PORTRAIT_COLUMNS:
            return (self.shape.picture(), self.shape.portrait())
        return (self.shape.picture(),)

    def to_json(self) -> dict[str, Any]:
        """What ``/api/catalog`` serves of a table: its pictures."""
        return {"pictures": [p.to_json() for p in self.pictures()]}
