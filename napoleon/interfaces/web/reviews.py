"""The page's reviews: worked out in the background, read as they fill in.

``GET /api/games/{id}/review`` answers the review of game ``id`` of the
store: the one kept when the game has not changed since, else the one at
work (started by the first request), with ``done`` false until it ends.
The page asks again until it is done.

A review searches for up to a minute, so it has worker processes of its own
(a player's hint never waits behind one) sharing the solutions known with
the play's, and it is the asker's: a review nobody has asked after for
:data:`ABANDONED` seconds is stopped, and at most ``LIMITS["review"]``
(:mod:`.searches`) are at work at once; one more is answered busy.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from ... import get_game, voice
from ...analysis.review import Review
from ...analysis.review_words import told
from ...analysis import Analysis, WorkerError
from ...analysis.stored import review_record, stored_review
from ...store import Store, StoreError
from .searches import Searches

ABANDONED = 10.0
"""Seconds without a request for a review at work after which it is stopped (the page asks every half second)."""


class Reviews:
    """One review at work a game at most, in worker processes of their own beside ``play``'s (whose
    solutions known they share)."""

    def __init__(self, store: Store, play: Analysis, searches: Searches) -> None:
        self.store = store
        self.analysis = play.beside()
        self.searches = searches
        self.asked: dict[int, float] = {}  # when each review at work was last asked for
        self.latest: dict[int, dict[str, Any]] = {}
        self.tasks: dict[int, asyncio.Task] = {}
        self.failed: dict[int, str] = {}
        self.finished: dict[int, dict[str, Any]] = {}  # handed to the next request, then read from the store

    async def get(self, record_id: int) -> dict[str, Any]:
        """The review of game ``record_id`` as far as it goes; StoreError when there is no such game,
        WorkerError when the search behind it failed."""
        if record_id in self.failed:
            raise WorkerError(self.failed.pop(record_id))
        if record_id in self.finished:
            return self.finished.pop(record_id)
        task = self.tasks.get(record_id)
        if task is not None and not task.done():
            self.asked[record_id] = time.monotonic()
            return self.latest.get(record_id) or _starting(record_id)
        kept = await asyncio.to_thread(stored_review, self.store, record_id)
        if kept is not None:
            return await asyncio.to_thread(with_table, kept.to_json())
        self.searches.admit("review")  # released when the review ends
        self.latest.pop(record_id, None)
        self.asked[record_id] = time.monotonic()
        self.tasks[record_id] = asyncio.create_task(self._run(record_id))
        await asyncio.sleep(0)  # let it take what needs no search before answering
        return self.latest.get(record_id) or _starting(record_id)

    async def _run(self, record_id: int) -> None:
        def progress(review: Review) -> None:
            # Done only with its table (below): a page that saw "done" here would stop asking
            # and never show the winning line.
            self.latest[record_id] = {**shown(review), "done": False}

        work = asyncio.ensure_future(review_record(self.analysis, self.store, record_id, on_progress=progress))
        try:
            while not work.done():
                await asyncio.wait({work}, timeout=1.0)
                if not work.done() and time.monotonic() - self.asked.get(record_id, 0.0) > ABANDONED:
                    work.cancel()  # nobody waits for it any more: its workers go to those who do
            review = await work
            self.finished[record_id] = await asyncio.to_thread(with_table, review.to_json())
        except (WorkerError, StoreError) as exc:
            self.failed[record_id] = str(exc)
        except asyncio.CancelledError:
            work.cancel()
        finally:
            self.searches.release("review")
            self.tasks.pop(record_id, None)
            self.asked.pop(record_id, None)
            self.latest.pop(record_id, None)  # the store keeps it now

    def close(self) -> None:
        """Stop every review at work and end the reviews' workers (the server is stopping)."""
        for task in list(self.tasks.values()):
            task.cancel()
        self.analysis.close()


def shown(review: Review) -> dict[str, Any]:
    """A review as the page reads it: its JSON, its sentences (``words``) and the cards of the game
    (``total_cards``, the top of the chart's scale)."""
    return {**review.to_json(), "words": told(review), "total_cards": get_game(review.game, review.options).total_cards}


def with_table(review: dict[str, Any]) -> dict[str, Any]:
    """A finished review with its sentences (``words``: :func:`~napoleon.analysis.review_words.told`)
    and what the page needs to step through its winning line on a table: ``table``: the piles'
    names and labels, and the position before each move of the line and after the last
    (``positions``)."""
    kept = Review.from_json(review)
    kept.stored = review.get("stored", False)
    review = {**review, **shown(kept)}
    if review.get("losing_move") is None or not review.get("line"):
        return review
    game = get_game(review["game"], review["options"])
    state = game.new_state(review["deal"])
    for entry in review["moves"][:review["losing_move"] - 1]:
        state.play_text(entry["move"])
    positions = [state.to_json()["piles"]]
    for text in review["line"]:
        state.play_text(text)
        positions.append(state.to_json()["piles"])
    piles = [{"name": name, "label": game.pile_label(i)} for i, name in enumerate(game.pile_names)]
    return {**review, "table": {"piles": piles, "positions": positions}}


def _starting(record_id: int) -> dict[str, Any]:
    """What the page is told before the review's first figures."""
    return {"id": record_id, "done": False, "checked": 0, "moves": [], "start": None,
            "words": {"status": voice.REVIEW_STARTING}}
