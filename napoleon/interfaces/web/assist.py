"""The help routes: a hint, the live verdict, a whole solution, the last winnable position, and
the review of a stored game; every search runs in the analysis's worker processes, for as long as
the request that asked for it waits (:mod:`.searches`)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ... import voice
from ...analysis import GUESS, WINNABLE, WorkerError
from ...analysis.stored import play_from_here
from ...engine.state import State
from ...schemas.web import BudgetQuery, SolveBody, VerdictQuery
from ...store import StoreError
from .errors import ApiError
from .games import deal_hash
from .inputs import read_body, read_query
from .live import WebCore


class HelpRoutes(WebCore):
    """The routes that put a game's position to the solver."""

    async def hint(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        budget = min(read_query(request, BudgetQuery, "hint").seconds(self.settings.hint_budget),
                     self.settings.max_budget)
        state, version = await self.position(live)
        hint = await self.search(request, "hint", lambda: self.analysis.hint(state, budget))
        answer = hint.answer
        if hint.outcome == WINNABLE:  # a solution from here: the way back after a loss may come here
            await self.locked(live, lambda: live.session.note_winnable(len(state.history), version), look=False)
        if hint.helped:
            # A game played with help is counted apart in the statistics.
            await self.locked(live, lambda: live.session.mark_assisted("hint"))
        suggestion = answer.suggestion.to_json(state) if hint.outcome == GUESS else None
        move_json = None
        if hint.outcome == WINNABLE:
            move_json = {**state.game.move_to_json(hint.move), "text": hint.text}  # the page says "Hint: " before it
        elif suggestion is not None:
            move_json = suggestion["move"]
        return JSONResponse({
            "verdict": answer.verdict,
            "outcome": hint.outcome,
            "move": move_json,
            "text": hint.text,
            # What the page shows: the same sentence as the terminal's.
            "sentence": hint.sentence,
            "at": len(state.history),
            "states": answer.states,
            "seconds": answer.seconds,
            "cached": answer.source != "search",
            "source": answer.source,
            # Set when "move" is a suggestion (no solution known), not a step of a solution.
            "suggestion": suggestion,
        })

    async def verdict(self, request: Request) -> JSONResponse:
        """The live verdict's next step: a proven verdict at once, else the ladder's next search;
        ``more`` says whether a longer one may follow (the page asks again while it does)."""
        live = await self.live(request)
        longer = read_query(request, VerdictQuery, "verdict").seconds()
        budget = None if longer is None else min(longer, self.settings.max_budget)
        state, version = await self.position(live)
        answer, more = await self.search(request, "verdict", lambda: self.analysis.verdict_step(state, budget))
        if answer.verdict == "won":
            await self.locked(live, lambda: live.session.note_winnable(len(state.history), version), look=False)
        return JSONResponse({"verdict": answer.verdict, "more": more, "length": len(answer.moves),
                             "at": len(state.history), "version": version, "spent": answer.spent,
                             "states": answer.states, "seconds": answer.seconds, "complete": answer.complete,
                             "cached": answer.source != "search",
                             "said": voice.lost_said(len(state.history)) if answer.verdict == "lost" else None})

    async def solve(self, request: Request) -> JSONResponse:
        body = await read_body(request, SolveBody, "solve", required=False)
        budget = min(body.budget or self.settings.solve_budget, self.settings.max_budget)
        with_steps = body.steps
        live = await self.live(request)
        state, _ = await self.position(live)
        # Without steps it is a verdict: a background question, so that a hint
        # (the foreground lane) never waits behind it.
        answer = await self.search(request, "solve",
                                   lambda: self.analysis.solution(state, budget, background=not with_steps))
        moves = answer.notation(state)
        result = {
            "verdict": answer.verdict,
            "moves": moves if with_steps else [],
            "length": len(moves),
            "at": len(state.history),
            "states": answer.states,
            "seconds": answer.seconds,
            "complete": answer.complete,
            "cached": answer.source != "search",
        }
        if with_steps and answer.won:
            # Shown to the player: the game was helped.
            await self.locked(live, lambda: live.session.mark_assisted("solution"))
            result.update(await asyncio.to_thread(solution_steps, state, moves))
        return JSONResponse(result)

    async def last_winnable(self, request: Request) -> JSONResponse:
        """The last earlier position of the game that can be won: where "undo to the last winnable
        position" goes, when the page did not see it proven (a reloaded or resumed game)."""
        live = await self.live(request)
        budget = min(read_query(request, BudgetQuery, "last winnable").seconds(self.settings.winnable_budget),
                     self.settings.max_budget)
        state, version = await self.position(live)
        # A start proven winnable already (in this window or another, before a reload) bounds the walk
        # back; a later position may still be the last winnable one.
        known = live.session.winnable
        lost = await self.search(request, "last-winnable", lambda: self.analysis.last_winnable(
            state, budget, stop=lambda: live.session.version != version, known=known))
        if lost is None:
            return JSONResponse({"at": None, "move": None, "text": None, "said": None})
        await self.locked(live, lambda: live.session.note_winnable(lost.kept, version), look=False)
        return JSONResponse({"at": lost.kept, "move": lost.notation, "text": lost.text,
                             "said": voice.capital(voice.lost_by(lost.number, lost.before, lost.move)) + "."})

    async def play_from_here(self, request: Request) -> JSONResponse:
        """A new game from the position before the losing move of reviewed game ``id``, counted as
        played with help: ``{"id", "hash", "moves"}`` (201); 404 when there is nothing to play from."""
        game_id = self.game_id(request)
        try:
            made, kept = await asyncio.to_thread(play_from_here, self.store, int(game_id))
        except StoreError as exc:
            raise ApiError(404, str(exc)) from None
        return JSONResponse({"id": str(made.id), "hash": deal_hash(made.game_obj(), made.deal), "moves": kept},
                            status_code=201)

    async def review(self, request: Request) -> JSONResponse:
        """The review of a stored game (finished or not), as far as it has got (``done``: complete)."""
        game_id = self.game_id(request)
        try:
            return JSONResponse(await self.reviews.get(int(game_id)))
        except StoreError:
            raise ApiError(404, f"no game with id {game_id!r}") from None
        except WorkerError as exc:
            raise ApiError(500, f"the solver failed: {exc}") from None


def solution_steps(state: State, moves: list[str]) -> dict[str, Any]:
    """A solution as pile indices for the page to animate, with the piles after each redeal."""
    game = state.game
    walk = state.copy()
    steps: list[list[int]] = []
    redeal_piles: dict[str, dict[str, list[str]]] = {}
    for i, text in enumerate(moves):
        move = game.parse_notation(text)
        walk.play(move)
        steps.append([move.src, move.dst, move.count])
        if move.is_redeal:
            redeal_piles[str(i)] = walk.to_json()["piles"]
    return {"steps": steps, "redeal_piles": redeal_piles, "pile_names": list(game.pile_names)}


__all__ = ["HelpRoutes", "solution_steps"]
