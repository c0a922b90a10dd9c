"""A review told in a player's words: every move by its cards, the help taken in one line.

:func:`told` puts a :class:`~.review.Review` into the sentences of
:mod:`napoleon.voice` that the command line, the terminal and the page show
as they are; none of them words a review of its own.
"""

from __future__ import annotations

from typing import Any

from .. import voice
from ..engine.rules import FOUNDATION
from ..engine.state import State
from ..voice import card_name, pile_called
from ..games import get_game
from .review import LOST, Review

__all__ = ["line_positions", "table_lines", "told"]


def _position(review: Review, moves: int) -> State:
    """The position after the game's first ``moves`` moves."""
    state = get_game(review.game, review.options).new_state(review.deal)
    for text in review.moves[:moves]:
        state.play_text(text)
    return state


def line_positions(review: Review) -> list[State]:
    """The position before the losing move, and after each move of the winning line from it."""
    if review.losing_move is None:
        return []
    state = _position(review, review.losing_move - 1)
    out = [state.copy()]
    for text in review.line:
        state.play_text(text)
        out.append(state.copy())
    return out


def table_lines(state: State) -> list[str]:
    """A position as the table shows it, one pile a line, cards with their suit signs
    ("column 1: 4♠ 9♠ 9♦", "foundation 1: A♥ … 3♥", "stock: 12 cards face down")."""
    game = state.game
    out = []
    for i, pile in enumerate(state.piles):
        name = pile_called(game, i)
        if i == game.stock:
            shown = f"{len(pile)} cards face down" if pile else "empty"
        elif not pile:
            shown = "–"
        elif game.pile_roles[i] == FOUNDATION:
            shown = card_name(pile[-1]) if len(pile) == 1 else f"{card_name(pile[0])} … {card_name(pile[-1])}"
        else:
            shown = " ".join(card_name(c) for c in pile)
        out.append(f"{name}: {shown}")
    return out


def told(review: Review) -> dict[str, Any]:
    """The review's sentences: ``title``, ``status``, ``summary`` (the headline), ``help_line`` (the
    help taken, in one line: empty when none was), ``help`` (each help taken, the detail one step
    away), ``move_help`` (the help taken at each position, 0 the deal: empty where none was),
    ``moves`` (each move by its cards, in the past), ``verdicts`` (the words of each position's
    verdict), ``chart`` and ``chart_label`` (the chart's caption and what it shows, for a screen
    reader), ``line_title`` and ``line`` (each step of the winning line, from before its first move)."""
    game = get_game(review.game, review.options)
    n = len(review.moves)
    status = (voice.REVIEW_FROM_STORE if review.stored else voice.reviewed(review.seconds)) if review.done \
        else voice.review_progress(review.checked, n + 1)
    summary = [voice.review_deal(review.verdicts[0], review.lengths[0])]
    steps: list[str] = []
    line_title = ""
    walk = game.new_state(review.deal)
    moves: list[str] = []
    for text in review.moves:
        move = walk.parse_move(text)
        moves.append(voice.capital(walk.describe(move, past=True)))
        walk.play(move)
    if review.losing_move is not None:
        k = review.losing_move
        positions = line_positions(review)
        before = positions[0]
        lost_by = before.parse_move(review.moves[k - 1])
        better = before.parse_move(review.line[0]) if review.line else None
        summary.append(voice.review_losing_move(k, before, lost_by, better))
        line_title = voice.review_line(k, len(review.line))
        summary.append(line_title)
        for i in range(len(review.line) + 1):
            at = positions[max(i - 1, 0)]
            steps.append(voice.review_line_step(i, len(review.line), k, at,
                                                at.parse_move(review.line[max(i - 1, 0)])))
    elif review.done and review.verdicts[-1] == LOST and review.verdicts[0] != LOST:
        summary.append(voice.REVIEW_LOSS_NOT_FOUND)
    if review.won is not None:
        summary.append(voice.review_won(review.won["length"], review.won["shortest_known"]))
    if review.done and review.unknown and review.verdicts[0] != LOST:
        summary.append(voice.review_unknown(review.unknown, n + 1))
    helps: dict[int, set[str]] = {}
    for mark in review.help:
        helps.setdefault(mark["at"], set()).add(mark["kind"])
    return {
        "title": voice.review_title(game.name, review.deal, n),
        "status": status,
        "summary": summary,
        "help_line": voice.review_help(review.help),
        "help": voice.review_help_detail(review.help),
        "move_help": [voice.review_help_here(sorted(helps.get(k, ()))) for k in range(n + 1)],
        "moves": moves,
        "verdicts": [voice.review_verdict(v, length) for v, length in zip(review.verdicts, review.lengths,
                                                                          strict=True)],
        "chart": voice.review_chart(review.losing_move),
        "chart_label": voice.review_chart_label(review.home[-1], review.losing_move, game.total_cards),
        "line_title": line_title,
        "line": steps,
    }
