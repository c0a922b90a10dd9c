"""The record routes: the history of games played, and the store's statistics (and their reset)."""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import JSONResponse

from ... import get_game
from ...schemas.web import GameQuery, HistoryQuery, ResetStats
from .games import saved_summary
from .inputs import read_body, read_query
from .live import WebCore


class RecordRoutes(WebCore):
    """The routes over the store's records of finished and unfinished games."""

    async def history(self, request: Request) -> JSONResponse:
        query = read_query(request, HistoryQuery, "history")
        game_id = get_game(query.game).id if query.game else None  # an unknown game is a 400, not an empty list
        saved = await asyncio.to_thread(self.store.games, game_id, limit=int(query.limit))
        return JSONResponse({"games": [saved_summary(s) for s in saved], "damaged": await self.damaged()})

    async def reset_stats(self, request: Request) -> JSONResponse:
        body = await read_body(request, ResetStats, "reset statistics", required=False)
        game_id = get_game(body.game).id if body.game is not None else None
        count = await asyncio.to_thread(self.store.reset_stats, game_id)
        return JSONResponse({"reset": count, "game": game_id})

    async def stats(self, request: Request) -> JSONResponse:
        game_id = read_query(request, GameQuery, "statistics").game or None
        if game_id is not None:
            get_game(game_id)  # an unknown game is a 400, not an empty list
        rows = await asyncio.to_thread(self.store.stats, game_id)
        by_grade = await asyncio.to_thread(self.store.stats_by_grade, game_id)
        return JSONResponse({"stats": rows, "by_grade": by_grade, "damaged": await self.damaged()})


__all__ = ["RecordRoutes"]
