"""The line of play of a game in play: its turns, the turns taken back for redo, the opening's auto-play.

A turn is what one command put on the table: the player's move and the safe
cards auto-play sent home after it, a Finish, a redo. Undo and redo work on
whole turns. With auto-play on, a new game's first turn is the opening
layout's safe moves (an Ace dealt on top of a column goes home at once),
which no undo takes back.

>>> from napoleon import new_game
>>> state = new_game("werner", deal=1)
>>> line = Line(state)
>>> state.push(state.parse_move("T3-F1")); line.played(1)
>>> taken, words, back = line.take_back()
>>> words, back, line.can_redo
(['moved the A♣ from column 3 to foundation 1'], 'the A♣ back from foundation 1 to column 3', True)
>>> line.replay()[1], state.history == taken
(['moved the A♣ from column 3 to foundation 1'], True)
"""

from __future__ import annotations

from .. import voice
from ..engine.move import Move
from ..engine.state import State


class Line:
    """The turns of ``state``'s history (``turns``: the moves in each, in order; by default one a move)
    and the turns taken back; ``opening``: the moves of the opening's auto-play (the first turn)."""

    def __init__(self, state: State, turns: list[int] | None = None, opening: int = 0) -> None:
        self.state = state
        self.turns: list[int] = turns if turns is not None else [1] * len(state.history)
        self.opening = opening
        """How many moves auto-play made on the opening layout: the first turn, never undone."""
        self._redo: list[list[Move]] = []
        """Turns taken back, the last taken back last, each its moves in the order they were played."""

    @property
    def opening_kept(self) -> int:
        """The moves of the opening's auto-play still at the start of the line (0 once undone or never made)."""
        return self.opening if self.turns[:1] == [self.opening] else 0

    @property
    def can_undo(self) -> bool:
        """Whether a turn can be taken back (the opening's auto-play never is)."""
        return len(self.turns) > (1 if self.opening else 0)

    @property
    def can_redo(self) -> bool:
        """Whether a turn taken back can be played again."""
        return bool(self._redo)

    @property
    def touched(self) -> bool:
        """Whether the player has played (auto-play on the opening layout is not the player's)."""
        return len(self.state.history) > self.opening or bool(self._redo)

    def opened(self, moves: int) -> None:
        """The opening's auto-play made ``moves`` more moves before the player's first: all of them the
        first turn."""
        self.opening += moves
        self.turns = [self.opening]

    def played(self, moves: int) -> None:
        """A turn of the last ``moves`` moves was played: what was taken back can no longer be redone."""
        self.turns.append(moves)
        self._redo.clear()

    def take_back(self) -> tuple[list[Move], list[str], str]:
        """Take the last turn off the table (kept for redo): its moves, the last first, each told from
        the position it was made on, and the player's own move told as taken back."""
        state = self.state
        taken, words, back = [], [], ""
        for _ in range(self.turns.pop()):
            back = voice.taken_back(state, state.history[-1])
            move = state.pop()
            taken.append(move)
            words.append(state.describe(move, past=True))
        self._redo.append(taken[::-1])
        return taken, words, back

    def take_back_to(self, moves: int) -> tuple[list[Move], list[str], int]:
        """Take back turn after turn until at most ``moves`` moves are left or no turn can be: the moves
        taken back (the last first), each told, and how many turns."""
        taken: list[Move] = []
        words: list[str] = []
        turns = 0
        while len(self.state.history) > moves and self.can_undo:
            more, said, _ = self.take_back()
            taken += more
            words += said
            turns += 1
        return taken, words, turns

    def replay(self) -> tuple[list[Move], list[str]]:
        """Play the last turn taken back again (there must be one): its moves and each told."""
        made = self._redo.pop()
        state = self.state
        words = []
        for move in made:
            words.append(state.describe(move, past=True))
            state.push(move)
        self.turns.append(len(made))
        return made, words

    def forget_redo(self) -> None:
        """The turns taken back are no longer to be played again."""
        self._redo.clear()

    def reset(self, turns: list[int]) -> None:
        """The line was taken up again as saved elsewhere: its turns, and nothing to redo."""
        self.turns = turns
        self._redo.clear()
