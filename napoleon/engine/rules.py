"""Rules as data: how cards build on piles and where a pile's cards may go.

What the six games share is described here declaratively: a game is mostly a
list of :class:`Group` values, each naming a kind of pile, how many there are,
how the player builds on them (:class:`Build` or :class:`Foundation`) and where
their top cards may go. The engine compiles these into lookup tables once per
game, so checking a move is a set membership test.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import ACE, KING, is_red, make_card, rank, suit

from ..rule_names import (  # noqa: F401 - the rules' names, which the engine's users take from here
    ACES,
    ALTERNATE,
    ANY,
    ANY_SUIT,
    CELL,
    CENTRAL,
    FOUNDATION,
    KINGS,
    NONE,
    RESERVE,
    SAME,
    STOCK,
    TABLEAU,
    WASTE,
)

ABBREVIATIONS = {
    STOCK: "S", WASTE: "W", FOUNDATION: "F", TABLEAU: "T",
    RESERVE: "R", CENTRAL: "C", CELL: "C",
}

CARD_SLOTS = 64  # card ints are below 64: a table indexed by card


@dataclass(frozen=True)
class Build:
    """How the player builds on a tableau-like pile.

    ``up``: a card one rank higher may go on the top card; ``down``: one rank
    lower; both may be true. ``wrap``: the sequence continues King-Ace (up) or
    Ace-King (down). ``space``: what an empty pile takes. ``runs``: a run that
    is itself built by this rule may move as one unit.
    """

    up: bool = False
    down: bool = False
    suit: str = SAME
    wrap: bool = False
    space: str = ANY
    runs: bool = False
    top: int = KING  # the highest rank: lower only in a reduced deck (Game.reduced)

    def fits(self, card: int, top: int) -> bool:
        """Whether ``card`` may be put on ``top``."""
        if self.suit == SAME and suit(card) != suit(top):
            return False
        if self.suit == ALTERNATE and is_red(card) == is_red(top):
            return False
        r, t = rank(card), rank(top)
        if self.up and (r == t + 1 or (self.wrap and t == self.top and r == ACE)):
            return True
        return bool(self.down and (r == t - 1 or (self.wrap and t == ACE and r == self.top)))

    def takes_on_space(self, card: int) -> bool:
        """Whether an empty pile takes ``card``."""
        return (
            self.space == ANY
            or (self.space == KINGS and rank(card) == self.top)
            or (self.space == ACES and rank(card) == ACE)
        )


@dataclass(frozen=True)
class Foundation:
    """A foundation: started by ``start`` rank, built in suit up or down.

    ``length`` 26 means the foundation goes round twice (the Tomb: K down to
    A, then the second King on the Ace and down again). With ``one_per_suit``
    an empty foundation takes only a suit that has no foundation yet in its
    group. ``preset`` names the card a foundation starts with (St. Helena).
    """

    start: int = ACE
    up: bool = True
    length: int = 13
    one_per_suit: bool = False
    top: int = KING  # the highest rank: lower only in a reduced deck (Game.reduced)

    def fits(self, card: int, top: int) -> bool:
        """Whether ``card`` may go on a foundation whose top is ``top``.

        The caller checks the foundation is not complete (``length``).
        """
        if suit(card) != suit(top):
            return False
        r, t = rank(card), rank(top)
        step = 1 if self.up else -1
        if r == t + step:
            return True
        end = self.top if self.up else ACE
        return self.length > self.top and t == end and r == self.start

    def takes_on_space(self, card: int) -> bool:
        return rank(card) == self.start


@dataclass(frozen=True)
class Group:
    """A row of interchangeable-looking piles of one role.

    ``to``: the roles its top card may be moved to by the player.
    ``rule``: what the player may put on it (None: nothing, e.g. a reserve,
    or the stock and waste, which only the stock turn feeds).
    ``first_only``: the piles are interchangeable (foundations, cells), so a
    move to any of them is listed once, to the first that takes the card.
    ``label``: a name for the group in rules text and UIs.
    ``whole_to``: roles onto which a whole pile of this group may move as one
    unit, keeping its order, when its bottom card fits the target's top card
    (never onto an empty pile): the Tomb's tableau onto its central reserve.
    ``shrinks``: one pile fewer is in play after each redeal (the Tomb's
    waste piles: 5, then 4, 3, 2, 1).
    """

    role: str
    count: int
    rule: Build | Foundation | None = None
    to: tuple[str, ...] = ()
    first_only: bool = False
    label: str = ""
    numbered: bool | None = field(default=None)
    whole_to: tuple[str, ...] = ()
    shrinks: bool = False

    @property
    def is_numbered(self) -> bool:
        """Whether pile names carry a number (``tableau-3``) or not (``stock``)."""
        if self.numbered is not None:
            return self.numbered
        return self.count > 1 or self.role in (FOUNDATION, TABLEAU, CELL, RESERVE)


def fit_table(rule: Build | Foundation) -> tuple[frozenset[int], ...]:
    """For each possible top card, the cards ``rule`` lets go on it."""
    cards = [make_card(r, s) for s in range(4) for r in range(1, 14)]
    table = [frozenset()] * CARD_SLOTS
    for top in cards:
        table[top] = frozenset(c for c in cards if rule.fits(c, top))
    return tuple(table)


def space_set(rule: Build | Foundation) -> frozenset[int]:
    """The cards an empty pile of ``rule`` takes."""
    return frozenset(make_card(r, s) for s in range(4) for r in range(1, 14) if rule.takes_on_space(make_card(r, s)))
