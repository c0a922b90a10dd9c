"""Werner's game in Freecell Solver's terms: export a position, run ``fc-solve``.

Debian's ``freecell-solver-bin`` solves Werner's game as FreeCell with four
cells, eight stacks and kings-only spaces. It is the one peer our solver can
be compared with; the benchmark and a test hold our verdicts to its own.
``-to 01ABCDE`` makes its scan try every kind of move, so that its "could
not solve" is a proof, like our ``lost``.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from ..cards import RANKS, card_str, suit_char
from ..engine.state import State

ARGS = ["--freecells-num", "4", "--stacks-num", "8", "--empty-stacks-filled-by", "kings", "-to", "01ABCDE"]


def available() -> bool:
    """Whether the ``fc-solve`` program is installed."""
    return shutil.which("fc-solve") is not None


def board(state: State) -> str:
    """A Werner position in fc-solve's board format: cells, foundations, 8 stacks."""
    if state.game.id != "werner":
        raise ValueError("fc-solve plays only Werner's game here")
    game, piles = state.game, state.piles
    cells = [card_str(piles[c][0]) if piles[c] else "-" for c in game.role_piles["cell"]]
    home = dict.fromkeys("HCDS", 0)
    for f in game.foundations:
        if piles[f]:
            home[suit_char(piles[f][-1])] = RANKS.index(card_str(piles[f][-1])[0]) + 1
    lines = ["Freecells: " + " ".join(cells), "Foundations: " + " ".join(f"{s}-{n}" for s, n in home.items())]
    lines += [" ".join(card_str(c) for c in piles[t]) for t in game.role_piles["tableau"]]
    return "\n".join(lines) + "\n"


def solve(state: State, budget: float) -> tuple[str, float]:
    """fc-solve's verdict (won / lost / unknown) on ``state`` and the seconds it took."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write(board(state))
        path = f.name
    start = time.perf_counter()
    try:
        out = subprocess.run(["fc-solve", *ARGS, path], capture_output=True, text=True,
                             timeout=budget, check=False).stdout
    except subprocess.TimeoutExpired:
        return "unknown", time.perf_counter() - start
    finally:
        Path(path).unlink(missing_ok=True)
    seconds = time.perf_counter() - start
    if "This game is solveable" in out:
        return "won", seconds
    if "I could not solve" in out:
        return "lost", seconds
    return "unknown", seconds
