"""``napoleon serve``: the web app on uvicorn, on 127.0.0.1 unless told otherwise."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
import threading
import webbrowser
from typing import Any

from ...engine.errors import NapoleonError
from ...schemas import cli as values
from ...schemas.web import MAX_BUDGET
from ..common import argument

DEFAULT_PORT = 8765


class ServeError(NapoleonError):
    """The server cannot start (the port is taken, the host is not an address here)."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


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


def cmd_serve(args: argparse.Namespace) -> None:
    import uvicorn

    from .app import Settings, create_app

    host = args.host
    loopback = is_loopback(host)
    allowed = ["127.0.0.1", "localhost", "::1", "[::1]"] if loopback else None
    app = create_app(args.db, settings=Settings(workers=args.workers, max_budget=args.max_budget),
                     allowed_hosts=allowed)
    sock = bind(host, args.port)
    port = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    print(f"napoleon: playing at {url}  (Ctrl+C stops the server)", flush=True)
    if not loopback:
        print("napoleon: warning: the server listens beyond this machine and has no password", file=sys.stderr)
    config = uvicorn.Config(app, log_level=args.log_level, access_log=args.log_level == "debug")
    server = uvicorn.Server(config)
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


def register(subparsers: Any) -> None:
    """Add ``serve`` to the ``napoleon`` command."""
    p = subparsers.add_parser("serve", help="play in the browser: a local web app for all six games")
    p.add_argument("--port", "-p", type=port_number, default=DEFAULT_PORT,
                   help=f"port to listen on (default {DEFAULT_PORT}; 0 picks a free one)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1: this machine only)")
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
