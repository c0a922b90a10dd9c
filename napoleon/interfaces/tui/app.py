"""The full-screen game: ``napoleon play GAME``.

The app drives a :class:`~napoleon.session.Session` (moves,
auto-play, undo and redo by turns, the clock, the record in the store) and
shows it on a :class:`~.board.Board`. Keys and clicks pick cards up and put
them down; the engine says what is legal and, for an illegal drop, why. The
analysis (:mod:`napoleon.analysis`) searches each position in a
worker process after every change and the header says whether the position
is still winnable.

The app keeps the session, the widgets and the redraw; its other parts are
mixins in their own files: :mod:`.hand` (cursor, picking up, dropping),
:mod:`.turns` (undo, redo, restart, auto-play, finish), :mod:`.deals` (new
deal, chosen deal, the deal's grade), :mod:`.dialogs` (end of game,
statistics, help, typed move), :mod:`.solving` (hint, solution, verdict),
:mod:`.reviewing` (reviews, Play from here) and :mod:`.bars` (header and status line).
"""

from __future__ import annotations

import sqlite3
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.timer import Timer

from ... import new_game, voice
from ...analysis import Analysis, Answer
from ...engine.errors import NapoleonError
from ...engine.move import Move
from ...engine.state import State, Status
from ...games import DEFAULT_GAME
from ...session import Recorder, Session
from ...store.db import StaleGameError
from ...store.settings import load as load_settings
from ...store.settings import save as save_settings
from .bars import BarsMixin, InfoBar, KeyBar, StatusLine
from .board import Board, Marks
from .deals import DealsMixin, random_deal
from .dialogs import DialogsMixin
from .hand import HandMixin
from .keys import terminal_bindings
from .review import ReviewsAtWork
from .reviewing import ReviewsMixin
from .solving import BUDGETS, HINT_BUDGET, SOLVE_BUDGET, Playback, SolverMixin
from .turns import TurnsMixin


def open_recorder() -> Recorder | None:
    """The store's recorder, when the store can be opened; else None."""
    try:
        from ...store import Store
    except ImportError:
        return None
    try:
        return Store.open().recorder()
    except (NapoleonError, OSError, sqlite3.Error):  # a locked or unwritable database must not stop play
        return None


class NapoleonApp(HandMixin, TurnsMixin, DealsMixin, DialogsMixin, SolverMixin, ReviewsMixin, BarsMixin, App[None]):
    """Play one of the six games in the terminal.

    ``analysis`` runs the solver in the background after every change (turn
    it off for deterministic screenshots); ``step_delay`` is the pause
    between moves when the solution is shown. ``hint_budget`` and
    ``solve_budget`` are the seconds a hint or a solution may search when no
    solution is known (``hint_states`` caps the positions instead, for
    tests); ``budgets`` is the live verdict's ladder of the app's analysis
    (:attr:`analysis`). ``grade`` is the grade of the
    deal asked for (``napoleon play --winnable --grade``), when it is known.
    """

    TITLE = "napoleon"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    NapoleonApp > Screen { layout: vertical; }
    Board { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = terminal_bindings()

    def __init__(
        self,
        game_id: str = DEFAULT_GAME,
        deal: int | None = None,
        options: dict[str, Any] | None = None,
        *,
        session: Session | None = None,
        autoplay: bool | None = None,
        recorder: Recorder | None = None,
        use_store: bool = True,
        analysis: bool = True,
        budgets: tuple[float, ...] = BUDGETS,
        hint_budget: float | None = HINT_BUDGET,
        solve_budget: float | None = SOLVE_BUDGET,
        hint_states: int | None = None,
        step_delay: float = 0.35,
        four_colour: bool | None = None,
        grade: str | None = None,
    ) -> None:
        super().__init__()
        self.use_settings = use_store
        autoplay, four_colour = self._settings(autoplay, four_colour)
        if recorder is None and use_store and session is None:
            recorder = open_recorder()
        self.recorder = recorder
        if session is None:
            state = new_game(game_id, deal if deal is not None else random_deal(), options)
            session = Session(state, autoplay=autoplay, recorder=recorder)
        self.session = session
        self.analysis_on = analysis
        if session.grade is None and session.state.deal:
            self._note_grade(grade)
        self.analysis = Analysis(workers=1, background=1, budgets=budgets)
        self.reviews = ReviewsAtWork(self.analysis, lambda record_id: self.say(voice.review_kept(record_id)))
        self.budgets = budgets
        self.hint_budget = hint_budget
        self.solve_budget = solve_budget
        self.hint_states = hint_states
        self.step_delay = step_delay
        self._make_widgets(four_colour)
        self._empty_hand()

    def _settings(self, autoplay: bool | None, four_colour: bool | None) -> tuple[bool, bool]:
        """Auto-play and the four-colour deck: the player's settings, kept between games when the
        store is in use; an argument overrides them."""
        saved = load_settings() if self.use_settings else {}
        if autoplay is None:
            autoplay = bool(saved.get("autoplay", True))
        if four_colour is None:
            four_colour = bool(saved.get("four_colour", False))
        return autoplay, four_colour

    def _make_widgets(self, four_colour: bool) -> None:
        """The board, the header, the status line and the key bar."""
        self.board = Board(self.session.state)
        self.board.four_colour = four_colour
        self.info = InfoBar(self._info_text)
        self.status_line = StatusLine()
        self.key_bar = KeyBar()

    def _empty_hand(self) -> None:
        """Nothing held, nothing hinted, nothing said or searched yet."""
        self.cursor = self._first_cursor()
        self.depth = 1
        self.held: tuple[int, int] | None = None
        self.target_counts: dict[int, set[int]] = {}
        self.hint_move: Move | None = None
        self.message: Text | None = None
        self.generation = 0
        self.answer: Answer | None = None
        self.searching = False
        self.want: str | None = None
        self.playback: Playback | None = None
        self._playback_timer: Timer | None = None
        self.finish_offer: list[Move] | None = None
        self._end_shown = -1

    BOARD_ACTIONS: ClassVar[frozenset[str]] = frozenset({"move", "cycle", "select", "depth", "foundation"})

    async def on_event(self, event: events.Event) -> None:
        """While the solution is shown on the table, any key goes back to the game and does nothing
        more (Space would otherwise pick up a card, and a key with no action would do nothing)."""
        if isinstance(event, events.Key) and self.playback is not None and len(self.screen_stack) == 1:
            event.stop()
            event.prevent_default()
            self._begin()
            self._update_status()
            return
        await super().on_event(event)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Board keys do nothing while a dialog is open over the board."""
        return not (action in self.BOARD_ACTIONS and len(self.screen_stack) > 1)

    # ------------------------------------------------------------- facts

    @property
    def state(self) -> State:
        return self.session.state

    @property
    def game(self):
        return self.session.state.game

    def _first_cursor(self) -> int:
        game = self.session.state.game
        return next((p for p in game.sources if self.session.state.piles[p]), game.sources[0])

    # ----------------------------------------------------------- compose

    def compose(self) -> ComposeResult:
        yield self.info
        yield self.board
        yield self.status_line
        yield self.key_bar

    def on_mount(self) -> None:
        self.set_interval(1.0, self._update_info)
        self._after_change(first=True)
        self._grade_on_demand()

    def on_resize(self, event: events.Resize) -> None:
        self._update_info()
        self._update_status()

    def on_unmount(self) -> None:
        self.analysis.close()
        self.reviews.close()

    # ------------------------------------------------------------ drawing

    def _redraw(self) -> None:
        self.board.marks = Marks(
            cursor=self.cursor,
            depth=self.depth,
            held=self.held,
            targets=set(self.target_counts) if self.held else set(),
            hint=(self.hint_move.src, self.hint_move.dst) if self.hint_move and not self.hint_move.is_redeal else (),
        )
        self.board.update_view()
        self._update_info()
        self._update_status()

    def _update_info(self) -> None:
        self.info.refresh()

    def _update_status(self) -> None:
        if self.message is not None:
            self.status_line.text = self.message
            return
        self.status_line.text = self._where_text()

    def say(self, text: str, style: str = "") -> None:
        """Show a message in the status line until the next action."""
        self.message = Text(" " + text, style=style)
        self._update_status()

    def warn(self, text: str) -> None:
        self.say(text, "bold #ff8787")

    def store_or_warn(self, missing: str) -> Any:
        """The store the game is recorded in, or None after warning ``missing`` (it could not be opened)."""
        store = getattr(self.recorder, "store", None)
        if store is None:
            self.warn(missing)
        return store

    async def run_action(self, action: Any, default_namespace: Any = None, namespaces: Any = None) -> bool:
        """Run a key's action; a game saved meanwhile by another window or process is shown as saved there."""
        try:
            return await super().run_action(action, default_namespace, namespaces)
        except StaleGameError as exc:
            self.moved_on(exc)
            return True

    def moved_on(self, exc: StaleGameError) -> None:
        """The session reloaded the game as another window or process saved it: show it, and say so."""
        self._after_change()
        self.warn(str(exc))

    # ---------------------------------------------------------- changes

    def _after_change(self, first: bool = False) -> None:
        """The position changed: clear marks, restart the analysis, check the end."""
        self.generation += 1
        self.hint_move = None
        self.held = None
        self.target_counts = {}
        self.depth = 1
        self._stop_playback()
        self.want = None  # a hint asked for the old position is not wanted any more
        if not self.state.piles[self.cursor] and self.cursor != self.game.stock and first:
            self.cursor = self._first_cursor()
        self._offer_finish()
        self.answer = self.analysis.known(self.state)
        self._redraw()
        self._start_analysis()
        self._check_end()

    def _offer_finish(self) -> None:
        """When every card left goes home by itself, say so (F plays it out): the session's offer."""
        self.finish_offer = list(self.session.view.finish) or None
        if self.finish_offer is None:
            return
        # A known solution too: the badge says winnable without a search.
        self.analysis.learn(self.state, self.finish_offer)
        note = voice.finish_offer(len(self.finish_offer))
        self.message = Text(" " + note) if self.message is None else self.message + Text(f" · {note}")
        self.message.stylize("bold green", self.message.cell_len - len(note))

    def play(self, move: Move) -> bool:
        """Play ``move`` through the session (which checks it, once); say what happened or why not."""
        try:
            self.session.play(move)
        except StaleGameError as exc:
            self.moved_on(exc)
            return False
        except NapoleonError as exc:
            self.held = None
            self.target_counts = {}
            self._redraw()
            self.warn(str(exc))
            return False
        self._news()
        return True

    def _news(self, style: str = "") -> None:
        """The session changed the game: say what it did, in its words, and show the new position."""
        self.message = Text(" " + self.session.news, style=style)
        self._after_change()

    # ---------------------------------------------------------- actions

    def _begin(self) -> None:
        """Every key clears the last message; it stops the solution being shown."""
        self.message = None
        if self._stop_playback():
            self.message = Text(" " + voice.BACK_TO_GAME)

    def action_autoplay(self) -> None:
        """Safe auto-play after each move on or off (turned on, it plays the safe cards home at once)."""
        self._begin()
        change = self.session.set_autoplay(not self.session.autoplay)
        self._keep_setting("autoplay", self.session.autoplay)
        if change.moved:
            self._news()
            return
        self.message = Text(" " + self.session.news)
        self._redraw()

    def action_colours(self) -> None:
        self._begin()
        self.board.four_colour = not self.board.four_colour
        self.say(voice.FOUR_COLOUR_DECK if self.board.four_colour else voice.TWO_COLOUR_DECK)
        self._keep_setting("four_colour", self.board.four_colour)
        self._redraw()

    def _keep_setting(self, name: str, value: bool) -> None:
        if not self.use_settings:
            return
        try:
            save_settings({name: value})
        except OSError:  # an unwritable folder must not stop play; the setting lasts this game
            pass

    def action_quit_game(self) -> None:
        self._stop_playback()
        if self.session.finished is None:
            self.session.abandon()
        self.analysis.close()
        self.reviews.close()
        self.exit()


def run(game_id: str, deal: int | None = None, options: dict[str, Any] | None = None, **kwargs: Any) -> None:
    """Play ``game_id`` full screen until the player quits."""
    NapoleonApp(game_id, deal, options, **kwargs).run()
