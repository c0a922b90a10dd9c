"""The web app answering the page inside the browser: called as ASGI, with no socket.

In the static site (``napoleon site``), Python runs in a Web Worker of the
page (Pyodide), and the page's requests reach the very app that ``napoleon
serve`` runs (:func:`~.app.create_app`): the worker's script hands each one to
:func:`answer`, which makes the ASGI scope a server would make of it and
collects the response. Nothing of the API is written again in JavaScript.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import tempfile
from typing import Any
from urllib.parse import unquote, urlsplit

from starlette.applications import Starlette

from .app import Settings, create_app, route_table

HOST = "napoleon.invalid"  # the name the page's requests are addressed to: no network is ever asked


def open_app(db: str) -> Starlette:
    """The web app on the store at ``db`` (the browser's IndexedDB, mounted as a folder)."""
    return create_app(db, settings=Settings())


async def _unanswerable(request: Any) -> None:
    raise AssertionError("warm()'s routes are never asked")


class _NoApp:
    """Every endpoint the routes name, none able to answer: :func:`warm` wants the patterns only."""

    def __getattr__(self, name: str) -> Any:
        return _unanswerable


def warm() -> None:
    """Compile the app's route patterns into ``re``'s cache, as opening it does (half of its opening
    in the browser), without opening a store: this runs before the page's worker keeps its copy of
    Python (static/js/python.js), so a visit that restores that copy opens the player's store without
    compiling them again. The heap is left as it was (a store opened would grow it, and the copy)."""
    route_table(_NoApp(), "")


class Rehearsal:
    """A player's first moves rehearsed on an app of its own, on a throwaway store, one request a
    :meth:`step`: the page's worker runs it while the player looks at the first deal, so that the
    interpreter's code is warm (tiered up by V8) before the player's own first moves, which it
    gives way to. The player's store, games and statistics are never touched."""

    GAME = {"game": "werner", "deal": 1, "options": {}, "autoplay": False}

    def __init__(self, moves: int = 30) -> None:
        self.folder = tempfile.mkdtemp(prefix="napoleon-rehearsal-")
        self.app = open_app(os.path.join(self.folder, "napoleon.db"))
        self.headers = {"content-type": "application/json"}
        self.left = 2 * moves  # a move and its undo, each a request
        self.view: dict[str, Any] | None = None
        self.move: dict[str, Any] | None = None

    async def ask(self, method: str, url: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        reply = await answer(self.app, method, url, self.headers, json.dumps(body) if body is not None else "")
        if reply["status"] >= 300:
            raise RuntimeError(f"{method} {url}: {reply['status']}")  # a fact for the worker, never shown
        return json.loads(reply["body"])

    async def step(self) -> bool:
        """One request more; whether another is left."""
        if "x-napoleon-token" not in self.headers:
            self.headers["x-napoleon-token"] = (await self.ask("GET", "/api/token"))["token"]
        elif self.view is None:
            self.view = await self.ask("POST", "/api/games", self.GAME)
            self.move = next(m for m in self.view["legal"] if m["from"].startswith("tableau"))
        else:
            done = self.left % 2 == 0
            path = f"/api/games/{self.view['id']}/{'moves' if done else 'undo'}"
            body = {**self.move, "version": self.view["version"]} if done else {"version": self.view["version"]}
            self.view = await self.ask("POST", path, body)
            self.left -= 1
        return self.left > 0

    def close(self) -> None:
        """The app closed and its store deleted."""
        web = self.app.state.web
        web.close()
        web.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)


async def answer(app: Any, method: str, url: str, headers: dict[str, str] | None = None,
                 body: bytes | str = b"") -> dict[str, Any]:
    """The app's answer to one request: ``{"status", "headers", "body"}`` (the body as text).

    ``url`` is the path and query the page asks for (``/api/games/3?x=1``).
    """
    parts = urlsplit(url)
    raw = body.encode() if isinstance(body, str) else bytes(body)
    pairs = [(k.lower().encode("latin-1"), str(v).encode("latin-1")) for k, v in (headers or {}).items()]
    pairs.append((b"host", HOST.encode()))
    if raw:
        pairs.append((b"content-length", str(len(raw)).encode()))
    scope = {
        "type": "http", "asgi": {"version": "3.0", "spec_version": "2.3"}, "http_version": "1.1",
        "method": method.upper(), "scheme": "http", "path": unquote(parts.path),
        "raw_path": parts.path.encode("latin-1", "replace"), "query_string": parts.query.encode("latin-1", "replace"),
        "root_path": "", "headers": pairs, "client": None, "server": (HOST, 80), "state": {},
    }
    sent = False
    answered = asyncio.Event()

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            # The page waits for this answer: like a server whose client is still there, say
            # nothing until the response is out (a disconnect now would stop the app's searches).
            await answered.wait()
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": raw, "more_body": False}

    status, out_headers, chunks = 500, {}, []

    async def send(message: dict[str, Any]) -> None:
        nonlocal status, out_headers
        if message["type"] == "http.response.start":
            status = message["status"]
            out_headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in message.get("headers", [])}
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                answered.set()

    await app(scope, receive, send)
    return {"status": status, "headers": out_headers, "body": b"".join(chunks).decode("utf-8", "replace")}


def respond(app: Any, method: str, url: str, headers: dict[str, str] | None = None,
            body: bytes | str = b"") -> dict[str, Any] | asyncio.Task[dict[str, Any]]:
    """:func:`answer`, begun at once: the answer itself when the app gave it without waiting (a move,
    an undo, a look at a game), else the task that will.

    The page's worker calls this. Awaited as a coroutine, each request went through Pyodide's event
    loop four times (each time a turn of the worker's own loop, behind whatever else it had queued,
    such as the store's write-back to IndexedDB) before its answer could go back; a task started
    eagerly runs as far as it can before this returns, as the task it is (``asyncio.current_task``
    names it), and the answer of a request that never waits goes back at once.
    """
    coro = answer(app, method, url, headers, body)
    loop = asyncio.get_event_loop()
    if sys.version_info < (3, 12):  # no eager tasks (the browser's Python is newer)
        return loop.create_task(coro)
    task = asyncio.Task(coro, loop=loop, eager_start=True)
    return task.result() if task.done() else task


__all__ = ["HOST", "Rehearsal", "answer", "open_app", "respond", "warm"]
