"""The web app: a JSON API over the engine, and the page that plays it.

Endpoints (every error is a 4xx with ``{"error": "..."}`` and changes nothing). Every request
that changes something, and a hint, carries the page's token in ``X-Napoleon-Token`` and comes
from no other site's page (:mod:`.forgery`); bodies, queries and paths are read through
:mod:`napoleon.schemas.web`:

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
  Each change may name the position it was made on, ``"version"`` as the game's view gives it;
  on another one it is refused (409, ``"stale": true``) and nothing changes: another window
  played on this game.
- ``POST /api/games/{id}/settings``         ``{"autoplay": bool}``
- ``GET  /api/games/{id}/targets?from=PILE&count=N``  where those cards may go; ``text`` says it in words
- ``GET  /api/games/{id}/hint[?budget=S]``  the next move of a solution: from one already known (followed
  on from this position), else searched in a worker process; ``text`` says it in a player's words
- ``GET  /api/games/{id}/verdict[?longer=S]`` the live verdict's next step (``more``: ask again for a
  longer search): a proven verdict known or followed on at once, else the analysis's next budget
- ``POST /api/games/{id}/solve``            ``{"budget", "steps"}``: a whole solution, to show
- ``GET  /api/games/{id}/last-winnable[?budget=S]`` the last earlier position that can be won: ``at``,
  the moves it keeps (null: none found), ``move`` and ``text``, the move after it that lost the game;
  known positions answer at once, others are searched (``budget`` each) in the background lane
- ``GET  /api/games/{id}/review``           the review of a stored game: the verdict after every move
  (``moves``), ``losing_move`` and a winning ``line`` from before it, ``won``, ``help``; worked out in
  the background from the first request, ``done`` false until it is complete (ask again)
- ``POST /api/games/{id}/leave``            the player left this game for another: after a move it
  counts as played and lost (abandoned, still resumable); a deal left untouched counts as nothing
- ``GET  /api/history[?game=ID&limit=N]``   past and present games, the most recent first
- ``POST /api/stats/reset``                 ``{"game": ID}`` or ``{}`` (every game): finished games
  stop counting (they stay in the history)
- ``GET  /api/stats[?game=ID]``             the store's statistics (``by_grade``: played, won, best time
  per grade of the deals)

The page is ``/`` with its modules under ``/static/``; card faces are
``/cards/two/QH.svg`` and, for the four-colour deck, ``/cards/four/QH.svg``.
"""

from __future__ import annotations

import asyncio
import re
import secrets
from collections.abc import Callable
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ... import GAMES, get_game, voice
from ...analysis import GUESS, WON, Analysis, WorkerError
from ...engine.errors import IllegalMoveError, NapoleonError
from ...engine.move import REDEAL
from ...engine.state import State
from ...games import DEFAULT_GAME
from ...grading import grade_json, hand_out, shipped_grade
from ...keymap import keys_json
from ...schemas import InputTooLargeError, SchemaError, load_json, parse
from ...schemas.web import (
    MAX_BODY,
    MAX_BUDGET,
    BudgetQuery,
    CardPath,
    Change,
    DailyQuery,
    GamePath,
    GameQuery,
    GameSettings,
    HistoryQuery,
    MoveBody,
    NewGame,
    ResetStats,
    SolveBody,
    TargetsQuery,
    VerdictQuery,
)
from ...shuffle import MAX_DEAL
from ...store import StaleGameError, Store, StoreError
from ..cli import game_info
from .forgery import RequestForgeryMiddleware, new_token, token_response
from .games import (
    LiveGame,
    Registry,
    foundation_starts,
    game_view,
    history_change,
    moves_in_words,
    pile_info,
    position_version,
    saved_summary,
)
from .reviews import Reviews

M = TypeVar("M")
STATIC = Path(__file__).parent / "static"
CARDS = STATIC / "cards"
BACK_COLOURS = {"back": "#2a5aa8", "back-red": "#a8322a", "back-green": "#2a7a3e"}  # the page's card backs


class ApiError(Exception):
    """A request the API refuses: its status and a message for the player (and more fields, if any)."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.extra = extra


STALE = voice.STALE


class Settings:
    """How the app searches: worker processes and budgets (tests make them small)."""

    def __init__(self, workers: int = 1, hint_budget: float = 5.0, solve_budget: float = 15.0,
                 winnable_budget: float = 3.0, winnable_tries: int = 40, max_budget: float = MAX_BUDGET,
                 grade_tries: int = 200) -> None:
        self.workers = workers
        self.max_budget = max_budget  # a search asked for more gets this much
        self.hint_budget = hint_budget
        self.solve_budget = solve_budget
        self.winnable_budget = winnable_budget
        self.winnable_tries = winnable_tries
        self.grade_tries = grade_tries  # deals graded on demand, at most, to hand out a graded one


# ------------------------------------------------------------------ helpers


async def read_body(request: Request, model: type[M], what: str, required: bool = True) -> M:
    """The request's JSON body as ``model`` (:mod:`napoleon.schemas.web`); ApiError 400/413/415 when it is not one.

    The size is checked as the body arrives, so an oversized one is never
    read whole; an empty body is ``{}`` unless ``required``.
    """
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"request body too large (over {MAX_BODY} bytes)")
        chunks.append(chunk)
    raw = b"".join(chunks)
    if not raw.strip():
        if required:
            raise ApiError(400, "expected a JSON object in the request body, got nothing")
        return parse(model, {}, what)
    kind = request.headers.get("content-type", "application/json").split(";")[0].strip().lower()
    if kind not in ("application/json", ""):
        raise ApiError(415, f"expected a JSON body (Content-Type: application/json), not {kind[:60]}")
    obj = load_json(raw, "the request body", MAX_BODY)
    if not isinstance(obj, dict):
        raise ApiError(400, f"expected a JSON object, not {type(obj).__name__}")
    return parse(model, obj, what)


def read_query(request: Request, model: type[M], what: str) -> M:
    """The request's query string as ``model`` (the last value of a parameter given twice)."""
    return parse(model, dict(request.query_params), what)


def utc_today() -> str:
    import datetime

    return datetime.datetime.now(datetime.UTC).date().isoformat()


def error_response(status: int, message: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


# ---------------------------------------------------------------- the app


class WebApp:
    """The state behind the routes: the store, the games, the solver."""

    def __init__(self, store: Store, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.registry = Registry(store)
        self.solver = Analysis(workers=settings.workers, background=1)
        self.reviews = Reviews(store, self.solver)

    # ------------------------------------------------------------ lookup

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
        game_id = self.game_id(request)
        live = self.registry.in_memory(game_id) or await asyncio.to_thread(self.registry.get, game_id)
        if live is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        return live

    async def locked(self, live: LiveGame, work: Callable[[], Any]) -> Any:
        """Run blocking ``work`` (engine and store) off the event loop, one request per game at a time.

        The game is first reloaded from the store if another process saved it
        since, so that every request sees the game as it is.
        """
        def run() -> Any:
            self.registry.refresh(live)
            return work()

        async with live.lock:
            return await asyncio.to_thread(run)

    async def change(self, request: Request, action: Callable[[LiveGame], None],
                     version: str | None = None) -> JSONResponse:
        """Apply ``action`` to a game and answer its view with the moves it made and took back.

        With ``version``, the change was meant for that position: if the game
        is elsewhere now, it is refused (409, ``stale``) and nothing changes.
        """
        live = await self.live(request)

        def work() -> dict[str, Any]:
            if version is not None and version != position_version(live.session):
                raise ApiError(409, STALE, stale=True)
            before = live.session.state.copy()
            live.session.news = ""
            try:
                action(live)
            except StaleGameError:
                # Another process saved the game since: the session took it up as saved there.
                raise ApiError(409, STALE, stale=True) from None
            undone, made = history_change(before.history, live.session.state.history)
            return game_view(live, made=made, undone=undone, words=moves_in_words(before, undone, made),
                             say=live.session.news)

        return JSONResponse(await self.locked(live, work))

    # ------------------------------------------------------------ routes

    async def catalog(self, request: Request) -> JSONResponse:
        games = []
        for cls in GAMES.values():
            game = get_game(cls.id)
            games.append({**game_info(cls), "rules": cls.rules, "piles": pile_info(game),
                          "short_name": game.short_name or game.name, "table": game.table().to_json(),
                          "foundation_starts": foundation_starts(game),
                          "option_choices": {o.name: list(o.choices) if o.choices else None for o in cls.option_specs}})
        return JSONResponse({"games": games, "default_game": DEFAULT_GAME, "max_deal": str(MAX_DEAL),
                             "keys": keys_json("page"), "words": {"looking_for_hint": voice.HINT_LOOKING}})

    async def list_games(self, request: Request) -> JSONResponse:
        game_id = read_query(request, GameQuery, "games").game or None
        saved = await asyncio.to_thread(self.store.unfinished, game_id)
        return JSONResponse({"games": [saved_summary(s) for s in saved[:100]]})

    async def create_game(self, request: Request) -> JSONResponse:
        body = await read_body(request, NewGame, "new game")
        game = get_game(body.game, body.options)
        deal, autoplay, start, wanted = body.deal, body.autoplay, body.start, body.wanted_grade
        solution: list[str] | None = None
        grade: str | None = None
        if deal == "daily" or wanted is not None:
            # Graded deals (docs/grades.md): shipped grades are instant, others graded in a worker.
            how = "daily" if deal == "daily" else ("next" if start else "random")
            found = await self.solver.run(hand_out, game.id, dict(game.options), how, start, wanted,
                                          body.date, self.settings.grade_tries)
            if "error" in found:
                raise ApiError(422, found["error"])
            deal, solution, grade = found["deal"], found["solution"], found["grade"]
        elif deal == "winnable":
            found = await self.solver.winnable_deal(game, start or secrets.randbelow(1_000_000_000) + 1,
                                                    self.settings.winnable_budget, self.settings.winnable_tries)
            if "error" in found:
                raise ApiError(422, found["error"])
            deal, solution = found["deal"], found["moves"]
        elif deal is None:
            deal = secrets.randbelow(1_000_000_000) + 1
        state = game.new_state(deal)
        if solution is not None:
            moves = tuple(game.parse_notation(m) for m in solution)
            await asyncio.to_thread(self.solver.learn, state, moves)
        live = await asyncio.to_thread(self.registry.create, state, autoplay)
        grade = grade or shipped_grade(game, deal)
        if grade is not None:  # kept with the game's record: the statistics count per grade
            await asyncio.to_thread(live.session.set_grade, grade)
        view = await self.locked(live, lambda: game_view(live))
        return JSONResponse(view, status_code=201)

    async def grade(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        state = live.session.state
        answer = await self.solver.run(grade_json, state.game.id, dict(state.game.options), state.deal)
        if "error" in answer:
            raise ApiError(422, answer["error"])
        if live.session.grade != answer["grade"]:
            await self.locked(live, lambda: live.session.set_grade(answer["grade"]))
        return JSONResponse({k: answer.get(k) for k in ("deal", "grade", "source", "verdict", "effort", "winner")})

    async def daily(self, request: Request) -> JSONResponse:
        query = read_query(request, DailyQuery, "daily")
        game = get_game(query.game, {})
        found = await self.solver.run(hand_out, game.id, {}, "daily", None, None, query.date,
                                      self.settings.grade_tries)
        if "error" in found:
            raise ApiError(422, found["error"])
        return JSONResponse({"game": game.id, "deal": found["deal"], "grade": found["grade"],
                             "date": query.date or utc_today()})

    async def show_game(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        return JSONResponse(await self.locked(live, lambda: game_view(live)))

    async def play_move(self, request: Request) -> JSONResponse:
        body = await read_body(request, MoveBody, "move")
        notation, autoplay = body.notation, body.autoplay

        def action(live: LiveGame) -> None:
            session = live.session
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
                move = state.parse_move(notation)
            keep = session.autoplay
            if autoplay is not None:
                session.autoplay = autoplay
            try:
                session.play(move)
            finally:
                session.autoplay = keep

        return await self.change(request, action, body.version)

    async def action_version(self, request: Request) -> str | None:
        """The optional ``{"version"}`` body of undo, redo, restart, auto and finish."""
        body = await read_body(request, Change, request.url.path.rsplit("/", 1)[-1], required=False)
        return body.version

    async def step(self, request: Request, step: Callable[[LiveGame], bool]) -> JSONResponse:
        """Take one session step (undo, redo, auto, finish) with the optional version
        check; a step that does nothing is refused: 409 with the session's words for why."""
        def action(live: LiveGame) -> None:
            if not step(live):
                raise ApiError(409, live.session.news)
        return await self.change(request, action, await self.action_version(request))

    async def undo(self, request: Request) -> JSONResponse:
        return await self.step(request, lambda live: live.session.undo())

    async def redo(self, request: Request) -> JSONResponse:
        return await self.step(request, lambda live: live.session.redo())

    async def restart(self, request: Request) -> JSONResponse:
        return await self.change(request, lambda live: live.session.restart(), await self.action_version(request))

    async def auto(self, request: Request) -> JSONResponse:
        return await self.step(request, lambda live: bool(live.session.auto()))

    async def finish(self, request: Request) -> JSONResponse:
        return await self.step(request, lambda live: bool(live.session.finish()))

    async def settings_(self, request: Request) -> JSONResponse:
        value = (await read_body(request, GameSettings, "settings")).autoplay

        def action(live: LiveGame) -> None:
            live.session.autoplay = value
        return await self.change(request, action)

    async def targets(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        query = read_query(request, TargetsQuery, "targets")
        src, count = query.from_, int(query.count)
        game = live.session.game
        if src not in game.pile_index:
            raise ApiError(400, f"'from': {src!r} is not a pile of {game.name} (its piles: {', '.join(game.pile_names)})")

        def work() -> dict[str, Any]:
            state = live.session.state
            index = game.pile_index[src]
            if count > len(state.piles[index]):
                raise ApiError(400, f"'count': {src} holds {len(state.piles[index])} cards, not {count}")
            dsts = state.targets(index, count)
            # In words too, for the page to say when the cards are picked up.
            return {"from": src, "count": count, "targets": [game.pile_names[d] for d in dsts],
                    "text": voice.picked_up(state, index, count, dsts)}
        return JSONResponse(await self.locked(live, work))

    async def position(self, live: LiveGame) -> tuple[State, str]:
        """The game's position now, and its version."""
        return await self.locked(live, lambda: (live.session.state.copy(), position_version(live.session)))

    async def ask(self, question: Any) -> Any:
        """Await one of the analysis's answers; a crashed worker or a solver bug is a 500, and the server goes on."""
        try:
            return await question
        except WorkerError as exc:
            raise ApiError(500, f"the solver failed: {exc}") from None

    async def hint(self, request: Request) -> JSONResponse:
        live = await self.live(request)
        budget = min(read_query(request, BudgetQuery, "hint").seconds(self.settings.hint_budget),
                     self.settings.max_budget)
        state, _ = await self.position(live)
        hint = await self.ask(self.solver.hint(state, budget))
        answer = hint.answer
        if hint.helped:
            # A game played with help is counted apart in the statistics.
            await self.locked(live, lambda: live.session.mark_assisted("hint"))
        suggestion = answer.suggestion.to_json(state) if hint.outcome == GUESS else None
        move_json = None
        if hint.outcome == WON:
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
        answer, more = await self.ask(self.solver.verdict_step(state, budget))
        return JSONResponse({"verdict": answer.verdict, "more": more, "length": len(answer.moves),
                             "at": len(state.history), "version": version, "spent": answer.spent,
                             "states": answer.states, "seconds": answer.seconds, "complete": answer.complete,
                             "cached": answer.source != "search"})

    async def solve(self, request: Request) -> JSONResponse:
        body = await read_body(request, SolveBody, "solve", required=False)
        budget = min(body.budget or self.settings.solve_budget, self.settings.max_budget)
        with_steps = body.steps
        live = await self.live(request)
        state, _ = await self.position(live)
        # Without steps it is a verdict: a background question, so that a hint
        # (the foreground lane) never waits behind it.
        answer = await self.ask(self.solver.solution(state, budget, background=not with_steps))
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
        lost = await self.ask(self.solver.last_winnable(
            state, budget, stop=lambda: position_version(live.session) != version))
        if lost is None:
            return JSONResponse({"at": None, "move": None, "text": None})
        return JSONResponse({"at": lost.kept, "move": lost.notation, "text": lost.text})

    async def review(self, request: Request) -> JSONResponse:
        """The review of a stored game (finished or not), as far as it has got (``done``: complete)."""
        game_id = self.game_id(request)
        try:
            return JSONResponse(await self.reviews.get(int(game_id)))
        except StoreError:
            raise ApiError(404, f"no game with id {game_id!r}") from None
        except WorkerError as exc:
            raise ApiError(500, f"the solver failed: {exc}") from None

    async def leave(self, request: Request) -> JSONResponse:
        await read_body(request, Change, "leave", required=False)
        live = await self.live(request)

        def work() -> dict[str, Any]:
            live.session.leave()
            saved = self.store.get(int(live.id))
            return {"id": live.id, "result": saved.result if saved is not None else None}
        return JSONResponse(await self.locked(live, work))

    async def history(self, request: Request) -> JSONResponse:
        query = read_query(request, HistoryQuery, "history")
        game_id = get_game(query.game).id if query.game else None  # an unknown game is a 400, not an empty list
        saved = await asyncio.to_thread(self.store.games, game_id, limit=int(query.limit))
        return JSONResponse({"games": [saved_summary(s) for s in saved]})

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
        return JSONResponse({"stats": rows, "by_grade": by_grade})

    # ------------------------------------------------------------ page

    async def index(self, request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def card(self, request: Request) -> Response:
        style, name = request.path_params["style"], request.path_params["name"]
        try:
            parse(CardPath, {"style": style, "name": name}, "card")
        except SchemaError:
            raise ApiError(404, f"no card image {style[:10]}/{name[:20]}.svg") from None
        svg = card_svg(name, style == "four")
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


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


@lru_cache(maxsize=128)
def card_svg(name: str, four_colour: bool) -> str:
    """A card's SVG: the face as shipped, or its four-colour form (clubs green, diamonds blue).

    The back's diamond pattern is tinted (blue, or red or green for
    ``back-red`` and ``back-green``, the page's choice), so a face-down
    stock reads at a glance. Adrian Kennard's four-colour deck differs from the two-colour one only in
    the colour of the suit symbols and indices (``<symbol id="S..">`` and
    ``<symbol id="V..">``), so it is derived here rather than shipped twice.
    """
    if name in BACK_COLOURS:
        return (CARDS / "back.svg").read_text().replace('fill="black"', f'fill="{BACK_COLOURS[name]}"')
    svg = (CARDS / f"{name}.svg").read_text()
    if not four_colour:
        return svg
    suit = name[1]
    swap = {"C": ("black", "green"), "D": ("red", "blue")}.get(suit)
    if swap is None:
        return svg
    old, new = swap
    pattern = re.compile(r'<symbol id="[SV]' + suit + r'[^"]*".*?</symbol>', re.DOTALL)
    return pattern.sub(lambda m: m.group(0).replace(f'"{old}"', f'"{new}"'), svg)


def create_app(db: str | Path | None = None, *, store: Store | None = None, settings: Settings | None = None,
               allowed_hosts: list[str] | None = None) -> Starlette:
    """The web app on the store at ``db`` (else $NAPOLEON_DB, else the user's data dir)."""
    from starlette.middleware import Middleware
    from starlette.middleware.trustedhost import TrustedHostMiddleware

    web = WebApp(store if store is not None else Store.open(db), settings or Settings())

    routes = [
        Route("/", web.index),
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
        Route("/api/games/{game_id}/settings", web.settings_, methods=["POST"]),
        Route("/api/games/{game_id}/targets", web.targets),
        Route("/api/games/{game_id}/hint", web.hint),
        Route("/api/games/{game_id}/solve", web.solve, methods=["POST"]),
        Route("/api/games/{game_id}/last-winnable", web.last_winnable),
        Route("/api/games/{game_id}/verdict", web.verdict),
        Route("/api/games/{game_id}/review", web.review),
        Route("/api/stats", web.stats),
        Route("/api/stats/reset", web.reset_stats, methods=["POST"]),
        Route("/api/history", web.history),
        Route("/api/games/{game_id}/leave", web.leave, methods=["POST"]),
        Route("/api/daily", web.daily),
        Route("/api/games/{game_id}/grade", web.grade),
        Route("/cards/{style}/{name}.svg", web.card),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error_response(exc.status, exc.message, **exc.extra)

    async def on_napoleon_error(request: Request, exc: Exception) -> Response:
        if isinstance(exc, InputTooLargeError):
            return error_response(413, str(exc))
        return error_response(422 if isinstance(exc, IllegalMoveError) else 400, str(exc))

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = {404: f"nothing at {request.url.path}", 405: f"{request.method} is not allowed on {request.url.path}"}
        return error_response(exc.status_code, message.get(exc.status_code, str(exc.detail)))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> Any:
        yield
        web.reviews.close()
        web.solver.close()
        web.registry.close()  # at shutdown a short block is fine; the executor may be gone

    token = new_token()
    routes.insert(1, Route("/api/token", lambda request: token_response(token)))
    middleware = [Middleware(RequestForgeryMiddleware, token=token)]
    if allowed_hosts:
        middleware.insert(0, Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        exception_handlers={ApiError: on_api_error, NapoleonError: on_napoleon_error, HTTPException: on_http_error},
        lifespan=lifespan,
    )
    app.state.web = web
    return app


__all__ = ["ApiError", "Settings", "WebApp", "create_app"]
