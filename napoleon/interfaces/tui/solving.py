"""Hint, "show the solution" and the live verdict: the app's side of the
analysis (:mod:`napoleon.analysis`), whose searches run in worker processes
so the screen never freezes.

The solution player shows the solution on a copy of the position: the
player's game, its clock and its record are left as they were, so a game
the program solved is never counted as the player's win.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from textual import work
from textual.timer import Timer

from ... import voice
from ...analysis import GUESS, QUICK_HINT_BUDGET, VERDICT_BUDGETS, WINNABLE, Answer, Hint, Verdict, hint_of
from ...engine.move import Move
from ...engine.state import State, Status
from ...keymap import KEYS_BY_ACTION
from .host import AppHost

KEY_OF = {action: key.keys[0] for action, key in KEYS_BY_ACTION.items()}
"""The key a sentence names for an action (the first of the key map's)."""

BUDGETS = VERDICT_BUDGETS
"""Seconds of successive background searches of one position (the analysis's ladder)."""

HINT_BUDGET = QUICK_HINT_BUDGET
"""Seconds a hint may search when no solution is known, as on the page: then it offers a guess."""

SOLVE_BUDGET = 30.0
"""Seconds "show the solution" may search when no solution is known."""


@dataclass
class Playback:
    """The solution being shown, on its own copy of the position."""

    state: State
    moves: list[Move]
    shown: int = 0

    @property
    def done(self) -> bool:
        return self.shown >= len(self.moves)


class SolverMixin(AppHost):
    """Asks the solver service and shows its answers; shows a solution."""

    _playback_timer: Timer | None

    # ------------------------------------------------------------ hint

    def action_hint(self) -> None:
        self._begin()
        self._ask("hint", voice.HINT_LOOKING, lambda known: self._show_hint(hint_of(self.state, known)))

    def action_solve(self) -> None:
        if self.playback is not None:
            self._begin()  # stops the solution and puts the game back
            return
        self._begin()
        self._ask("solve", voice.SOLVE_LOOKING, self._show_solution)

    def _ask(self, what: str, looking: str, show: Callable[[Answer], None]) -> None:
        """A hint or the solution (``what``): shown at once from the badge's solution when there is one,
        else asked of the analysis, saying ``looking`` meanwhile."""
        if self.session.status is not Status.PLAYING:
            self.say(voice.GAME_OVER)
            return
        known = self.analysis.settled(self.state)
        if known is not None:
            show(known)
            return
        self.want = what
        self.say(looking)
        self._find(self.generation, self.state.copy(), what)

    @work(exclusive=True, group="ask", exit_on_error=False)
    async def _find(self, generation: int, state: State, what: str) -> None:
        """Ask the analysis (in the foreground lane: never behind the background verdict)."""
        try:
            if what == "hint":
                hint = await self.analysis.hint(state, budget=self.hint_budget, max_states=self.hint_states)
                answer = hint.answer
            else:
                answer = await self.analysis.solution(state, budget=self.solve_budget, max_states=self.hint_states)
        except Exception as exc:  # noqa: BLE001 - a crashed worker must not end the game
            if generation == self.generation:
                self.want = None
                self.warn(voice.solver_failed(exc))
            return
        if generation != self.generation or self.want != what:
            return  # the position changed, or the player asked for something else
        self.want = None
        if answer.verdict is not Verdict.UNKNOWN:
            self.answer = answer
            self.searching = False
            self._update_info()
            self._proven(answer)
        if what == "hint":
            self._show_hint(hint)
        else:
            self._show_solution(answer)

    def _show_hint(self, hint: Hint) -> None:
        if hint.outcome == WINNABLE:
            self._mark_hint(hint.move, hint.sentence, "bold #d787ff")
        elif hint.outcome == GUESS:
            # No solution known: a move to try ("Guess" first: a narrow terminal crops the end).
            self._mark_hint(hint.move, hint.sentence, "#d787ff")
        else:
            self.warn(hint.sentence)

    def _mark_hint(self, move: Move, text: str, style: str) -> None:
        self.session.mark_assisted("hint")  # a win with help is counted apart
        self.hint_move = move
        self._redraw()
        self.say(text, style)

    # -------------------------------------------------- background verdict

    def _start_analysis(self, force: bool = False) -> None:
        if not (self.analysis_on or force) or self.session.status is not Status.PLAYING:
            self.searching = False
            return
        known = self.analysis.settled(self.state)
        if known is not None:
            self.answer = known
            self.searching = False
            self._proven(known)
            self._lost_here()
            return
        self.searching = True
        self._analyse(self.generation, self.state.copy())

    @work(exclusive=True, group="analysis", exit_on_error=False)
    async def _analyse(self, generation: int, state: State) -> None:
        """The analysis's live verdict: a known solution followed, else its ladder of searches."""

        def show(answer: Answer) -> None:
            if generation == self.generation:
                self.answer = answer
                self._update_info()

        try:
            answer = await self.analysis.verdict(state, on_answer=show, stop=lambda: generation != self.generation)
        except Exception as exc:  # noqa: BLE001 - a crashed worker or solver must not end the game
            if generation == self.generation:
                self.searching = False
                self.warn(voice.solver_failed(exc))
                self._update_info()
            return
        if generation != self.generation:
            return
        self.answer = answer
        self.searching = False
        self._update_info()
        self._proven(answer)
        self._lost_here()

    def _proven(self, answer: Answer) -> None:
        """A verdict on the position on the table: a winnable one is where the way back after a loss goes."""
        if answer.verdict is Verdict.WON:
            self.session.note_winnable(len(self.state.history), self.session.version)

    # ------------------------------------------------- a game that is lost

    def _lost_here(self) -> None:
        """The verdict says lost: say so, and look for the move that lost the game."""
        v = self.answer
        if v is None or v.verdict is not Verdict.LOST or self.session.status is not Status.PLAYING:
            return
        if not self.state.history:
            self.warn(voice.DEAL_CANNOT_BE_WON)
            return
        self.warn(voice.lost_looking(KEY_OF))
        self._find_last_winnable(self.generation, self.state.copy())

    @work(exclusive=True, group="lost", exit_on_error=False)
    async def _find_last_winnable(self, generation: int, state: State) -> None:
        """Search back through the game for the last position that could still be won."""
        budget = self.budgets[0] * 2 if self.budgets else None
        try:
            # A start proven winnable before (in this window or another, or before it closed) bounds the walk.
            lost = await self.analysis.last_winnable(state, budget, max_states=self.hint_states,
                                                   stop=lambda: generation != self.generation,
                                                   known=self.session.winnable)
        except Exception:  # noqa: BLE001 - only advice is lost; the game goes on
            return
        if generation != self.generation:
            return
        if lost is not None:
            self.session.note_winnable(lost.kept, self.session.version)
            self.warn(voice.lost_by_keys(lost.number, lost.before, lost.move, KEY_OF))
            return
        self.warn(voice.lost_keys(KEY_OF))

    # --------------------------------------------------------- playback

    def _show_solution(self, answer: Answer) -> None:
        if not (answer.won and answer.moves):
            self.warn(hint_of(self.state, answer).sentence)
            return
        self.session.mark_assisted("solution")  # a win with help is counted apart
        copy = self.state.copy()
        self.playback = Playback(copy, list(answer.moves))
        self.held = None
        self.target_counts = {}
        self.hint_move = None
        self.board.set_state(copy)
        self._playback_timer = self.set_interval(max(0.01, self.step_delay), self._playback_step)
        self.say(voice.showing_solution(len(answer.moves)), "bold")
        self._redraw()

    def _playback_step(self) -> None:
        pb = self.playback
        if pb is None or pb.done:
            self._end_playback_timer()
            return
        move = pb.moves[pb.shown]
        text = pb.state.describe(move, past=True)
        pb.state.push(move)
        pb.shown += 1
        if pb.done:
            self._end_playback_timer()
            self.say(voice.solution_shown(len(pb.moves)), "bold green")
        else:
            self.say(voice.solution_step(pb.shown, len(pb.moves), text))
        self._redraw()

    def _end_playback_timer(self) -> None:
        if self._playback_timer is not None:
            self._playback_timer.stop()
            self._playback_timer = None

    def _stop_playback(self) -> bool:
        """Stop showing the solution and show the player's game again; False if none was shown."""
        self._end_playback_timer()
        if self.playback is None:
            return False
        self.playback = None
        self.board.set_state(self.state)
        self._redraw()
        return True
