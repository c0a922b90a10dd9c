"""Line-mode play recorded in the store.

The session saves every change as it is made, so the store is never behind
the player. Its record begins with the player's first action: a deal
opened and quit leaves nothing behind. Quitting with ``q`` leaves the game:
after a move it counts as played and not won (abandoned, and still
resumable by its id). The end of the input (a closed terminal) puts it
aside unfinished. A hint marks the game as played with help.
"""

from __future__ import annotations

from typing import TextIO

from ..engine.state import State
from ..session import Session
from ..store.db import Store
from .lineplay import play_lines


def play_recorded(store: Store, state: State | None = None, *, session: Session | None = None,
                  inp: TextIO | None = None, out: TextIO | None = None, hint_budget: float | None = None) -> int | None:
    """Play a new game on ``state`` (or take up ``session``) in line mode, recorded; return the record id
    (``hint_budget`` as :func:`play_lines` takes it).

    A new game's record begins at the player's first action (None is
    returned when there was none).
    """
    if session is None:
        if state is None:
            raise ValueError("play_recorded needs a state or a session")
        session = Session(state, autoplay=False, recorder=store.recorder(), record_later=True)
    play = None
    try:
        play = play_lines(session, inp=inp, out=out, hint_budget=hint_budget)
    finally:
        if play is not None and play.quit:
            session.leave()
        else:
            session.abandon()
    return session.record_id
