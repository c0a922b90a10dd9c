"""The keys of a game, one map for the terminal and the page.

A key means the same thing wherever it works: ``r`` redoes, ``R`` restarts,
``F`` finishes, ``f`` sends a card home. The terminal binds these keys and
draws its help from this table; the page is served the same table
(``GET /api/catalog``, ``keys``) and does the same. A few actions belong to
one window only (the terminal's typed move; the page has buttons for its
settings): ``where`` says which.

Key names: a letter stands for itself (``R`` is Shift+R), ``ctrl+z``,
``shift+up``, ``space``, ``enter``, ``escape``, ``tab``, ``f1``, the arrows
``up``, ``down``, ``left``, ``right``, and the signs ``?``, ``:``, ``+``, ``-``.

>>> KEYS_BY_ACTION["restart"].keys
('R',)
>>> action_of("r")
'redo'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

BOTH = ("terminal", "page")


@dataclass(frozen=True)
class Key:
    """One action and the keys that do it.

    ``label`` names it in a key bar or a button's title, ``short`` where
    room is short; ``help`` says what it does, for the help; ``bar``: shown
    in the terminal's key bar.
    """

    action: str
    keys: tuple[str, ...]
    label: str
    short: str
    help: str
    bar: bool = False
    where: tuple[str, ...] = BOTH

    def to_json(self) -> dict[str, Any]:
        return {"action": self.action, "keys": list(self.keys), "shown": self.shown, "label": self.label,
                "short": self.short, "help": self.help, "where": list(self.where)}

    @property
    def shown(self) -> str:
        """The keys as a help shows them: ``u Ctrl+Z``, ``Shift+↑ Shift+↓ + -``."""
        return " ".join(_shown(k) for k in self.keys)


KEYS: tuple[Key, ...] = (
    Key("select", ("space", "enter"), "Pick/put", "pick",
        "pick up the card(s) at the cursor / put them down there (on the stock: turn a card, or redeal)", bar=True),
    Key("move", ("left", "right", "up", "down"), "Move", "move", "move the cursor between piles"),
    Key("cycle", ("tab", "shift+tab"), "Next pile", "next", "the next pile / the one before", where=("terminal",)),
    Key("depth", ("shift+up", "shift+down", "+", "-"), "More/fewer", "more",
        "take one card more / fewer from a run"),
    Key("cancel", ("escape",), "Put back", "back", "put the held cards back; stop showing the solution"),
    Key("foundation", ("f",), "Home", "home", "send the card at the cursor to a foundation (a double click does too)",
        bar=True),
    Key("redeal", ("d",), "Redeal", "redeal", "redeal the cards, where the game allows it"),
    Key("undo", ("u", "ctrl+z"), "Undo", "undo", "take back the last turn", bar=True),
    Key("redo", ("r", "ctrl+y"), "Redo", "redo", "play the last turn taken back again", bar=True),
    Key("new_deal", ("n",), "New", "new", "a new deal (a game left under way counts as played and lost)", bar=True),
    Key("restart", ("R",), "Restart", "restart", "back to the start of the deal (redo plays the moves again)"),
    Key("finish", ("F",), "Finish", "finish", "play out a game whose every card left goes home by itself"),
    Key("auto", ("a",), "Auto", "auto", "play every card that is safe to play home now"),
    Key("autoplay", ("A",), "Auto-play", "auto-play", "safe auto-play after each move on / off",
        where=("terminal",)),
    Key("hint", ("h",), "Hint", "hint", "the next move of a solution (the game then counts as played with help)",
        bar=True),
    Key("solve", ("s",), "Solve", "solve",
        "show the solution on a copy of the table: your game stays as it was (it counts as played with help)",
        bar=True),
    Key("back_to_winnable", ("b",), "Back to winnable", "back",
        "after a loss: back to the last position the solver found winnable"),
    Key("choose_deal", ("g",), "Deal #", "deal", "choose a deal by its number", where=("terminal",)),
    Key("stats", ("S",), "Statistics", "stats", "the statistics of this game", where=("terminal",)),
    Key("review", ("v",), "Review", "review",
        "review this game: the verdict after every move, the move that lost it and a line that wins",
        where=("terminal",)),
    Key("past_games", ("p",), "Past games", "past", "the games played before, to review one", where=("terminal",)),
    Key("colours", ("c",), "4-colour", "colours", "four-colour deck on / off", where=("terminal",)),
    Key("type_move", (":",), "Type move", "type", "type a move in notation (T3-F1, S-W2, redeal)",
        where=("terminal",)),
    Key("help", ("?", "f1"), "Help", "help", "this help", bar=True),
    Key("quit_game", ("q",), "Quit", "quit", "quit (the game is kept, to resume)", bar=True, where=("terminal",)),
)
"""Every action with keys, in the order the help lists them."""

KEYS_BY_ACTION = {k.action: k for k in KEYS}

END_KEYS: tuple[Key, ...] = (
    Key("next_deal", ("enter", *KEYS_BY_ACTION["new_deal"].keys), "Next deal", "next", "the next deal by number"),
    Key("random_deal", ("x",), "Random deal", "random", "a deal drawn at random", where=("terminal",)),
    KEYS_BY_ACTION["restart"],
    KEYS_BY_ACTION["review"],
    KEYS_BY_ACTION["undo"],
    KEYS_BY_ACTION["back_to_winnable"],
    Key("look", KEYS_BY_ACTION["cancel"].keys, "Look at the board", "look", "close this and look at the board"),
)
"""The choices when a game ends, in the order they are offered: where a choice does what an action of
the table does (undo, restart, review, back to winnable) it is that action, with its keys."""
END_AFTER_LOSS = ("undo", "back_to_winnable")
"""The end's choices offered only after a loss."""


def action_of(key: str) -> str | None:
    """The action of ``key``, or None."""
    return next((k.action for k in KEYS if key in k.keys), None)


def keys_json(where: str) -> list[dict[str, Any]]:
    """The table for one window (``"terminal"`` or ``"page"``), as JSON."""
    return [k.to_json() for k in KEYS if where in k.where]


def _shown(key: str) -> str:
    names = {"space": "Space", "enter": "Enter", "escape": "Esc", "tab": "Tab", "shift+tab": "Shift+Tab", "f1": "F1",
             "left": "←", "right": "→", "up": "↑", "down": "↓", "shift+up": "Shift+↑", "shift+down": "Shift+↓"}
    if key.startswith("ctrl+"):
        return "Ctrl+" + key[5:].upper()
    return names.get(key, key)


def help_lines(where: str) -> list[tuple[str, str]]:
    """(the keys as shown, what they do) for each action of one window, for its help."""
    return [(key.shown, key.help) for key in KEYS if where in key.where]
