"""The full-screen game: ``napoleon play GAME``.

The app drives a :class:`~napoleon.session.Session` (moves,
auto-play, undo and redo by turns, the clock, the record in the store) and
shows it on a :class:`~.board.Board`. Keys and clicks pick cards up and put
them down; the engine says what is legal and, for an illegal drop, why. The
analysis (:mod:`napoleon.analysis`) searches each position in a
worker process after every change and the header says whether the position
is still winnable.
"""

from __future__ import annotations

import secrets
import sqlite3
from typing import Any, ClassVar

from rich.text import Text
from textual import events, work
from textual.app import App, ComposeResult
from textual.binding import BindingType
from textual.timer import Timer

from ... import new_game, voice
from ...analysis import Analysis, Answer
from ...engine.errors import NapoleonError
from ...engine.move import REDEAL, Move
from ...engine.state import State, Status
from ...games import DEFAULT_GAME
from ...session import Recorder, Session
from ...store.db import StaleGameError
from ...shuffle import MAX_DEAL
from ...engine.autoplay import finish_moves
from ...store.settings import load as load_settings
from ...store.settings import save as save_settings
from .bars import BarsMixin, InfoBar, KeyBar, StatusLine, clock
from .board import Board, Marks
from .keys import terminal_bindings
from .newdeal import NewDealScreen
from .screens import ConfirmScreen, DealScreen, EndScreen, HelpScreen, MoveScreen, StatsScreen
from .solving import BUDGETS, HINT_BUDGET, SOLVE_BUDGET, Playback, SolverMixin


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


class NapoleonApp(SolverMixin, BarsMixin, App[None]):
    """Play one of the six games in the terminal.

    ``analysis`` runs the solver in the background after every change (turn
    it off for deterministic screenshots); ``step_delay`` is the pause
    between moves when the solution is shown. ``hint_budget`` and
    ``solve_budget`` are the seconds a hint or a solution may search when no
    solution is known (``hint_states`` caps the positions instead, for
    tests); ``solver`` is the analysis to ask (the app makes its own, with
    ``budgets`` as the live verdict's ladder). ``grade`` is the grade of the
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
        solver: Analysis | None = None,
        grade: str | None = None,
    ) -> None:
        super().__init__()
        # Auto-play and the four-colour deck are the player's settings, kept
        # between games when the store is in use; an argument overrides them.
        self.use_settings = use_store
        saved = load_settings() if use_store else {}
        if autoplay is None:
            autoplay = bool(saved.get("autoplay", True))
        if four_colour is None:
            four_colour = bool(saved.get("four_colour", False))
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
        self.solver = solver if solver is not None else Analysis(workers=1, background=1, budgets=budgets)
        self.budgets = budgets
        self.hint_budget = hint_budget
        self.solve_budget = solve_budget
        self.hint_states = hint_states
        self.step_delay = step_delay
        self.board = Board(session.state)
        self.board.four_colour = four_colour
        self.info = InfoBar(self._info_text)
        self.status_line = StatusLine()
        self.key_bar = KeyBar()
        self.cursor = self._first_cursor()
        self.depth = 1
        self.held: tuple[int, int] | None = None
        self.target_counts: dict[int, set[int]] = {}
        self.hint_move: Move | None = None
        self.message: Text | None = None
        self.generation = 0
        self.verdict: Answer | None = None
        self.searching = False
        self.want: str | None = None
        self.playback: Playback | None = None
        self._playback_timer: Timer | None = None
        self.finish_offer: list[Move] | None = None
        self.last_winnable: int | None = None
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
        self.solver.close()

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
        self.last_winnable = None
        if not self.state.piles[self.cursor] and self.cursor != self.game.stock and first:
            self.cursor = self._first_cursor()
        self._offer_finish()
        self.verdict = self.solver.known(self.state)
        self._redraw()
        self._start_analysis()
        self._check_end()

    def _offer_finish(self) -> None:
        """When every card left goes home by itself, say so (F plays it out)."""
        offer = None
        if self.session.status is Status.PLAYING:
            offer = finish_moves(self.state)
        self.finish_offer = offer or None
        if self.finish_offer is None:
            return
        # A known solution too: the badge says winnable without a search.
        self.solver.learn(self.state, self.finish_offer)
        note = voice.finish_offer(len(self.finish_offer))
        self.message = Text(" " + note) if self.message is None else self.message + Text(f" · {note}")
        self.message.stylize("bold green", self.message.cell_len - len(note))

    def _check_end(self) -> None:
        status = self.session.status
        if status is Status.PLAYING or self._end_shown == self.generation:
            return
        self._end_shown = self.generation
        won = status is Status.WON
        msg = self.session.end_text() or ""
        nxt = self.state.deal + 1 if self.state.deal < MAX_DEAL else 1
        if not won and self.state.history and self.analysis_on:
            self._find_last_winnable(self.generation, self.state.copy())
        self.say(msg, "bold green" if won else "bold red")
        self.push_screen(EndScreen(won, msg, nxt), self._end_choice)

    def _end_choice(self, choice: str | None) -> None:
        if choice == "next":
            self.start_deal(self.state.deal + 1 if self.state.deal < MAX_DEAL else 1)
        elif choice == "random":
            self.start_deal(random_deal())
        elif choice == "undo":
            self.action_undo()
        elif choice == "back":
            self.action_back_to_winnable()
        elif choice == "restart":
            self.action_restart()
        elif choice == "review":
            self.action_review()

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

    # ----------------------------------------------------- picking cards

    def _targets(self, src: int) -> dict[int, set[int]]:
        """Every pile the top cards of ``src`` may go to, with the counts."""
        out: dict[int, set[int]] = {}
        for k in range(1, len(self.state.piles[src]) + 1):
            for d in self.state.targets(src, k):
                out.setdefault(d, set()).add(k)
        return out

    def pick(self, pile: int, count: int = 1) -> None:
        """Pick up the top ``count`` cards of ``pile`` (on the stock: turn or redeal)."""
        game, state = self.game, self.state
        self.cursor = pile
        self.message = None
        if pile == game.stock:
            self.stock_action()
            return
        refusal = state.why_not_pick(pile)
        if refusal is not None:
            self.warn(refusal)
            self._redraw()
            return
        # A click deep in a pile takes at most what may move together.
        count = max(1, min(count, self.state.most_movable(pile)))
        self.held = (pile, count)
        self.target_counts = self._targets(pile)
        self._redraw()

    def drop(self, dst: int) -> None:
        """Put the held cards on ``dst``: the move, or why it is illegal."""
        assert self.held is not None
        src, count = self.held
        if dst == src:
            self.action_cancel()
            return
        counts = self.target_counts.get(dst)
        if counts:
            k = count if count in counts else (next(iter(counts)) if len(counts) == 1 else max(counts))
            self.play(Move(src, dst, k))
            return
        self.play(Move(src, dst, count))  # refused, in the session's words

    def stock_action(self) -> None:
        """Turn a stock card (choosing the waste in the Tomb), or redeal."""
        game, state = self.game, self.state
        if state.piles[game.stock]:
            wastes = game.active_wastes(state)
            if len(wastes) == 1:
                self.play(Move(game.stock, wastes[0]))
            else:
                self.held = (game.stock, 1)
                self.target_counts = {w: {1} for w in wastes}
                self._redraw()
                self.say(voice.which_waste(state, wastes))
            return
        self.action_redeal()

    # ---------------------------------------------------------- actions

    def _begin(self) -> None:
        """Every key clears the last message; it stops the solution being shown."""
        self.message = None
        if self._stop_playback():
            self.message = Text(" " + voice.BACK_TO_GAME)

    def action_move(self, dx: int, dy: int) -> None:
        self._begin()
        self.cursor = self.board.neighbour(self.cursor, dx, dy)
        self.depth = 1
        self._redraw()

    def action_cycle(self, step: int) -> None:
        self._begin()
        order = self.board.slot_order()
        i = order.index(self.cursor) if self.cursor in order else 0
        self.cursor = order[(i + step) % len(order)]
        self.depth = 1
        self._redraw()

    def action_select(self) -> None:
        self._begin()
        if self.held is not None:
            self.drop(self.cursor)
        else:
            self.pick(self.cursor, self.depth)

    def action_depth(self, step: int) -> None:
        self._begin()
        if self.held is not None:
            src, count = self.held
            if src != self.game.stock:
                self.held = (src, max(1, min(self.state.most_movable(src), count + step)))
        else:
            self.depth = max(1, min(self.state.most_movable(self.cursor), self.depth + step))
        self._redraw()

    def action_cancel(self) -> None:
        self._begin()
        self.held = None
        self.target_counts = {}
        self.depth = 1
        self.want = None
        self._redraw()

    def action_foundation(self, pile: int | None = None) -> None:
        self._begin()
        src = self.cursor if pile is None else pile
        self.held = None
        self.target_counts = {}
        state, game = self.state, self.game
        move = state.foundation_move(src)
        if move is not None:
            self.play(move)
            return
        self.warn(voice.no_home(state, src))
        self._redraw()

    def action_redeal(self) -> None:
        self._begin()
        reason = self.state.why_illegal(REDEAL)
        if reason is None:
            self.play(REDEAL)
        else:
            self.warn(voice.no_redeal(reason))

    def action_finish(self) -> None:
        """Play out, as one turn, the end of a game whose every card goes home by itself."""
        self._begin()
        if self.session.finish():
            self._news()
        else:
            self.warn(self.session.news)

    def action_back_to_winnable(self) -> None:
        """Undo to the last position the solver found winnable (after a loss)."""
        self._begin()
        target = self.last_winnable
        if target is None:
            self.warn("no winnable position to go back to is known")
            return
        undone = 0
        while len(self.state.history) > target and self.session.undo():
            undone += 1
        self.message = Text(f" back to a winnable position: {undone} turn{'s' * (undone != 1)} undone "
                            f"(r redoes them)", style="bold green")
        self._after_change()

    def action_undo(self) -> None:
        self._begin()
        if self.session.undo():
            self._news()
        else:
            self.warn(self.session.news)

    def action_redo(self) -> None:
        self._begin()
        if self.session.redo():
            self._news()
        else:
            self.warn(self.session.news)

    def action_restart(self) -> None:
        self._begin()
        if not self.session.can_undo:
            self.say(voice.AT_THE_START)
            return
        self.session.restart()
        self._news()

    def action_auto(self) -> None:
        """Play every card that is safe to play home now, as one turn."""
        self._begin()
        if self.session.auto():
            self._news()
        else:
            self.warn(self.session.news)

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
            self.warn(f"no such deal shipped for this game: {found['error']}")
            return
        self.start_deal(found["deal"], grade=found["grade"])
        what = "the deal of the day" if choice == "daily" else f"a winnable {found['grade']} deal"
        self.say(f"deal {found['deal']}: {what}")

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
            answer = await self.solver.run(grade_json, game.id, dict(game.options), session.state.deal,
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

    def action_autoplay(self) -> None:
        """Safe auto-play after each move on or off (turned on, it plays the safe cards home at once)."""
        self._begin()
        made = self.session.set_autoplay(not self.session.autoplay)
        self._keep_setting("autoplay", self.session.autoplay)
        if made:
            self._news()
            return
        self.message = Text(" " + self.session.news)
        self._redraw()

    def action_colours(self) -> None:
        self._begin()
        self.board.four_colour = not self.board.four_colour
        self.say("four-colour deck" if self.board.four_colour else "two-colour deck")
        self._keep_setting("four_colour", self.board.four_colour)
        self._redraw()

    def _keep_setting(self, name: str, value: bool) -> None:
        if not self.use_settings:
            return
        try:
            save_settings({name: value})
        except OSError:  # an unwritable folder must not stop play; the setting lasts this game
            pass

    def action_stats(self) -> None:
        """The statistics of this game; x in them resets them, after asking."""
        self._begin()
        store = getattr(self.recorder, "store", None)
        if store is None:
            self.warn("no statistics: the store could not be opened")
            return
        try:
            rows = store.stats(self.game.id)
            by_grade = store.stats_by_grade(self.game.id)
        except (NapoleonError, sqlite3.Error) as exc:
            self.warn(f"no statistics: {exc}")
            return
        self.push_screen(StatsScreen(f"Statistics of {self.game.name}", rows, clock, by_grade), self._stats_choice)

    def _stats_choice(self, choice: str | None) -> None:
        if choice != "reset":
            return
        question = (f"Reset the statistics of {self.game.name}? Games played so far stop counting "
                    f"(their history is kept).")
        self.push_screen(ConfirmScreen(question), self._reset_stats)

    def _reset_stats(self, yes: bool | None) -> None:
        if not yes:
            self.say("the statistics are kept")
            return
        store = self.recorder.store
        try:
            n = store.reset_stats(self.game.id)
        except (NapoleonError, sqlite3.Error) as exc:
            self.warn(f"the statistics were not reset: {exc}")
            return
        self.say(f"statistics of {self.game.name} reset: {n} game{'s' * (n != 1)} no longer counted", "bold")

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.game))

    def action_type_move(self) -> None:
        self._begin()
        self.push_screen(MoveScreen(" ".join(self.game.pile_abbrs)), self._typed_move)

    def _typed_move(self, text: str | None) -> None:
        if not text:
            return
        try:
            move = self.state.parse_move(text)
        except NapoleonError as exc:
            self.warn(str(exc))
            return
        self.play(move)

    def action_quit_game(self) -> None:
        self._stop_playback()
        if self.session.finished is None:
            self.session.abandon()
        self.solver.close()
        self.exit()

    # ------------------------------------------------------------ mouse

    def on_board_clicked(self, event: Board.Clicked) -> None:
        self._begin()
        pile, index = event.pile, event.index
        game = self.game
        if event.chain >= 2 and pile != game.stock:
            self.cursor = pile
            self.action_foundation(pile)
            return
        if self.held is not None:
            if pile == self.held[0] and pile != game.stock:
                # A click lower down the same pile takes a different run.
                size = len(self.state.piles[pile])
                count = size - index if index >= 0 else 1
                if count != self.held[1]:
                    self.pick(pile, count)
                else:
                    self.action_cancel()
                return
            self.cursor = pile
            self.drop(pile)
            return
        size = len(self.state.piles[pile])
        self.pick(pile, size - index if 0 <= index < size else 1)

    def on_board_missed(self, event: Board.Missed) -> None:
        if self.held is not None:
            self.action_cancel()


def random_deal() -> int:
    return secrets.randbelow(1_000_000_000) + 1


def run(game_id: str, deal: int | None = None, options: dict[str, Any] | None = None, **kwargs: Any) -> None:
    """Play ``game_id`` full screen until the player quits."""
    NapoleonApp(game_id, deal, options, **kwargs).run()
