"""The two values a :class:`~napoleon.session.Session` answers with: a :class:`Change` for every
command, a :class:`View` for every position. The page, the terminal and line mode draw these two
and work nothing out for themselves.

>>> from napoleon import new_game
>>> view = View.of(new_game("werner", deal=1))
>>> view.status.value, len(view.legal) > 0, view.finish
('playing', True, ())
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..engine.autoplay import finish_moves
from ..engine.move import Move
from ..engine.state import Status

if TYPE_CHECKING:
    from ..engine.state import State


@dataclass(frozen=True)
class Change:
    """What one command did, described once.

    ``made`` are the moves played, in order, and ``undone`` the moves taken
    back, the last first; ``made_words`` and ``undone_words`` tell each one in
    a player's words, from the position it was made on ("moved the 10♣ from
    column 4 onto the J♦ in column 7"). ``news`` is the sentence the player
    reads (what happened, or why nothing did); ``version`` names the line of
    play after the command (the store's version of the record). A command
    that did nothing is false (``news`` says why).
    """

    version: str
    news: str = ""
    made: tuple[Move, ...] = ()
    undone: tuple[Move, ...] = ()
    made_words: tuple[str, ...] = ()
    undone_words: tuple[str, ...] = ()
    done: bool = True

    def __bool__(self) -> bool:
        return self.done

    @property
    def moved(self) -> bool:
        """Whether the position changed (a setting turned on or off alone does not move it)."""
        return bool(self.made or self.undone)


@dataclass(frozen=True)
class View:
    """What one position offers the player, worked out once: the session keeps it until the next change.

    ``legal`` lists each legal move once (a card to the first of
    interchangeable foundations); ``targets`` maps a pile and a number of its
    top cards to every pile they may go to (every foundation that takes a
    card, not only the first); ``most_movable`` the most cards each pile may
    give at once; ``finish`` the moves that play the rest of the game out by
    themselves (empty: the game does not play itself from here, see
    :func:`~napoleon.engine.autoplay.finish_moves`).
    """

    status: Status
    legal: tuple[Move, ...]
    targets: dict[int, dict[int, tuple[int, ...]]] = field(default_factory=dict)
    most_movable: dict[int, int] = field(default_factory=dict)
    finish: tuple[Move, ...] = ()

    @classmethod
    def of(cls, state: State) -> View:
        """The view of ``state``: its moves generated once, the Finish offer walked on one copy."""
        game = state.game
        every = state.every_move()
        targets: dict[int, dict[int, list[int]]] = {}
        for m in every:
            if m.count == 1 and not m.is_redeal:
                targets.setdefault(m.src, {}).setdefault(1, []).append(m.dst)
        legal = state.legal_moves()
        for m in legal:
            if m.count > 1 and not m.is_redeal:
                targets.setdefault(m.src, {}).setdefault(m.count, []).append(m.dst)
        status = state.status
        finish = tuple(finish_moves(state) or ()) if status is Status.PLAYING else ()
        return cls(
            status=status,
            legal=tuple(legal),
            targets={src: {k: tuple(d) for k, d in by.items()} for src, by in targets.items()},
            most_movable={p: state.most_movable(p) for p in game.sources if state.piles[p]},
            finish=finish,
        )

    def targets_of(self, src: int, count: int) -> tuple[int, ...]:
        """Every pile the top ``count`` cards of ``src`` may go to now."""
        return self.targets.get(src, {}).get(count, ())

    @property
    def can_redeal(self) -> bool:
        return any(m.is_redeal for m in self.legal)


__all__ = ["Change", "View"]
