"""The names the rules are written in: the roles of piles, what an empty pile takes, how suits relate.

They are the engine's words for its rules (:mod:`napoleon.engine.rules`) and the JSON's pile name
prefixes; the voice (:mod:`napoleon.voice`), which stands below the engine, reads them here too.
"""

from __future__ import annotations

# What an empty tableau pile takes.
ANY, KINGS, ACES, NONE = "any", "kings", "aces", "none"
# How suits relate along a built pile.
SAME, ALTERNATE, ANY_SUIT = "same", "alternate", "any"

# Pile roles; also the JSON pile name prefixes.
STOCK, WASTE, FOUNDATION, TABLEAU, RESERVE, CENTRAL, CELL = (
    "stock", "waste", "foundation", "tableau", "reserve", "central", "cell",
)
