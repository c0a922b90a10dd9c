"""Sentences written in code: the string literals of a piece of code that a player would read as words."""

from __future__ import annotations

import ast
import inspect
import re
import textwrap

TWO_WORDS = re.compile(r"[A-Za-z]{2,}[ ,:.!?…]*[ ][ ,:.!?…]*[A-Za-z]")
STYLES = {"bold", "dim", "reverse", "italic", "green", "red", "yellow", "on", "{}"}


def sentences_in(obj: object) -> list[str]:
    """The string literals of ``obj``'s code that are a player's sentence (docstrings left out)."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(obj)))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            found.append("".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values))
    # Two words of a player's language; CSS (the screens' DEFAULT_CSS), styles and keys are not sentences.
    return [text for text in found if TWO_WORDS.search(text.replace("{}", ""))
            and "{" not in text.replace("{}", "") and ";" not in text and not set(text.split()) <= STYLES]


WORD = re.compile(r"[A-Za-z]{2,}")


def words_in(obj: object, not_said: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
    """The string literals of ``obj``'s code with a word in them: the short labels (``moves 12``,
    ``auto on``) that :func:`sentences_in` lets pass as less than a sentence. Docstrings, dictionary
    keys, styles and the literals of ``not_said`` (a grade compared, an overflow mode) are left out."""
    tree = ast.parse(textwrap.dedent(inspect.getsource(obj)))
    skipped = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    skipped |= {id(node.slice) for node in ast.walk(tree) if isinstance(node, ast.Subscript)}
    inner = {id(v) for node in ast.walk(tree) if isinstance(node, ast.JoinedStr) for v in node.values}
    found = []
    for node in ast.walk(tree):
        if id(node) in skipped or id(node) in inner:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.append(node.value)
        elif isinstance(node, ast.JoinedStr):
            found.append("".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values))
    return [text for text in found if WORD.search(text) and text not in not_said and text.strip() not in STYLES]
