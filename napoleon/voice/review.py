"""A game's review (:mod:`napoleon.analysis.review`) told to the player: line mode, the terminal and the page."""

from __future__ import annotations

from ..rule_names import FOUNDATION
from .naming import Move, State, capital, card_name, describe_move, plural
from .verdicts import RESULTS


# ---------------------------------------------------------------- review
# A game's review (napoleon.analysis.review) told to the player: the command
# line, the terminal and the page show these sentences as they are.

REVIEW_LOST_FROM_START = "No one can win this deal: it was lost before the first move."
REVIEW_LOSS_NOT_FOUND = ("The game was lost, but the move that lost it is not known yet: the solver could not "
                         "decide every position in the time it had.")
REVIEW_FROM_STORE = "Reviewed before: read from the store."
REVIEW_STARTING = "Reviewing…"


def _doing(advice: str) -> str:
    """Advice ("move the 2♣ ...") as what one might have been doing ("moving the 2♣ ...")."""
    verb, _, rest = advice.partition(" ")
    return f"{ {'move': 'moving', 'turn': 'turning', 'redeal': 'redealing'}.get(verb, verb)} {rest}".strip()


def review_verdict(verdict: str, length: int | None) -> str:
    """A position's verdict in a review: ``winnable (12 moves to win)``, ``lost``, ``not known``."""
    if verdict == "winnable":
        return f"winnable ({plural(length, 'move')} to win)" if length is not None else "winnable"
    return "lost" if verdict == "lost" else "not known"


def review_deal(verdict: str, length: int | None) -> str:
    """What the deal was as dealt."""
    if verdict == "lost":
        return REVIEW_LOST_FROM_START
    if verdict == "winnable" and length is not None:
        return f"The deal as dealt could be won: a line of {plural(length, 'move')} wins it."
    return "The deal as dealt: not known (the solver could not decide it in the time it had)."


def review_losing_move(number: int, before: State, move: Move, better: Move | None) -> str:
    """The move that lost the game, by its cards, and the move of the winning line it was played instead of:
    "Move 33 lost the game: you turned the 7♠ from the stock onto the waste, over the 2♣, instead of
    playing the 2♣ home."."""
    game = before.game
    covered = instead = ""
    if better is not None and not better.is_redeal and before.piles[better.src]:
        card = before.piles[better.src][-better.count]
        if not move.is_redeal and move.dst == better.src and game.pile_roles[move.dst] != FOUNDATION:
            covered = f", over the {card_name(card)}"
        if game.pile_roles[better.dst] == FOUNDATION:
            instead = f", instead of playing the {card_name(card)} home"
        else:
            instead = f", instead of {_doing(describe_move(before, better))}"
    return f"Move {number} lost the game: you {describe_move(before, move, past=True)}{covered}{instead}."


def review_line(before_move: int, length: int) -> str:
    """The winning line from the position before the losing move."""
    return f"A winning line from before move {before_move}: {plural(length, 'move')}."


def review_line_step(step: int, total: int, before_move: int, before: State, move: Move) -> str:
    """Step ``step`` (0: not yet begun) of the winning line, told from ``before`` (the position ``move`` is made from)."""
    if step == 0:
        return f"Before move {before_move}: the next move of the line is to {describe_move(before, move)}."
    done = " The game is won." if step == total else ""
    return f"Line move {step} of {total}: {describe_move(before, move, past=True)}.{done}"


def review_won(length: int, shortest: int) -> str:
    if shortest < length:
        return f"You won in {plural(length, 'move')}; the shortest line the solver knows takes {shortest}."
    return f"You won in {plural(length, 'move')}: no shorter line is known."


_HELP_WORDS = {"hint": "hint", "solution": "look at the solution", "undo": "undo", "finish": "Finish"}


def review_help(marks: list[dict]) -> str:
    """The help taken in one line: "Help taken: 226 hints, 1 undo, the solution shown at move 80, Finish at
    move 95."."""
    counts: dict[str, list[int]] = {}
    for mark in marks:
        counts.setdefault(mark["kind"], []).append(mark["at"])
    parts = []
    for kind in ("hint", "undo", "solution", "finish"):
        at = counts.get(kind)
        if not at:
            continue
        if kind == "finish":
            parts.append(f"Finish at move {at[-1]}")  # the last: the one that ended the game
        elif kind == "solution":
            parts.append(f"the solution shown at move {at[0]}" + (f" and {plural(len(at) - 1, 'time')} more"
                                                                 if len(at) > 1 else ""))
        else:
            parts.append(plural(len(at), kind))
    return f"Help taken: {', '.join(parts)}." if parts else ""


def review_help_here(kinds: list[str]) -> str:
    """The help taken with one position on the table, for its row of the review: "hint, undo"."""
    return ", ".join(_HELP_WORDS.get(kind, kind) for kind in kinds)


def review_help_detail(marks: list[dict]) -> list[str]:
    """Each help taken, where it was taken (the detail behind :func:`review_help`)."""
    return [f"{capital(_HELP_WORDS.get(m['kind'], m['kind']))} at move {m['at']}" for m in marks]


def review_unknown(unknown: int, positions: int) -> str:
    return f"Not known within the time: {unknown} of {plural(positions, 'position')}."


def review_progress(checked: int, positions: int) -> str:
    return f"Reviewing… {checked} of {plural(positions, 'position')}"


def reviewed(seconds: float) -> str:
    return f"Reviewed in {seconds:.1f} s."


def review_title(game_name: str, deal: int, moves: int) -> str:
    return f"Review: {game_name}, deal {deal}, {plural(moves, 'move')}"


def review_chart(losing_move: int | None) -> str:
    """The chart's caption."""
    line = "; dotted: the winning line from before the losing move" if losing_move is not None else ""
    return f"Cards home after each move: your game{line}. Under it, the verdict after each move " \
           f"(✓ winnable, ✗ lost, ? not known)."


def review_chart_label(home: int, losing_move: int | None, total: int) -> str:
    """What the chart shows, for a screen reader."""
    line = f"; the winning line from before move {losing_move} gets all {total} home" if losing_move else ""
    return f"Cards home after each move: {home} at the end{line}"


# ------------------------------------------------------- the review's own

REVIEW_KEYS = "← → the winning line · p play from here · d help taken · ↑ ↓ scroll · Esc back to the game"
"""The keys of the terminal's review."""

REVIEW_OF = "Review of game #{id}"
"""The review's heading before anything else is known (``{id}``: the game's number in the store)."""
REVIEW_NO_LINE = "No winning line to play from: the review names no losing move."
REVIEW_LOST_MARK = "<- lost the game"
"""The mark after the losing move in the review's list of moves (line mode and the terminal)."""

PAST_GAMES_TITLE = "Past games: Enter reviews one"
PAST_GAMES_NONE = "No game played yet."
PAST_GAMES_KEYS = "↑ ↓ choose · Enter: review · Esc: close"


def review_heading(record_id: int | None, game_name: str | None = None, deal: int | None = None,
                   moves: int | None = None, result: str | None = None) -> str:
    """The review's heading, as far as it is known: "Review of game #12: Werner, deal 15, 20 moves, lost"."""
    head = REVIEW_OF.format(id=record_id)
    if game_name is None:
        return head
    return f"{head}: {game_name}, deal {deal}, {plural(moves or 0, 'move')}, {RESULTS.get(result or '', result or '')}"


def review_how(stored: bool, seconds: float, searches: int) -> str:
    """How the review was had: "reviewed from the store", or "reviewed in 3.2 s, 12 searches"."""
    return "reviewed from the store" if stored else \
        f"reviewed in {seconds:.1f} s, {searches} search{'es' * (searches != 1)}"


def review_kept(record_id: int) -> str:
    """A review closed before its end has ended, and is kept with its game."""
    return f"The review of game #{record_id} is done, kept with the game."


def review_failed(why: object) -> str:
    return f"No review: {why}"


def played_from_here(before_move: int, length: int) -> str:
    """The winning line taken onto the table (the review's Play from here) as a new game."""
    return (f"A new game from before move {before_move}, played with help: the winning line from here "
            f"takes {plural(length, 'move')}.")
