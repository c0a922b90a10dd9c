"""Where each pile goes on the screen, per game family, for a given size.

A layout is a list of :class:`Slot`: a pile, the cell of its first card,
and how it fans out. ``DOWN`` piles show one card a row, ``RIGHT`` piles one
card a tile sideways (the Tomb's reserves and wastes, St. Helena's side
piles), ``SQUARE`` piles only their top card. A pile longer than its room
shows a ``+N`` mark for the cards hidden under the ones shown.

Each game declares its table's shape (:mod:`napoleon.engine.table`); three
shapes are drawn here: columns under a top row of bands, a ring of piles
round rows in the centre, and piles in the four corners round a cross.

>>> from napoleon import get_game
>>> lay = layout_for(get_game("st-helena"), 80, 21)
>>> len(lay.slots), lay.fits
(20, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.game import Game
from ...engine.table import WASTE, Columns, Corners, Ring

DOWN, RIGHT, SQUARE = "down", "right", "square"


@dataclass
class Slot:
    """One pile on the screen: the first card's cell, the fan and its room.

    ``room`` is the rows (``DOWN``) or tiles (``RIGHT``) the pile may use;
    the label goes above the first card, or to its left for ``RIGHT``.
    """

    pile: int
    x: int
    y: int
    fan: str
    room: int
    label: str = ""
    label_left: bool = False


@dataclass
class Layout:
    """The slots of one game at one size, the tile width, and free captions."""

    cw: int
    slots: list[Slot] = field(default_factory=list)
    captions: list[tuple[int, int, str]] = field(default_factory=list)
    width: int = 0
    height: int = 0

    @property
    def fits(self) -> bool:
        """Whether every slot's first card is inside the area."""
        return all(0 <= s.x and s.x + self.cw <= self.width and 0 <= s.y < self.height for s in self.slots)

    def slot_of(self, pile: int) -> Slot | None:
        return next((s for s in self.slots if s.pile == pile), None)

    def clean(self) -> bool:
        """Whether every pile, with its label and cursor mark, is drawn inside
        the area without covering another's cells: otherwise the table would
        be unreadable, and the board says how big the terminal must be."""
        owner: dict[tuple[int, int], int] = {}
        for slot in self.slots:
            for x, y in _cells(slot, self.cw):
                if x == slot.x - 1 and x < 0:
                    continue  # the cursor mark of a pile at the left edge is left out, harmlessly
                if not (0 <= x < self.width and 0 <= y < self.height):
                    return False
                if owner.setdefault((x, y), slot.pile) != slot.pile:
                    return False
        return True


def _cells(slot: Slot, cw: int) -> list[tuple[int, int]]:
    """The cells ``slot`` may paint: its label, its cursor mark and its cards."""
    out: list[tuple[int, int]] = []
    if slot.label:
        if slot.label_left:
            out += [(slot.x - len(slot.label) - 1 + i, slot.y) for i in range(len(slot.label))]
        else:
            out += [(slot.x + i, slot.y - 1) for i in range(len(slot.label))]
    if slot.fan == RIGHT:
        out += [(slot.x + i, slot.y) for i in range(max(1, slot.room) * cw)]
        return out
    rows = max(1, slot.room) if slot.fan == DOWN else 1
    for r in range(rows):
        out += [(slot.x - 1, slot.y + r)] + [(slot.x + i, slot.y + r) for i in range(cw)]
    return out


def smallest_clean(game: Game, piles: list[list[int]] | None = None) -> tuple[int, int] | None:
    """The smallest area (width, height) in which ``game``'s layout is :meth:`Layout.clean`."""
    def clean(w: int, h: int) -> bool:
        return layout_for(game, w, h, piles).clean()

    tall = 120
    width = next((w for w in range(20, 241) if clean(w, tall)), None)
    if width is None:
        return None
    height = next((h for h in range(4, tall + 1) if clean(width, h)), None)
    while height is None and width < 240:
        width += 2
        height = next((h for h in range(4, tall + 1) if clean(width, h)), None)
    return None if height is None else (width, height)


def layout_for(game: Game, width: int, height: int, piles: list[list[int]] | None = None) -> Layout:
    """The layout of ``game`` in an area of ``width`` x ``height`` cells.

    ``piles`` (the position) lets a ring give its top and bottom no more
    rows than their longest piles need, so that a tall screen keeps the ring
    together.
    """
    shape = game.table().shape
    if isinstance(shape, Corners):
        return corners_layout(game, shape, width, height)
    if isinstance(shape, Ring):
        return ring_layout(game, shape, width, height, piles)
    return columns_layout(game, shape, width, height)


def spread(n: int, width: int, cw: int, most: int = 3) -> int:
    """The pitch of ``n`` piles side by side: a gap of 1 to ``most`` cells."""
    if n <= 1:
        return cw + 1
    return max(cw + 1, min(cw + most, (width - 2 + most) // n))


# ----------------------------------------------------------- column games


def columns_layout(game: Game, shape: Columns, width: int, height: int) -> Layout:
    """The top row's bands (stock and waste, cells, foundations) above the columns."""
    index = game.pile_index
    columns = [index[p] for p in shape.columns.piles]
    n = len(columns)
    lefts = [b for b in shape.top if not b.right]
    rights = [b for b in shape.top if b.right]
    waste = next((b for b in lefts if b.fan == WASTE), None)
    top_n = sum(len(b.piles) for b in shape.top)
    cw = 5 if max(n, top_n) * 6 + 2 <= width else 3
    pitch = spread(max(n, top_n if waste is None else 0), width, cw)
    grid = n * pitch - (pitch - cw)
    x0 = max(0, (width - grid) // 2)
    lay = Layout(cw, width=width, height=height)
    y = 0
    if any(b.caption for b in shape.top):
        y = 1
    tile_y = y + 1
    fpitch = min(pitch, cw + 2)
    if waste is None:
        # Bands aligned with the columns: from the left, and ending over the last column.
        for bands, k in ((lefts, 0), (rights, n - sum(len(b.piles) for b in rights))):
            for band in bands:
                if band.caption:
                    lay.captions.append((x0 + k * pitch, 0, band.caption))
                for p in band.piles:
                    lay.slots.append(Slot(index[p], x0 + k * pitch, tile_y, SQUARE, 1, game.pile_abbrs[index[p]]))
                    k += 1
    else:
        # The stock and its waste on the left, the waste fanned right up to the foundations.
        found = [index[p] for b in rights for p in b.piles]
        right = max(x0 + grid, min(width - 1, len(found) * fpitch + 2 * cw + 4))
        fx = right - (len(found) * fpitch - (fpitch - cw))
        for k, f in enumerate(found):
            lay.slots.append(Slot(f, fx + k * fpitch, tile_y, SQUARE, 1, game.pile_abbrs[f]))
        sx = max(0, min(x0, fx - 2 * cw - 3))
        stock = index[lefts[0].piles[0]]
        lay.slots.append(Slot(stock, sx, tile_y, SQUARE, 1, game.pile_abbrs[stock]))
        w = index[waste.piles[0]]
        wx = sx + cw + 1
        lay.slots.append(Slot(w, wx, tile_y, RIGHT, max(1, (fx - 2 - wx) // cw), game.pile_abbrs[w]))
    col_label_y = tile_y + 2
    room = max(1, height - col_label_y - 1)
    for k, c in enumerate(columns):
        lay.slots.append(Slot(c, x0 + k * pitch, col_label_y + 1, DOWN, room, game.pile_abbrs[c]))
    return lay


# ------------------------------------------------------------------ ring


def ring_layout(game: Game, ring: Ring, width: int, height: int, piles_now: list[list[int]] | None = None) -> Layout:
    """The ring's top side above its two centre rows, the bottom side below
    them, one side pile beside each centre row (St. Helena's piles 1-4 above
    the Kings, 5-6 down the right, 7-10 below the Aces, 11-12 up the left)."""
    index = game.pile_index
    upper, lower = ([index[p] for p in band.piles] for band in ring.centre)
    top_piles = [index[p] for p in ring.top]
    bottom_piles = [index[p] for p in reversed(ring.bottom)]  # left to right
    right_piles = [index[p] for p in ring.right]  # top to bottom
    left_piles = [index[p] for p in reversed(ring.left)]  # top to bottom
    cw = 5 if width >= 119 else 3
    pitch = cw + 2 if width >= 100 else cw + 1
    centre = 4 * pitch - (pitch - cw)
    cx = (width - centre) // 2
    lay = Layout(cw, width=width, height=height)
    rows = height - 4  # two label rows, two foundation rows
    gap = 1 if rows >= 19 else 0
    top_room = max(1, (rows - 2 * gap) // 2)
    bottom_room = max(1, rows - 2 * gap - top_room)
    top = 1
    if piles_now is not None:
        # Rows the piles need now (8 at the deal), the rest of the screen split above and below.
        want_top = max(8, *(len(piles_now[p]) for p in top_piles))
        want_bottom = max(8, *(len(piles_now[p]) for p in bottom_piles))
        if want_top + want_bottom + 2 * gap <= rows:
            top_room, bottom_room = want_top, want_bottom
            top = 1 + (rows - 2 * gap - want_top - want_bottom) // 2
    kings_y = top + top_room + gap
    aces_y = kings_y + 1
    for k, p in enumerate(top_piles):
        lay.slots.append(Slot(p, cx + k * pitch, top, DOWN, top_room, game.pile_abbrs[p]))
    for k, f in enumerate(upper):
        lay.slots.append(Slot(f, cx + k * pitch, kings_y, SQUARE, 1))
    for k, f in enumerate(lower):
        lay.slots.append(Slot(f, cx + k * pitch, aces_y, SQUARE, 1))
    bottom_label = aces_y + 1 + gap
    for k, p in enumerate(bottom_piles):
        lay.slots.append(Slot(p, cx + k * pitch, bottom_label + 1, DOWN, bottom_room, game.pile_abbrs[p]))
    side = cx - 2
    label_w = 4
    side_room = max(1, (side - label_w) // cw)
    left_x = max(label_w, cx - 2 - side_room * cw)
    right_x = cx + centre + 2 + label_w
    right_room = max(1, (width - right_x) // cw)
    for p, y in zip(left_piles, (kings_y, aces_y), strict=False):
        lay.slots.append(Slot(p, left_x, y, RIGHT, side_room, game.pile_abbrs[p], True))
    for p, y in zip(right_piles, (kings_y, aces_y), strict=False):
        lay.slots.append(Slot(p, right_x, y, RIGHT, right_room, game.pile_abbrs[p], True))
    return lay


# --------------------------------------------------------------- corners


def corners_layout(game: Game, shape: Corners, width: int, height: int) -> Layout:
    """Piles in the four corners, the cross between them with a band on
    each side of it, the rows below (the Tomb's reserves, its tableau cross
    round the central reserve, foundations, stock and five wastes)."""
    index = game.pile_index
    reserves = [index[p] for p in shape.corners]
    cross = [index[p] for p in shape.cross]
    wastes = [index[p] for p in shape.below]
    cw = 5 if width >= 2 * (3 + 10 * 5) + 4 else 3
    lay = Layout(cw, width=width, height=height)
    label_w = 3
    half = (width - 2) // 2
    r_room = max(1, min(12, (half - label_w - 1) // cw))
    r_span = label_w + r_room * cw
    right_rx = max(half + 1 + label_w, width - r_span + label_w)
    waste_rows = len(wastes)
    r2_y = max(4, height - waste_rows - 2)
    lay.slots.append(Slot(reserves[0], label_w, 0, RIGHT, r_room, game.pile_abbrs[reserves[0]], True))
    lay.slots.append(Slot(reserves[1], right_rx, 0, RIGHT, r_room, game.pile_abbrs[reserves[1]], True))
    lay.slots.append(Slot(reserves[2], label_w, r2_y, RIGHT, r_room, game.pile_abbrs[reserves[2]], True))
    lay.slots.append(Slot(reserves[3], right_rx, r2_y, RIGHT, r_room, game.pile_abbrs[reserves[3]], True))
    pitch = cw + (3 if width >= 100 else 2)
    nc = len(cross)
    cx = width // 2 - (nc * pitch - (pitch - cw)) // 2
    t_room = max(1, r2_y - 4)
    for k, p in enumerate(cross):
        lay.slots.append(Slot(p, cx + k * pitch, 3, DOWN, t_room, game.pile_abbrs[p]))
    # A band to the right of the cross (foundations), one to its left (the stock).
    right = [index[p] for p in shape.right]
    fpitch = cw + 1
    fx = cx + nc * pitch + 2
    fx = min(fx, width - len(right) * fpitch)
    for k, f in enumerate(right):
        lay.slots.append(Slot(f, fx + k * fpitch, 3, SQUARE, 1, game.pile_abbrs[f]))
    left = [index[p] for p in shape.left]
    for k, p in enumerate(reversed(left)):
        sx = max(1, cx - (2 + k) * pitch)
        lay.slots.append(Slot(p, sx, 3, SQUARE, 1, game.pile_abbrs[p]))
    wy = r2_y + 2
    w_room = max(1, (width - label_w - 1) // cw)
    for k, w in enumerate(wastes):
        lay.slots.append(Slot(w, label_w, wy + k, RIGHT, w_room, game.pile_abbrs[w], True))
    return lay
