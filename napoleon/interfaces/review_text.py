"""A game's review as text: the command line's and the terminal's words and pictures."""

from __future__ import annotations

from ..analysis.review import LOST, UNKNOWN, WINNABLE, Review
from ..analysis.review_words import told

SPARKS = "▁▂▃▄▅▆▇█"
MARKS = {WINNABLE: "✓", LOST: "✗", UNKNOWN: "?"}


def sparkline(values: list[int], top: int, step: int = 1) -> str:
    """``values`` (0 to ``top``) as one line of block characters, one for every ``step`` values
    (showing the most of them)."""
    values = [max(values[i:i + step]) for i in range(0, len(values), step)]
    top = max(top, 1)
    return "".join(SPARKS[min(len(SPARKS) - 1, v * len(SPARKS) // (top + 1))] for v in values)


def verdict_strip(review: Review, step: int = 1) -> str:
    """The verdict of the deal and after every move, one mark for every ``step`` positions:
    ✓ winnable, ✗ lost, ? not known (a lost or unknown position among them shows)."""
    marks = []
    for i in range(0, len(review.verdicts), step):
        chunk = review.verdicts[i:i + step]
        marks.append(MARKS[LOST if LOST in chunk else UNKNOWN if UNKNOWN in chunk else WINNABLE])
    return "".join(marks)


def summary(review: Review, total_cards: int, width: int = 72) -> list[str]:
    """The review's headline in the player's words (:func:`~napoleon.analysis.review_words.told`):
    the deal's verdict, the losing move by its cards and the line from before it, a won game's
    length, the help taken in one line; then the picture (cards home after every move)."""
    words = told(review)
    lines = [*words["summary"], *([words["help_line"]] if words["help_line"] else [])]
    # One scale for the game and its winning line, so that the line starts under its move.
    start = (review.losing_move or 1) - 1
    step = -(-max(len(review.home), start + len(review.line_home)) // max(width, 1))
    lines.append(f"Cards home  {sparkline(review.home, total_cards, step)}")
    if review.line_home:
        lines.append(f"Line home   {' ' * (start // step)}{sparkline(review.line_home, total_cards, step)}")
    lines.append(f"Verdicts    {verdict_strip(review, step)}")
    return lines


def move_lines(review: Review) -> list[str]:
    """One line a move: its number, the verdict after it and the move by its cards."""
    words = told(review)
    out = []
    for k in range(1, len(review.verdicts)):
        mark = " <- lost the game" if k == review.losing_move else ""
        out.append(f"{k:>4} {MARKS[review.verdicts[k]]} {words['verdicts'][k]:<24} {words['moves'][k - 1]}{mark}")
    return out
