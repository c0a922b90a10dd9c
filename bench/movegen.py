"""Engine speed: legal-move generation plus apply/undo, per game, in pure Python.

    python bench/movegen.py [--seconds 3] [--deals 20]

For each game, random playouts from several deals: at every position the
legal moves are generated, each is applied and undone, then one is played.
It prints generations per second and move applications (apply + undo) per
second, for the Python engine (``State.legal_moves``/``push``/``pop``), and
views per second: the session's :class:`~napoleon.session.View` of each
position of the same playouts, worked out afresh as after a move (moves,
targets, the most movable cards, the Finish offer). The solver's compiled
core is measured by bench/solver.py (positions per second).
"""

from __future__ import annotations

import argparse
import platform
import random
import time
from collections.abc import Iterator

from napoleon import GAMES, State, new_game
from napoleon.session import View


def deals_in_turn(game_id: str, deals: int) -> Iterator[tuple[State, random.Random]]:
    """Deals 1 to ``deals`` of the game, again and again: each a fresh position and its playout's random source."""
    deal = 0
    while True:
        deal = deal % deals + 1
        yield new_game(game_id, deal), random.Random(deal)


def views(game_id: str, seconds: float, deals: int) -> float:
    """Views a second over the positions of the playouts :func:`measure` walks."""
    done = 0
    elapsed = 0.0
    for state, rng in deals_in_turn(game_id, deals):
        if elapsed >= seconds:
            break
        for _ in range(300):
            state.changed()  # as after a move: nothing of this position worked out yet
            start = time.perf_counter()
            view = View.of(state)
            elapsed += time.perf_counter() - start
            done += 1
            if not view.legal:
                break
            state.push(rng.choice(view.legal))
    return done / elapsed


def measure(game_id: str, seconds: float, deals: int) -> tuple[float, float]:
    gens = applications = 0
    elapsed = 0.0
    for state, rng in deals_in_turn(game_id, deals):
        if elapsed >= seconds:
            break
        start = time.perf_counter()
        for _ in range(300):
            moves = state.legal_moves()
            gens += 1
            for m in moves:
                state.push(m)
                state.pop()
            applications += len(moves)
            if not moves:
                break
            state.push(rng.choice(moves))
        elapsed += time.perf_counter() - start
    return gens / elapsed, applications / elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time per game")
    ap.add_argument("--deals", type=int, default=20)
    args = ap.parse_args()
    print(f"# {platform.machine()} {platform.python_implementation()} {platform.python_version()}, "
          f"{args.seconds} s per game, playouts over deals 1-{args.deals}")
    print(f"{'game':<18} {'generations/s':>14} {'apply+undo/s':>14} {'views/s':>10}")
    for game_id in GAMES:
        gens, apps = measure(game_id, args.seconds, args.deals)
        print(f"{game_id:<18} {gens:>14,.0f} {apps:>14,.0f} {views(game_id, args.seconds, args.deals):>10,.0f}")


if __name__ == "__main__":
    main()
