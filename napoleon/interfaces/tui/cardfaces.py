"""How a card looks in the terminal: compact text and colours.

A card is a tile of 3 or 5 cells: ``10♥`` or `` 10♥ ``. Colours are given
as RGB and chosen so that Rich's downgrade to 256 or 16 colours still gives
a white tile with red or black print (four-colour deck: clubs green,
diamonds blue, hearts red, spades black).

>>> from napoleon.cards import parse_card
>>> face_text(parse_card("TH"), 3), face_text(parse_card("AS"), 3), face_text(parse_card("KD"), 5)
('10♥', ' A♠', '  K♦ ')
"""

from __future__ import annotations

from rich.style import Style

from ...cards import SUIT_SYMBOLS, rank, suit

RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

FELT = "#0f3b24"
CARD_BG = "#f2f2ec"
CARD_BG_ALT = "#d0d0c8"  # every other card of a sideways fan, to tell them apart
BLACK = "#101010"
RED = "#c41818"
FOUR_COLOURS = ("#107a10", "#1646c0", RED, BLACK)  # clubs, diamonds, hearts, spades

CURSOR_BG = "#ffd75f"
HELD_BG = "#5fd7ff"
TARGET_BG = "#5fd75f"
HINT_BG = "#d787ff"

LABEL = Style(color="#a8c8b0", bgcolor=FELT)
LABEL_DIM = Style(color="#5f8068", bgcolor=FELT)
BACKGROUND = Style(bgcolor=FELT)
BACK = Style(color="#c8d8ff", bgcolor="#1c3c94")
EMPTY = Style(color="#80a890", bgcolor="#0a2a18")
MORE = Style(color="#e0e0e0", bgcolor="#3a5a48", italic=True)


def face_text(card: int, width: int) -> str:
    """The card's rank and suit symbol, right-aligned in a 3-cell core."""
    core = f"{RANK_TEXT[rank(card)]:>2}{SUIT_SYMBOLS[suit(card)]}"
    return core if width <= 3 else f" {core} ".ljust(width)


def short_text(card: int) -> str:
    """``10♥``: the card as it is written in messages."""
    return f"{RANK_TEXT[rank(card)]}{SUIT_SYMBOLS[suit(card)]}"


def slot_text(kind: str, width: int) -> str:
    """The mark of an empty pile: what it takes (``A``, ``K``), ``·`` if never filled."""
    inner = {"any": " ", "aces": "A", "kings": "K", "none": "·", "out": "×"}.get(kind, " ")
    if kind in ("none", "out"):
        return inner.center(width)
    return f"[{inner.center(width - 2)}]"


def suit_colour(card: int, four_colour: bool) -> str:
    s = suit(card)
    if four_colour:
        return FOUR_COLOURS[s]
    return RED if s in (1, 2) else BLACK


def face_style(card: int, four_colour: bool, alt: bool = False, bg: str | None = None) -> Style:
    """The tile style: suit colour on white (or on ``bg`` when marked)."""
    return Style(color=suit_colour(card, four_colour), bgcolor=bg or (CARD_BG_ALT if alt else CARD_BG), bold=True)
