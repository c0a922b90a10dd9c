"""Each game's table geometry, declared once by the game (napoleon/engine/table.py),
and a seventh game drawn by the terminal and the web page without any edit
outside its own module."""

from __future__ import annotations

import pytest

import napoleon
from napoleon.cards import ACE
from napoleon.engine.dealing import deal_rows, stock_from
from napoleon.engine.game import Game
from napoleon.engine.rules import FOUNDATION, STOCK, TABLEAU, WASTE, Build, Foundation, Group
from napoleon.engine.table import CARD_RATIO, DOWN, RIGHT, Columns, Corners, Ring
from napoleon.interfaces.tui.layout import layout_for

GAMES = list(napoleon.GAMES)


def shape_piles(shape) -> list[str]:
    if isinstance(shape, Columns):
        return [p for band in (*shape.top, shape.columns) for p in band.piles]
    if isinstance(shape, Ring):
        return [*shape.piles, *(p for band in shape.centre for p in band.piles)]
    assert isinstance(shape, Corners)
    return [*shape.corners, *shape.cross, *shape.left, *shape.right, *shape.below]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_shape_places_every_pile_once(game_id):
    game = napoleon.get_game(game_id)
    piles = shape_piles(game.table().shape)
    assert sorted(piles) == sorted(game.pile_names)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_picture_places_every_pile_inside_the_table_without_overlap(game_id):
    game = napoleon.get_game(game_id)
    for picture in game.table().pictures():
        assert set(picture.places) == set(game.pile_names)
        boxes = []
        for name, p in picture.places.items():
            w = (p.room or 1) if p.fan == RIGHT else 1
            h = (p.room or CARD_RATIO) if p.fan == DOWN else CARD_RATIO
            assert p.x >= 0 and p.y >= 0, name
            assert p.x + min(w, 1) <= picture.width + 1e-9 and p.y + min(h, CARD_RATIO) <= picture.height + 1e-9, name
            boxes.append((name, p.x, p.y, p.x + w, p.y + h))
        for i, (a, ax0, ay0, ax1, ay1) in enumerate(boxes):
            for b, bx0, by0, bx1, by1 in boxes[i + 1 :]:
                overlap = min(ax1, bx1) - max(ax0, bx0) > 1e-9 and min(ay1, by1) - max(ay0, by0) > 1e-9
                assert not overlap, f"{game_id}: {a} overlaps {b}"


def test_st_helenas_ring_is_the_deal_order_clockwise():
    ring = napoleon.get_game("st-helena").table().shape
    assert isinstance(ring, Ring)
    assert ring.piles == tuple(f"tableau-{n}" for n in range(1, 13))
    assert ring.top == ("tableau-1", "tableau-2", "tableau-3", "tableau-4")
    assert ring.right == ("tableau-5", "tableau-6")
    for picture in (ring.picture().places, ring.wide().places):
        # Clockwise: 1-4 left to right on top, 5-6 down the right, 7-10 right to left, 11-12 up the left.
        xs = [picture[f"tableau-{n}"].x for n in (1, 2, 3, 4)]
        assert xs == sorted(xs)
        assert picture["tableau-5"].y < picture["tableau-6"].y
        xs = [picture[f"tableau-{n}"].x for n in (10, 9, 8, 7)]
        assert xs == sorted(xs)
        assert picture["tableau-11"].y > picture["tableau-12"].y
        assert picture["tableau-11"].x < picture["foundation-1"].x < picture["tableau-5"].x
        assert picture["tableau-1"].y < picture["foundation-1"].y < picture["foundation-5"].y < picture["tableau-7"].y
    # On a short, wide screen: some four cards high, where the rulebook's ring is nearly seven.
    assert ring.wide().height < 6.5 < 9 < ring.picture().height


def test_the_web_pictures_keep_their_measures():
    # The pictures the page drew before they moved into the games (layouts.js).
    ft = napoleon.get_game("forty-thieves").table().pictures()[0]
    assert (round(ft.width, 4), round(ft.height, 4)) == (11.98, 5.8)
    assert round(ft.places["foundation-1"].x, 4) == 3.04 and ft.places["foundation-8"].x == pytest.approx(9 * 1.22)
    werner = napoleon.get_game("werner").table().pictures()[0]
    assert werner.places["foundation-1"].x == pytest.approx(4 * 1.22 + 0.3)
    assert werner.places["tableau-1"].x == pytest.approx(0.15)
    square = napoleon.get_game("napoleons-square").table().pictures()
    assert [p.prefer for p in square] == [1.0, 0.7]
    assert len(napoleon.get_game("napoleons-tomb").table().pictures()) == 2


class Seventh(Game):
    """A made-up seventh game: 6 columns, 4 foundations, a stock and waste."""

    id = "seventh"
    name = "The Seventh Game (test)"
    short_name = "Seventh"

    def layout(self):
        return (
            Group(FOUNDATION, 4, Foundation(start=ACE, up=True)),
            Group(TABLEAU, 6, Build(down=True), to=(FOUNDATION, TABLEAU)),
            Group(STOCK, 1),
            Group(WASTE, 1, to=(FOUNDATION, TABLEAU)),
        )

    def deal(self, state, cards):
        deal_rows(state, self.role_piles[TABLEAU], cards[:24])
        state.piles[self.stock] = stock_from(cards[24:])


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (60, 20)])
def test_a_seventh_game_is_drawn_from_its_own_declaration(size):
    game = Seventh()
    lay = layout_for(game, *size)
    assert sorted(s.pile for s in lay.slots) == list(range(len(game.pile_names)))
    assert lay.fits
    (picture,) = game.table().pictures()
    assert set(picture.places) == set(game.pile_names)
    assert picture.places["waste"].fan == "waste"
