"""The catalogue routes: the games on offer, unfinished games, a new game (a numbered, random,
winnable, graded or daily deal), the deal of the day, and a deal's grade."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ... import GAMES, get_game, voice
from ...engine.game import Game
from ...games import DEFAULT_GAME, player_game
from ...grading import grade_json, hand_out, handed_out_at_once, shipped_grade
from ...keymap import keys_json
from ...schemas.web import DailyQuery, GameQuery, NewGame
from ...shuffle import MAX_DEAL
from ..common import game_info
from .errors import ApiError
from .games import foundation_starts, game_view, pile_info, saved_summary
from .inputs import read_body, read_query
from .live import WebCore


def utc_today() -> str:
    """Today's date in UTC, YYYY-MM-DD: the day whose deal is the deal of the day."""
    import datetime

    return datetime.datetime.now(datetime.UTC).date().isoformat()


class CatalogRoutes(WebCore):
    """The routes that offer games and deals and start new games."""

    async def catalog(self, request: Request) -> JSONResponse:
        games = []
        for cls in GAMES.values():
            game = get_game(cls.id)
            games.append({**game_info(cls), "rules": cls.rules, "piles": pile_info(game),
                          "short_name": game.short_name or game.name, "table": game.table().to_json(),
                          "foundation_starts": foundation_starts(game),
                          "option_choices": {o.name: list(o.choices) if o.choices else None for o in cls.option_specs}})
        return JSONResponse({"games": games, "default_game": DEFAULT_GAME, "max_deal": str(MAX_DEAL),
                             "keys": keys_json("page"), "words": voice.page_words()})

    async def list_games(self, request: Request) -> JSONResponse:
        game_id = read_query(request, GameQuery, "games").game or None
        saved = await asyncio.to_thread(self.store.unfinished, game_id)
        return JSONResponse({"games": [saved_summary(s) for s in saved[:100]], "damaged": await self.damaged()})

    async def create_game(self, request: Request) -> JSONResponse:
        body = await read_body(request, NewGame, "new game")
        game = player_game(body.game, body.options)
        deal, autoplay, start, wanted = body.deal, body.autoplay, body.start, body.wanted_grade
        solution: list[str] | None = None
        grade: str | None = None
        if deal == "daily" or wanted is not None:
            # Graded deals (docs/grades.md): shipped grades are instant, others graded in a worker.
            how = "daily" if deal == "daily" else ("next" if start else "random")
            found = await self.hand_out(request, game, how, start, wanted, body.date)
            if "error" in found:
                raise ApiError(422, found["error"])
            deal, solution, grade = found["deal"], found["solution"], found["grade"]
        elif deal == "winnable":
            first = start or secrets.randbelow(1_000_000_000) + 1
            found = await self.search(request, "deal", lambda: self.analysis.winnable_deal(
                game, first, self.settings.winnable_budget, self.settings.winnable_tries))
            if "error" in found:
                raise ApiError(422, found["error"])
            deal, solution = found["deal"], found["moves"]
        elif deal is None:
            deal = secrets.randbelow(1_000_000_000) + 1
        state = game.new_state(deal)
        if solution is not None:
            moves = tuple(game.parse_notation(m) for m in solution)
            await asyncio.to_thread(self.analysis.learn, state, moves)
        live = await asyncio.to_thread(self.registry.create, state, autoplay)
        grade = grade or shipped_grade(game, deal)
        if grade is not None:  # kept with the game's record: the statistics count per grade
            await asyncio.to_thread(live.session.set_grade, grade)
        view = await self.locked(live, lambda: game_view(live))
        return JSONResponse(view, status_code=201)

    async def hand_out(self, request: Request, game: Game, how: str, start: int | None, wanted: str | None,
                       date: str | None) -> dict[str, Any]:
        """A graded deal (:func:`~napoleon.grading.hand_out`): looked up here when the shipped grades
        hold it, else graded in a worker (in the browser a worker's Python may not have started yet)."""
        args = (game.id, dict(game.options), how, start, wanted, date, self.settings.grade_tries)
        if handed_out_at_once(game, how, wanted):
            return await asyncio.to_thread(hand_out, *args)
        return await self.search(request, "deal", lambda: self.analysis.run(hand_out, *args))

    async def grade(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        state = live.session.state
        answer = await self.search(request, "grade", lambda: self.analysis.run(
            grade_json, state.game.id, dict(state.game.options), state.deal))
        if "error" in answer:
            raise ApiError(422, answer["error"])
        if live.session.grade != answer["grade"]:
            await self.locked(live, lambda: live.session.set_grade(answer["grade"]))
        return JSONResponse({k: answer.get(k) for k in ("deal", "grade", "source", "verdict", "effort", "winner")})

    async def daily(self, request: Request) -> JSONResponse:
        query = read_query(request, DailyQuery, "daily")
        game = get_game(query.game, {})
        found = await self.hand_out(request, game, "daily", None, None, query.date)
        if "error" in found:
            raise ApiError(422, found["error"])
        return JSONResponse({"game": game.id, "deal": found["deal"], "grade": found["grade"],
                             "date": query.date or utc_today()})


__all__ = ["CatalogRoutes", "utc_today"]
