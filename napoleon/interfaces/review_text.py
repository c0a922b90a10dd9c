"""A game's review as text: the command line's and the terminal's words and pictures."""

from __future__ import annotations

from .. import voice
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


CHART_ROWS = 6


def _columns(values: list[int], step: int) -> list[int]:
    return [max(values[i:i + step]) for i in range(0, len(values), step)]


def chart(review: Review, total_cards: int, width: int = 80, rows: int = CHART_ROWS) -> list[str]:
    """Cards home against moves, ``width`` columns at most: a scale of cards up the left, the moves
    along the bottom, the player's game in blocks, the winning line from before the losing move in
    dots, and the verdict after each move as a band of marks under it
    (✓ winnable, ✗ lost, ? not known)."""
    top = max(total_cards, 1)
    start = (review.losing_move or 1) - 1
    n = max(len(review.home), start + len(review.line_home))
    label = len(str(top))
    cols = max(10, width - label - 2)
    step = -(-n // cols)
    game = _columns(review.home, step)
    line = [0] * (start // step) + _columns(review.line_home, step) if review.line_home else []
    levels = rows * 8
    out = []
    for r in range(rows, 0, -1):
        cells = []
        for c in range(max(len(game), len(line))):
            g = game[c] * levels // top if c < len(game) else 0
            if g >= r * 8:
                cells.append("█")
            elif g > (r - 1) * 8:
                cells.append(SPARKS[g - (r - 1) * 8 - 1])
            elif c < len(line) and (r - 1) * 8 < line[c] * levels // top <= r * 8:
                cells.append("·")
            else:
                cells.append(" ")
        mark = str(top) if r == rows else str(top // 2) if r == (rows + 1) // 2 else ""
        out.append(f"{mark:>{label}} {'┤' if mark else '│'}{''.join(cells)}".rstrip())
    used = max(len(game), len(line))
    out.append(f"{0:>{label}} └{'─' * used}")
    last = str(n - 1)
    out.append(" " * (label + 2) + "0" + last.rjust(max(used - 1, len(last))))
    out.append(" " * (label + 2) + verdict_strip(review, step))
    return out


def summary(review: Review, total_cards: int, width: int = 80) -> list[str]:
    """The review's headline in the player's words (:func:`~napoleon.analysis.review_words.told`):
    the deal's verdict, the losing move by its cards and the line from before it, a won game's
    length, the help taken in one line; then the chart (:func:`chart`)."""
    words = told(review)
    lines = [*words["summary"], *([words["help_line"]] if words["help_line"] else [])]
    lines.append(words["chart"])
    return [*lines, *chart(review, total_cards, width)]


def move_lines(review: Review) -> list[str]:
    """One line a move: its number, the verdict after it and the move by its cards."""
    words = told(review)
    out = []
    for k in range(1, len(review.verdicts)):
        mark = f" {voice.REVIEW_LOST_MARK}" if k == review.losing_move else ""
        out.append(f"{k:>4} {MARKS[review.verdicts[k]]} {words['verdicts'][k]:<24} {words['moves'][k - 1]}{mark}")
    return out
