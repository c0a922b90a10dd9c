"""The terminal's own sentences: its header, deals, help, keys and typed input."""

from __future__ import annotations

from .naming import plural


# ------------------------------------------------------ the terminal's own

FOUR_COLOUR_DECK = "four-colour deck"
TWO_COLOUR_DECK = "two-colour deck"


def header_deal(deal: int, grade: str | None) -> str:
    """The header's deal: ``deal 12`` and its grade once known, ``deal 12 (easy)``."""
    return f"deal {deal}" + (f" ({grade})" if grade else "")


def header_moves(moves: int, short: bool) -> str:
    """The header's moves played: ``moves 12``, or ``12 moves`` where room is short."""
    return plural(moves, "move") if short else f"moves {moves}"


def header_redeals(left: str, short: bool) -> str:
    """The header's redeals left (``left``: a number, or ``∞``): ``redeals left 2``, or ``2 redeals``."""
    if not short:
        return f"redeals left {left}"
    return plural(int(left), "redeal") if left.isdigit() else f"{left} redeals"


def header_auto(on: bool) -> str:
    """The header's safe auto-play: ``auto on``, ``auto off``."""
    return f"auto {'on' if on else 'off'}"


def deal_handed(deal: int, grade: str | None) -> str:
    """A deal handed out from the shipped grades: the deal of the day (``grade`` None) or one of a grade."""
    what = "the deal of the day" if grade is None else f"a winnable {grade} deal"
    return f"deal {deal}: {what}"


def no_deal_shipped(error: object) -> str:
    return f"no such deal shipped for this game: {error}"


NEW_DEAL_QUESTION = "New deal: any, winnable, winnable of a grade, or the deal of the day"
NEW_DEAL_CHOICES = {"any": "Any deal", "winnable": "Winnable", "easy": "Easy", "medium": "Medium", "hard": "Hard",
                    "expert": "Expert", "daily": "Deal of the day"}
"""The choices of a new deal, as their buttons say them."""
NEW_DEAL_SHORT = {**{choice: label.lower() for choice, label in NEW_DEAL_CHOICES.items()}, "any": "any",
                  "daily": "today"}
"""The same, as a line of keys says them."""
HELP_SCROLLS = "(Esc closes, arrows scroll)"
HELP_CLOSES = "Esc closes this help."
OPTIONS_HOW = "Options (napoleon play GAME -o NAME=VALUE):"
MOUSE_HELP = """Mouse: click a card (or a card deeper in a run) to pick it up, then click where
it goes; click the stock to turn a card; double-click a card to send it home.
Marked green while you hold a card: the piles it may legally go to.
The header says whether the position is still winnable: the solver searches it
in the background after every move ("unknown" when it runs out of time)."""


def keys_said(pairs: list[tuple[str, str]]) -> str:
    """A screen's keys in one line: ``n/Enter any · w winnable · Esc cancel``."""
    return " · ".join(f"{keys} {what}" for keys, what in pairs)


def piles_in_notation(abbrs: list[str] | tuple[str, ...]) -> str:
    return "Piles in move notation: " + " ".join(abbrs)


def deal_number_asked(most: int, now: int) -> str:
    return f"Deal number (1 to {most}); now {now}:"


def deal_number_range(most: int) -> str:
    return f"a deal number is from 1 to {most}"


def move_asked(piles: str) -> str:
    return f"Move (e.g. T3-F1, T3-F, S-W, redeal). Piles: {piles}"


def terminal_too_small(game_name: str, need: tuple[int, int], now: tuple[int, int]) -> str:
    return (f"The terminal is too small for {game_name}: it needs at least {need[0]} x {need[1]} "
            f"(now {now[0]} x {now[1]}). Make the window bigger.")
