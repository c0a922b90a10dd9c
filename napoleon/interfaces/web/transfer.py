"""Export and import of a game or of every game, the same files as ``napoleon export`` and ``napoleon import``
(:mod:`napoleon.store.transfer`), so a game and its place in the statistics go from the page to
the terminal, or from a phone's browser to a computer's, and back."""

from __future__ import annotations

import asyncio
import datetime

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ... import voice
from ...schemas.files import GAMES_FORMAT, MAX_GAMES_FILE
from ...store import StoreError
from ...store.transfer import game_file_text, game_to_json, games_to_json, import_any, read_game_json
from .errors import ApiError
from .inputs import read_capped
from .live import WebCore


class TransferRoutes(WebCore):
    """``GET /api/games/{id}/export``, ``GET /api/export`` (every game) and ``POST /api/import``."""

    async def export_game(self, request: Request) -> Response:
        """The game file of game ``id`` of the store, as a download named after it."""
        game_id = self.game_id(request)
        saved = await asyncio.to_thread(self.store.get, int(game_id))
        if saved is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        return Response(game_file_text(game_to_json(saved)), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="napoleon-game-{game_id}.json"',
                                 "Cache-Control": "no-store"})

    async def export_games(self, request: Request) -> Response:
        """Every game of the store in one file (``napoleon export --all``), as a download named after the day."""
        obj, _ = await asyncio.to_thread(games_to_json, self.store)
        day = datetime.date.today().isoformat()
        return Response(game_file_text(obj), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="napoleon-games-{day}.json"',
                                 "Cache-Control": "no-store"})

    async def import_game(self, request: Request) -> JSONResponse:
        """A game file in the body, of one game or of many, checked and replayed as ``napoleon import``
        does (201): ``{"id"}`` of the new record, or for a file of games ``{"ids", "held", "text"}`` (the
        new records, how many of its games the store held already, and that said). A file that does not
        read or replay is refused (400) and nothing is stored."""
        raw = await read_capped(request, MAX_GAMES_FILE, f"a game file is at most {MAX_GAMES_FILE} bytes")
        try:
            new_ids, held, kind = await asyncio.to_thread(lambda: import_any(self.store, read_game_json(raw)))
        except StoreError as exc:
            raise ApiError(400, str(exc)) from None
        if kind != GAMES_FORMAT:
            return JSONResponse({"id": str(new_ids[0])}, status_code=201)
        return JSONResponse({"ids": [str(i) for i in new_ids], "held": held,
                             "text": voice.games_imported(len(new_ids), held)}, status_code=201)


__all__ = ["TransferRoutes"]
