"""The sentences the page writes itself, served with the catalogue as ``words`` and filled in by its ``sentence()``."""

from __future__ import annotations

from .naming import capital, plural
from .page_text import PAGE_TEXT
from .play import EMPTY, GAME_WON_ALREADY, PYTHON_NOT_STARTED, STALE, UNREACHABLE, WORKER_FAILED
from .review import REVIEW_OF
from .statistics import BEST_TIME, BY_GRADE, FEWEST_MOVES, WITH_HELP
from .verdicts import END_LOST, END_WON, HINT_LOOKING, LOST_HERE, RESULTS, SOLVE_LOOKING


# ------------------------------------------------------------- the page's own

PAGE_WORDS: dict[str, str] = {
    "looking_for_hint": HINT_LOOKING,
    "stale": STALE,
    "deal_title": "{name}, deal {deal}",
    "new_deal": "New deal: {title}",
    "back_to_game": "Back to the game: {title}",
    "lost_at": "This position can no longer be won: {move} lost the game.",
    "lost_here": capital(LOST_HERE) + ".",
    "undo_to_winnable": "Undo to the last winnable position ({back:move} back)",
    "looking_for_solution": SOLVE_LOOKING,
    "no_solution_lost": "No solution: this position can no longer be won.",
    "no_solution_in_time": "The solver found no solution in time.",
    "already_won": capital(GAME_WON_ALREADY) + ".",
    "solution_found": "A solution in {moves:move} (the game itself is not changed).",
    "solution_shown": "Solution shown: {moves:move}.",
    "solution_step": "Solution: move {i} of {total} ({move})",
    "you_won": END_WON,
    "no_legal_move_left": END_LOST,
    "winnable_in": "winnable ({moves:move})",
    "cannot_be_won": "cannot be won from here",
    "not_proven": "winnable? not proven (search again)",
    "winnable_title": "The solver found a way to win from here (click to search again)",
    "lost_title": "The solver proved that no sequence of moves wins from here",
    "unknown_title": "The solver found no way to win in the time it had: click to search longer",
    "unfinished_game": "{name}, deal {deal}: {moves:move}, {time} (last played {when})",
    "stats_reset": "Statistics reset: {games:finished game} no longer counted.",
    "window_title": "{title} — Napoleon patience",
    "rules_of": "Rules of {name}",
    "lost_no_move": "lost: no legal move",
    "winnable_asking": "winnable? …",
    "searching_longer": "winnable? searching longer …",
    "solver_unavailable": "winnable? (solver unavailable)",
    "no_game_at": "no game at {hash}: showing the last one played",
    "not_a_deal_number": 'a deal number is a whole number from 1 up, not "{text}"',
    "looking_for_graded": "Looking for a winnable {grade} deal…",
    "looking_for_winnable": "Looking for a deal the solver can win…",
    "none_yet": "None yet.",
    "none": "None.",
    "statistics": PAGE_TEXT["statistics"],
    "loading": "Loading…",
    "col_when": "When",
    "col_game": PAGE_TEXT["game"],
    "col_deal": PAGE_TEXT["deal"],
    "col_grade": PAGE_TEXT["grade"],
    "col_result": "Result",
    "col_moves": "Moves",
    "col_time": "Time",
    "col_played": "Played",
    "col_streak": "Streak",
    "col_review": PAGE_TEXT["review"],
    "col_file": "File",
    "col_note": "Note",
    "review_link": "review",
    "export_button": "export",
    "not_counted": "not counted (reset)",
    "review_game": "Review game {id}",
    "review_of_game": REVIEW_OF,
    "review_move": "Move",
    "review_verdict": "Verdict",
    "review_to_win": "To win",
    "review_the_move": "The move",
    "export_game": "Export game {id} to a file",
    "no_game_finished": "No game finished yet.",
    "title_deal": " · deal {deal}",
    "redeal_button": "Redeal ({left} left)",
    "redeals_left": "redeals left {left}",
    "wastes_in_play": " · waste piles in play {wastes}",
    "with_help": WITH_HELP,
    "by_grade": capital(BY_GRADE),
    "win_percent": "Win %",
    "best_streak": "Best streak",
    "best_time": capital(BEST_TIME),
    "fewest_moves": capital(FEWEST_MOVES),
    "badge_won": "won!",
    "badge_grade": "grade: {grade}",
    "share_link": "link: {hash}",
    "imported_as": "Imported as game {id}.",
    "pile_not_in_play": ", not in play",
    "pile_takes_held": ", the held cards may go here",
    "face_down": "{count:card} face down",
    "empty": EMPTY,
    "empty_starts_a": EMPTY + ", starts with a {start}",
    "empty_starts_an": EMPTY + ", starts with an {start}",
    "pile_top": "{count:card}, top card {card}",
}
"""The sentences the page writes itself (served with the catalogue, ``words``): ``{key}`` is
filled in by the page, ``{key:word}`` is the number and the word, plural unless it is 1 (see
:func:`fill`, which the page's ``sentence`` follows)."""


UNASKED: dict[str, str] = {
    "unreachable": UNREACHABLE,
    "worker-failed": WORKER_FAILED,
    "python-not-started": PYTHON_NOT_STARTED,
    "first-visit": "Getting the game ready to play offline: {percent}%",
    "first-visit-done": "Ready to play offline; starting the game…",
}
"""The sentences the page says when it cannot ask for them (no server, no worker, no Python): written
into the page itself, each as ``<meta name="napoleon-KEY">``, and filled in as :func:`fill` does."""


def fill(template: str, **values: object) -> str:
    """A sentence of :data:`PAGE_WORDS` filled in as the page fills it.

    >>> fill(PAGE_WORDS["solution_found"], moves=1)
    'A solution in 1 move (the game itself is not changed).'
    >>> fill(PAGE_WORDS["undo_to_winnable"], back=3)
    'Undo to the last winnable position (3 moves back)'
    """
    import re

    def one(match: re.Match[str]) -> str:
        key, word = match.group(1), match.group(2)
        value = values[key]
        return str(value) if word is None else plural(int(value), word)  # type: ignore[call-overload]

    return re.sub(r"\{(\w+)(?::([^}]+))?\}", one, template)


def page_words() -> dict[str, object]:
    """What the catalogue serves the page as ``words``: its sentences and the results' words."""
    return {**PAGE_WORDS, "results": RESULTS}
