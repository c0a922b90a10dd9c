"""Play in the browser: ``napoleon serve`` starts a local web app for all six games.

The server (:mod:`.app`, which puts the rest together) is a JSON API over the
engine, one :class:`~napoleon.session.Session` per game (:mod:`.games`), each
recorded in the store. :mod:`.live` holds the live games and runs one request
per game at a time; the routes are :mod:`.play` (a game's view, moves, undo,
redo, restart, auto-play, finish, settings, targets, leave), :mod:`.assist`
(hint, verdict, solution, last winnable position, review), :mod:`.catalog`
(the games on offer, new games, the deal of the day, grades), :mod:`.records`
(history and statistics) and :mod:`.page` (the page and its card faces).
Requests are read by :mod:`.inputs` and refused by :mod:`.errors`;
:mod:`.forgery` keeps other sites' pages out. :mod:`.reviews` works out the
reviews the page asks for in the background, and :mod:`.commands` is
``napoleon serve`` (uvicorn on a local port). The page (``static/``) is plain HTML, CSS and JavaScript modules.
"""

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
