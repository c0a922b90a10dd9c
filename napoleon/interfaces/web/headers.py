"""The headers every answer carries: no other site may frame the page, and the page runs only its own code.

A page that can be framed by another site can be clickjacked (the
statistics' reset dialog under a decoy button); ``X-Frame-Options: DENY`` and
the Content-Security-Policy's ``frame-ancestors 'none'`` forbid it in every
browser. The policy also lets the page load scripts, styles, images and
requests from its own origin only, so that text injected into it (a game's
name, a move) could never run. The link a phone opens may carry the
server's secret (:mod:`.access`): ``Referrer-Policy: no-referrer`` keeps it
from leaving with any request.
"""

from __future__ import annotations

from typing import Any

CONTENT_SECURITY_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
                           "connect-src 'self'; font-src 'self'; manifest-src 'self'; base-uri 'none'; "
                           "form-action 'none'; frame-ancestors 'none'")
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


class SecurityHeadersMiddleware:
    """Add :data:`SECURITY_HEADERS` to every HTTP answer (errors and static files included)."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in SECURITY_HEADERS if k not in names]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


__all__ = ["CONTENT_SECURITY_POLICY", "SECURITY_HEADERS", "SecurityHeadersMiddleware"]
