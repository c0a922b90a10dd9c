"""Reviews of the games in the store: worked out once, then read back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from ..engine.errors import NapoleonError
from ..engine.move import Move
from ..store import SavedGame, Store, StoreError
from ..store.reviews import help_marks, load_review, save_review
from .answers import Analysis
from .review import REVIEW_BUDGET, REVIEW_TIME, Review, review_game


def saved_moves(saved: SavedGame) -> list[Move]:
    """The moves of a stored game, each checked by the engine; a StoreError names one that is not legal."""
    state = saved.game_obj().new_state(saved.deal)
    moves = []
    for number, text in enumerate(saved.moves, 1):
        try:
            move = state.parse_move(text)
            state.play(move)
        except NapoleonError as exc:
            raise StoreError(f"move {number} ({text}) of game #{saved.id} does not replay: {exc}") from None
        moves.append(move)
    return moves


def stored_review(store: Store, record_id: int) -> Review | None:
    """The finished review kept of game ``record_id`` as it stands now, if there is one."""
    saved = store.get(record_id)
    if saved is None:
        raise StoreError(f"no game #{record_id} in the store")
    kept = load_review(store, record_id, saved.moves)
    if kept is None or not kept.get("done"):
        return None
    review = Review.from_json(kept)
    review.stored = True
    return review


async def review_record(analysis: Analysis, store: Store, record_id: int, *, budget: float = REVIEW_BUDGET,
                        time_limit: float = REVIEW_TIME, on_progress: Callable[[Review], None] | None = None,
                        again: bool = False) -> Review:
    """The review of game ``record_id`` of ``store``: the one kept, unless the game
    changed since or ``again`` is asked; else worked out now (``on_progress``
    sees it fill in) and kept. A StoreError when there is no such game."""
    if not again:
        kept = await asyncio.to_thread(stored_review, store, record_id)
        if kept is not None:
            return kept
    saved = await asyncio.to_thread(store.get, record_id)
    if saved is None:
        raise StoreError(f"no game #{record_id} in the store")
    moves = await asyncio.to_thread(saved_moves, saved)
    marks = await asyncio.to_thread(help_marks, store, record_id)

    def progress(review: Review) -> None:
        review.id, review.result, review.help = saved.id, saved.result, marks
        if on_progress is not None:
            on_progress(review)

    review = await review_game(analysis, saved.game_obj(), saved.deal, moves, budget, time_limit, progress)
    progress(review)
    await asyncio.to_thread(save_review, store, record_id, saved.moves, review.to_json())
    return review


def play_from_here(store: Store, record_id: int) -> tuple[SavedGame, int]:
    """A new game in the store from the position before the move that lost game ``record_id``
    (its review kept): the player takes the winning line onto the table there. It counts as played
    with help (the review showed the line). The new game's record and its move count; a StoreError
    when there is no such game, no finished review of it, or no losing move in it."""
    review = stored_review(store, record_id)
    if review is None or review.losing_move is None:
        raise StoreError(f"game #{record_id} has no reviewed losing move to play from")
    saved = store.get(record_id)
    assert saved is not None
    kept = review.losing_move - 1
    new_id = store.insert(saved.game_obj(), saved.deal, moves=saved.moves[:kept], result="playing",
                          solution=True, grade=saved.grade)
    made = store.get(new_id)
    assert made is not None
    return made, kept
