"""Games put in a store as a test needs them, for tests of more than one interface."""

from __future__ import annotations

from napoleon import new_game
from napoleon.engine.autoplay import finish_moves
from napoleon.session import Session
from napoleon.store import Store, line_version


def near_the_end(store: Store, solution: list[str]) -> int:
    """A Werner deal 1 game saved with no time on its clock, played along ``solution`` (notation) to
    where the rest plays itself; returns its id."""
    session = Session.recorded(store, new_game("werner", deal=1), autoplay=False)
    for text in solution:
        if finish_moves(session.state):
            break
        session.play_text(text)
    session.abandon()
    store.save_state(session.record_id, session.state, session.turns, 0.0,  # as if played in no time
                     base=line_version(session.notation_history()))
    return session.record_id
