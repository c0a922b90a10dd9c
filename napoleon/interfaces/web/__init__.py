"""Play in the browser: ``napoleon serve`` starts a local web app for all six games.

The server (:mod:`.app`) is a JSON API over the engine, one
:class:`~napoleon.session.Session` per game (:mod:`.games`), each recorded
in the store; :mod:`.reviews` works out the reviews the page asks for in the
background, and :mod:`.commands` is ``napoleon serve`` (uvicorn on a local
port). The page (``static/``) is plain HTML, CSS and JavaScript modules.
"""

from .app import Settings, create_app

__all__ = ["Settings", "create_app"]
