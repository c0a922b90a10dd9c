"""The review of a game in the terminal, and the list of past games that leads to one.

:class:`ReviewsAtWork` works reviews out on the app, not on the screen that
shows one: a review closed early goes on and is kept in the store when it
ends, as the page's is, and shown as far as it has got when opened again.
:class:`ReviewScreen` shows one as it fills in (or as the store kept it): a progress bar, the losing
move, a one-line sparkline of cards home and the verdict after every move;
the winning line from before the losing move is stepped through on a text
table with ← and →, and ``p`` (Play from here) closes the review with it, for
the app to put that position on the table as a new game.
:class:`PastGamesScreen` lists the games in the store; Enter reviews the one chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from ... import get_game, voice
from ...analysis import Analysis
from ...analysis.review import Review
from ...analysis.review_words import line_positions, table_lines, told
from ...analysis.stored import review_record
from ...engine.state import State
from ...store import SavedGame, Store
from ...voice import RESULTS, plural
from ..review_text import move_lines, summary


Told = Callable[[Review | Exception], None]
"""Who watches a review at work: told the review after each step, and at its end (or what stopped it)."""


class ReviewsAtWork:
    """The reviews at work for one terminal app, each on the app's own worker (a screen closed early
    loses nothing: the review goes on, and :func:`~napoleon.analysis.stored.review_record` keeps it in
    the store when it ends). They search on worker processes of their own beside ``play``'s,
    sharing its solutions known (:meth:`~napoleon.analysis.Analysis.beside`, as the page's reviews):
    a hint asked meanwhile never waits behind one. ``ended`` is told the game's id when a review
    ends that no screen was watching."""

    def __init__(self, play: Analysis, ended: Callable[[int], None]) -> None:
        self.play = play
        self.ended = ended
        self._analysis: Analysis | None = None
        self.latest: dict[int, Review] = {}  # each review at work as far as it has got
        self.watchers: dict[int, list[Told]] = {}
        self._running: set[int] = set()

    def watch(self, app: App[Any], store: Store, record_id: int, told: Told) -> None:
        """Tell ``told`` the review of game ``record_id`` as it goes: the one at work, else one
        begun now on ``app`` (read from the store when it is kept there)."""
        self.watchers.setdefault(record_id, []).append(told)
        if record_id in self._running:
            if record_id in self.latest:
                told(self.latest[record_id])
            return
        self._running.add(record_id)
        app.run_worker(self._work(store, record_id), group="reviews", exit_on_error=False)

    def unwatch(self, record_id: int, told: Told) -> None:
        """``told`` no longer watches (its screen closed); the review goes on."""
        watchers = self.watchers.get(record_id, [])
        if told in watchers:
            watchers.remove(told)

    async def _work(self, store: Store, record_id: int) -> None:
        def progress(review: Review) -> None:
            self.latest[record_id] = review
            self._tell(record_id, review)

        if self._analysis is None:
            self._analysis = self.play.beside()
        try:
            review = await review_record(self._analysis, store, record_id, on_progress=progress)
        except Exception as exc:  # noqa: BLE001 - a store or solver failure is said, the game goes on
            self._tell(record_id, exc)
            return
        finally:
            self._running.discard(record_id)  # the store keeps it now
            self.latest.pop(record_id, None)
        seen = bool(self.watchers.get(record_id))
        self._tell(record_id, review)
        if not seen and not review.stored:
            self.ended(record_id)

    def _tell(self, record_id: int, what: Review | Exception) -> None:
        for told in list(self.watchers.get(record_id, ())):
            told(what)

    def close(self) -> None:
        """End the reviews' worker processes (the app is quitting)."""
        if self._analysis is not None:
            self._analysis.close()


class ReviewScreen(ModalScreen[Review | None]):
    """The review of game ``record_id`` of ``store``, as ``reviews`` works it out; dismissed with the
    review when the player asks to play from before its losing move, else with None."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,q,v", "dismiss", "Close"),
        Binding("right", "step(1)", "Line forward"),
        Binding("left", "step(-1)", "Line back"),
        Binding("d", "detail", "Help taken"),
        Binding("p", "play_from_here", "Play from here"),
    ]
    DEFAULT_CSS = """
    ReviewScreen { align: center middle; }
    ReviewScreen > Vertical { width: 96%; height: 96%; border: round $accent; background: $surface; padding: 0 1; }
    ReviewScreen Label { width: 100%; }
    ReviewScreen ProgressBar { height: 1; }
    ReviewScreen #review-body { height: 1fr; }
    ReviewScreen #review-line { margin: 1 0; }
    """

    def __init__(self, store: Store, record_id: int, reviews: ReviewsAtWork) -> None:
        super().__init__()
        self.store = store
        self.record_id = record_id
        self.reviews = reviews
        self.review: Review | None = None
        self.step = 0
        self.line_positions: list[State] = []
        self.line_words: list[str] = []
        self.detail = False

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(voice.review_heading(self.record_id), style="bold"), id="review-title")
            yield ProgressBar(show_eta=False, id="review-progress")
            with VerticalScroll(id="review-body"):
                yield Static(voice.REVIEW_STARTING, id="review-summary")
                yield Static("", id="review-help")
                yield Static("", id="review-line")
                yield Static("", id="review-move-list")
            yield Label(Text(voice.REVIEW_KEYS, style="dim"), id="review-keys")

    def on_mount(self) -> None:
        self.query_one("#review-body").focus()
        self.reviews.watch(self.app, self.store, self.record_id, self.hear)

    def on_unmount(self) -> None:
        self.reviews.unwatch(self.record_id, self.hear)  # the review goes on without the screen

    def hear(self, what: Review | Exception) -> None:
        """The review at work, as far as it has got, or why it stopped."""
        if isinstance(what, Exception):
            self.query_one("#review-summary", Static).update(Text(voice.review_failed(what), style="bold red"))
        else:
            self.show(what)

    def show(self, review: Review) -> None:
        """Draw the review as far as it has got."""
        self.review = review
        game = get_game(review.game, review.options)
        bar = self.query_one("#review-progress", ProgressBar)
        bar.update(total=len(review.verdicts), progress=review.checked)
        bar.display = not review.done
        how = f" · {voice.review_how(review.stored, review.seconds, review.searches)}" if review.done else ""
        self.query_one("#review-title", Label).update(Text(
            voice.review_heading(self.record_id, game.name, review.deal, len(review.moves), review.result) + how,
            style="bold"))
        width = max(40, min(self.size.width - 6, 100))
        lines = summary(review, game.total_cards, width)
        self.query_one("#review-summary", Static).update("\n".join(lines))
        help_box = self.query_one("#review-help", Static)
        help_box.update("\n".join(told(review)["help"]))
        help_box.display = self.detail
        self.query_one("#review-move-list", Static).update("\n".join(move_lines(review)))
        if review.done and review.losing_move is not None and not self.line_positions:
            self.line_positions = self._line_positions(review)
            self.draw_step()

    def _line_positions(self, review: Review) -> list[State]:
        self.line_words = told(review)["line"]
        return line_positions(review)

    def action_detail(self) -> None:
        """Show or hide each help taken (the summary says it in one line)."""
        self.detail = not self.detail
        self.query_one("#review-help", Static).display = self.detail

    def action_play_from_here(self) -> None:
        """Close the review with it, for the app to play from before its losing move."""
        review = self.review
        if review is None or not review.done or review.losing_move is None:
            self.query_one("#review-keys", Label).update(Text(voice.REVIEW_NO_LINE, style="bold"))
            return
        self.dismiss(review)

    def action_step(self, delta: int) -> None:
        if not self.line_positions:
            return
        self.step = max(0, min(len(self.line_positions) - 1, self.step + delta))
        self.draw_step()

    def draw_step(self) -> None:
        head = self.line_words[self.step]
        table = "\n".join(table_lines(self.line_positions[self.step]))
        self.query_one("#review-line", Static).update(f"{head}\n{table}")


class PastGamesScreen(ModalScreen[int | None]):
    """The games in the store, the most recent first; Enter reviews one (dismissed with its id)."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape,q,p", "dismiss_none", "Close")]
    DEFAULT_CSS = """
    PastGamesScreen { align: center middle; }
    PastGamesScreen > Vertical { width: 90%; max-width: 100; height: 80%; border: round $accent;
                                 background: $surface; padding: 0 1; }
    PastGamesScreen Label { width: 100%; }
    PastGamesScreen OptionList { height: 1fr; }
    """

    def __init__(self, games: list[SavedGame], clock: Any) -> None:
        super().__init__()
        self.games = games
        self.clock = clock

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(Text(voice.PAST_GAMES_TITLE, style="bold"))
            if self.games:
                yield OptionList(*(Option(self._line(g), id=str(g.id)) for g in self.games), id="past-games")
            else:
                yield Label(voice.PAST_GAMES_NONE)
            yield Label(Text(voice.PAST_GAMES_KEYS, style="dim"))

    def _line(self, g: SavedGame) -> str:
        when = (g.ended or g.updated)[:16].replace("T", " ")
        return (f"#{g.id:<5} {when}  {g.describe():<16} deal {g.deal:<10} {RESULTS.get(g.result, g.result):<10} "
                f"{plural(g.moves_played, 'move'):>10}  {self.clock(g.elapsed)}")

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id))

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
