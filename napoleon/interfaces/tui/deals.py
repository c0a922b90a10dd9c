"""Switching games: a new deal (any, graded, of the day), a chosen deal, and the deal's grade.

Graded deals come from the grades shipped with the package, so picking one
never waits on a search; a deal whose grade is not shipped is graded in the
solver service's background lane.
"""

from __future__ import annotations

import secrets

from rich.text import Text
from textual import work

from ... import voice
from ...session import Session
from .host import AppHost
from .newdeal import NewDealScreen
from .screens import ConfirmScreen, DealScreen


def random_deal() -> int:
    """A deal number drawn at random (1 to a billion)."""
    return secrets.randbelow(1_000_000_000) + 1


class DealsMixin(AppHost):
    """Leaves the game for another deal, and learns the deal's grade."""

    def start_deal(self, deal: int, grade: str | None = None) -> None:
        """Leave the current game and deal ``deal`` (of ``grade``, when it was asked for): a game left
        after a move counts as played and lost (it stays resumable by its id)."""
        if self.session.finished is None:
            self.session.leave()
        state = self.game.new_state(deal)
        self.session = Session(state, autoplay=self.session.autoplay, recorder=self.recorder)
        self._note_grade(grade)
        self.board.set_state(state)
        self.cursor = self._first_cursor()
        self.message = Text(f" deal {deal}")
        self._after_change(first=True)
        self._grade_on_demand()

    def action_new_deal(self) -> None:
        self._begin()
        if self.session.under_way:
            # The same question the page asks: leaving counts the game as played and lost.
            self.push_screen(ConfirmScreen(self.session.leave_question()), lambda yes: yes and self._choose_new_deal())
        else:
            self._choose_new_deal()

    def _choose_new_deal(self) -> None:
        self.push_screen(NewDealScreen(), self._new_deal_chosen)

    def _new_deal_chosen(self, choice: str | None) -> None:
        """Deal what the player chose: any deal, or a graded winnable one from the shipped grades."""
        if choice is None:
            return
        if choice == "any":
            self.start_deal(random_deal())
            return
        from ...grading import GRADES, hand_out

        # tries=0: only the shipped grades, a lookup; a search here would freeze the screen.
        found = hand_out(self.game.id, dict(self.game.options), "daily" if choice == "daily" else "random",
                         wanted=choice if choice in GRADES else None, tries=0)
        if "error" in found:
            self.warn(voice.no_deal_shipped(found["error"]))
            return
        self.start_deal(found["deal"], grade=found["grade"])
        self.say(voice.deal_handed(found["deal"], None if choice == "daily" else found["grade"]))

    def _note_grade(self, grade: str | None = None) -> None:
        """Keep the deal's grade with the game when it is known: asked for, or (with analysis on) shipped."""
        if grade is None and self.analysis_on:
            from ...grading import shipped_grade

            grade = shipped_grade(self.game, self.state.deal)
        if grade is not None:
            self.session.set_grade(grade)

    def _grade_on_demand(self) -> None:
        """A deal whose grade is not known yet (beyond the shipped ones): grade it in the solver
        service's background lane, as the page does in the server's worker, and show it once known."""
        if self.analysis_on and self.session.grade is None and self.state.deal:
            self._grade_deal(self.session)

    @work(exclusive=True, group="grade", exit_on_error=False)
    async def _grade_deal(self, session: Session) -> None:
        """Grade ``session``'s deal in a worker process (a new deal cancels it; it ends with the app)."""
        from ...grading import grade_json

        game = session.state.game
        try:
            answer = await self.analysis.run(grade_json, game.id, dict(game.options), session.state.deal,
                                           background=True)
        except Exception:  # noqa: BLE001 - a crashed worker or a closed service: only the grade is lost
            return
        if session is not self.session or session.grade is not None or not answer.get("grade"):
            return  # another deal by now, or the grade became known meanwhile
        session.set_grade(answer["grade"])
        self._update_info()

    def action_choose_deal(self) -> None:
        self._begin()
        self.push_screen(DealScreen(self.state.deal), lambda n: n is not None and self.start_deal(n))
