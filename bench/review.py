"""Review benchmark: how long ``napoleon review`` takes on a long game, and on a second look.

    python bench/review.py                       # the figures of docs/benchmarks.md
    python bench/review.py --werner-deal 3 --moves 150 --forty-deal 2 --seed 3

Each game is made by playing a seeded random legal move at each turn (to a
position not seen before where one is, never straight back) for ``--moves``
moves: a game that wanders, as a lost game does, so that its positions are not
answered by one solution along it. The game is stored in a fresh database and reviewed as
``napoleon review ID`` does (the solver service's two lanes, one search in
each: both cores), then reviewed again, which the store answers.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import random
import sys
import tempfile
import time

from napoleon import get_game
from napoleon.analysis import Analysis
from napoleon.analysis.review import REVIEW_BUDGET, REVIEW_TIME
from napoleon.analysis.stored import review_record
from napoleon.store import Store


def wander(game_id: str, deal: int, moves: int, seed: int) -> list[str]:
    """``moves`` seeded random legal moves from the deal (fewer if none is left): a move to a
    position not seen before when there is one, else any move but straight back."""
    rng = random.Random(seed)
    state = get_game(game_id).new_state(deal)
    seen = {state.key()}
    played: list[str] = []
    while len(played) < moves:
        fresh, other = [], []
        previous = None
        if state.history:
            last = state.pop()
            previous = state.key()
            state.push(last)
        for move in state.legal_moves():
            state.push(move)
            key = state.key()
            state.pop()
            if key not in seen:
                fresh.append(move)
            elif key != previous:
                other.append(move)
        if not (fresh or other):
            break
        move = rng.choice(fresh or other)
        state.play(move)
        seen.add(state.key())
        played.append(state.game.notation(move))
    return played


def review_twice(store: Store, record: int, budget: float, time_limit: float) -> tuple[float, float, dict]:
    analysis = Analysis(workers=1, background=1)
    try:
        start = time.perf_counter()
        first = asyncio.run(review_record(analysis, store, record, budget=budget, time_limit=time_limit))
        first_s = time.perf_counter() - start
        start = time.perf_counter()
        second = asyncio.run(review_record(analysis, store, record, budget=budget, time_limit=time_limit))
        second_s = time.perf_counter() - start
    finally:
        analysis.close()
    assert second.stored and second.verdicts == first.verdicts
    counts = {v: first.verdicts.count(v) for v in ("winnable", "lost", "unknown")}
    return first_s, second_s, {"searches": first.searches, "losing_move": first.losing_move, **counts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--werner-deal", type=int, default=1)
    parser.add_argument("--forty-deal", type=int, default=1)
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--budget", type=float, default=REVIEW_BUDGET, help="seconds per position searched")
    parser.add_argument("--time", type=float, default=REVIEW_TIME, help="seconds per review at most")
    args = parser.parse_args()
    print(f"# {platform.machine()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}; "
          f"budget {args.budget:g} s a position, {args.time:g} s a review")
    with tempfile.TemporaryDirectory() as tmp, Store.open(os.path.join(tmp, "bench.db")) as store:
        for game_id, deal in (("werner", args.werner_deal), ("forty-thieves", args.forty_deal)):
            moves = wander(game_id, deal, args.moves, args.seed)
            record = store.insert(get_game(game_id), deal, moves=moves, result="abandoned")
            first, second, facts = review_twice(store, record, args.budget, args.time)
            print(f"{game_id:<14} deal {deal:<6} {len(moves):>4} moves: review {first:6.2f} s, "
                  f"again (from the store) {second * 1000:6.1f} ms; {facts}")


if __name__ == "__main__":
    main()
