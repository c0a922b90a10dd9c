"""Every key a player presses is the one key map's: the terminal's table and its end of game, and the
page's table, read their keys from :mod:`napoleon.keymap` and write none apart."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from napoleon import keymap
from napoleon.keymap import END_KEYS, KEYS, KEYS_BY_ACTION

JS = Path(keymap.__file__).parent / "interfaces" / "web" / "static" / "js"
MAP_KEYS = {name for key in (*KEYS, *END_KEYS) for name in key.keys}


def test_the_end_of_game_offers_the_tables_actions_with_their_keys():
    # Undo, restart, review and back to winnable do at the end what they do on the table, by the same keys.
    shared = [key for key in END_KEYS if key.action in KEYS_BY_ACTION]
    assert {key.action for key in shared} == {"undo", "restart", "review", "back_to_winnable"}
    assert all(key is KEYS_BY_ACTION[key.action] for key in shared)
    # The end's own choices take no key the table gives another meaning (n is a new deal in both).
    own = [key for key in END_KEYS if key.action not in KEYS_BY_ACTION]
    for key in own:
        for name in key.keys:
            meaning = keymap.action_of(name)
            assert meaning in (None, "select", "new_deal", "cancel"), (key.action, name, meaning)


def test_the_terminals_end_screen_binds_the_key_maps_end_keys_and_no_other():
    from textual.binding import Binding

    from napoleon.interfaces.tui.keys import TEXTUAL_NAMES
    from napoleon.interfaces.tui.screens import EndScreen

    bound = set()
    for binding in EndScreen.BINDINGS:
        assert isinstance(binding, Binding)
        bound |= {(key, binding.action) for key in binding.key.split(",")}
    wanted = {(TEXTUAL_NAMES.get(name, name), f"choose('{key.action}')") for key in END_KEYS for name in key.keys}
    assert bound == wanted
    assert "Binding(" not in inspect.getsource(EndScreen)


def test_the_pages_table_keys_are_the_key_maps():
    text = (JS / "keyboard.js").read_text()
    code = re.sub(r"//.*$", "", re.sub(r"/\*.*?\*/", "", text, flags=re.S), flags=re.M)
    # The browser's key names are translated to the map's once; the translation gives only the map's names.
    table = re.search(r"const MAP_NAMES = \{(.*?)\};", code, flags=re.S).group(1)
    translated = set(re.findall(r':\s*"([^"]+)"', table))
    assert translated <= MAP_KEYS | {"tab"}, translated - MAP_KEYS
    rest = code.replace(table, "")
    # Past the translation, every case is one of the map's actions, and no letter is a key of its own.
    cases = set(re.findall(r'case "([^"]+)"', rest))
    assert cases and cases <= KEYS_BY_ACTION.keys(), cases - KEYS_BY_ACTION.keys()
    browser_names = {"ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Escape", "F1", "Tab"}
    literals = set(re.findall(r'"([^"]*)"', rest))
    assert not literals & browser_names, literals & browser_names
    assert not {lit for lit in literals if len(lit) == 1 and lit.isalpha()}
    # The names the table's cases compare are the map's names of the keys of those actions.
    for name in set(re.findall(r'name === "([^"]+)"', rest)):
        assert name in MAP_KEYS, name
