"""The web app: a JSON API over the engine, and the page that plays it.

Endpoints (every error is a 4xx with ``{"error": "..."}`` and changes nothing). Every request
that changes something, or sets a search going (hint, verdict, last winnable position, review,
grade, deal of the day), carries the page's token in ``X-Napoleon-Token`` and comes from no other
site's page (:mod:`.forgery`); no other site may frame the page (:mod:`.headers`); a search
runs while its client waits, and one too many of its kind is answered 503 ``"busy": true``
(:mod:`.searches`); bodies, queries and paths are read through :mod:`napoleon.schemas.web`:

- ``GET  /api/token``                       ``{"token"}``: the token this run of the server gives its page
- ``GET  /api/catalog``                     the games, their options, rules and piles
- ``GET  /api/games``                       unfinished games in the store
- ``POST /api/games``                       ``{"game", "options", "deal", "autoplay"}``: a new game;
  ``deal`` is a number, omitted for a random one, ``"winnable"`` (with ``"grade"``: a winnable deal
  of that grade, docs/grades.md; with ``"start"``: the next one from there) or ``"daily"`` (the
  deal of the day, ``"date"`` YYYY-MM-DD for another day's)
- ``GET  /api/daily?game=ID[&date=YYYY-MM-DD]`` the deal of the day and its grade
- ``GET  /api/games/{id}/grade``             the deal's grade (shipped, else graded in a worker process)
- ``GET  /api/games/{id}``                  position, legal moves, targets, status, clock, history
- ``POST /api/games/{id}/moves``            ``{"from", "to", "count"}``, ``{"notation": "T3-F1"}``
  or ``{"redeal": true}`` (a move as the API lists it, notation included, is taken back
  as it is); ``"autoplay": false`` skips auto-play for this move
- ``POST /api/games/{id}/undo|redo|restart|auto|finish`` (finish: play the rest out, when the
  view's ``finish`` says it plays itself by safe and foundation moves)
- ``POST /api/games/{id}/back``             ``{"to": N}``: back to the position after N moves (the last
  winnable one, as ``last-winnable`` gives it), turn after turn in one change; redo plays them again
  Each change may name the position it was made on, ``"version"`` as the game's view gives it;
  on another one it is refused (409, ``"stale": true``) and nothing changes: another window
  played on this game.
- ``POST /api/games/{id}/settings``         ``{"autoplay": bool}`` (turned on, the safe cards go home at once)
- ``POST /api/games/{id}/pause``            the page was hidden or closed: the clock stops until the next action
- ``GET  /api/games/{id}/targets?from=PILE&count=N``  where those cards may go; ``text`` says it in words
- ``GET  /api/games/{id}/hint[?budget=S]``  the next move of a solution: from one already known (followed
  on from this position), else searched in a worker process; ``text`` says it in a player's words
- ``GET  /api/games/{id}/verdict[?longer=S]`` the live verdict's next step (``more``: ask again for a
  longer search): a proven verdict known or followed on at once, else the analysis's next budget
- ``POST /api/games/{id}/solve``            ``{"budget", "steps"}``: a whole solution, to show
- ``GET  /api/games/{id}/last-winnable[?budget=S]`` the last earlier position that can be won: ``at``,
  the moves it keeps (null: none found), ``move`` and ``text``, the move after it that lost the game;
  known positions answer at once, others are searched (``budget`` each) in the background lane
- ``POST /api/games/{id}/play-from-here``   a new game from before the reviewed game's losing move
- ``GET  /api/games/{id}/review``           the review of a stored game: the verdict after every move
  (``moves``), ``losing_move`` and a winning ``line`` from before it, ``won``, ``help``; worked out in
  the background from the first request, ``done`` false until it is complete (ask again)
- ``POST /api/games/{id}/leave``            the player left this game for another: after a move it
  counts as played and lost (abandoned, still resumable); a deal left untouched counts as nothing
- ``GET  /api/history[?game=ID&limit=N]``   past and present games, the most recent first (``damaged``:
  ``{"id", "why"}`` of each game that could not be read, left out; also in ``/api/games`` and ``/api/stats``)
- ``POST /api/stats/reset``                 ``{"game": ID}`` or ``{}`` (every game): finished games
  stop counting (they stay in the history)
- ``GET  /api/games/{id}/export``           the game as ``napoleon export`` writes it (a download)
- ``GET  /api/export``                      every game, as ``napoleon export --all`` writes them (a download)
- ``POST /api/import``                      a game file as ``napoleon import`` reads it: ``{"id"}`` of the new record
                                            (a file of games: ``{"ids", "held", "text"}``)
- ``GET  /api/stats[?game=ID]``             the store's statistics (``by_grade``: played, won, best time
  per grade of the deals)

The page is ``/`` with its modules under ``/static/``; card faces are
``/cards/two/QH.svg`` and, for the four-colour deck, ``/cards/four/QH.svg``; the page draws them
from ``/cards/two/deck.svg`` (every card, one symbol each, in one document).

The routes live by concern: :mod:`.play` (a game's view and its changes), :mod:`.assist` (the
solver's help), :mod:`.catalog` (games, deals, new games), :mod:`.records` (history, statistics)
and :mod:`.page`; they stand on :mod:`.live` (the games and their locks), read requests through
:mod:`.inputs` and refuse them through :mod:`.errors`. This module puts them together.
"""

from __future__ import annotations

from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ...store import Store
from . import page
from .access import HostCheck, SecretCheck
from .assist import HelpRoutes
from .catalog import CatalogRoutes
from .errors import EXCEPTION_HANDLERS, ApiError
from .forgery import RequestForgeryMiddleware, new_token, token_response
from .headers import SecurityHeadersMiddleware
from .live import Settings
from .page import CARDS, STATIC
from .play import PlayRoutes
from .records import RecordRoutes
from .transfer import TransferRoutes


class WebApp(PlayRoutes, HelpRoutes, CatalogRoutes, RecordRoutes, TransferRoutes):
    """The state behind the routes (the store, the games, the solver) with every route of the API."""


def token_route(token: str) -> Any:
    """``GET /api/token``, as an async endpoint: Starlette runs a plain function in a thread, and the
    browser's Python (the static site) has none."""
    async def answer(request: Any) -> Any:
        return token_response(token)
    return answer


def route_table(web: WebApp, token: str) -> list[Route | Mount]:
    """Every route of the app, as the module's docstring lists them; ``token`` is the one the page is given."""
    return [
        Route("/", page.index),
        Route("/api/token", token_route(token)),
        Route("/api/catalog", web.catalog),
        Route("/api/games", web.list_games, methods=["GET"]),
        Route("/api/games", web.create_game, methods=["POST"]),
        Route("/api/games/{game_id}", web.show_game),
        Route("/api/games/{game_id}/moves", web.play_move, methods=["POST"]),
        Route("/api/games/{game_id}/undo", web.undo, methods=["POST"]),
        Route("/api/games/{game_id}/redo", web.redo, methods=["POST"]),
        Route("/api/games/{game_id}/restart", web.restart, methods=["POST"]),
        Route("/api/games/{game_id}/auto", web.auto, methods=["POST"]),
        Route("/api/games/{game_id}/finish", web.finish, methods=["POST"]),
        Route("/api/games/{game_id}/back", web.back, methods=["POST"]),
        Route("/api/games/{game_id}/pause", web.pause, methods=["POST"]),
        Route("/api/games/{game_id}/settings", web.settings_, methods=["POST"]),
        Route("/api/games/{game_id}/targets", web.targets),
        Route("/api/games/{game_id}/hint", web.hint),
        Route("/api/games/{game_id}/solve", web.solve, methods=["POST"]),
        Route("/api/games/{game_id}/last-winnable", web.last_winnable),
        Route("/api/games/{game_id}/verdict", web.verdict),
        Route("/api/games/{game_id}/review", web.review),
        Route("/api/games/{game_id}/play-from-here", web.play_from_here, methods=["POST"]),
        Route("/api/stats", web.stats),
        Route("/api/stats/reset", web.reset_stats, methods=["POST"]),
        Route("/api/history", web.history),
        Route("/api/games/{game_id}/leave", web.leave, methods=["POST"]),
        Route("/api/daily", web.daily),
        Route("/api/games/{game_id}/grade", web.grade),
        Route("/api/games/{game_id}/export", web.export_game),
        Route("/api/export", web.export_games),
        Route("/api/import", web.import_game, methods=["POST"]),
        Route("/cards/{style}/{name}.svg", page.card),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]


def create_app(db: str | Path | None = None, *, store: Store | None = None, settings: Settings | None = None,
               allowed_hosts: list[str] | None = None, secret: str | None = None) -> Starlette:
    """The web app on the store at ``db`` (else $NAPOLEON_DB, else the user's data dir).

    ``allowed_hosts``: the names it answers to (any, when None); ``secret``: the key every request
    must carry (:mod:`.access`; none, when None)."""
    web = WebApp(store if store is not None else Store.open(db), settings or Settings())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
        web.close()

    token = new_token()
    middleware = [Middleware(RequestForgeryMiddleware, token=token)]
    if secret:
        middleware.insert(0, Middleware(SecretCheck, secret=secret))
    if allowed_hosts:
        middleware.insert(0, Middleware(HostCheck, names=allowed_hosts))
    middleware.insert(0, Middleware(SecurityHeadersMiddleware))  # outermost: refusals carry the headers too
    app = Starlette(
        routes=route_table(web, token),
        middleware=middleware,
        exception_handlers=EXCEPTION_HANDLERS,
        lifespan=lifespan,
    )
    app.state.web = web
    return app


__all__ = ["CARDS", "ApiError", "Settings", "WebApp", "create_app", "route_table"]
