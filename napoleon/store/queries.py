"""The store's reading side: the history of games, a game to take up again, study results and statistics.

:class:`napoleon.store.Store` has these methods from :class:`StoreQueries`;
each reads under the store's lock and writes nothing.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Any

from . import schema
from .records import (
    GAME_COLUMNS,
    RESULTS,
    RESUMABLE,
    DamagedRecordError,
    ResumePoint,
    SavedGame,
    StoreError,
    saved_from_row,
)
from .stats import GRADE_STATS_SQL, STATS_SQL, compute_grade_stats, compute_stats


def _readable(row: tuple[Any, ...]) -> SavedGame | None:
    """The record of ``row``, or None when it cannot be read (:meth:`StoreQueries.damaged` names it)."""
    try:
        return saved_from_row(row)
    except DamagedRecordError:
        return None


class StoreQueries:
    """The reading methods of :class:`napoleon.store.Store` (which opens the connection they read)."""

    db: sqlite3.Connection
    _lock: threading.RLock

    def get(self, saved_id: int) -> SavedGame | None:
        """The record ``saved_id``, or None."""
        with self._lock:
            row = self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE id = ?", (saved_id,)).fetchone()
        return saved_from_row(row) if row else None

    def by_uid(self, uid: str) -> SavedGame | None:
        with self._lock:
            row = self.db.execute(f"SELECT {GAME_COLUMNS} FROM games WHERE uid = ?", (uid,)).fetchone()
        return saved_from_row(row) if row else None

    def unfinished(self, game_id: str | None = None) -> list[SavedGame]:
        """Games still being played (at least one move made), the most recently saved first."""
        return self.games(game_id, results=("playing",))

    def games(self, game_id: str | None = None, results: tuple[str, ...] = RESULTS,
              limit: int | None = None) -> list[SavedGame]:
        """Past and present games of ``game_id`` (every game when None), the most recently saved first;
        a game whose row cannot be read is left out (:meth:`damaged` names it).

        ``results`` picks which (``"playing"``, ``"won"``, ``"lost"``,
        ``"abandoned"``); ``limit`` caps the list. A deal opened and left
        without a move is not a game and is never listed. Each record says
        whether help was used (:attr:`SavedGame.assisted`) and whether it
        still counts in the statistics (:attr:`SavedGame.counted`).
        """
        where = [f"result IN ({', '.join('?' * len(results))})", f"NOT {schema.UNTOUCHED}"]
        params: list[Any] = list(results)
        if game_id is not None:
            from ..games import game_class

            where.append("game = ?")
            params.append(game_class(game_id).id)
        sql = f"SELECT {GAME_COLUMNS} FROM games WHERE {' AND '.join(where)} ORDER BY updated DESC, id DESC"
        if limit is not None:
            sql += f" LIMIT {int(limit)}"
        with self._lock:
            rows = self.db.execute(sql, params).fetchall()
        return [saved for saved in map(_readable, rows) if saved is not None]

    def damaged(self) -> list[DamagedRecordError]:
        """Every game whose row cannot be read, each as the error that says which and why (the lists
        and statistics go on without them; ``napoleon doctor`` sets them aside)."""
        with self._lock:
            rows = self.db.execute(f"SELECT {GAME_COLUMNS} FROM games ORDER BY id").fetchall()
        found = []
        for row in rows:
            try:
                saved_from_row(row)
            except DamagedRecordError as exc:
                found.append(exc)
        return found

    def resume_point(self, saved_id: int) -> ResumePoint:
        """The game ``saved_id`` (unfinished, or left) replayed from the deal, to be taken up again.

        :meth:`napoleon.session.Session.resume` makes a session of it. Raise
        StoreError when there is no such game or it is won or lost.
        """
        saved = self.get(saved_id)
        if saved is None:
            raise StoreError(f"no game #{saved_id} in the store")
        if saved.result not in RESUMABLE:
            raise StoreError(f"game #{saved_id} is {saved.result}: only an unfinished game can be resumed")
        return ResumePoint(saved, saved.replay(), saved.play_turns())

    # -------------------------------------------------------------- studies

    def study_results(self, game: str, options_json: str, budget: float, max_states: int,
                      solver: str) -> dict[int, tuple[str, float]]:
        """Deal -> (verdict, seconds) of the winnability results stored for this game, options
        (canonical JSON), solver limits and solver fingerprint."""
        with self._lock:
            rows = self.db.execute(
                "SELECT deal, verdict, seconds FROM study WHERE game = ? AND options = ? AND budget = ?"
                " AND max_states = ? AND solver = ?", (game, options_json, budget, max_states, solver)).fetchall()
        return {deal: (verdict, seconds) for deal, verdict, seconds in rows}

    def study_decided(self, game: str, options_json: str, solver: str) -> dict[int, tuple[str, float, float]]:
        """Deal -> (verdict, seconds, budget) of the won and lost results stored for this game and
        options by the code ``solver``, at any budget or position limit: a verdict, once proven,
        holds whatever budget proved it (the settling pass of a study stores its own this way)."""
        with self._lock:
            rows = self.db.execute(
                "SELECT deal, verdict, seconds, budget FROM study WHERE game = ? AND options = ? AND solver = ?"
                " AND verdict IN ('won', 'lost') ORDER BY budget", (game, options_json, solver)).fetchall()
        return {deal: (verdict, seconds, budget) for deal, verdict, seconds, budget in rows}

    def study_budgets(self, game: str, options_json: str, solver: str) -> dict[int, float]:
        """Deal -> the longest budget of any result stored for this game and options by the code ``solver``."""
        with self._lock:
            rows = self.db.execute(
                "SELECT deal, MAX(budget) FROM study WHERE game = ? AND options = ? AND solver = ? GROUP BY deal",
                (game, options_json, solver)).fetchall()
        return {deal: budget for deal, budget in rows}

    def stats(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Per game and option set: played, won, win_pct, streaks, best time, fewest moves (see :mod:`.stats`)."""
        return compute_stats(self._stats_rows(STATS_SQL, game_id))

    def _stats_rows(self, sql: str, game_id: str | None) -> list[Any]:
        """The rows of a statistics query (its ``{and_game}`` filled), for one game or all."""
        params: list[Any] = []
        and_game = ""
        if game_id is not None:
            from ..games import game_class

            and_game = "AND game = ?"
            params.append(game_class(game_id).id)
        with self._lock:
            return self.db.execute(sql.format(and_game=and_game), params).fetchall()


    def stats_by_grade(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Per game, option set and grade: played, won and best time (see :func:`.stats.compute_grade_stats`)."""
        return compute_grade_stats(self._stats_rows(GRADE_STATS_SQL, game_id))
