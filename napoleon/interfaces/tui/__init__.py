"""The full-screen terminal game (Textual): ``napoleon play GAME``.

Modules: :mod:`.app` (the app and its keys), :mod:`.board` (drawing and
clicks), :mod:`.layout` (where the piles go, per game family),
:mod:`.cardfaces` (card text and colours), :mod:`.screens` (help, deal,
end of game), :mod:`.solving` (hint, solution and verdict from :mod:`napoleon.analysis`).
"""

from .app import NapoleonApp, run

__all__ = ["NapoleonApp", "run"]
