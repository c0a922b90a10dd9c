"""The app's side of reviews: review this game or a past one, and play from before a losing move.

"Play from here" in the review (``p``) makes a new game in the store from the position before
the losing move (:func:`napoleon.analysis.stored.play_from_here`, as the page's does: counted as
played with help) and takes it up on the table, after asking when the game on the table would be
left part-way.
"""

from __future__ import annotations

from ... import voice
from ...analysis.review import Review
from ...analysis.stored import play_from_here
from ...session import Session
from ...store import StoreError
from .bars import clock
from .host import AppHost
from .review import PastGamesScreen, ReviewScreen
from .screens import ConfirmScreen


class ReviewsMixin(AppHost):
    """Opens reviews over the board and takes up the games they make."""

    def action_review(self) -> None:
        """Review this game: the verdict after every move, the move that lost it."""
        self._begin()
        store = self.store_or_warn("nothing to review: the game is not in the store")
        if store is None:
            return
        if self.session.record_id is None:
            self.warn("nothing to review yet: no move made")
            return
        self.push_screen(ReviewScreen(store, self.session.record_id, self.reviews), self._play_from_review)

    def action_past_games(self) -> None:
        """The games played before, to review one."""
        self._begin()
        store = self.store_or_warn("no past games: the store could not be opened")
        if store is None:
            return
        try:
            games = store.games(limit=100)
        except Exception as exc:  # noqa: BLE001 - a locked or damaged store is said, the game goes on
            self.warn(f"no past games: {exc}")
            return

        def chosen(record_id: int | None) -> None:
            if record_id is not None:
                self.push_screen(ReviewScreen(store, record_id, self.reviews), self._play_from_review)

        self.push_screen(PastGamesScreen(games, clock), chosen)

    def _play_from_review(self, review: Review | None) -> None:
        """The review closed; when by its Play from here, the position before its losing move goes on
        the table as a new game (the one there is left, after asking when it is under way)."""
        if review is None:
            return
        if self.session.under_way:
            self.push_screen(ConfirmScreen(self.session.leave_question()),
                             lambda yes: yes and self._take_up(review))
        else:
            self._take_up(review)

    def _take_up(self, review: Review) -> None:
        store = self.store_or_warn("no game to play from: the store could not be opened")
        if store is None or review.id is None or review.losing_move is None:
            return
        try:
            made, _ = play_from_here(store, review.id)
        except StoreError as exc:
            self.warn(str(exc))
            return
        if self.session.finished is None:
            self.session.leave()
        self.session = Session.reopen(store, made, autoplay=self.session.autoplay)
        self.board.set_state(self.session.state)
        self.cursor = self._first_cursor()
        self._after_change(first=True)
        self.say(voice.played_from_here(review.losing_move, len(review.line)))
