"""A game's review as text: the command line's and the terminal's words and pictures."""

from __future__ import annotations

from ..analysis.review import LOST, UNKNOWN, WINNABLE, Review

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


def verdict_words(verdict: str, length: int | None) -> str:
    if verdict == WINNABLE:
        return f"winnable ({length} moves to win)" if length is not None else "winnable"
    return "lost" if verdict == LOST else "not known"


def summary(review: Review, total_cards: int, width: int = 72, line: bool = True) -> list[str]:
    """The review's headline: the deal's verdict, the losing move and its line (in notation
    when ``line``, else its length), a won game's length, where help was taken, and the
    picture (cards home after every move)."""
    n = len(review.moves)
    lines = [f"The deal as dealt: {verdict_words(review.verdicts[0], review.lengths[0])}."]
    if review.losing_move is not None:
        k = review.losing_move
        lines.append(f"Move {k} lost the game: {review.texts[k - 1]}. From there no line wins.")
        head = f"A winning line from before it (after move {k - 1}), {len(review.line)} moves"
        lines.append(f"{head}: " + " ".join(review.line) if line else f"{head}.")
    elif review.verdicts[-1] == LOST and review.verdicts[0] == LOST:
        lines.append("No line ever won this deal: it was lost as dealt.")
    elif review.verdicts[-1] == LOST:
        lines.append("The game was lost, but the move that lost it is not known: the solver could not "
                     "decide every position in the time it had.")
    if review.won is not None:
        w = review.won
        shortest = w["shortest_known"]
        lines.append(f"Won in {w['length']} moves; the shortest solution the solver knows: {shortest} moves.")
    if review.help:
        lines.append("Help taken: " + ", ".join(f"{h['kind']} after move {h['at']}" for h in review.help) + ".")
    if review.unknown:
        lines.append(f"Not known within the budget: {review.unknown} of {n + 1} positions.")
    # One scale for the game and its winning line, so that the line starts under its move.
    start = (review.losing_move or 1) - 1
    step = -(-max(len(review.home), start + len(review.line_home)) // max(width, 1))
    lines.append(f"Cards home  {sparkline(review.home, total_cards, step)}")
    if review.line_home:
        lines.append(f"Line home   {' ' * (start // step)}{sparkline(review.line_home, total_cards, step)}")
    lines.append(f"Verdicts    {verdict_strip(review, step)}")
    return lines


def move_lines(review: Review) -> list[str]:
    """One line a move: its number, notation, words and the verdict after it."""
    out = []
    for k in range(1, len(review.verdicts)):
        mark = " <- lost the game" if k == review.losing_move else ""
        out.append(f"{k:>4} {review.moves[k - 1]:<8} {MARKS[review.verdicts[k]]} "
                   f"{verdict_words(review.verdicts[k], review.lengths[k]):<26} {review.texts[k - 1]}{mark}")
    return out
