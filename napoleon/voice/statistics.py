"""The statistics of a game, as its screen and the page say them."""

from __future__ import annotations

from .naming import plural


# ------------------------------------------------------------ statistics

BEST_TIME = "best time"
FEWEST_MOVES = "fewest moves"
WITH_HELP = "with help"
BY_GRADE = "by grade of the deal"
NO_GAME_OF_IT = "No game of it finished or left yet."
NO_STATS_STORE = "no statistics: the store could not be opened"
STATS_KEPT = "the statistics are kept"


def stats_title(game_name: str) -> str:
    return f"Statistics of {game_name}"


def no_stats(error: object) -> str:
    return f"no statistics: {error}"


def reset_question(game_name: str) -> str:
    """Asked before the statistics of a game are reset."""
    return f"Reset the statistics of {game_name}? Games played so far stop counting (their history is kept)."


def stats_reset_of(game_name: str, games: int) -> str:
    return f"statistics of {game_name} reset: {plural(games, 'game')} no longer counted"


def not_reset(error: object) -> str:
    return f"the statistics were not reset: {error}"


def stats_keys(reset: str, close: str) -> str:
    """The statistics screen's keys, named by the screen."""
    return f"{reset}: reset these statistics (asks first) · {close}: close"


def games_imported(new: int, held: int) -> str:
    """A file of games imported (``napoleon import``, the page's Import): how many games it added, and
    how many of its games the store held already (a backup imported twice adds nothing twice)."""
    were = "was" if held == 1 else "were"
    if not new:
        return (f"Nothing imported: the file's {plural(held, 'game')} {were} in the store already." if held
                else "Nothing imported: the file holds no game.")
    return f"Imported {plural(new, 'game')}" + (f"; {plural(held, 'game')} of the file {were} in the store already."
                                                 if held else ".")
