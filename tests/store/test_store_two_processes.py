"""One game in two real processes: every move made is in the store, and each window is told when the
game moved on elsewhere (nothing is overwritten by a window that had not seen the other's move)."""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
import time

from starlette.testclient import TestClient

from napoleon import new_game
from napoleon.interfaces.web import Settings, create_app
from napoleon.session import Session
from napoleon.store import Store


class Player:
    """``napoleon resume ID --plain`` in its own process, fed one line at a time."""

    def __init__(self, db, record_id: int) -> None:
        env = {**os.environ, "NAPOLEON_DB": str(db)}
        self.proc = subprocess.Popen([sys.executable, "-m", "napoleon", "resume", str(record_id), "--plain"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                     text=True, env=env, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)

    def wait_for(self, words: str, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not any(words in line for line in self.seen):
            left = deadline - time.monotonic()
            assert left > 0, f"{words!r} never came: {''.join(self.seen)[-2000:]}"
            try:
                self.seen.append(self.lines.get(timeout=left))
            except queue.Empty:
                pass

    def send(self, line: str) -> None:
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def quit(self) -> str:
        self.send("q")
        self.proc.wait(timeout=60)
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return "".join(self.seen)


def moves_in_store(db, record_id: int) -> list[str]:
    with Store.open(db, read_only=True) as store:
        return store.get(record_id).moves


def wait_for_moves(db, record_id: int, count: int, timeout: float = 60) -> list[str]:
    deadline = time.monotonic() + timeout
    while len(moves := moves_in_store(db, record_id)) != count:
        assert time.monotonic() < deadline, moves
        time.sleep(0.05)
    return moves


def a_game(db) -> int:
    with Store.open(db) as store:
        session = Session.recorded(store, new_game("forty-thieves", deal=5), autoplay=False)
        session.play_text("S-W")
        return session.record_id


def test_two_resumes_of_one_game_lose_no_move(tmp_path):
    db = tmp_path / "napoleon.db"
    gid = a_game(db)
    a, b = Player(db, gid), Player(db, gid)
    try:
        a.wait_for("resuming game")
        b.wait_for("resuming game")
        a.send("S-W")
        assert wait_for_moves(db, gid, 2) == ["S-W", "S-W"]
        b.send("S-W")                        # made on the line B opened, which no longer is the game's:
        b.wait_for("moved on in another window or process")   # refused, reloaded, and B is told
        assert moves_in_store(db, gid) == ["S-W", "S-W"]
        b.send("S-W")                        # now on A's line
        assert wait_for_moves(db, gid, 3) == ["S-W"] * 3
    finally:
        out_a, out_b = a.quit(), b.quit()
    assert moves_in_store(db, gid) == ["S-W"] * 3   # A's quit did not write its older line back
    assert "Traceback" not in out_a + out_b


def test_the_page_and_a_resume_lose_no_move(tmp_path):
    db = tmp_path / "napoleon.db"
    gid = a_game(db)
    with TestClient(create_app(db, settings=Settings())) as page:
        page.headers["X-Napoleon-Token"] = page.get("/api/token").json()["token"]
        version = page.get(f"/api/games/{gid}").json()["version"]    # the page shows the game
        other = Player(db, gid)
        try:
            other.wait_for("resuming game")
            other.send("S-W")
            assert wait_for_moves(db, gid, 2) == ["S-W", "S-W"]
            # The page's move was meant for the position it shows: refused, and it reloads the game.
            r = page.post(f"/api/games/{gid}/moves", json={"notation": "S-W", "version": version})
            assert r.status_code == 409 and r.json()["stale"]
            view = page.get(f"/api/games/{gid}").json()
            assert view["moves"] == ["S-W", "S-W"]
            assert page.post(f"/api/games/{gid}/moves", json={"notation": "S-W", "version": view["version"]}) \
                .status_code == 200
            assert moves_in_store(db, gid) == ["S-W"] * 3
            # The other process had not seen the page's move: its next one is refused, and it reloads.
            other.send("S-W")
            other.wait_for("moved on")
            assert moves_in_store(db, gid) == ["S-W"] * 3
            other.send("S-W")
            wait_for_moves(db, gid, 4)
        finally:
            other.quit()
        assert moves_in_store(db, gid) == ["S-W"] * 4
        assert page.get(f"/api/games/{gid}").json()["moves"] == ["S-W"] * 4


def test_two_servers_on_one_database_lose_no_move(tmp_path):
    # Two `napoleon serve` on one store (each app its own connection and its
    # own games in memory): a move one made is seen by the other, and a move
    # meant for a position the other has moved on from is refused, not written.
    db = tmp_path / "napoleon.db"
    gid = a_game(db)
    with TestClient(create_app(db, settings=Settings())) as a, TestClient(create_app(db, settings=Settings())) as b:
        for page in (a, b):
            page.headers["X-Napoleon-Token"] = page.get("/api/token").json()["token"]
        seen_a = a.get(f"/api/games/{gid}").json()["version"]
        seen_b = b.get(f"/api/games/{gid}").json()["version"]
        assert seen_a == seen_b
        r = a.post(f"/api/games/{gid}/moves", json={"notation": "S-W", "version": seen_a})
        assert r.status_code == 200
        seen_a = r.json()["version"]
        r = b.post(f"/api/games/{gid}/moves", json={"notation": "S-W", "version": seen_b})
        assert r.status_code == 409 and r.json()["stale"]
        after_a = moves_in_store(db, gid)            # A's move, and any card it played home after it
        view = b.get(f"/api/games/{gid}").json()
        assert view["moves"] == after_a and view["version"] == seen_a
        r = b.post(f"/api/games/{gid}/moves", json={"notation": "S-W", "version": view["version"]})
        assert r.status_code == 200
        after_b = moves_in_store(db, gid)
        assert after_b[: len(after_a) + 1] == [*after_a, "S-W"]
        # A had not seen B's move: its undo is refused too, and nothing is taken back.
        r = a.post(f"/api/games/{gid}/undo", json={"version": seen_a})
        assert r.status_code == 409 and r.json()["stale"]
        assert moves_in_store(db, gid) == after_b
        assert a.get(f"/api/games/{gid}").json()["moves"] == b.get(f"/api/games/{gid}").json()["moves"] == after_b
