"""The page writes no sentence of its own: what it says itself is the voice's (served with the
catalogue as ``words``), filled in as :func:`napoleon.voice.fill` fills it."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from napoleon import voice

JS = Path(voice.__file__).parent.parent / "interfaces" / "web" / "static" / "js"
# The modules of the game's table, its bars and its pages.
SPOKEN = ("app.js", "wayback.js", "replay.js", "dialogs.js", "badge.js", "play.js", "routing.js", "stats.js",
          "toolbar.js", "names.js", "transfer.js", "keyboard.js", "announce.js", "api.js", "review.js",
          # the static site's: the page's carrier, its worker and the Python it starts
          "backend.js", "pyworker.js", "python.js")
CLASS_NAMES = {"badge-state unknown", "badge-state busy", "stats history", "stats review-moves"}
# A heading's or a button's word ("Move", "To win", "None."): a label is a sentence too.
LABEL = re.compile(r"[A-Z][a-z]+(?: [a-z]+)*[.…!]?")
KEY_NAMES = {"Enter"}  # a key as the browser names it (event.key)
# Never shown: a worker's name, which only the browser's developer tools show; a kept copy of
# Python that fails to restore, which is dropped and Python started anew.
NOT_SAID = {"napoleon search (${this.name})", "the kept copy is not whole"}


def literals(path: Path) -> list[tuple[int, str]]:
    """The string literals of a module's code (its comments left out)."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), path.read_text(), flags=re.S)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        code = re.sub(r"(^|\s)//.*$", "", line)
        for m in re.finditer(r'"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`|\'((?:[^\'\\]|\\.)*)\'', code):
            found.append((number, next(g for g in m.groups() if g is not None)))
    return found


def is_sentence(text: str) -> bool:
    """Two words or more of a player's language, or a word said ("won!", "grade: ${grade}"); not a
    class name, a path or a bare template."""
    bare = re.sub(r"\$\{[^}]*\}", "", text).strip()
    said = re.search(r"[A-Za-z]{2,}[ ,:.!?…]+[A-Za-z]", bare) or re.search(r"[A-Za-z]{2,}(!|: )", text)
    named = re.fullmatch(r"[\w.-]+", bare)  # a file's or a module's name: site.json, napoleon.voice
    return (bool(said) and not named and "/" not in bare and bare not in CLASS_NAMES and not bare.startswith("svg:")
            and text not in NOT_SAID)


@pytest.mark.parametrize("name", SPOKEN)
def test_the_page_writes_no_sentence_of_its_own(name):
    own = [f"{name}:{n}: {text}" for n, text in literals(JS / name)
           if is_sentence(text) or (LABEL.fullmatch(text) and text not in KEY_NAMES)]
    assert own == [], "put these in napoleon.voice.PAGE_WORDS and write them with sentence()"


def test_every_sentence_the_page_asks_for_is_the_voices():
    asked = set()
    for path in JS.glob("*.js"):
        text = path.read_text()
        for call in re.finditer(r"sentence\(([^{)]*)", text):  # the names in its first argument
            asked |= set(re.findall(r'(?<!=== )"(\w+)"', call.group(1)))
    assert asked and asked <= voice.PAGE_WORDS.keys(), asked - voice.PAGE_WORDS.keys()
    badge = (JS / "badge.js").read_text()
    titles = re.search(r"VERDICT_TITLE = \{([^}]*)\}", badge).group(1)
    assert set(re.findall(r'"(\w+)"', titles)) <= voice.PAGE_WORDS.keys()


def test_the_page_fills_a_sentence_as_the_voice_does():
    # The page's sentence() and voice.fill follow one rule: a count and its word, plural unless 1.
    util = (JS / "util.js").read_text()
    assert r"/\{(\w+)(?::([^}]+))?\}/g" in util and 'Number(value) === 1 ? "" : "s"' in util
    assert voice.fill(voice.PAGE_WORDS["solution_shown"], moves=1) == "Solution shown: 1 move."
    assert voice.fill(voice.PAGE_WORDS["stats_reset"], games=2) == \
        "Statistics reset: 2 finished games no longer counted."


def test_a_result_has_one_word_wherever_it_is_shown():
    from napoleon.interfaces.tui import review

    assert voice.RESULTS["abandoned"] == "given up"
    assert review.RESULTS is voice.RESULTS
    assert "RESULTS" not in (JS / "stats.js").read_text()
    assert voice.page_words()["results"] == voice.RESULTS


def test_what_the_page_says_unasked_is_written_into_it():
    # No server, no worker, no Python: the page cannot ask for these, so both pages carry them.
    from napoleon.interfaces.web.page import served_page
    from napoleon.interfaces.web.site import page_html

    said = set()
    for path in JS.glob("*.js"):
        said |= set(re.findall(r'unasked\("([\w-]+)"', path.read_text()))
    assert said == voice.UNASKED.keys()
    for page in (served_page(), page_html()):
        for key, text in voice.UNASKED.items():
            assert f'<meta name="napoleon-{key}" content="{html.escape(text)}">' in page
    assert "{why}" in voice.UNASKED["python-not-started"]


def test_the_site_worker_reads_the_voice_from_python():
    worker = (JS / "pyworker.js").read_text()
    names = set(re.findall(r'said\("(\w+)"\)', worker))
    assert names and all(isinstance(getattr(voice, name), str) for name in names)


class _Shown(HTMLParser):
    """The text an HTML page shows of its own: its text and the words of its tips and labels."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[int, str]] = []

    def handle_data(self, data: str) -> None:
        self.found.append((self.getpos()[0], data))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found += [(self.getpos()[0], v) for k, v in attrs if k in ("title", "aria-label", "placeholder", "alt") and v]


def test_the_pages_html_writes_no_text_of_its_own():
    # What the page shows before any script runs is the voice's (PAGE_TEXT), each in its place as {{key}}.
    page = (JS.parent / "index.html").read_text()
    shown = _Shown()
    shown.feed(page)
    own = [f"index.html:{n}: {text.strip()}" for n, text in shown.found
           if re.search(r"[A-Za-z]{2,}", re.sub(r"\{\{\w+\}\}", "", text))]
    assert own == [], "put these in napoleon.voice.PAGE_TEXT and write {{key}} in their place"
    assert set(re.findall(r"\{\{(\w+)\}\}", page)) == voice.PAGE_TEXT.keys()


def test_the_served_page_shows_the_voices_text():
    from napoleon.interfaces.web.page import served_page
    from napoleon.interfaces.web.site import page_html

    for page in (served_page(), page_html()):
        assert "{{" not in page
        assert f'href="#board">{html.escape(voice.PAGE_TEXT["skip_to_table"])}</a>' in page
        assert f'title="{html.escape(voice.PAGE_TEXT["undo_title"])}"' in page
        assert "<code>napoleon export</code>" in page  # a command in backquotes
