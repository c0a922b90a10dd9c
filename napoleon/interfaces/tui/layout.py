"""Where each pile goes on the screen, per game family, for a given size.

A layout is a list of :class:`Slot`: a pile, the cell of its first card,
and how it fans out. ``DOWN`` piles show one card a row, ``RIGHT`` piles one
card a tile sideways (the Tomb's reserves and wastes, St. Helena's side
piles), ``SQUARE`` piles only their top card. A pile longer than its room
shows a ``+N`` mark for the cards hidden under the ones shown.

Three families share the code: the column games (Forty Thieves, Napoleon's
Square, Werner's game, Grand Napoleon), St. Helena's ring of 12 piles round
its two foundation rows, and Napoleon's Tomb with its reserves in the four
corners and the central reserve in the middle of the tableau cross.

>>> from napoleon import get_game
>>> lay = layout_for(get_game("st-helena"), 80, 21)
>>> len(lay.slots), lay.fits
(20, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine.game import Game
from ...engine.rules import CELL, CENTRAL, RESERVE, TABLEAU, WASTE

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


def layout_for(game: Game, width: int, height: int, piles: list[list[int]] | None = None) -> Layout:
    """The layout of ``game`` in an area of ``width`` x ``height`` cells.

    ``piles`` (the position) lets St. Helena give its ring no more rows than
    its longest piles need, so that a tall screen keeps the ring together.
    """
    if game.id == "napoleons-tomb":
        return tomb_layout(game, width, height)
    if game.id == "st-helena":
        return ring_layout(game, width, height, piles)
    return columns_layout(game, width, height)


def spread(n: int, width: int, cw: int, most: int = 3) -> int:
    """The pitch of ``n`` piles side by side: a gap of 1 to ``most`` cells."""
    if n <= 1:
        return cw + 1
    return max(cw + 1, min(cw + most, (width - 2 + most) // n))


# ----------------------------------------------------------- column games


def columns_layout(game: Game, width: int, height: int) -> Layout:
    """Foundations (and stock, waste or cells) in a row above the columns."""
    columns = game.role_piles[TABLEAU]
    n = len(columns)
    found = list(game.foundations)
    top_n = len(found) + len(game.role_piles.get(CELL, ())) + (2 if game.stock is not None else 0)
    cw = 5 if max(n, top_n) * 6 + 2 <= width else 3
    pitch = spread(max(n, top_n if game.stock is None else 0), width, cw)
    grid = n * pitch - (pitch - cw)
    x0 = max(0, (width - grid) // 2)
    lay = Layout(cw, width=width, height=height)
    y = 0
    if game.id == "grand-napoleon":
        lay.captions.append((x0, 0, "Ace foundations ↑"))
        lay.captions.append((x0 + (n - 4) * pitch, 0, "King foundations ↓"))
        y = 1
    tile_y = y + 1
    fpitch = min(pitch, cw + 2)
    if game.id == "grand-napoleon":
        for k, f in enumerate(found[:4]):
            lay.slots.append(Slot(f, x0 + k * pitch, tile_y, SQUARE, 1, game.pile_abbrs[f]))
        for k, f in enumerate(found[4:]):
            lay.slots.append(Slot(f, x0 + (n - 4 + k) * pitch, tile_y, SQUARE, 1, game.pile_abbrs[f]))
    elif game.stock is None:
        # Werner's game: the cells on the left, the foundations on the right.
        cells = game.role_piles[CELL]
        for k, c in enumerate(cells):
            lay.slots.append(Slot(c, x0 + k * pitch, tile_y, SQUARE, 1, game.pile_abbrs[c]))
        for k, f in enumerate(found):
            lay.slots.append(Slot(f, x0 + (n - len(found) + k) * pitch, tile_y, SQUARE, 1, game.pile_abbrs[f]))
    else:
        right = max(x0 + grid, min(width - 1, len(found) * fpitch + 2 * cw + 4))
        fx = right - (len(found) * fpitch - (fpitch - cw))
        for k, f in enumerate(found):
            lay.slots.append(Slot(f, fx + k * fpitch, tile_y, SQUARE, 1, game.pile_abbrs[f]))
        sx = max(0, min(x0, fx - 2 * cw - 3))
        lay.slots.append(Slot(game.stock, sx, tile_y, SQUARE, 1, "S"))
        waste = game.role_piles[WASTE][0]
        wx = sx + cw + 1
        lay.slots.append(Slot(waste, wx, tile_y, RIGHT, max(1, (fx - 2 - wx) // cw), "W"))
    col_label_y = tile_y + 2
    room = max(1, height - col_label_y - 1)
    for k, c in enumerate(columns):
        lay.slots.append(Slot(c, x0 + k * pitch, col_label_y + 1, DOWN, room, game.pile_abbrs[c]))
    return lay


# ----------------------------------------------------------- St. Helena


def ring_layout(game: Game, width: int, height: int, piles_now: list[list[int]] | None = None) -> Layout:
    """Piles 1-4 above the Kings, 5-6 down the right, 7-10 below the Aces
    (right to left), 11-12 up the left side, as the rulebook deals them."""
    upper, lower = game.foundations[:4], game.foundations[4:]
    piles = game.role_piles[TABLEAU]
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
        want_top = max(8, *(len(piles_now[p]) for p in piles[:4]))
        want_bottom = max(8, *(len(piles_now[p]) for p in piles[6:10]))
        if want_top + want_bottom + 2 * gap <= rows:
            top_room, bottom_room = want_top, want_bottom
            top = 1 + (rows - 2 * gap - want_top - want_bottom) // 2
    kings_y = top + top_room + gap
    aces_y = kings_y + 1
    for k, p in enumerate(piles[:4]):
        lay.slots.append(Slot(p, cx + k * pitch, top, DOWN, top_room, game.pile_abbrs[p]))
    for k, f in enumerate(upper):
        lay.slots.append(Slot(f, cx + k * pitch, kings_y, SQUARE, 1))
    for k, f in enumerate(lower):
        lay.slots.append(Slot(f, cx + k * pitch, aces_y, SQUARE, 1))
    bottom_label = aces_y + 1 + gap
    for k, p in enumerate(reversed(piles[6:10])):
        lay.slots.append(Slot(p, cx + k * pitch, bottom_label + 1, DOWN, bottom_room, game.pile_abbrs[p]))
    side = cx - 2
    label_w = 4
    side_room = max(1, (side - label_w) // cw)
    left_x = max(label_w, cx - 2 - side_room * cw)
    right_x = cx + centre + 2 + label_w
    right_room = max(1, (width - right_x) // cw)
    lay.slots.append(Slot(piles[11], left_x, kings_y, RIGHT, side_room, game.pile_abbrs[piles[11]], True))
    lay.slots.append(Slot(piles[10], left_x, aces_y, RIGHT, side_room, game.pile_abbrs[piles[10]], True))
    lay.slots.append(Slot(piles[4], right_x, kings_y, RIGHT, right_room, game.pile_abbrs[piles[4]], True))
    lay.slots.append(Slot(piles[5], right_x, aces_y, RIGHT, right_room, game.pile_abbrs[piles[5]], True))
    return lay


# ------------------------------------------------------------------ Tomb


def tomb_layout(game: Game, width: int, height: int) -> Layout:
    """Reserves in the four corners, the tableau cross round the central
    reserve, foundations beside it, the stock and five wastes below."""
    reserves = game.role_piles[RESERVE]
    tableau = game.role_piles[TABLEAU]
    central = game.role_piles[CENTRAL][0]
    wastes = game.role_piles[WASTE]
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
    cross = [tableau[0], tableau[1], central, tableau[2], tableau[3]]
    cx = width // 2 - (5 * pitch - (pitch - cw)) // 2
    t_room = max(1, r2_y - 4)
    for k, p in enumerate(cross):
        lay.slots.append(Slot(p, cx + k * pitch, 3, DOWN, t_room, game.pile_abbrs[p]))
    # Foundations to the right of the cross, stock to its left.
    fpitch = cw + 1
    fx = cx + 5 * pitch + 2
    fx = min(fx, width - 4 * fpitch)
    for k, f in enumerate(game.foundations):
        lay.slots.append(Slot(f, fx + k * fpitch, 3, SQUARE, 1, game.pile_abbrs[f]))
    sx = max(1, cx - 2 * pitch)
    lay.slots.append(Slot(game.stock, sx, 3, SQUARE, 1, "S"))
    wy = r2_y + 2
    w_room = max(1, (width - label_w - 1) // cw)
    for k, w in enumerate(wastes):
        lay.slots.append(Slot(w, label_w, wy + k, RIGHT, w_room, game.pile_abbrs[w], True))
    return lay
