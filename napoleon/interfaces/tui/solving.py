"""Hint, "show the solution" and the live verdict: the app's side of the
solver, which itself runs in a worker process (:mod:`.analysis`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work
from textual.timer import Timer

from ...engine.errors import NapoleonError
from ...engine.state import Status
from .analysis import LOST, UNKNOWN, WON
from .cardfaces import prettify

if TYPE_CHECKING:
    from .app import NapoleonApp


class SolverMixin:
    """Asks the solver and shows its answers; plays a solution out."""

    _playback_timer: Timer | None

    def action_hint(self: NapoleonApp) -> None:
        self._begin()
        self._ask("hint")

    def action_solve(self: NapoleonApp) -> None:
        self._begin()
        if self.playback is not None:
            self._stop_playback()
            self.say("stopped showing the solution")
            return
        self._ask("solve")

    def _ask(self: NapoleonApp, what: str) -> None:
        if self.session.status is not Status.PLAYING:
            self.say("the game is over")
            return
        self.want = what
        if self.verdict is not None and (self.verdict["verdict"] != UNKNOWN or not self.searching):
            self._answer(self.verdict)
            return
        self.say("the solver is thinking …")
        if not self.searching:
            self._start_analysis(force=True)

    def _answer(self: NapoleonApp, result: dict[str, Any]) -> None:
        """Answer a pending hint or solve request from ``result``."""
        what, self.want = self.want, None
        if what is None:
            return
        verdict = result["verdict"]
        if verdict == WON and result["moves"]:
            if what == "hint":
                move = self.state.parse_move(result["moves"][0])
                self.hint_move = move
                self._redraw()
                self.say(f"hint: {prettify(self.state.san(move))}", "bold #d787ff")
            else:
                self._start_playback(list(result["moves"]))
        elif verdict == LOST:
            self.warn("this position can no longer be won: undo to find a better line")
        else:
            self.warn(f"the solver found no answer in {result.get('seconds', 0):.0f} s")

    def _start_analysis(self: NapoleonApp, force: bool = False) -> None:
        if not (self.analysis_on or force) or self.session.status is not Status.PLAYING:
            self.searching = False
            return
        self.searching = True
        self._analyse(self.generation, self.state.key(), self.state.to_json())

    @work(exclusive=True, group="analysis", exit_on_error=False)
    async def _analyse(self: NapoleonApp, generation: int, key: Any, position: dict[str, Any]) -> None:
        def on_result(result: dict[str, Any], final: bool) -> None:
            if generation != self.generation:
                return
            self.verdict = result
            self.searching = not final
            self._update_info()
            if self.want is not None and (result["verdict"] != UNKNOWN or final):
                self._answer(result)

        try:
            await self.analyst.search(key, position, on_result)
        except Exception as exc:  # noqa: BLE001 - a crashed worker or solver must not end the game
            if generation == self.generation:
                self.searching = False
                self.warn(f"the solver failed: {exc}")
                self._update_info()

    # --------------------------------------------------------- playback

    def _start_playback(self: NapoleonApp, moves: list[str]) -> None:
        self.playback = moves
        self._saved_autoplay = self.session.autoplay
        # The solution's moves include its own foundation moves.
        self.session.autoplay = False
        self._playback_timer = self.set_interval(max(0.01, self.step_delay), self._playback_step)
        self._redraw()

    def _playback_step(self: NapoleonApp) -> None:
        if not self.playback:
            self._stop_playback()
            return
        text = self.playback.pop(0)
        try:
            move = self.state.parse_move(text)
        except NapoleonError as exc:
            self._stop_playback()
            self.warn(f"the solution does not fit this position: {exc}")
            return
        if not self.play(move, from_playback=True):
            self._stop_playback()
            return
        self.message = None
        if not self.playback:
            self._stop_playback()
        self._update_status()

    def _stop_playback(self: NapoleonApp) -> None:
        if self._playback_timer is not None:
            self._playback_timer.stop()
            self._playback_timer = None
        if self.playback is not None:
            self.playback = None
            self.session.autoplay = self._saved_autoplay
