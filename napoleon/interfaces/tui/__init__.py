"""The full-screen terminal game (Textual): ``napoleon play GAME``.

Modules: :mod:`.app` (the app: a session on the screen, its widgets and
redraw, the settings), and its parts, mixins each in its own file:
:mod:`.hand` (the cursor, picking cards up and dropping them, clicks),
:mod:`.turns` (undo, redo, restart, redeal, auto-play, finish),
:mod:`.deals` (new deal, chosen deal, the deal's grade), :mod:`.dialogs`
(end of game, statistics, help, typed move), :mod:`.solving` (hint, solution
and verdict from :mod:`napoleon.analysis`), :mod:`.reviewing` (reviews and
their Play from here) and :mod:`.bars` (the header and the status line);
:mod:`.host` (what those mixins may use of the app).
Beside them: :mod:`.keys` (the key bindings, from :mod:`napoleon.keymap`),
:mod:`.board` (drawing and clicks), :mod:`.layout` (where the piles go, per
game family), :mod:`.cardfaces` (card text and colours), :mod:`.screens`
(help, choose a deal, type a move, end of game, "are you sure"),
:mod:`.newdeal` (the new-deal choice) and :mod:`.review` (the review and past games screens).
"""

from .app import NapoleonApp, run

__all__ = ["NapoleonApp", "run"]
