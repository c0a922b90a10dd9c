"""``napoleon serve``: the web app on uvicorn, on 127.0.0.1 unless told otherwise.

Beyond loopback (``--host 0.0.0.0``, to play from a phone on the same
network) the server answers only to the machine's names and the ones
given with ``--allow-host``, and only to requests that carry the secret of
the link it prints, as a QR code too (:mod:`.access`). Ctrl+C and SIGTERM
stop every search at once (:mod:`.searches`), so the server ends within a
second or two and leaves no worker process.
"""

from __future__ import annotations

import argparse
import socket
import sys
import threading
import webbrowser
from typing import Any

from ...engine.errors import NapoleonError
from ...schemas import cli as values
from ...schemas.web import MAX_BUDGET
from ..common import argument
from .access import KEY, is_loopback, new_secret, outward_address, own_names, qr_text

DEFAULT_PORT = 8765


class ServeError(NapoleonError):
    """The server cannot start (the port is taken, the host is not an address here)."""


SHUTDOWN_GRACE = 2
"""Seconds uvicorn waits, once told to stop, for answers still being written (the searches are stopped at once)."""


def port_number(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"port must be an integer, not {text!r}") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"port must be from 0 to 65535, not {n}")
    return n


def bind(host: str, port: int) -> socket.socket:
    """A listening socket, so a taken port is a one-line error before uvicorn starts.

    It is made with ``IPPROTO_TCP``: asyncio turns Nagle's algorithm off
    (TCP_NODELAY) only on sockets that say so, and without it each response on
    a kept-alive connection waits for the browser's delayed acknowledgement,
    some 40 ms a move.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
    sock.listen(128)
    sock.setblocking(False)
    return sock


def link(host: str, port: int, secret: str | None = None) -> str:
    """The page's address on ``host`` (with the server's secret, if it has one)."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/" + (f"?{KEY}={secret}" if secret else "")


def cmd_serve(args: argparse.Namespace) -> None:
    import uvicorn

    from .app import Settings, create_app

    host = args.host
    loopback = is_loopback(host)
    secret = None if loopback else new_secret()
    app = create_app(args.db, settings=Settings(workers=args.workers, max_budget=args.max_budget),
                     allowed_hosts=own_names(host, args.allow_host or ()), secret=secret)
    sock = bind(host, args.port)
    port = sock.getsockname()[1]
    if loopback:
        url = link(host, port)
        print(f"napoleon: playing at {url}  (Ctrl+C stops the server)", flush=True)
    else:
        wildcard = host in ("0.0.0.0", "::")
        url = link((outward_address() or "127.0.0.1") if wildcard else host, port, secret)
        print(f"napoleon: playing at {url}  (Ctrl+C stops the server)", flush=True)
        print("napoleon: the server listens beyond this machine: only this link (it carries the server's key) "
              "opens the page; on a phone on the same network, scan it:", flush=True)
        print(qr_text(url), flush=True)
    config = uvicorn.Config(app, log_level=args.log_level, access_log=args.log_level == "debug",
                            timeout_graceful_shutdown=SHUTDOWN_GRACE)
    server = stopping_server(config, app.state.web.searches)
    if args.open:
        def open_when_ready() -> None:
            for _ in range(100):
                if server.started:
                    webbrowser.open(url)
                    return
                threading.Event().wait(0.05)
        threading.Thread(target=open_when_ready, daemon=True).start()
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


def stopping_server(config: Any, searches: Any) -> Any:
    """uvicorn's server, whose signal handling (Ctrl+C, SIGTERM) first stops every search at work
    (``searches``, :class:`.searches.Searches`): uvicorn then waits only for answers quick to write."""
    import asyncio

    import uvicorn

    class Server(uvicorn.Server):
        loop: asyncio.AbstractEventLoop | None = None

        def handle_exit(self, sig: int, frame: Any) -> None:
            # Called in a signal handler: the event loop stops the searches between two of its steps.
            if self.loop is not None and not self.loop.is_closed():
                self.loop.call_soon_threadsafe(searches.stop)
            super().handle_exit(sig, frame)

        async def serve(self, sockets: Any = None) -> None:
            self.loop = asyncio.get_running_loop()
            await super().serve(sockets=sockets)

    return Server(config)


def register(subparsers: Any) -> None:
    """Add ``serve`` to the ``napoleon`` command."""
    p = subparsers.add_parser("serve", help="play in the browser: a local web app for all six games")
    p.add_argument("--port", "-p", type=port_number, default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to listen on (default 127.0.0.1: this machine only; 0.0.0.0: every network, "
                        "for a phone: the printed link and its QR code carry a key)")
    p.add_argument("--allow-host", action="append", metavar="NAME",
                   help="a further name the server answers to (beyond the machine's own), e.g. behind a proxy")
    p.add_argument("--open", action="store_true", help="open the page in a web browser")
    p.add_argument("--db", metavar="PATH", help="the store's database (default $NAPOLEON_DB, else the user data dir)")
    p.add_argument("--workers", type=argument(values.whole("--workers", 1, 64)), default=1,
                   help="solver worker processes (default 1)")
    p.add_argument("--max-budget", type=argument(values.seconds("--max-budget", MAX_BUDGET)), default=MAX_BUDGET,
                   metavar="SECONDS",
                   help="the longest a hint or solution search may take (default 120)")
    p.add_argument("--log-level", default="warning", choices=("critical", "error", "warning", "info", "debug"),
                   help="uvicorn's log level")
    p.set_defaults(func=cmd_serve)
