"""The play routes: a game's view, and every change a player makes to it (moves, undo, redo,
restart, auto-play, finish, settings), where picked-up cards may go, and leaving a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ... import voice
from ...engine.move import REDEAL
from ...schemas.web import BackBody, ChangeBody, GameSettings, MoveBody, TargetsQuery
from ...session import Change, Session
from .errors import ApiError
from .games import game_view
from .inputs import read_body, read_query
from .live import STALE, WebCore


class PlayRoutes(WebCore):
    """The routes that show a game and play it."""

    async def show_game(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        return JSONResponse(await self.locked(live, lambda: game_view(live)))

    async def play_move(self, request: Request) -> JSONResponse:
        body = await read_body(request, MoveBody, "move")
        notation = body.notation

        def action(session: Session) -> Change:
            state = session.state
            game = state.game
            if body.redeal:
                move = REDEAL
            elif body.by_piles:
                move = game.move_from_json({"from": body.from_, "to": body.to, "count": body.count or 1})
                # The API's own move objects carry their notation: accept them back, if it agrees.
                if notation is not None and notation.strip().upper() != game.notation(move).upper():
                    raise ApiError(400, f"'notation' {notation!r} disagrees with the move {game.notation(move)}")
            else:
                move = session.move_of(notation)
            return session.play(move, autoplay=body.autoplay)

        return await self.change(request, action, body.version)

    async def action_version(self, request: Request) -> str | None:
        """The optional ``{"version"}`` body of undo, redo, restart, auto and finish."""
        body = await read_body(request, ChangeBody, request.url.path.rsplit("/", 1)[-1], required=False)
        return body.version

    async def step(self, request: Request, step: Callable[[Session], Change],
                   version: str | None = None) -> JSONResponse:
        """Take one session step (undo, redo, restart, auto, finish, back) with the optional version
        check; a step that does nothing is refused: 409 with the session's words for why."""
        def action(session: Session) -> Change:
            change = step(session)
            if not change:
                raise ApiError(409, change.news)
            return change
        return await self.change(request, action, version)

    async def undo(self, request: Request) -> JSONResponse:
        return await self.step(request, Session.undo, await self.action_version(request))

    async def redo(self, request: Request) -> JSONResponse:
        return await self.step(request, Session.redo, await self.action_version(request))

    async def restart(self, request: Request) -> JSONResponse:
        return await self.step(request, Session.restart, await self.action_version(request))

    async def auto(self, request: Request) -> JSONResponse:
        return await self.step(request, Session.auto, await self.action_version(request))

    async def finish(self, request: Request) -> JSONResponse:
        return await self.step(request, Session.finish, await self.action_version(request))

    async def back(self, request: Request) -> JSONResponse:
        """Back to the position after ``to`` moves (the last winnable one), in one change."""
        body = await read_body(request, BackBody, "back")
        return await self.step(request, lambda session: session.back_to(body.to), body.version)

    async def settings_(self, request: Request) -> JSONResponse:
        value = (await read_body(request, GameSettings, "settings")).autoplay
        return await self.change(request, lambda session: session.set_autoplay(value))

    async def targets(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        query = read_query(request, TargetsQuery, "targets")
        src, count = query.from_, int(query.count)
        game = live.session.game
        if src not in game.pile_index:
            raise ApiError(400, f"'from': {src!r} is not a pile of {game.name} (its piles: {', '.join(game.pile_names)})")

        def work() -> dict[str, Any]:
            session = live.session
            state = session.state
            index = game.pile_index[src]
            if count > len(state.piles[index]):
                raise ApiError(400, f"'count': {src} holds {len(state.piles[index])} cards, not {count}")
            dsts = list(session.view.targets_of(index, count))
            # In words too, for the page to say when the cards are picked up.
            return {"from": src, "count": count, "targets": [game.pile_names[d] for d in dsts],
                    "text": voice.picked_up(state, index, count, dsts)}
        return JSONResponse(await self.locked(live, work))

    async def pause(self, request: Request) -> JSONResponse:
        """The page was hidden or closed: the game's clock stops until the next action."""
        return await self.change(request, Session.pause, await self.action_version(request))

    async def leave(self, request: Request) -> JSONResponse:
        version = (await read_body(request, ChangeBody, "leave", required=False)).version
        live = await self.live(request)

        def work() -> dict[str, Any]:
            # Left from a position another window has moved on from: that window's game is not left.
            if version is not None and version != live.session.version:
                raise ApiError(409, STALE, stale=True)
            live.session.leave()
            saved = self.store.get(int(live.id))
            return {"id": live.id, "result": saved.result if saved is not None else None}
        return JSONResponse(await self.locked(live, work))


__all__ = ["PlayRoutes"]
