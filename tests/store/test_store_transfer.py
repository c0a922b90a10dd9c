"""Export and import of a game file: a faithful round trip, and bad files refused."""

from __future__ import annotations

import json
import os
import re

import pytest

from napoleon import new_game
from napoleon.interfaces.cli import main
from napoleon.session import Session
from napoleon.store import Store, StoreError
from napoleon.schemas.files import GAMES_FORMAT
from napoleon.store.transfer import FORMAT, export_game, games_to_json, import_any, import_file
from tests.saved_games import won_werner


def count(store):
    return store.db.execute("SELECT count(*) FROM games").fetchone()[0]


@pytest.fixture(scope="module")
def won_export(tmp_path_factory, werner1_solution):
    """A won game of Werner deal 1 exported from one store: (file text, record)."""
    tmp_path = tmp_path_factory.mktemp("won")
    with Store.open(tmp_path / "a.db") as store:
        record_id = won_werner(store, werner1_solution)
        path = tmp_path / "won.json"
        export_game(store, record_id, path)
        assert not [n for n in os.listdir(tmp_path) if n.endswith(".tmp")]  # the temp file was renamed
        return path.read_text(), store.get(record_id)


@pytest.fixture
def won_file(tmp_path, won_export):
    text, original = won_export
    path = tmp_path / "won.json"
    path.write_text(text)
    return path, original


def test_round_trip_of_a_won_game(tmp_path, won_file):
    path, original = won_file
    obj = json.loads(path.read_text())
    assert obj["format"] == FORMAT and obj["version"] == 1
    with Store.open(tmp_path / "b.db") as store:
        [new_id], _, _ = import_file(store, path)
        copy = store.get(new_id)
        for attr in ("uid", "game", "options", "deal", "moves", "turns", "result", "elapsed", "started", "ended",
                     "won_moves", "opening"):
            assert getattr(copy, attr) == getattr(original, attr), attr
        assert copy.origin == "imported"
        # A game whose grade was not known: no "grade" in the file (as files written before it), none after.
        assert "grade" not in obj and original.grade is None and copy.grade is None
        assert store.stats()[0]["won"] == 1
        # The same game again: refused, and still counted once.
        with pytest.raises(StoreError, match="already in the store"):
            import_file(store, path)
        assert count(store) == 1 and store.stats()[0]["won"] == 1


def test_unfinished_game_imports_resumable(tmp_path):
    with Store.open(tmp_path / "a.db") as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=7), autoplay=False)
        session.play_text("S-W")
        session.play_text("S-W")
        export_game(store, session.record_id, tmp_path / "g.json")
    with Store.open(tmp_path / "b.db") as store:
        [new_id], _, _ = import_file(store, tmp_path / "g.json")
        resumed = Session.resume(store, new_id, autoplay=False)
        assert resumed.notation_history() == ["S-W", "S-W"]
        resumed.play_text("S-W")
        assert store.get(new_id).moves == ["S-W"] * 3


def tampered(won_file, tmp_path, change):
    path, _ = won_file
    obj = json.loads(path.read_text())
    change(obj)
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(obj))
    return bad


def _set(key, value):
    return lambda obj: obj.__setitem__(key, value)


BAD_CHANGES = {
    "no format": (lambda obj: obj.pop("format"), 'no "format" field'),
    "foreign format": (_set("format", "chess-pgn"), "not a napoleon game file"),
    "newer version": (_set("version", 2), "reads up to 1"),
    "missing field": (lambda obj: obj.pop("moves"), "missing field: 'moves'"),
    "unknown field": (_set("colour", "red"), "unknown field: 'colour'"),
    "bad uid": (_set("uid", "x"), "'uid"),
    "unknown game": (_set("game", "klondike"), "unknown game"),
    "bad option": (_set("options", {"redeals": 5}), "no option"),
    "bad deal": (_set("deal", 0), "'deal"),
    "illegal move": (lambda obj: obj["moves"].__setitem__(3, "T1-T1"), "move 4 (T1-T1) does not replay"),
    "not notation": (lambda obj: obj["moves"].__setitem__(0, "fly away"), "move 1"),
    "moves not strings": (lambda obj: obj["moves"].__setitem__(0, 7), "'moves"),
    "result lies": (lambda obj: obj.update(moves=obj["moves"][:-1], turns=[1] * (len(obj["moves"]) - 1)),
                    "'result' is won but the moves leave the game playing"),
    "turns do not add up": (_set("turns", [1]), "'turns"),
    "elapsed negative": (_set("elapsed", -3), "'elapsed"),
    "bad time": (_set("started", "yesterday"), "'started"),
    "ended missing on a won game": (_set("ended", None), "'ended"),
    "bad grade": (_set("grade", "trivial"), "'grade' input should be 'easy', 'medium', 'hard', 'expert', 'lost' or 'unknown'"),
    "grade not text": (_set("grade", 3), "'grade"),
}


@pytest.mark.parametrize("name", list(BAD_CHANGES))
def test_bad_file_is_refused_and_changes_nothing(tmp_path, won_file, name):
    change, message = BAD_CHANGES[name]
    bad = tampered(won_file, tmp_path, change)
    with Store.open(tmp_path / "c.db") as store:
        with pytest.raises(StoreError) as info:
            import_file(store, bad)
        assert message in str(info.value)
        assert count(store) == 0


@pytest.mark.parametrize("content, message", [
    (b"\xff\xfe\x00garbage", "not UTF-8"),
    (b"{not json", "malformed JSON"),
    (b"[1, 2, 3]", "not an object"),
    (b'{"event": "Casual game", "moves": "e4 e5"}', 'no "format" field'),
])
def test_corrupt_or_foreign_files(tmp_path, content, message):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with Store.open(tmp_path / "c.db") as store:
        with pytest.raises(StoreError, match=message):
            import_file(store, path)
        assert count(store) == 0


def test_export_cli_and_import_cli(tmp_path, capsys):
    db_a, db_b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    with Store.open(db_a) as store:
        session = Session.recorded(store, new_game("werner", deal=3), autoplay=False)
        session.play(session.state.legal_moves()[0])
        rid = session.record_id
    out = tmp_path / "shared.json"
    assert main(["export", str(rid), str(out), "--db", db_a]) == 0
    assert main(["import", str(out), "--db", db_b]) == 0
    assert "imported as game #1" in capsys.readouterr().out
    assert main(["import", str(out), "--db", db_b]) == 2
    assert "already in the store" in capsys.readouterr().err
    assert main(["export", "42", str(tmp_path / "n.json"), "--db", db_a]) == 2
    assert "no game #42" in capsys.readouterr().err
    assert main(["export", str(rid), str(tmp_path / "no" / "such" / "dir.json"), "--db", db_a]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_export_replaces_an_existing_file_whole(tmp_path):
    with Store.open(tmp_path / "a.db") as store:
        session = Session.recorded(store, new_game("werner", deal=3), autoplay=False)
        session.play(session.state.legal_moves()[0])
        path = tmp_path / "g.json"
        path.write_text("x" * 100_000)
        export_game(store, session.record_id, path)
    assert json.loads(path.read_text())["deal"] == 3


def test_export_file_gets_ordinary_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        with Store.open(tmp_path / "a.db") as store:
            rid = store.insert(__import__("napoleon").get_game("werner"), 5)
            export_game(store, rid, tmp_path / "g.json")
    finally:
        os.umask(old)
    assert (tmp_path / "g.json").stat().st_mode & 0o777 == 0o644


def test_the_grade_travels_with_the_game(tmp_path, capsys):
    """Export writes the deal's grade; import keeps it, so the statistics per grade count the game there too."""
    db_a, db_b = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    with Store.open(db_a) as store:
        session = Session.recorded(store, new_game("werner", deal=3), autoplay=False)
        session.set_grade("expert")
        session.play(session.state.legal_moves()[0])
        session.leave()  # after a move: played and lost (abandoned)
        rid = session.record_id
    out = tmp_path / "graded.json"
    assert main(["export", str(rid), str(out), "--db", db_a]) == 0
    assert json.loads(out.read_text())["grade"] == "expert"
    capsys.readouterr()
    assert main(["import", str(out), "--db", db_b, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["grade"] == "expert"
    with Store.open(db_b) as store:
        assert [(r["grade"], r["played"]) for r in store.stats_by_grade("werner")] == [("expert", 1)]
    # "grade": null says the same as no grade at all.
    obj = json.loads(out.read_text()) | {"grade": None, "uid": "0" * 32}
    out.write_text(json.dumps(obj))
    with Store.open(tmp_path / "c.db") as store:
        assert store.get(import_file(store, out)[0][0]).grade is None


# ------------------------------------------------------------ every game in one file

def played(store, *deals):
    """A Forty Thieves game of each deal, one move in; a deal opened and left untouched beside them."""
    for deal in deals:
        Session.recorded(store, new_game("forty-thieves", deal=deal), autoplay=False).play_text("S-W")
    Session.recorded(store, new_game("werner", deal=1), autoplay=False)


def test_every_game_goes_to_another_store_in_one_file_and_a_second_import_adds_nothing(tmp_path, won_file, capsys):
    with Store.open(tmp_path / "a.db") as store:
        played(store, 3, 4)
        import_file(store, won_file[0])  # an imported game goes with the others
        originals = sorted(store.games(), key=lambda g: g.id)
    assert main(["export", "--all", str(tmp_path / "all.json"), "--db", str(tmp_path / "a.db")]) == 0
    assert "3 games written" in capsys.readouterr().out
    obj = json.loads((tmp_path / "all.json").read_text())
    assert obj["format"] == GAMES_FORMAT and obj["version"] == 1
    assert [g["uid"] for g in obj["games"]] == [g.uid for g in originals]  # the oldest first, untouched deal left out
    # Each game of it is a game file of its own.
    assert all(g["format"] == FORMAT for g in obj["games"])
    with Store.open(tmp_path / "b.db") as store:
        played(store, 5)  # the new store has a game of its own: it stays
        new_ids, held, kind = import_file(store, tmp_path / "all.json")
        assert (len(new_ids), held, kind) == (3, 0, GAMES_FORMAT)
        copies = [store.get(i) for i in new_ids]
        for copy, original in zip(copies, originals):
            for attr in ("uid", "game", "deal", "moves", "turns", "result", "elapsed", "started", "ended"):
                assert getattr(copy, attr) == getattr(original, attr), attr
        assert store.stats_by_grade() is not None and count(store) == 5  # 2 of its own (one untouched) + 3
        assert import_file(store, tmp_path / "all.json") == ([], 3, GAMES_FORMAT)
        assert count(store) == 5
    assert main(["import", str(tmp_path / "all.json"), "--db", str(tmp_path / "b.db")]) == 0
    assert capsys.readouterr().out.strip() == "Nothing imported: the file's 3 games were in the store already."


def test_a_file_of_games_with_one_bad_game_stores_none_of_them(tmp_path):
    with Store.open(tmp_path / "a.db") as store:
        played(store, 3, 4)
        obj, left_out = games_to_json(store)
    assert left_out == []
    bad = {**obj["games"][1], "uid": "e" * 32, "moves": ["S-W", "T1-T1"], "turns": [1, 1]}
    cases = {
        "a move that does not replay": ({**obj, "games": [*obj["games"], bad]}, "game 3 of 3 in the file: move 2"),
        "a game that is not an object": ({**obj, "games": [*obj["games"], 7]}, "games"),
        "a game of another format": ({**obj, "games": [{**obj["games"][0], "format": "x"}]}, "game 1 of 1"),
        "a newer version": ({**obj, "version": 2}, "version 2"),
        "no list of games": ({"format": GAMES_FORMAT, "version": 1}, "games"),
    }
    with Store.open(tmp_path / "b.db") as store:
        for name, (broken, says) in cases.items():
            with pytest.raises(StoreError, match=re.escape(says)):
                import_any(store, broken)
            assert count(store) == 0, name
        # The same game twice in one file (two exports of one game) is stored once.
        new_ids, held, _ = import_any(store, {**obj, "games": [obj["games"][0], {**obj["games"][0], "uid": "d" * 32}]})
        assert (len(new_ids), held) == (1, 1)


def test_a_record_that_no_longer_replays_is_left_out_of_the_file_and_named(tmp_path, capsys):
    with Store.open(tmp_path / "a.db") as store:
        played(store, 3, 4)
        store.db.execute("UPDATE games SET moves = ? WHERE deal = 4", (json.dumps(["T1-T1"]),))
        store.db.commit()
    assert main(["export", "--all", str(tmp_path / "all.json"), "--db", str(tmp_path / "a.db")]) == 0
    out, err = capsys.readouterr()
    assert "1 game written" in out and "left out: move 1 (T1-T1) of game #2 does not replay" in err
    assert [g["deal"] for g in json.loads((tmp_path / "all.json").read_text())["games"]] == [3]


def test_export_takes_a_game_or_all_of_them(tmp_path, capsys):
    db = str(tmp_path / "a.db")
    assert main(["export", "--all", "1", str(tmp_path / "x.json"), "--db", db]) == 2
    assert main(["export", str(tmp_path / "x.json"), "--db", db]) == 2
    assert "give a game's number, or --all" in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()
