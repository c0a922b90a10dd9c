"""Two processes recording games at the same time: nothing lost, nothing locked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from napoleon.store import Store

CHILD = Path(__file__).with_name("recorder_child.py")


def test_two_writers_at_once(db_path, tmp_path):
    Store.open(db_path).close()  # both children find the schema made
    go = tmp_path / "go"
    count = 30
    procs = [subprocess.Popen([sys.executable, str(CHILD), "games", str(db_path), tag, str(count), str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for tag in ("a", "b")]
    for p in procs:
        assert p.stdout.readline().strip() == "ready"
    go.touch()
    outs = [p.communicate(timeout=60) for p in procs]
    for p, (out, err) in zip(procs, outs, strict=True):
        assert p.returncode == 0, err
        assert "locked" not in err
    with Store.open(db_path) as store:
        games = store.games("forty-thieves")
    assert len(games) == 2 * count
    assert all(g.moves == ["S-W"] * 10 and g.result == "playing" for g in games)
    assert sorted(g.deal for g in games) == [*range(1000, 1000 + count), *range(2000, 2000 + count)]
