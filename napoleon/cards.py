"""Cards as small integers, and their two-character text form.

A card is ``suit << 4 | rank`` with rank 1 (Ace) to 13 (King) and suit 0-3 in
the order clubs, diamonds, hearts, spades. Integers keep the move generator
fast; the text form (rank then suit) is what people and JSON see.

>>> card_str(parse_card("TD"))
'TD'
>>> rank(parse_card("QH")), suit_char(parse_card("QH"))
(12, 'H')
>>> parse_card("10s") == parse_card("TS")
True
"""

from __future__ import annotations

SUITS = "CDHS"
RANKS = "A23456789TJQK"
SUIT_SYMBOLS = "♣♦♥♠"
ACE, KING = 1, 13
CLUBS, DIAMONDS, HEARTS, SPADES = range(4)


def make_card(rank: int, suit: int) -> int:
    """The card of ``rank`` (1-13) and ``suit`` (0-3)."""
    return suit << 4 | rank


def rank(card: int) -> int:
    """Rank of a card, 1 (Ace) to 13 (King)."""
    return card & 15


def suit(card: int) -> int:
    """Suit of a card, 0-3 in the order of :data:`SUITS`."""
    return card >> 4


def suit_char(card: int) -> str:
    return SUITS[card >> 4]


def is_red(card: int) -> bool:
    """Diamonds and hearts are red."""
    return (card >> 4) in (DIAMONDS, HEARTS)


def card_str(card: int) -> str:
    """Two characters, rank then suit: ``AS``, ``TD``, ``KH``."""
    return RANKS[(card & 15) - 1] + SUITS[card >> 4]


def parse_card(text: str) -> int:
    """Parse ``AS``, ``td``, ``10H``; raise ValueError on anything else."""
    t = text.strip().upper()
    if t.startswith("10"):
        t = "T" + t[2:]
    if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
        raise ValueError(f"not a card: {text!r} (expected rank then suit, e.g. AS, TD, 7H)")
    return make_card(RANKS.index(t[0]) + 1, SUITS.index(t[1]))


def deck(decks: int = 1) -> list[int]:
    """The cards of ``decks`` full decks in the canonical order.

    Clubs A-K, diamonds A-K, hearts A-K, spades A-K, then the same again for
    a second deck. The shuffle starts from this order.
    """
    one = [make_card(r, s) for s in range(4) for r in range(1, 14)]
    return one * decks

