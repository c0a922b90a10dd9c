"""The page: ``/`` and the card faces under ``/cards/`` (the modules under ``/static/`` are served as files)."""

from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from pathlib import Path

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ... import voice
from ...schemas import SchemaError, parse
from ...schemas.web import CardPath
from .errors import ApiError

STATIC = Path(__file__).parent / "static"
CARDS = STATIC / "cards"
BACK_COLOURS = {"back": "#2a5aa8", "back-red": "#a8322a", "back-green": "#2a7a3e"}  # the page's card backs


async def index(request: Request) -> Response:
    """The page itself (never cached, so that a new version of the server is picked up at once)."""
    return HTMLResponse(served_page(), headers={"Cache-Control": "no-cache"})


def served_page() -> str:
    """The page as ``napoleon serve`` sends it: its text the voice's (:func:`page_text`), carrying the
    sentences the page says when it cannot
    ask for them (:data:`napoleon.voice.UNASKED`: the server cannot be reached, the static site's
    worker or Python failed), each a ``<meta name="napoleon-KEY">``."""
    html = page_text((STATIC / "index.html").read_text())
    meta = "".join(f'<meta name="napoleon-{key}" content="{escape(text)}">\n' for key, text in voice.UNASKED.items())
    return html.replace("</head>", meta + "</head>", 1)


def page_text(html: str) -> str:
    """The page's HTML with its text filled in: each ``{{key}}`` the voice's :data:`~napoleon.voice.PAGE_TEXT`
    entry, escaped, a command in backquotes shown as code. A key the voice does not have is an error."""
    def one(match: re.Match[str]) -> str:
        return re.sub(r"`([^`]+)`", r"<code>\1</code>", escape(voice.PAGE_TEXT[match.group(1)]))

    return re.sub(r"\{\{(\w+)\}\}", one, html)


async def card(request: Request) -> Response:
    """A card face, ``/cards/two/QH.svg`` or ``/cards/four/QH.svg``, or the whole deck the page draws
    from, ``/cards/two/deck.svg``; 404 for any other name."""
    style, name = request.path_params["style"], request.path_params["name"]
    try:
        parse(CardPath, {"style": style, "name": name}, "card")
    except SchemaError:
        raise ApiError(404, f"no card image {style[:10]}/{name[:20]}.svg") from None
    svg = deck_svg(style == "four") if name == "deck" else card_svg(name, style == "four")
    return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "public, max-age=86400"})


@lru_cache(maxsize=128)
def card_svg(name: str, four_colour: bool) -> str:
    """A card's SVG: the face as shipped, or its four-colour form (clubs green, diamonds blue).

    The back's diamond pattern is tinted (blue, or red or green for
    ``back-red`` and ``back-green``, the page's choice), so a face-down
    stock reads at a glance. Adrian Kennard's four-colour deck differs from the two-colour one only in
    the colour of the suit symbols and indices (``<symbol id="S..">`` and
    ``<symbol id="V..">``), so it is derived here rather than shipped twice.
    """
    if name in BACK_COLOURS:
        return (CARDS / "back.svg").read_text().replace('fill="black"', f'fill="{BACK_COLOURS[name]}"')
    svg = (CARDS / f"{name}.svg").read_text()
    if not four_colour:
        return svg
    suit = name[1]
    swap = {"C": ("black", "green"), "D": ("red", "blue")}.get(suit)
    if swap is None:
        return svg
    old, new = swap
    pattern = re.compile(r'<symbol id="[SV]' + suit + r'[^"]*".*?</symbol>', re.DOTALL)
    return pattern.sub(lambda m: m.group(0).replace(f'"{old}"', f'"{new}"'), svg)


CARD_NAMES = tuple(sorted(p.stem for p in CARDS.glob("*.svg") if p.stem != "back")) + tuple(BACK_COLOURS)
_SHARED = re.compile(r"<defs>.*?</defs>|<symbol .*?</symbol>", re.DOTALL)  # in the faces as shipped, never nested
_ID = re.compile(r'(id="|href="#|url\(#)([^")]+)')


@lru_cache(maxsize=2)
def deck_svg(four_colour: bool) -> str:
    """Every card of :func:`card_svg` in one SVG document, each a ``<symbol>`` named as the card
    (``QH``, ``back-red``), that the page draws with ``<use href="deck.svg#QH">``.

    The page drew each card as an image of its own: 52 SVG documents, each parsed and painted on
    the page's main thread when a deal is first drawn (some 0.2-0.6 s of a start). The deck is one
    document, parsed once. Each card's own ids are prefixed with its name and a dot (``QH.SHQ``),
    so that they stay apart.
    """
    parts = ['<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">']
    for name in CARD_NAMES:
        svg = _ID.sub(lambda m, n=name: f"{m.group(1)}{n}.{m.group(2)}", card_svg(name, four_colour))
        body = svg[svg.index(">", svg.index("<svg")) + 1:svg.rindex("</svg>")]
        parts.extend(_SHARED.findall(body))
        parts.append(f'<symbol id="{name}" viewBox="-120 -168 240 336" preserveAspectRatio="none">'
                     f'{_SHARED.sub("", body)}</symbol>')
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["BACK_COLOURS", "CARDS", "CARD_NAMES", "STATIC", "card", "card_svg", "deck_svg", "index", "page_text",
           "served_page"]
