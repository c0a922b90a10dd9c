"""What the app's mixins (:mod:`.bars`, :mod:`.solving`, :mod:`.hand`, :mod:`.turns`,
:mod:`.deals`, :mod:`.dialogs`) may use of the app.

The mixins are parts of :class:`~napoleon.interfaces.tui.app.NapoleonApp`
kept in their own files. They subclass :class:`AppHost`, which declares the
app's attributes and methods they use (annotations only: it defines
nothing, so it shadows nothing of the app or of Textual's ``App``). The
mixins thus name no module above them, and the app, which defines each of
these, is the one place they come from (``tests/tui/test_host.py`` checks it
does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.text import Text
    from textual.geometry import Size
    from textual.timer import Timer

    from ...analysis import Analysis, Answer
    from ...engine.game import Game
    from ...engine.move import Move
    from ...engine.state import State
    from ...session import Session
    from .board import Board
    from .review import ReviewsAtWork
    from .solving import Playback


class AppHost:
    """The app as its mixins see it."""

    # The game being played and the position on screen.
    session: Session
    state: State
    game: Game
    board: Board
    size: Size
    # The player's hand: the pile under the cursor, the cards held, where they may go.
    cursor: int
    depth: int
    held: tuple[int, int] | None
    target_counts: dict[int, set[int]]
    # The analysis (the solver's searches): what it last said, whether it is searching.
    analysis: Analysis
    generation: int
    answer: Answer | None
    searching: bool
    want: str | None
    analysis_on: bool
    budgets: tuple[float, ...]
    hint_budget: float | None
    solve_budget: float | None
    hint_states: int | None
    hint_move: Move | None
    _find_last_winnable: Callable[..., Any]
    # The solution player.
    playback: Playback | None
    step_delay: float
    # Playing, and changing the game.
    play: Callable[[Move], bool]
    _news: Callable[..., None]
    _after_change: Callable[..., None]
    _first_cursor: Callable[[], int]
    start_deal: Callable[..., None]
    action_redeal: Callable[[], None]
    action_undo: Callable[[], None]
    action_restart: Callable[[], None]
    action_back_to_winnable: Callable[[], None]
    action_review: Callable[[], None]
    reviews: ReviewsAtWork
    # Telling the player, and redrawing.
    message: Text | None
    say: Callable[..., None]
    warn: Callable[[str], None]
    store_or_warn: Callable[[str], Any]
    _update_info: Callable[[], None]
    _redraw: Callable[[], None]
    _begin: Callable[[], None]
    set_interval: Callable[..., Timer]
    push_screen: Callable[..., Any]
    # Where the game is kept (the store's recorder, or None).
    recorder: Any
    run_worker: Callable[..., Any]


HOST_NAMES = tuple(AppHost.__annotations__)
"""The names the app must define."""
