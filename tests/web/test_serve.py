"""``napoleon serve`` as a player starts it: it stops at once on Ctrl+C or SIGTERM whatever it is
searching, and beyond loopback it answers only to its own names and to the link it printed."""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest
from processes import alive, children, env, linux_only, wait_until

from .api_client import hard_deal


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def start(tmp_path, *args: str, host: str = "127.0.0.1") -> tuple[subprocess.Popen, int, str]:
    """``napoleon serve`` in a subprocess: (the process, its port, the link it printed)."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "napoleon", "serve", "--port", str(port), "--host", host,
                             "--db", str(tmp_path / "serve.db"), *args],
                            env=env(), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()
    assert "playing at" in line, line + proc.stderr.read()
    link = line.split("playing at ", 1)[1].split()[0]
    return proc, port, link


def fetch(port: int, path: str, host: str | None = None, headers: dict | None = None, method: str = "GET",
          body: dict | None = None) -> tuple[int, dict, str]:
    """(status, headers, body text) of a request to 127.0.0.1:``port`` naming ``host`` in its Host header."""
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", method=method,
                                     data=None if body is None else json.dumps(body).encode(),
                                     headers={"Host": host or f"127.0.0.1:{port}", "Content-Type": "application/json",
                                              **(headers or {})})

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=30) as r:
            return r.status, dict(r.headers), r.read().decode()
    except urllib.error.HTTPError as err:
        return err.code, dict(err.headers), err.read().decode()


def up(port: int, **kw) -> bool:
    try:
        return fetch(port, "/api/catalog", **kw)[0] in (200, 403)
    except OSError:
        return False


@linux_only
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "sigterm"])
def test_the_server_stops_at_once_whatever_it_searches(tmp_path, sig):
    proc, port, _ = start(tmp_path)
    try:
        assert wait_until(lambda: up(port), 60)
        token = json.loads(fetch(port, "/api/token")[2])["token"]
        headers = {"X-Napoleon-Token": token}
        _, deal = hard_deal()
        gids = [json.loads(fetch(port, "/api/games", method="POST", headers=headers,
                                 body={"game": "forty-thieves", "deal": deal, "autoplay": False})[2])["id"]
                for _ in range(3)]
        for gid in gids:  # long verdicts in flight, as a player asking for a longer search leaves them
            threading.Thread(target=lambda g=gid: _quiet(fetch, port, f"/api/games/{g}/verdict?longer=100",
                                                         headers=headers), daemon=True).start()
        threading.Thread(target=lambda: _quiet(fetch, port, f"/api/games/{gids[0]}/solve", method="POST",
                                               headers=headers, body={"budget": 100}), daemon=True).start()
        assert wait_until(lambda: len(children(proc.pid)) >= 2, 30)
        time.sleep(1.0)
        workers = children(proc.pid)
        proc.send_signal(sig)
        started = time.monotonic()
        proc.wait(timeout=30)
        took = time.monotonic() - started
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert took < 3.0, took
    assert wait_until(lambda: not any(alive(p) for p in workers), 2), workers
    assert "Traceback" not in proc.stderr.read()


def _quiet(fn, *args, **kw) -> None:
    try:
        fn(*args, **kw)
    except OSError:
        pass


@linux_only
def test_beyond_loopback_only_its_names_and_its_link_are_answered(tmp_path):
    proc, port, link = start(tmp_path, "--allow-host", "napoleon.example", host="0.0.0.0")
    try:
        key = re.search(r"\?key=([A-Za-z0-9_-]+)$", link)
        assert key, link
        printed = proc.stdout.readline() + "".join(proc.stdout.readline() for _ in range(6))
        assert "scan" in printed and "█" in printed  # the QR code of the link
        assert wait_until(lambda: up(port), 60)
        # DNS rebinding: a page on evil.example whose name now points here.
        for path in ("/", "/api/token", "/api/stats"):
            status, _, text = fetch(port, path, host=f"evil.example:{port}", headers={"Origin": f"http://evil.example:{port}"})
            assert status == 400 and "name" in text, path
        status, _, _ = fetch(port, "/api/stats/reset", host=f"evil.example:{port}", method="POST", body={})
        assert status == 400
        # Its own names, without the key: refused.
        for host in (f"127.0.0.1:{port}", f"localhost:{port}", f"napoleon.example:{port}", f"{socket.gethostname()}:{port}"):
            status, _, text = fetch(port, "/api/token", host=host)
            assert status == 403 and "link" in text, host
        assert fetch(port, "/?key=guess")[0] == 403
        # The link: a cookie with the key, and on to the page without the key in its address.
        status, headers, _ = fetch(port, f"/?key={key[1]}")
        assert status == 303 and headers["location"] == "/"
        cookie = headers["set-cookie"].split(";")[0]
        assert "httponly" in headers["set-cookie"].lower() and "samesite=strict" in headers["set-cookie"].lower()
        status, _, text = fetch(port, "/api/token", headers={"Cookie": cookie})
        assert status == 200 and json.loads(text)["token"]
        assert fetch(port, "/", headers={"Cookie": cookie})[0] == 200
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)


@linux_only
def test_any_loopback_address_works(tmp_path):
    proc, port, link = start(tmp_path, host="127.0.0.2")
    try:
        assert link == f"http://127.0.0.2:{port}/"
        ok = wait_until(lambda: _status(port, f"127.0.0.2:{port}") == 200, 60)
        assert ok
        assert _status(port, f"localhost:{port}") == 200
        assert _status(port, f"evil.example:{port}") == 400
    finally:
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=30)


def _status(port: int, host: str) -> int | None:
    """The status of /api/catalog on 127.0.0.2:``port`` asked for under the name ``host``."""
    request = urllib.request.Request(f"http://127.0.0.2:{port}/api/catalog", headers={"Host": host})
    try:
        with urllib.request.urlopen(request, timeout=10) as r:
            return r.status
    except urllib.error.HTTPError as err:
        return err.code
    except OSError:
        return None
