"""Probes of what a request may spend: hostile reads, searches left by their askers, the time the
server takes to stop, a name that is not the server's, and a player's moves and hints while the
page's own origin asks for twenty reviews.

    python bench/web_guard.py [--hostile 2000] [--reviews 20] [--moves 200] [--only NAME ...]

Each probe starts a real ``napoleon serve`` (its own process, a fresh store
in a temporary folder) and prints one line of figures:

- ``hostile``: cross-site GETs of ``/review``, ``/grade``, ``/verdict?longer=``,
  ``/last-winnable`` and ``/api/daily`` over game ids 1..N, as an ``<img>``
  on another site's page sends them (no token, ``Sec-Fetch-Site: cross-site``):
  requests sent, answers by status, 5xx, how many were accepted (2xx), worker
  processes started, and the server's memory (VmRSS, its workers included)
  before and after.
- ``left``: ten ``verdict?longer=120`` whose clients hang up after 1 s; then
  the player's own verdict: its time, and the worker processes left busy.
- ``stop``: Ctrl+C (SIGINT), then SIGTERM, each with three long verdicts and a
  solution in flight: seconds until the server is gone, and worker processes left.
- ``rebind``: ``--host 0.0.0.0``; requests naming ``evil.example`` (DNS rebinding),
  requests without the printed link's key, and with it: statuses.
- ``reviews``: ``--reviews`` games asked for review at once by the page (its
  token, as the page sends it; a busy answer asked again 2 s later, as the
  page does) while a player plays ``--moves`` moves (p50, p95) and asks for
  hints on fresh deals (each one a search: p50, max); the reviews accepted
  and refused as busy.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def serve(folder: str, *args: str) -> tuple[subprocess.Popen, int, str]:
    """``napoleon serve --port P`` on a store in ``folder``: the process, its port, the link it printed."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "napoleon", "serve", "--port", str(port), "--db",
                             str(Path(folder) / "bench.db"), *args], cwd=folder, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    line = proc.stdout.readline() if proc.stdout else ""
    found = re.search(r"(http://\S+)", line)
    if not found:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    threading.Thread(target=lambda: proc.stdout.read(), daemon=True).start()  # the QR code, if any
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            call(port, "GET", "/api/token")
            break
        except OSError:
            time.sleep(0.1)
    return proc, port, found.group(1)


def call(port: int, method: str, path: str, body: dict | None = None, headers: dict | None = None,
         timeout: float = 180, conn: http.client.HTTPConnection | None = None) -> tuple[int, dict]:
    """(status, JSON body or {}) of one request to 127.0.0.1:``port``."""
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    data = None if body is None else json.dumps(body).encode()
    conn.request(method, path, body=data, headers={"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    raw = response.read()
    if own:
        conn.close()
    try:
        return response.status, json.loads(raw)
    except ValueError:
        return response.status, {}


def page(port: int) -> dict[str, str]:
    """The headers of a request from the page itself: its token, and the browser's word that it is same-origin."""
    return {"X-Napoleon-Token": call(port, "GET", "/api/token")[1]["token"], "Sec-Fetch-Site": "same-origin"}


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1]) == pid:
                    out.append(int(entry.name))
            except OSError:
                pass
    return out


def rss_mb(pid: int) -> float:
    """Resident memory of ``pid`` and its children, MB."""
    total = 0
    for p in (pid, *children(pid)):
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def busy_workers(pid: int) -> int:
    """Worker processes of ``pid`` using the CPU now (state R)."""
    n = 0
    for p in children(pid):
        try:
            n += Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()[0] == "R"
        except OSError:
            pass
    return n


def stop(proc: subprocess.Popen, sig: int = signal.SIGINT) -> float:
    """Send ``sig``; the seconds until the process is gone."""
    start = time.monotonic()
    proc.send_signal(sig)
    try:
        proc.wait(timeout=120)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    return time.monotonic() - start


def hard_deal() -> int:
    """A Forty Thieves deal the solver cannot settle in 0.3 s (found, not assumed)."""
    sys.path.insert(0, str(ROOT))
    import napoleon
    from napoleon.solver import solve

    return next(d for d in range(1, 200) if solve(napoleon.new_game("forty-thieves", d), budget=0.3).verdict == "unknown")


def new_game(port: int, headers: dict, game: str, deal: int, moves: int = 0) -> str:
    status, view = call(port, "POST", "/api/games", {"game": game, "deal": deal, "autoplay": False}, headers)
    assert status == 201, view
    gid = view["id"]
    for _ in range(moves):
        legal = [m for m in view.get("legal", []) if not m.get("redeal")] or view.get("legal", [])
        if not legal:
            break
        view = call(port, "POST", f"/api/games/{gid}/moves", {"notation": legal[0]["notation"]}, headers)[1]
    return gid


# ------------------------------------------------------------------ probes


def probe_hostile(folder: str, count: int) -> None:
    proc, port, _ = serve(folder)
    try:
        headers = page(port)
        for deal in range(1, 6):
            new_game(port, headers, "werner", deal, moves=3)
        before = rss_mb(proc.pid)
        foreign = {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Dest": "image", "Origin": "http://evil.example"}
        paths = ["/api/games/{}/review", "/api/games/{}/grade", "/api/games/{}/verdict?longer=120",
                 "/api/games/{}/last-winnable?budget=100", "/api/daily?game=werner&date=2031-0{}-01"]
        statuses: dict[int, int] = {}
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        start = time.monotonic()
        for i in range(count):
            gid = i % 5 + 1
            status, _ = call(port, "GET", paths[i % len(paths)].format(gid if "daily" not in paths[i % len(paths)]
                                                                        else gid % 9 + 1), headers=foreign, conn=conn)
            statuses[status] = statuses.get(status, 0) + 1
        took = time.monotonic() - start
        after = rss_mb(proc.pid)
        workers = len(children(proc.pid))
    finally:
        stop(proc)
    five = sum(n for s, n in statuses.items() if s >= 500)
    accepted = sum(n for s, n in statuses.items() if 200 <= s < 300)
    print(f"hostile: {count} requests in {took:.1f} s, statuses {dict(sorted(statuses.items()))}, 5xx {five}, "
          f"accepted {accepted}, worker processes {workers}, memory {before:.0f} MB -> {after:.0f} MB", flush=True)


def probe_left(folder: str) -> None:
    proc, port, _ = serve(folder)
    try:
        headers = page(port)
        gid = new_game(port, headers, "forty-thieves", hard_deal())
        for _ in range(10):
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=1)
            conn.request("GET", f"/api/games/{gid}/verdict?longer=120", headers=headers)
            try:
                conn.getresponse()
            except (TimeoutError, OSError):
                pass
            conn.close()  # the client hangs up after 1 s
        time.sleep(1)
        busy = busy_workers(proc.pid)
        start = time.monotonic()
        status, _ = call(port, "GET", f"/api/games/{gid}/verdict", headers=headers)
        took = time.monotonic() - start
    finally:
        stop(proc)
    print(f"left: 10 verdict?longer=120 left after 1 s each; 1 s later {busy} worker(s) busy; "
          f"the player's verdict {status} in {took:.1f} s", flush=True)


def probe_stop(folder: str) -> None:
    deal = hard_deal()
    for sig in (signal.SIGINT, signal.SIGTERM):
        proc, port, _ = serve(folder)
        headers = page(port)
        gids = [new_game(port, headers, "forty-thieves", deal) for _ in range(3)]
        for gid in gids:
            threading.Thread(target=_quietly, args=(call, port, "GET", f"/api/games/{gid}/verdict?longer=120",
                                                   None, headers), daemon=True).start()
        threading.Thread(target=_quietly, args=(call, port, "POST", f"/api/games/{gids[0]}/solve",
                                               {"budget": 120}, headers), daemon=True).start()
        time.sleep(3)
        workers = children(proc.pid)
        took = stop(proc, sig)
        time.sleep(0.5)
        left = [p for p in workers if Path(f"/proc/{p}").exists()]
        print(f"stop: {signal.Signals(sig).name} with 3 long verdicts and a solution in flight: gone in {took:.2f} s, "
              f"{len(workers)} workers before, {len(left)} left", flush=True)


def _quietly(fn, *args) -> None:
    try:
        fn(*args)
    except OSError:
        pass


def probe_rebind(folder: str) -> None:
    proc, port, link = serve(folder, "--host", "0.0.0.0")
    try:
        key = link.split("key=", 1)[1]
        evil = {"Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"}
        rebound = [call(port, "GET", p, headers=evil)[0] for p in ("/", "/api/token", "/api/stats")]
        rebound.append(call(port, "POST", "/api/stats/reset", {}, headers=evil)[0])
        keyless = [call(port, "GET", p)[0] for p in ("/", "/api/token", "/api/history")]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", f"/?key={key}")
        response = conn.getresponse()
        response.read()
        cookie = (response.getheader("set-cookie") or "").split(";")[0]
        with_key = call(port, "GET", "/api/token", headers={"Cookie": cookie})[0]
    finally:
        stop(proc)
    print(f"rebind: --host 0.0.0.0; Host evil.example: {rebound}; no key: {keyless}; the link: {response.status} "
          f"then {with_key}", flush=True)


def probe_reviews(folder: str, reviews: int, moves: int) -> None:
    proc, port, _ = serve(folder)
    deal = hard_deal()
    try:
        headers = page(port)
        gids = [new_game(port, headers, "forty-thieves", deal + i % 3, moves=8) for i in range(reviews)]
        counts = {"accepted": 0, "busy": 0, "done": 0}
        stop_asking = threading.Event()

        def reviewer(gid: str) -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            accepted = False
            while not stop_asking.is_set():
                status, body = call(port, "GET", f"/api/games/{gid}/review", headers=headers, conn=conn)
                if status == 503:
                    counts["busy"] += 1
                    stop_asking.wait(2.0)  # the page asks again after the server's Retry-After
                    continue
                if not accepted:
                    accepted = True
                    counts["accepted"] += 1
                if body.get("done"):
                    counts["done"] += 1
                    return
                stop_asking.wait(0.5)

        threads = [threading.Thread(target=reviewer, args=(g,), daemon=True) for g in gids]
        for t in threads:
            t.start()
        time.sleep(2)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        player = new_game(port, headers, "werner", 1)
        view = call(port, "GET", f"/api/games/{player}", headers=headers, conn=conn)[1]
        times = []
        for _ in range(moves):
            legal = [m for m in view["legal"] if not m.get("redeal")]
            if not legal or view["status"] != "playing":
                player = new_game(port, headers, "werner", 1)
                view = call(port, "GET", f"/api/games/{player}", headers=headers, conn=conn)[1]
                continue
            start = time.perf_counter()
            status, view = call(port, "POST", f"/api/games/{player}/moves",
                                {"notation": legal[-1]["notation"], "version": view["version"]}, headers, conn=conn)
            times.append(time.perf_counter() - start)
            assert status == 200, view
        hints = []
        for d in range(2, 12):  # a fresh deal each: a search, not a solution already known
            gid = new_game(port, headers, "werner", d)
            start = time.perf_counter()
            status, answer = call(port, "GET", f"/api/games/{gid}/hint", headers=headers, conn=conn)
            hints.append(time.perf_counter() - start)
            assert status == 200, answer
        running = counts["accepted"] - counts["done"]
        stop_asking.set()
    finally:
        stop(proc)
    times.sort()
    p95 = times[int(0.95 * (len(times) - 1))]
    print(f"reviews: {reviews} asked ({counts['accepted']} accepted, {counts['busy']} busy answers, "
          f"{running} still at work during the player's turn); the player's {len(times)} moves p50 "
          f"{1000 * statistics.median(times):.1f} ms p95 {1000 * p95:.1f} ms; hints on 10 fresh deals p50 "
          f"{statistics.median(hints):.2f} s max {max(hints):.2f} s", flush=True)


PROBES = ("hostile", "left", "stop", "rebind", "reviews")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hostile", type=int, default=2000, help="hostile requests to send")
    parser.add_argument("--reviews", type=int, default=20, help="reviews the page asks for at once")
    parser.add_argument("--moves", type=int, default=200, help="the player's moves meanwhile")
    parser.add_argument("--only", nargs="*", choices=PROBES, help="run only these probes")
    args = parser.parse_args()
    print(f"# {platform.node()}: {os.cpu_count()} cores, Python {platform.python_version()}", flush=True)
    for name in args.only or PROBES:
        with tempfile.TemporaryDirectory() as folder:
            if name == "hostile":
                probe_hostile(folder, args.hostile)
            elif name == "reviews":
                probe_reviews(folder, args.reviews, args.moves)
            else:
                {"left": probe_left, "stop": probe_stop, "rebind": probe_rebind}[name](folder)


if __name__ == "__main__":
    main()
