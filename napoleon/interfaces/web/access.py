"""Who may reach the server: the names it answers to, and the secret a server beyond loopback asks for.

- **Host allow-list.** A page on another site can make its own name point
  at this machine (DNS rebinding) and then read the answers as its own; the
  browser says which name it asked for in ``Host``, so the server answers
  only to its own names (:class:`HostCheck`): on loopback the loopback names
  and the address it listens on (``127.0.0.2`` included), beyond loopback
  the machine's names and addresses (:func:`own_names`) and any given.
- **A secret in the link.** Beyond loopback anyone on the network could
  play, reset the statistics or keep the solver busy; so the server makes a
  secret at start and prints a link that carries it (with a QR code, for a
  phone on the same network). Opening the link sets a cookie with it and
  leads on to the page without it in the address; every request without
  that cookie is refused (:class:`SecretCheck`).
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
import socket
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qs

from starlette.responses import JSONResponse, RedirectResponse

KEY = "key"
"""The query parameter of the printed link, and the name of the cookie it sets."""
COOKIE = "napoleon_key"
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address to listen on) is this machine only."""
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def outward_address() -> str | None:
    """The address this machine is reached at on its network (the one its default route leaves
    from); None when it has none. No packet is sent: a UDP socket only picks its route."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never answered, never sent to
            return probe.getsockname()[0]
    except OSError:
        return None


def own_names(host: str, given: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The names the server at ``host`` answers to: the loopback names and ``host`` itself; beyond
    loopback also the machine's names (``name``, ``name.local``, its full name) and addresses; and
    ``given``."""
    names = {*LOOPBACK_NAMES, host.strip("[]").lower(), *(g.strip("[]").lower() for g in given)}
    if not is_loopback(host):
        hostname = socket.gethostname()
        names |= {hostname.lower(), f"{hostname.lower()}.local", socket.getfqdn().lower()}
        try:
            names |= {str(info[4][0]).split("%")[0] for info in socket.getaddrinfo(hostname, None)}
        except OSError:
            pass
        outward = outward_address()
        if outward is not None:
            names.add(outward)
    names -= {"0.0.0.0", "::", ""}
    return sorted(names)


def host_name(header: str) -> str:
    """The name in a ``Host`` header, without its port: ``[::1]:8765`` -> ``::1``."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:header.find("]")] if "]" in header else header
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


def headers_of(scope: Any) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


class HostCheck:
    """Answer only requests whose ``Host`` is one of ``names`` (400 otherwise)."""

    def __init__(self, app: Any, names: list[str]) -> None:
        self.app = app
        self.names = {n.lower() for n in names}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and host_name(headers_of(scope).get("host", "")) not in self.names:
            response = JSONResponse({"error": "this server does not answer to that name (Host)"}, status_code=400)
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def new_secret() -> str:
    """A fresh secret for the link of one run of the server."""
    return secrets.token_urlsafe(16)


class SecretCheck:
    """Let through only requests that carry ``secret``: in the cookie the printed link sets, or in
    that link's ``?key=``, which is answered by setting the cookie and leading on to the page."""

    def __init__(self, app: Any, secret: str) -> None:
        self.app = app
        self.secret = secret.encode()

    def _matches(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode("latin-1", "replace"), self.secret)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookies = SimpleCookie()
        try:
            cookies.load(headers_of(scope).get("cookie", ""))
        except Exception:  # noqa: BLE001 - an unreadable cookie header carries no secret
            cookies = SimpleCookie()
        if COOKIE in cookies and self._matches(cookies[COOKIE].value):
            await self.app(scope, receive, send)
            return
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        if scope["method"] == "GET" and self._matches((query.get(KEY) or [None])[-1]):
            response = RedirectResponse("/", status_code=303)
            response.set_cookie(COOKIE, self.secret.decode(), httponly=True, samesite="strict", path="/")
            await response(scope, receive, send)
            return
        response = JSONResponse({"error": "open the link napoleon serve printed (it carries the server's key)"},
                                status_code=403)
        await response(scope, receive, send)


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn in text for a terminal (two rows of modules a line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()


__all__ = ["COOKIE", "KEY", "HostCheck", "SecretCheck", "host_name", "is_loopback", "new_secret", "outward_address",
           "own_names", "qr_text"]
