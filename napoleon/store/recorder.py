"""The recorder a :class:`~napoleon.session.Session` calls: every move of a game in play saved at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from ..engine.state import State
from .records import SavedGame, StoreError, line_version
from .reviews import mark_help

if TYPE_CHECKING:
    from ..engine.game import Game
    from .db import Store


class RecordedGame(Protocol):
    """What the store reads of a game in play: a :class:`napoleon.session.Session`, which sits above the store."""

    state: State
    turns: list[int]
    record_id: Any
    hints: int
    solution_used: bool
    grade: str | None
    opening: int
    autoplay: bool
    winnable: int | None

    @property
    def game(self) -> Game: ...

    @property
    def version(self) -> str: ...

    @property
    def deal(self) -> int: ...

    @property
    def elapsed(self) -> float: ...

    def notation_history(self) -> list[str]: ...


class StoreRecorder:
    """The store's side of :class:`~napoleon.session.Recorder`.

    It keeps the version of each record it began or was handed
    (``resumed``), and names it in every write: a game another window or
    process saved since is not overwritten (:class:`StaleGameError`).
    """

    def __init__(self, store: Store, resumed: Sequence[SavedGame] = ()) -> None:
        self.store = store
        self._length: int | None = None  # moves on the table at the last save: a shorter line is an undo
        self.versions: dict[int, str] = {saved.id: line_version(saved.moves) for saved in resumed}

    def begin(self, session: RecordedGame) -> int:
        moves = session.notation_history()
        record_id = self.store.insert(session.game, session.deal, moves=moves,
                                      turns=list(session.turns), elapsed=session.elapsed, hints=session.hints,
                                      solution=session.solution_used, opening=session.opening,
                                      autoplay=session.autoplay)
        self.versions[record_id] = line_version(moves)
        self._length = len(moves)  # a new record: its first save is no undo
        return record_id

    def save(self, session: RecordedGame) -> None:
        record_id = session.record_id
        base = self.versions.get(record_id)
        if base is None:
            raise StoreError(f"game #{record_id} was not opened through this recorder: it is not saved blind")
        length = len(session.state.history)
        undone = self._length is not None and length < self._length
        self.versions[record_id] = self.store.save_session(record_id, session, base, length if undone else None)
        self._length = length

    def reload(self, session: RecordedGame) -> SavedGame:
        """The session's record as the store holds it now; the next write is made on it."""
        saved = self.store.get(session.record_id)
        if saved is None:
            raise StoreError(f"no game #{session.record_id} in the store")
        self.versions[saved.id] = line_version(saved.moves)
        self._length = len(saved.moves)  # a reload is no undo of the player's
        return saved

    def is_current(self, session: RecordedGame) -> bool:
        """Whether the store still holds the line of play this recorder last read or wrote for the session."""
        return self.store.record_version(session.record_id) == self.versions.get(session.record_id)

    def finish(self, session: RecordedGame, result: str) -> None:
        # save() has written the result already (a win once, whatever follows);
        # saving again keeps a recorder that is called only here correct too.
        self.save(session)

    def assisted(self, session: RecordedGame, kind: str) -> None:
        self.store.mark_assisted(session.record_id, kind)
        mark_help(self.store, session.record_id, len(session.state.history), kind)

    def noted(self, session: RecordedGame, kind: str, at: int) -> None:
        """The player did something a review tells beside the help (``"finish"``) with ``at`` moves on
        the table; it is no help: the game's record is not marked as played with help."""
        mark_help(self.store, session.record_id, at, kind)

    def settings(self, session: RecordedGame) -> None:
        """The game's own settings changed (safe auto-play): kept with it."""
        self.store.set_autoplay(session.record_id, session.autoplay)

    def winnable(self, session: RecordedGame) -> None:
        """The session learnt a later position of its line proven winnable: kept with the game."""
        self.store.set_winnable(session.record_id, session.winnable)

    def graded(self, session: RecordedGame, grade: str | None) -> None:
        self.store.set_grade(session.record_id, grade)

    def leave(self, session: RecordedGame) -> None:
        self.save(session)
        self.store.leave(session.record_id)
