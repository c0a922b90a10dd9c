"""The full-screen terminal game (Textual): ``napoleon play GAME``.

Modules: :mod:`.app` (the app: a session on the screen, its actions),
:mod:`.keys` (its key bindings, from :mod:`napoleon.keymap`), :mod:`.bars`
(the header and the status line), :mod:`.board` (drawing and clicks),
:mod:`.layout` (where the piles go, per game family), :mod:`.cardfaces`
(card text and colours), :mod:`.screens` (help, choose a deal, type a move, end of game,
"are you sure"), :mod:`.newdeal` (the new-deal choice), :mod:`.solving`
(hint, solution and verdict from :mod:`napoleon.analysis`) and :mod:`.host`
(what the mixins :mod:`.bars` and :mod:`.solving` may use of the app).
"""

from .app import NapoleonApp, run

__all__ = ["NapoleonApp", "run"]
