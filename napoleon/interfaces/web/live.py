"""The state behind the routes (the store, the live games, the solver) and how a request reaches a game.

A request finds its game (:meth:`WebCore.live`), works on it one request at a
time (:meth:`WebCore.locked`) and, when it changes it, answers its view with
what changed (:meth:`WebCore.change`). The routes (:mod:`.play`, :mod:`.assist`,
:mod:`.catalog`, :mod:`.records`) are built on :class:`WebCore`.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from starlette.requests import Request
from starlette.responses import JSONResponse

from ... import voice
from ...analysis import QUICK_HINT_BUDGET, Analysis, WorkerError
from ...engine.errors import NapoleonError
from ...engine.state import State
from ...session import Change, Clock, Session
from ...schemas import SchemaError, parse
from ...schemas.web import MAX_BUDGET, GamePath
from ...store import StaleGameError, Store
from .errors import ApiError
from .games import LiveGame, Registry, game_view
from .reviews import Reviews
from .searches import Searches

STALE = voice.STALE
T = TypeVar("T")


class Settings:
    """How the app searches: worker processes and budgets (tests make them small)."""

    def __init__(self, workers: int = 1, hint_budget: float = QUICK_HINT_BUDGET, solve_budget: float = 15.0,
                 winnable_budget: float = 3.0, winnable_tries: int = 40, max_budget: float = MAX_BUDGET,
                 grade_tries: int = 200, clock: Clock = time.monotonic) -> None:
        self.workers = workers
        self.max_budget = max_budget  # a search asked for more gets this much
        self.hint_budget = hint_budget
        self.solve_budget = solve_budget
        self.winnable_budget = winnable_budget
        self.winnable_tries = winnable_tries
        self.grade_tries = grade_tries  # deals graded on demand, at most, to hand out a graded one
        self.clock = clock  # the games' clock (tests give one they move by hand)


class WebCore:
    """The state behind the routes: the store, the games, the analysis (its searches)."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.registry = Registry(store, clock=settings.clock)
        # The play's two lanes and the reviews' two (:mod:`.reviews`) share the searches' memory.
        self.analysis = Analysis(workers=settings.workers, background=1, share=settings.workers + 3)
        self.searches = Searches()
        self.reviews = Reviews(store, self.analysis, self.searches)

    def close(self) -> None:
        """Stop the searches, the reviews, the solver's workers and the games' thread (the server is shutting down)."""
        self.searches.stop()
        self.reviews.close()
        self.analysis.close()
        self.registry.close()  # at shutdown a short block is fine; the executor may be gone

    @staticmethod
    def game_id(request: Request) -> str:
        """The game's id in the path, spelled as ids are (ASCII digits, no leading zero); else 404."""
        game_id = request.path_params["game_id"]
        try:
            parse(GamePath, {"game_id": game_id}, "game id")
        except SchemaError:
            raise ApiError(404, f"no game with id {game_id[:40]!r} (a game's id is digits, no leading zero)") from None
        return game_id

    async def live(self, request: Request) -> LiveGame:
        """The game the request's path names, in memory or loaded from the store; else 404."""
        game_id = self.game_id(request)
        live = self.registry.in_memory(game_id) or await asyncio.to_thread(self.registry.get, game_id)
        if live is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        return live

    async def locked(self, live: LiveGame, work: Callable[[], Any], look: bool = True) -> Any:
        """Run blocking ``work`` (engine and store) off the event loop, one request per game at a time.

        With ``look``, the game is first reloaded from the store if another
        process saved it since, so that a request that reads the game sees it
        as it is. A change does not look first: its one check is the store's,
        when it saves (:meth:`change`).
        """
        def run() -> Any:
            if look:
                self.registry.refresh(live)
            return work()

        async with live.lock:
            return await asyncio.to_thread(run)

    async def change(self, request: Request, action: Callable[[Session], Change],
                     version: str | None = None) -> JSONResponse:
        """Apply ``action`` to a game's session and answer its view with the change it made.

        With ``version``, the change was meant for that position: if the game
        is elsewhere now, it is refused (409, ``stale``) and nothing changes;
        made on it, the answer carries what changed in the line of play
        (``made``, ``undone``), not the whole line, which the asker has.
        The session's version is the store's: a game another process saved
        since is found out when the change is saved (the store refuses it, the
        session takes the game up as saved there) and refused the same way.
        """
        live = await self.live(request)

        def work() -> dict[str, Any]:
            session = live.session
            if version is not None and version != session.version:
                raise ApiError(409, STALE, stale=True)
            try:
                change = action(session)
            except StaleGameError:
                raise ApiError(409, STALE, stale=True) from None
            except NapoleonError:
                # Refused on the position in memory: on the one another process saved since, say so.
                if self.registry.refresh(live):
                    raise ApiError(409, STALE, stale=True) from None
                raise
            record = live.id
            self.registry.follow(live)
            return game_view(live, change, whole_line=version is None or live.id != record)

        return JSONResponse(await self.locked(live, work, look=False))

    async def position(self, live: LiveGame) -> tuple[State, str]:
        """The game's position now, and its version."""
        return await self.locked(live, lambda: (live.session.state.copy(), live.session.version))

    async def search(self, request: Request, kind: str, question: Callable[[], Awaitable[T]]) -> T:
        """``question()`` (a search of the analysis) for ``request``: stopped when its client goes away
        or the server stops, refused (503, busy) when ``kind`` has its fill of searches at work
        (:mod:`.searches`); a crashed worker is a 500."""
        return await self.searches.run(request, kind, lambda: self.ask(question()))

    async def damaged(self) -> list[dict[str, str]]:
        """The games whose rows cannot be read, which the lists and statistics go on without:
        ``{"id", "why"}`` each (``napoleon doctor`` sets them aside)."""
        found = await asyncio.to_thread(self.store.damaged)
        return [{"id": str(exc.record_id), "why": exc.why} for exc in found]

    async def ask(self, question: Any) -> Any:
        """Await one of the analysis's answers; a crashed worker or a solver bug is a 500, and the server goes on."""
        try:
            return await question
        except WorkerError as exc:
            raise ApiError(500, f"the solver failed: {exc}") from None


__all__ = ["STALE", "Settings", "WebCore"]
