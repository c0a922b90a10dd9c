"""Statistics per game and option set, computed from the records.

A record is one game: it counts once as played and at most once as won,
however often it was undone and won again. Played counts finished games
(won, lost or abandoned: a game left after at least one move for a new
deal, another game or quit); games still in progress are shown apart as
``unfinished``, and a deal opened and left untouched counts as nothing.
A row that cannot be read (:data:`.schema.READABLE`; ``napoleon doctor``
sets such rows aside) is not counted: the store names it apart
(:meth:`napoleon.store.Store.damaged`). A game in which the player used a hint or the solution is played but never
won: it ends a streak, and its time and length are no record; it is counted
apart as ``assisted`` (and ``assisted_won``). Records taken out by a reset
(``counted`` 0) do not count. Streaks follow the order in which games ended.

This module reads nothing itself: :meth:`napoleon.store.Store.stats` hands
it the rows.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..engine.errors import NapoleonError
from .schema import GRADES, READABLE, UNTOUCHED

STATS_SQL = ("SELECT game, options, result, won_elapsed, won_moves, hints > 0 OR solution = 1 FROM games"
             f" WHERE counted = 1 AND {READABLE} AND NOT {UNTOUCHED} {{and_game}}"
             " ORDER BY game, options, COALESCE(ended, updated), id")
"""The rows :func:`compute_stats` reads, in the order it needs them (``{and_game}`` narrows to one game)."""

Row = tuple[str, str, str, float | None, int | None, int]


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


def compute_stats(rows: Iterable[Row]) -> list[dict[str, Any]]:
    """One dict per game and option set, in game then option order, from rows of :data:`STATS_SQL`."""
    groups: dict[tuple[str, str], list[tuple[str, float | None, int | None, bool]]] = {}
    for game, options, result, won_elapsed, won_moves, assisted in rows:
        groups.setdefault((game, options), []).append((result, won_elapsed, won_moves, bool(assisted)))
    out = []
    for (game, options), records in groups.items():
        finished = [r for r in records if r[0] != "playing"]
        outcomes = [r[0] == "won" and not r[3] for r in finished]
        wins = [r for r in finished if r[0] == "won" and not r[3]]
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
            "assisted": sum(r[3] for r in finished),
            "assisted_won": sum(r[3] and r[0] == "won" for r in finished),
            "unfinished": len(records) - len(finished),
            "win_pct": round(100.0 * len(wins) / len(finished), 1) if finished else None,
            "current_streak": current,
            "longest_streak": longest,
            "best_time": min(times) if times else None,
            "fewest_moves": min(lengths) if lengths else None,
        })
    return out


GRADE_STATS_SQL = ("SELECT game, options, COALESCE(grade, 'ungraded'), result, won_elapsed, hints > 0 OR solution = 1"
                   f" FROM games WHERE counted = 1 AND result != 'playing' AND {READABLE} {{and_game}}"
                   " ORDER BY game, options, COALESCE(ended, updated), id")
"""The rows :func:`compute_grade_stats` reads: finished, counted games (``{and_game}`` narrows to one game)."""

GRADE_ORDER = (*GRADES, "ungraded")


def compute_grade_stats(rows: Iterable[tuple[str, str, str, str, float | None, int]]) -> list[dict[str, Any]]:
    """Played, won and best time per game, option set and grade of the deal (docs/grades.md).

    Counted as in :func:`compute_stats`: a win with help is played but not
    won; games whose grade is not known are ``ungraded``.

    >>> rows = [("werner", "{}", "easy", "won", 60.0, 0), ("werner", "{}", "easy", "won", 50.0, 1),
    ...         ("werner", "{}", "hard", "abandoned", None, 0)]
    >>> [(r["grade"], r["played"], r["won"], r["best_time"]) for r in compute_grade_stats(rows)]
    [('easy', 2, 1, 60.0), ('hard', 1, 0, None)]
    """
    groups: dict[tuple[str, str, str], list[tuple[str, float | None, bool]]] = {}
    for game, options, grade, result, won_elapsed, assisted in rows:
        groups.setdefault((game, options, grade), []).append((result, won_elapsed, bool(assisted)))
    out = []
    for (game, options, grade), records in groups.items():
        wins = [r for r in records if r[0] == "won" and not r[2]]
        times = [r[1] for r in wins if r[1] is not None]
        opts = json.loads(options)
        out.append({"game": game, "options": opts, "label": _label(game, opts), "grade": grade,
                    "played": len(records), "won": len(wins), "best_time": min(times) if times else None})
    rank = {g: i for i, g in enumerate(GRADE_ORDER)}
    out.sort(key=lambda r: (r["game"], json.dumps(r["options"], sort_keys=True), rank.get(r["grade"], len(rank))))
    return out


def _label(game: str, options: dict[str, Any]) -> str:
    from ..games import get_game

    try:
        return get_game(game, options).describe()
    except NapoleonError:
        return game
