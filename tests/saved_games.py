"""Games put in a store as a test needs them, for tests of more than one interface."""

from __future__ import annotations

import itertools
from pathlib import Path

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


def won_werner(store: Store, solution: list[str]) -> int:
    """A Werner deal 1 game won along ``solution`` (notation) on a player's clock, a second a look (an
    import refuses a win faster than its turns could be played); returns its id."""
    session = Session.recorded(store, new_game("werner", deal=1), clock=itertools.count(0, 1.0).__next__)
    for text in solution:
        if session.status.value == "won":
            break
        if session.state.is_legal(session.state.parse_move(text)):
            session.play_text(text)
    assert session.status.value == "won"
    return session.record_id


def won_werner_file(folder: Path, solution: list[str]) -> Path:
    """The file ``napoleon export`` writes of :func:`won_werner`'s game, from a store of its own in ``folder``."""
    from napoleon.store.transfer import export_game

    with Store.open(folder / "exported-from.db") as store:
        path = folder / "won.json"
        export_game(store, won_werner(store, solution), path)
    return path
