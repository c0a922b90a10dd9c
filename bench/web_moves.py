"""How long a move takes through the page's API: several players at once, on kept-alive connections.

    python bench/web_moves.py [--players 6] [--moves 200] [--seconds 60] [--game werner]
    python bench/web_moves.py --count [--moves 200]

Each player plays its own game, the six games in turn (``--game`` puts every
player on one game).

A real server (``napoleon serve`` on 127.0.0.1, a fresh store in a
temporary folder) is started in its own process; each player is a thread
with one HTTP/1.1 connection kept alive, as a browser keeps it, that starts
a game and plays a legal move after another (the first the view lists that
is not the reverse of the move before, a new deal when the game ends),
each move naming the position it was made on as the page does. Every move
is saved in the store before its answer comes back. The time of each
``POST /api/games/{id}/moves`` is taken at the client, from the request
sent to the answer read; the p50 and p95 over every player's moves are
printed. Each player stops after ``--moves`` moves or ``--seconds``,
whichever comes first.

``--count`` times nothing: it plays ``--moves`` moves of each game through the
app in this process and counts, around each ``POST /api/games/{id}/moves``,
the copies of a position, the move generations (one pass over the piles that
lists a position's moves) and the digests of a line of play (each is a
staleness check or a version named), and prints the mean a move.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("werner", "forty-thieves", "napoleons-tomb", "napoleons-square", "grand-napoleon", "st-helena")


def start_server(folder: str) -> tuple[subprocess.Popen, int]:
    """``napoleon serve --port 0`` on a store in ``folder``: the process and its port."""
    env = {**os.environ, "NAPOLEON_DB": str(Path(folder) / "bench.db"), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "napoleon", "serve", "--port", "0"], cwd=folder, env=env,
                            stdout=subprocess.PIPE, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return proc, int(found.group(1))


def request(conn: http.client.HTTPConnection, method: str, path: str, body: dict | None = None,
            token: str | None = None) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if token:  # the page's token, which every state-changing request must carry
        headers["X-Napoleon-Token"] = token
    conn.request(method, path, body=data, headers=headers)
    response = conn.getresponse()
    obj = json.loads(response.read())
    if response.status >= 400:
        raise RuntimeError(f"{method} {path}: {response.status} {obj}")
    return obj


def pick(view: dict, last: dict | None) -> dict | None:
    """A legal move that does not undo the one before (so a player does not shuffle one card)."""
    for move in view["legal"]:
        if last is not None and move.get("from") == last.get("to") and move.get("to") == last.get("from"):
            continue
        return move
    return None


def player(port: int, game: str, deal: int, moves: int, seconds: float, times: list[float]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    stop = time.monotonic() + seconds
    token = request(conn, "GET", "/api/token")["token"]
    view = request(conn, "POST", "/api/games", {"game": game, "deal": deal, "autoplay": True}, token)
    last = None
    done = 0
    while done < moves and time.monotonic() < stop:
        move = pick(view, last) if view["status"] == "playing" else None
        if move is None:
            deal += 1
            view = request(conn, "POST", "/api/games", {"game": game, "deal": deal, "autoplay": True}, token)
            last = None
            continue
        body = {k: move[k] for k in ("from", "to", "count") if k in move} if "from" in move else {"redeal": True}
        body["version"] = view["version"]
        t0 = time.perf_counter()
        view = request(conn, "POST", f"/api/games/{view['id']}/moves", body, token)
        times.append(time.perf_counter() - t0)
        last = move
        done += 1
    conn.close()


def count(moves: int) -> None:
    """Copies, move generations and line digests around each move, in one process (see the module text)."""
    from starlette.testclient import TestClient

    from napoleon.engine import generation, state as state_module
    from napoleon.interfaces.web import create_app
    from napoleon.store import records

    tally = {"copies": 0, "generations": 0, "digests": 0}

    def counted(name: str, work):
        def wrapper(*args, **kwargs):
            tally[name] += 1
            return work(*args, **kwargs)
        return wrapper

    state_module.State.copy = counted("copies", state_module.State.copy)
    # Whichever the engine has: one pass for both lists, or one pass a list.
    for module in (state_module, generation):
        for name in ("generate_both", "generate_moves"):
            if hasattr(module, name) and (module is state_module or name == "generate_both"):
                setattr(module, name, counted("generations", getattr(module, name)))
    real, digest = records.line_version, counted("digests", records.line_version)
    for module in list(sys.modules.values()):
        if getattr(module, "__name__", "").startswith("napoleon") and getattr(module, "line_version", None) is real:
            module.line_version = digest
    total = {k: 0 for k in tally}
    played = 0
    with tempfile.TemporaryDirectory() as folder, TestClient(create_app(Path(folder) / "n.db")) as client:
        client.headers["X-Napoleon-Token"] = client.get("/api/token").json()["token"]
        for game in GAMES:
            view = client.post("/api/games", json={"game": game, "deal": 1000, "autoplay": True}).json()
            last = None
            for _ in range(moves):
                move = pick(view, last) if view["status"] == "playing" else None
                if move is None:
                    break
                body = {k: move[k] for k in ("from", "to", "count") if k in move} if "from" in move else \
                    {"redeal": True}
                body["version"] = view["version"]
                for k in tally:
                    tally[k] = 0
                view = client.post(f"/api/games/{view['id']}/moves", json=body).json()
                for k in tally:
                    total[k] += tally[k]
                played += 1
                last = move
    print(f"{played} moves of the six games through the app in one process; a move's mean:")
    print("  " + ", ".join(f"{k} {v / played:.2f}" for k, v in total.items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--moves", type=int, default=200, help="moves each player makes at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="time each player plays at most")
    parser.add_argument("--game", default=None, help="every player on this game (default: the six in turn)")
    parser.add_argument("--count", action="store_true", help="count copies, generations and digests instead")
    args = parser.parse_args()
    if args.count:
        count(args.moves)
        return
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start_server(folder)
        try:
            per_player: list[list[float]] = [[] for _ in range(args.players)]
            games = [args.game or GAMES[i % len(GAMES)] for i in range(args.players)]
            threads = [threading.Thread(target=player, args=(port, games[i], 1000 + 100 * i, args.moves,
                                                             args.seconds, per_player[i]))
                       for i in range(args.players)]
            start = time.monotonic()
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            wall = time.monotonic() - start
        finally:
            proc.terminate()
            proc.wait(10)
    times = sorted(t * 1000 for ts in per_player for t in ts)
    if not times:
        raise SystemExit("no move was timed")
    p50 = statistics.median(times)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"{args.players} players, {len(times)} moves of {', '.join(sorted(set(games)))} in {wall:.1f} s "
          f"(kept-alive connections, every move saved before its answer)")
    print(f"ms a move: p50 {p50:.1f}  p95 {p95:.1f}  max {times[-1]:.1f}")
    print(f"machine: {platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.platform()}")


if __name__ == "__main__":
    main()
