"""Statistics per game and option set, computed from the records.

A record is one game: it counts once as played and at most once as won,
however often it was undone and won again. Played counts finished games
(won, lost or abandoned); games still in progress are shown apart as
``unfinished``. Streaks follow the order in which games ended.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..engine.errors import NapoleonError

if TYPE_CHECKING:
    from .db import Store


def streaks(results: list[bool]) -> tuple[int, int]:
    """(current, longest) run of wins in a sequence of game outcomes.

    >>> streaks([True, True, False, True])
    (1, 2)
    >>> streaks([])
    (0, 0)
    """
    current = longest = 0
    for won in results:
        current = current + 1 if won else 0
        longest = max(longest, current)
    return current, longest


def compute_stats(store: Store, game_id: str | None = None) -> list[dict[str, Any]]:
    """One dict per game and option set, in game then option order."""
    params: list[Any] = []
    where = ""
    if game_id is not None:
        from ..games import game_class

        where = "WHERE game = ?"
        params.append(game_class(game_id).id)
    rows = store.db.execute(
        f"SELECT game, options, result, won_elapsed, won_moves FROM games {where}"
        " ORDER BY game, options, COALESCE(ended, updated), id", params).fetchall()
    groups: dict[tuple[str, str], list[tuple[str, float | None, int | None]]] = {}
    for game, options, result, won_elapsed, won_moves in rows:
        groups.setdefault((game, options), []).append((result, won_elapsed, won_moves))
    out = []
    for (game, options), records in groups.items():
        finished = [r for r in records if r[0] != "playing"]
        outcomes = [r[0] == "won" for r in finished]
        wins = [r for r in finished if r[0] == "won"]
        current, longest = streaks(outcomes)
        times = [r[1] for r in wins if r[1] is not None]
        lengths = [r[2] for r in wins if r[2] is not None]
        opts = json.loads(options)
        out.append({
            "game": game,
            "options": opts,
            "label": _label(game, opts),
            "played": len(finished),
            "won": len(wins),
            "lost": sum(r[0] == "lost" for r in finished),
            "abandoned": sum(r[0] == "abandoned" for r in finished),
            "unfinished": len(records) - len(finished),
            "win_pct": round(100.0 * len(wins) / len(finished), 1) if finished else None,
            "current_streak": current,
            "longest_streak": longest,
            "best_time": min(times) if times else None,
            "fewest_moves": min(lengths) if lengths else None,
        })
    return out


def _label(game: str, options: dict[str, Any]) -> str:
    from ..games import get_game

    try:
        return get_game(game, options).describe()
    except NapoleonError:
        return game
