"""Export and import of one game, the same file as ``napoleon export`` and ``napoleon import``
(:mod:`napoleon.store.transfer`), so a game and its place in the statistics go from the page to
the terminal, or from a phone's browser to a computer's, and back."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...schemas import SchemaError, load_json
from ...schemas.files import MAX_GAME_FILE
from ...store import StoreError
from ...store.transfer import game_file_text, game_to_json, import_game
from .errors import ApiError
from .inputs import read_capped
from .live import WebCore


class TransferRoutes(WebCore):
    """``GET /api/games/{id}/export`` and ``POST /api/import``."""

    async def export_game(self, request: Request) -> Response:
        """The game file of game ``id`` of the store, as a download named after it."""
        game_id = self.game_id(request)
        saved = await asyncio.to_thread(self.store.get, int(game_id))
        if saved is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        return Response(game_file_text(game_to_json(saved)), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="napoleon-game-{game_id}.json"',
                                 "Cache-Control": "no-store"})

    async def import_game(self, request: Request) -> JSONResponse:
        """A game file in the body, checked and replayed as ``napoleon import`` does: ``{"id"}`` of the
        new record (201); a file that does not read or replay is refused (400) and nothing is stored."""
        raw = await read_capped(request, MAX_GAME_FILE, f"a game file is at most {MAX_GAME_FILE} bytes")
        try:
            obj = load_json(raw, "the file", MAX_GAME_FILE)
            new_id = await asyncio.to_thread(import_game, self.store, obj)
        except SchemaError as exc:
            raise ApiError(400, f"not a napoleon game file: {exc}") from None
        except StoreError as exc:
            raise ApiError(400, str(exc)) from None
        return JSONResponse({"id": str(new_id)}, status_code=201)


__all__ = ["TransferRoutes"]
