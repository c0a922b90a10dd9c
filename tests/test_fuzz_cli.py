"""Hostile input to every command: malformed, oversized, deeply nested and wrongly typed arguments,
standard input and files. Each is exit status 2 with one line on standard error, no traceback, and the
store's games and statistics unchanged.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from napoleon import new_game
from napoleon.interfaces.cli import main
from napoleon.session import Session
from napoleon.store import Store

BIG = "1" + "0" * 5000
DEEP = "[" * 60000
WEIRD_STDIN = [DEEP, '{"game": "werner", "deal": ' + BIG + "}", '{"game": "werner", "status": "exploded", "piles": {}}',
               "", "\udcff", "[]", "5", '{"game": ' + "[" * 5000 + "]" * 5000 + "}", '{"game": "werner", "deal": "\u0663"}',
               '{"game": "werner", "piles": {"tableau-1": [' + ",".join(['"AS"'] * 5000) + "]}}", "1e999"]


def good_file(tmp_path):
    """A game file as export writes it."""
    with Store.open(tmp_path / "src.db") as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=9), autoplay=False)
        session.play_text("S-W")
    path = tmp_path / "good.json"
    assert main(["export", "1", str(path), "--db", str(tmp_path / "src.db")]) == 0
    return json.loads(path.read_text())


def bad_files(tmp_path):
    """Game files that import must refuse, each written to disk: (name, bytes)."""
    good = good_file(tmp_path)

    def changed(**fields):
        return json.dumps({**good, **fields}).encode()

    return {
        "empty": b"",
        "binary": bytes(range(256)),
        "deep": DEEP.encode(),
        "big int": changed(deal=0)[:-1].replace(b'"deal": 0', b'"deal": ' + BIG.encode()) + b"}",
        "huge": b'{"format": "napoleon-game", "pad": "' + b"x" * (2 << 20) + b'"}',
        "redeals -1": changed(options={"redeals": -1}),
        "redeals 2**70": changed(options={"redeals": 2**70}),
        "deal in Arabic digits": changed(deal="\u0663"),
        "ends before it starts": changed(result="abandoned", started="2026-01-02T00:00:00+00:00",
                                         ended="2026-01-01T00:00:00+00:00"),
        "moves not a list": changed(moves={"a": 1}),
        "a long move": changed(moves=["S-Wx" + "9" * 5000], turns=[1]),
        "elapsed NaN": changed(elapsed=0)[:-1].replace(b'"elapsed": 0', b'"elapsed": NaN') + b"}",
        "hints -1": changed(hints=-1, solution=True),
    }


def commands(tmp_path):
    """(argv, standard input) of every command, each wrong in its own way."""
    cases: list[tuple[list[str], str]] = []
    for command in ("solve", "hint", "moves"):
        cases += [([command], text) for text in WEIRD_STDIN]
    cases += [(["solve", "--batch", "werner"], ""), (["replay", "werner", "--deal", "1", "--json-moves"], DEEP),
              (["replay", "werner", "--deal", "1", "--json-moves"], "[1, 2]"),
              (["replay", "werner", "--deal", "1", "--json-moves"], '{"a": 1}'),
              (["replay", "werner", "--deal", "1", "--json-moves"], '[{"from": ' + BIG + "}]")]
    for argv in (
        ["replay", "werner", "--deal", "0"], ["replay", "werner", "--deal", "\u0663"], ["replay", "werner", "--deal", BIG],
        ["replay", "werner", "--deal", "1", "T3-F1x" + "9" * 5000], ["replay", "werner", "--deal", "1", "T\u0663-F1"],
        ["replay", "klondike", "--deal", "1"], ["replay", "werner"],
        ["solve", "werner", "--deal", "1", "--budget", "nan"], ["solve", "werner", "--deal", "1", "--budget", "-1"],
        ["solve", "werner", "--deal", "1", "--budget", "inf"], ["solve", "werner", "--deal", "1", "--max-states", BIG],
        ["solve", "werner", "--deal", "1", "--level", "9"], ["hint", "werner", "--deal", "-5"],
        ["deal", "werner", "--deal", "-1"], ["deal", "werner", "--winnable", "--tries", "0"],
        ["deal", "werner", "--daily", "--date", "2026-02-30"], ["deal", "werner", "-o", "redeals=\u0663"],
        ["deal", "forty-thieves", "-o", "redeals=-1"], ["deal", "forty-thieves", "-o", "redeals=" + BIG],
        ["deal", "forty-thieves", "-o", "=3"], ["deal", "forty-thieves", "-o", "x" * 300 + "=1"],
        ["rules", "klondike"], ["rules", "x" * 5000], ["grade", "werner", "--deal", "0"], ["games", "--bogus"],
        ["stats", "klondike"], ["stats", "--yes"], ["history", "--limit", "0"], ["history", "--limit", BIG],
        ["resume", "024", "--plain"], ["resume", "\uff11", "--plain"], ["resume", "99", "--plain"],
        ["abandon", "abc"], ["abandon", "99"], ["abandon", BIG], ["export", "024", str(tmp_path / "x.json")],
        ["export", "99", str(tmp_path / "x.json")], ["export", "1", str(tmp_path / "no" / "such" / "dir.json")],
        ["import", str(tmp_path / "missing.json")], ["import", str(tmp_path)],
        ["study", "werner", "--budget", "nan"], ["study", "werner", "--deals", "0-5"], ["study", "werner", "--jobs", "0"],
        ["study", "werner", "--deals", "1-" + BIG], ["study", "werner", "--max-states", "-3"],
        ["serve", "--port", "99999"], ["serve", "--workers", "0"], ["serve", "--max-budget", "nan"],
        ["play", "werner", "--deal", "0"], ["play", "klondike"], ["frobnicate"], [],
    ):
        cases.append((argv, ""))
    for name, data in bad_files(tmp_path).items():
        path = tmp_path / f"bad-{name.replace(' ', '-')}.json"
        path.write_bytes(data)
        cases.append((["import", str(path)], ""))
    return cases


def store_state(path):
    with Store.open(path, read_only=True) as store:
        return [(g.id, g.moves, g.result, g.hints) for g in store.games()], store.stats(), store.stats_by_grade()


def run(argv, stdin, monkeypatch, capsys) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_command_refuses_hostile_input_in_one_line_and_changes_nothing(tmp_path, monkeypatch, capsys):
    db = tmp_path / "napoleon.db"
    monkeypatch.setenv("NAPOLEON_DB", str(db))
    with Store.open(db) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        session.play_text("S-W")
    before = store_state(db)
    cases = commands(tmp_path)
    capsys.readouterr()
    for argv, stdin in cases:
        code, out, err = run(argv, stdin, monkeypatch, capsys)
        what = (argv[:4], stdin[:30])
        assert code == 2, (what, code, out[-300:], err[-300:])
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err, (what, err[:600])
        assert "error" in err and len(err) < 1000, (what, err[:300])
    assert store_state(db) == before


def test_solve_batch_answers_every_line(monkeypatch, capsys):
    good = json.dumps(new_game("werner", 1).to_json())
    exploded = '{"game": "werner", "status": "exploded", "piles": {}}'
    lines = [DEEP, good, "{", '{"game": "werner", "deal": ' + BIG + "}", "", exploded, "x" * 200_000, "[]", good]
    code, out, err = run(["solve", "--batch", "--budget", "5"], "\n".join(lines) + "\n", monkeypatch, capsys)
    answers = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and err == ""
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 6, 7, 8, 9]  # the blank line 5 is skipped
    assert [("error" in a) for a in answers] == [True, False, True, True, True, True, True, False]
    assert answers[1]["verdict"] == answers[-1]["verdict"] == "won"
    assert "too long" in answers[5]["error"]


@pytest.mark.parametrize(("value", "says"), [
    ("abc", "not an amount of memory: 'abc'"),
    ("1e308", "not an amount of memory: '1e308'"),
    ("9999999T", "more than 1 PiB"),
    ("-1G", "not an amount of memory"),
])
def test_a_bad_napoleon_memory_is_one_line(value, says):
    run_ = subprocess.run([sys.executable, "-m", "napoleon", "solve", "werner", "--deal", "1", "--budget", "5"],
                          capture_output=True, text=True, check=False, timeout=120,
                          env={"NAPOLEON_MEMORY": value, "PATH": "/usr/bin:/bin"})
    lines = run_.stderr.strip().splitlines()
    assert run_.returncode == 0 and len(lines) == 1 and says in lines[0] and "Warning" not in lines[0], run_.stderr


def test_a_small_memory_limit_is_said_in_kib(monkeypatch):
    from napoleon.solver import core

    monkeypatch.setenv("NAPOLEON_MEMORY", "1K")
    assert core.search_memory() == 1024
    assert core.format_memory(core.search_memory()) == "1.0 KiB"
