"""Which of a game's pictures the page draws in the space it has (static/js/layouts.js, pictureFor),
run in Node on the pictures the games declare: the whole table readable first, the rulebook's
picture where it is readable, the least scrolling where nothing fits, never tiny cards where a
picture that scrolls a little is readable."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

import napoleon

LAYOUTS = Path(napoleon.__file__).parent / "interfaces" / "web" / "static" / "js" / "layouts.js"

CHOOSE = """
const { pictureFor, readableUnit } = await import(process.argv[1]);
const cases = JSON.parse(process.argv[2]);
const out = cases.map(([specs, aw, ah]) => {
  const spec = pictureFor(specs, aw, ah);
  return [specs.indexOf(spec), readableUnit(spec, aw, ah)];
});
process.stdout.write(JSON.stringify(out));
"""

# The table's space on each screen (px), as the page leaves it below its toolbar (measured in Chromium).
PHONE_UPRIGHT = (354, 604)
PHONE_UPRIGHT_SHORTER = (354, 590)  # a message line or the browser's own bar takes a little more
PHONE_ON_ITS_SIDE = (844, 323)
SMALL_PHONE_ON_ITS_SIDE = (740, 274)
COMPUTER = (1250, 687)
LAPTOP = (1340, 655)


def chosen(game_id: str, sizes: list[tuple[int, int]]) -> list[tuple[int, float]]:
    pictures = napoleon.get_game(game_id).table().to_json()["pictures"]
    cases = [[pictures, aw, ah] for aw, ah in sizes]
    run = subprocess.run(["node", "--input-type=module", "-e", CHOOSE, LAYOUTS.as_uri(), json.dumps(cases)],
                         capture_output=True, text=True, check=True, timeout=60)
    return [tuple(x) for x in json.loads(run.stdout)]


pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="no node")


def test_st_helena_takes_the_rulebooks_ring_on_a_computer_and_its_wide_picture_on_a_phones_side():
    pictures = napoleon.get_game("st-helena").table().pictures()
    ring, portrait, wide = range(3)
    assert [pictures[i].prefer for i in (ring, portrait, wide)] == [1.0, 0.8, 0.6]
    got = chosen("st-helena", [COMPUTER, LAPTOP, PHONE_UPRIGHT, PHONE_ON_ITS_SIDE, SMALL_PHONE_ON_ITS_SIDE])
    assert [i for i, _ in got] == [ring, ring, portrait, wide, wide]
    # On the phone's side the whole wide table shows with readable cards (the ring would scroll).
    unit = got[3][1]
    assert unit >= 50 and pictures[wide].height * unit <= PHONE_ON_ITS_SIDE[1]


def test_a_table_that_scrolls_a_little_beats_tiny_cards():
    # Grand Napoleon upright: its rulebook picture fits only with 27 px cards; the portrait one
    # needs 50 px cards a few px higher than a phone whose bar is a little taller leaves.
    got = chosen("grand-napoleon", [PHONE_UPRIGHT, PHONE_UPRIGHT_SHORTER])
    assert [i for i, _ in got] == [1, 1]
    assert all(unit >= 47.5 for _, unit in got)


@pytest.mark.parametrize("game_id, size", [("st-helena", (844, 300)), ("grand-napoleon", PHONE_UPRIGHT)])
def test_a_table_that_shows_whole_with_cards_nearly_readable_is_not_made_to_scroll(game_id, size):
    # St. Helena on a phone's side under a taller status line: its wide picture shows whole with
    # 49 px cards, which 50 px cards would make scroll by 5 px; Grand Napoleon upright, 48.6 px
    # against 18 px of scrolling.
    pictures = napoleon.get_game(game_id).table().pictures()
    (index, unit), = chosen(game_id, [size])
    fit = min(size[0] / pictures[index].width, size[1] / pictures[index].height)
    assert 0.95 * 50 <= fit < 50  # the case: whole, with cards a little under the readable size
    assert unit == pytest.approx(fit) and pictures[index].height * unit <= size[1]


def test_a_table_twice_the_screen_high_loses_to_cards_a_little_smaller():
    # The Tomb on a small phone's side: its wide picture with 41 px cards scrolls 13 px, its tall
    # one with 50 px cards would scroll 240.
    (index, unit), = chosen("napoleons-tomb", [(661, 284)])
    assert index == 1 and 40 <= unit < 47.5


def test_where_nothing_fits_readable_the_rulebooks_picture_scrolls_least_weighed():
    # Napoleon's Square on a phone's side: both pictures scroll at 50 px cards; the rulebook's
    # scrolls a little more than the narrow one, which is further from it (prefer 0.7): it stays.
    assert [i for i, _ in chosen("napoleons-square", [PHONE_ON_ITS_SIDE])] == [0]


@pytest.mark.parametrize("game_id", list(napoleon.GAMES))
def test_a_computer_draws_a_picture_as_the_rulebook_lays_the_table(game_id):
    pictures = napoleon.get_game(game_id).table().pictures()
    (index, unit), = chosen(game_id, [COMPUTER])
    assert pictures[index].prefer == 1.0 and unit >= 60
