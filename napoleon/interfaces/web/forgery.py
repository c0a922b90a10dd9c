"""Request forgery: only the page this server sent may change anything.

A page on another site (or a sandboxed frame, or a ``data:`` page, whose
origin is ``null``) can make the browser send requests to 127.0.0.1, and
game ids are sequential. Two checks stop it, as web frameworks do:

- **Where from.** A request a browser says comes from elsewhere is refused:
  an ``Origin`` that is not this server (``null`` included), or a
  ``Sec-Fetch-Site`` of ``cross-site`` or ``same-site`` (another port of
  127.0.0.1 is the same site, not the same origin).
- **Proof that it comes from the page.** Every request that changes or
  spends something (every method but GET, HEAD and OPTIONS, and the reads
  that search or write: a hint, which marks the game as played with help,
  the live verdict, the last winnable position, a review, a grade, the
  deal of the day) carries the header ``X-Napoleon-Token``: a secret
  made when the server starts, which the page reads from ``GET /api/token``.
  Another site's page cannot read it (the browser's same-origin policy; the
  Host check stops DNS rebinding), and a form cannot send a header. A
  browser's own word that the request comes from this origin
  (``Sec-Fetch-Site: same-origin``, a header no page can set) is taken as
  the same proof: that is what Fetch Metadata is for.

A request that fails a check is answered 403 and changes nothing; a
refused token says ``"token": "refused"``, so that a page left open across
a restart of the server asks for the new one and tries once more.
"""

from __future__ import annotations

import hmac
import secrets
from typing import Any
from urllib.parse import urlsplit

from starlette.responses import JSONResponse

TOKEN_HEADER = "x-napoleon-token"
SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
FOREIGN_FETCH = ("cross-site", "same-site")
SPENDING_GAME_READS = ("hint", "verdict", "last-winnable", "review", "grade")
"""The reads of ``/api/games/{id}/...`` that search in a worker process or write to the store:
an ``<img>`` on another site's page must not set them going."""
SPENDING_READS = ("/api/daily",)


def new_token() -> str:
    """A fresh secret for one run of the server."""
    return secrets.token_urlsafe(32)


def changes_state(method: str, path: str) -> bool:
    """Whether a request may change a game or the statistics, or spend the solver's time (and so
    must carry the token)."""
    if method not in SAFE_METHODS or path in SPENDING_READS:
        return True
    return path.startswith("/api/games/") and path.rsplit("/", 1)[-1] in SPENDING_GAME_READS


def foreign(headers: dict[str, str]) -> str | None:
    """Why a request comes from another site's page, by what the browser says of it; None if it does not."""
    origin, host = headers.get("origin"), headers.get("host")
    if origin is not None:
        parts = urlsplit(origin)
        if origin == "null" or parts.scheme not in ("http", "https") or parts.netloc != host:
            return f"a request from {origin[:80]} refused: only this server's own page may send it"
    site = headers.get("sec-fetch-site")
    if site in FOREIGN_FETCH:
        return f"a {site} request refused: only this server's own page may send it"
    return None


class RequestForgeryMiddleware:
    """Refuse requests from another site's page, and state-changing requests without the page's token."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.token = token

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
            method, path = scope["method"], scope["path"]
            refusal, extra = None, {}
            if changes_state(method, path) or path == "/api/token":
                refusal = foreign(headers)
            if refusal is None and changes_state(method, path) and headers.get("sec-fetch-site") != "same-origin":
                given = headers.get(TOKEN_HEADER, "")
                if not hmac.compare_digest(given.encode("latin-1"), self.token.encode()):
                    refusal = ("this request does not come from napoleon's page (no valid X-Napoleon-Token): "
                               "reload the page")
                    extra = {"token": "refused"}
            if refusal is not None:
                await JSONResponse({"error": refusal, **extra}, status_code=403)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def token_response(token: str) -> JSONResponse:
    """``GET /api/token``: the page's token, never cached."""
    return JSONResponse({"token": token, "header": "X-Napoleon-Token"}, headers={"Cache-Control": "no-store"})
