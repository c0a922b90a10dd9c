"""The terminal's key bindings, made from the one key map (:mod:`napoleon.keymap`) the page uses too."""

from __future__ import annotations

from textual.binding import Binding, BindingType

from ...keymap import END_KEYS, KEYS

TEXTUAL_NAMES = {"?": "question_mark", ":": "colon", "+": "plus", "-": "minus"}
"""Textual's names of the keys the map writes as signs."""

WITH_ARGUMENTS = {
    "left": "move(-1, 0)", "right": "move(1, 0)", "up": "move(0, -1)", "down": "move(0, 1)",
    "tab": "cycle(1)", "shift+tab": "cycle(-1)",
    "shift+up": "depth(1)", "+": "depth(1)", "shift+down": "depth(-1)", "-": "depth(-1)",
}
"""The actions whose keys differ by direction: what each key calls."""

PRIORITY = {"tab", "shift+tab"}
"""Keys the app takes before any widget (Tab would move the focus)."""


def terminal_bindings() -> list[BindingType]:
    """One Binding a key of every action the terminal has, in the key map's order."""
    out: list[BindingType] = []
    for key in KEYS:
        if "terminal" not in key.where:
            continue
        for name in key.keys:
            action = WITH_ARGUMENTS.get(name, key.action)
            out.append(Binding(TEXTUAL_NAMES.get(name, name), action, key.label, show=False,
                               priority=name in PRIORITY))
    return out


def end_bindings() -> list[BindingType]:
    """The end-of-game screen's bindings: each key of :data:`~napoleon.keymap.END_KEYS` chooses its action."""
    return [Binding(TEXTUAL_NAMES.get(name, name), f"choose('{key.action}')", key.label)
            for key in END_KEYS for name in key.keys]
