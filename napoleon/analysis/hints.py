"""What a hint tells the player: one decision, taken here for every interface.

The solver service answers with a verdict, perhaps a solution, perhaps a
move to try (:class:`~napoleon.solver.suggest.Suggestion`); :func:`hint_of`
turns that into one of five outcomes, the move to show and the sentence that
says it. The command line, line mode, the terminal and the page only show a
:class:`Hint`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import voice
from ..engine.move import Move
from ..engine.state import State
from ..solver.service import Answer, Verdict

WINNABLE = "winnable"
"""The move is a step of a solution: the position is winnable."""
GUESS = "guess"
"""No solution known: the move is the best a short search found to try."""
NOT_WINNABLE = "not_winnable"
"""The position is proven to be past winning (a lost game): no move is shown."""
UNKNOWN = "unknown"
"""No solution and no move to try within the budget."""
OVER = "over"
"""The game is already won."""

OUTCOMES = (WINNABLE, GUESS, NOT_WINNABLE, UNKNOWN, OVER)



@dataclass(frozen=True)
class Hint:
    """A hint's outcome (one of :data:`OUTCOMES`), its move, and the answer behind it.

    ``text`` says it in a player's words: the move ("move the 7♣ onto the
    8♦"), the move and why it is only a guess, or why there is no move;
    ``sentence`` is what every window shows (from :mod:`napoleon.voice`:
    "Hint: move the 7♣ …", "Guess: …"). ``move`` is None unless the
    outcome is :data:`WINNABLE` or :data:`GUESS`.
    """

    outcome: str
    move: Move | None
    text: str
    answer: Answer
    sentence: str = ""

    @property
    def helped(self) -> bool:
        """Whether the player was shown a move (the game counts as played with help)."""
        return self.move is not None


def hint_of(state: State, answer: Answer) -> Hint:
    """The hint that ``answer`` (the service's word on ``state``) gives."""
    if answer.won and answer.moves:
        move = answer.moves[0]
        return Hint(WINNABLE, move, state.describe(move), answer, voice.hint(state, move))
    if answer.won:
        return Hint(OVER, None, voice.HINT_WON, answer, voice.HINT_WON)
    s = answer.suggestion
    if s is not None:
        return Hint(GUESS, s.move, s.text(state), answer, voice.guess(state, s.move, s.home, s.now))
    if answer.verdict is Verdict.LOST:
        if not state.history:  # nothing to undo: the deal was lost as dealt
            return Hint(NOT_WINNABLE, None, voice.DEAL_LOST_FROM_START, answer, voice.HINT_LOST_FROM_START)
        return Hint(NOT_WINNABLE, None, voice.LOST_HERE, answer, voice.HINT_LOST)
    return Hint(UNKNOWN, None, voice.HINT_UNKNOWN, answer, voice.HINT_UNKNOWN)
