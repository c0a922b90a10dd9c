"""The grades that ship with the package: one entry per game, sound and calibrated."""

from __future__ import annotations

import json

import napoleon
from napoleon.grading import DATA, GRADES, LETTERS, key, ladder, next_deal, shipped, thresholds


def test_every_game_ships_calibrated_grades():
    doc = json.loads(DATA.read_text())
    assert doc["format"] == 1
    for gid in napoleon.GAMES:
        game = napoleon.get_game(gid)
        first, letters = shipped(game)
        assert first == 1 and len(letters) >= 25, gid  # docs/grades.md: how many per game, and why
        assert set(letters) <= set(LETTERS.values()), gid
        t = thresholds(game)
        assert t is not None and list(t) == sorted(t), gid
        # Graded by the ladder the game declares: a changed ladder needs its grades made again.
        assert doc["games"][key(game)]["ladder"] == [list(r) for r in ladder(game)], gid
    for name, entry in doc["games"].items():
        counts = entry["counts"]
        assert sum(counts.values()) == entry["deals"] >= len(entry["grades"]), name
        for grade, letter in LETTERS.items():
            assert entry["grades"].count(letter) <= counts[grade], name
        won = sum(counts[g] for g in GRADES)
        if won >= 100:  # calibrated into quarters (ties may shift a deal or two)
            assert all(abs(counts[g] - won / 4) <= max(2, won * 0.02) for g in GRADES), (name, counts)


def test_a_shipped_graded_deal_is_instant_to_find():
    # Every grade of every game is in its shipped range: found by lookup, not by search.
    for gid in napoleon.GAMES:
        game = napoleon.get_game(gid)
        for g in GRADES:
            letters = shipped(game)[1]
            assert LETTERS[g] in letters, (gid, g)
            found = next_deal(game, 1, g, tries=0)
            assert found.source == "shipped" and letters[found.deal - 1] == LETTERS[g]
