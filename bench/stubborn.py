"""How much a strong stubborn set (napoleon/solver/stubborn.py) cuts of Forty Thieves' searches.

    python bench/stubborn.py --endgames 10000 --every 250            # the 763 endgames of the sample's searches
    python bench/stubborn.py --endgames 10000 --every 250 --search 40 --cap 2000
    python bench/stubborn.py --reduced 200                          # small decks, where it does cut

``--endgames W --every E``: the positions of bench/prove_sample.py's endgames
mode (one in E of the first W positions of each sample deal's depth-first
search, with at most seven stock cards). For each: the moves the search would
try, the moves a stubborn set keeps, and the CPU seconds the set took.
``--search N --cap C``: the Python search (auto-play, exact keys, the stock
card by card) from the first N of them, with and without the set, capped at C
positions: verdicts, positions, positions where the set left a move out, CPU
seconds. ``--reduced N``: the same searches from N positions walked on
reduced decks (3-5 ranks, 2-4 columns).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

from prove_sample import SAMPLE, endgame_positions

from napoleon import get_game
from napoleon.engine.rules import TABLEAU
from napoleon.solver.search import Search
from napoleon.solver.stubborn import applies, stubborn_moves

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from solver.endgames import walked  # noqa: E402


def roots(states) -> None:
    cut = moves = kept = 0
    seconds = 0.0
    kinds: Counter = Counter()   # (stock empty, a space): [positions, positions with a move left out]
    for state in states:
        assert applies(state)
        legal = Search(state).ordered_moves()
        start = time.process_time()
        left = stubborn_moves(state, legal)
        seconds += time.process_time() - start
        cut += len(left) < len(legal)
        moves += len(legal)
        kept += len(left)
        game = state.game
        kind = (not state.piles[game.stock], any(not state.piles[c] for c in game.role_piles[TABLEAU]))
        kinds[kind, "all"] += 1
        kinds[kind, "cut"] += len(left) < len(legal)
    print(f"{len(states)} positions: a move left out in {cut}; moves {moves:,}, kept {kept:,}; "
          f"the sets took {seconds:.1f} CPU s ({seconds / max(1, len(states)) * 1000:.0f} ms a position)", flush=True)
    for empty, space in sorted({k for k, _ in kinds}):
        print(f"  {'stock empty' if empty else 'stock left'}, {'a space' if space else 'no space'}: "
              f"{kinds[(empty, space), 'all']} positions, a move left out in {kinds[(empty, space), 'cut']}")


def searches(states, cap: int) -> None:
    for stubborn in (False, True):
        decided = positions = cut = 0
        seconds = 0.0
        for state in states:
            search = Search(state, max_states=cap, stubborn=stubborn)
            start = time.process_time()
            result = search.run()
            seconds += time.process_time() - start
            decided += result.verdict != "unknown"
            positions += result.states
            cut += search.cut
        name = "stubborn" if stubborn else "plain"
        print(f"{name:<8} decided {decided}/{len(states)}  positions {positions:,}  with a move left out {cut:,}  "
              f"CPU {seconds:.1f} s", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--endgames", type=int, help="walk this many positions of each sample deal's search")
    ap.add_argument("--every", type=int, default=250, help="keep one walked position in this many")
    ap.add_argument("--search", type=int, default=0, help="search from the first N positions, with and without")
    ap.add_argument("--cap", type=int, default=2000, help="positions a search may visit")
    ap.add_argument("--reduced", type=int, help="positions walked on reduced decks instead")
    args = ap.parse_args()
    if args.reduced:
        rng = random.Random(1)
        states = []
        for n in range(args.reduced):
            options = rng.choice([{"ranks": 3, "columns": 3}, {"ranks": 4, "columns": 3}, {"ranks": 4, "columns": 2},
                                  {"ranks": 5, "columns": 4}])
            states.append(walked("forty-thieves", options, n * 31 + 7, rng.randint(0, 30), rng))
        roots(states)
        searches(states, args.cap)
        return
    game = get_game("forty-thieves")
    states = []
    for deal in SAMPLE:
        for piles in endgame_positions(game, deal, args.endgames, args.every):
            state = game.new_state(1)
            state.piles = [p[:] for p in piles]
            state.changed()
            states.append(state)
    roots(states)
    if args.search:
        searches(states[: args.search], args.cap)


if __name__ == "__main__":
    main()
