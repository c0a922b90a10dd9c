"""How long a move takes through the page's API: several players at once, on kept-alive connections.

    python bench/web_moves.py [--players 6] [--moves 200] [--seconds 60] [--game werner]

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--moves", type=int, default=200, help="moves each player makes at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="time each player plays at most")
    parser.add_argument("--game", default="werner")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start_server(folder)
        try:
            per_player: list[list[float]] = [[] for _ in range(args.players)]
            threads = [threading.Thread(target=player, args=(port, args.game, 1000 + 100 * i, args.moves,
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
    print(f"{args.players} players, {len(times)} moves of {args.game} in {wall:.1f} s "
          f"(kept-alive connections, every move saved before its answer)")
    print(f"ms a move: p50 {p50:.1f}  p95 {p95:.1f}  max {times[-1]:.1f}")
    print(f"machine: {platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.platform()}")


if __name__ == "__main__":
    main()
