"""Grade a range of deals, calibrate the thresholds, and write the shipped grades.

``napoleon study GAME --deals 1-1000 --grades`` runs the grading ladder on
every deal (in worker processes or on a Dask cluster, with the study's own
machinery), appends each deal's figures to a work log as it arrives (so an
interrupted run resumes where it stopped, and runs may be done in slices),
then calibrates the game's three thresholds on the won deals and writes the
grades of the deals from the first one on, one letter each, into
``grades.json`` (atomically).
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from . import (
    DATA,
    GRADES,
    LETTERS,
    LOST,
    UNKNOWN,
    Figures,
    GradeError,
    calibrate,
    figures,
    grade_figures,
    key,
    ladder,
    reload,
)


def ladder_fingerprint(game) -> str:
    """12 hex digits naming the solver code and the game's ladder: a work log is only resumed under the same."""
    from ..study import solver_fingerprint

    text = json.dumps([solver_fingerprint(), ladder(game)])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def default_log(game) -> Path:
    """Where the figures of a grading run are logged unless told otherwise."""
    import platformdirs

    base = Path(os.environ.get("NAPOLEON_GRADES_LOG") or platformdirs.user_cache_dir("napoleon", appauthor=False))
    name = key(game).replace(" ", "_").replace("=", "-")
    return base / "grades" / f"{name}.{ladder_fingerprint(game)}.jsonl"


def grade_deal(game_id: str, options: dict[str, Any], deal: int, *_: Any) -> dict[str, Any]:
    """The figures of one deal as JSON (in a worker); errors come back as ``{"deal", "error"}``."""
    try:
        from ..games import new_game

        state = new_game(game_id, deal, options)
        out = figures(state).to_json()
        out["ladder"] = ladder_fingerprint(state.game)
        return out
    except Exception as exc:  # noqa: BLE001 - a worker must answer for every deal it was given
        return {"deal": deal, "error": f"{type(exc).__name__}: {exc}"}


def read_log(path: Path) -> dict[int, dict[str, Any]]:
    """Deal -> figures logged so far (a torn last line, from a crash, is ignored)."""
    out: dict[int, dict[str, Any]] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return out
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        out[row["deal"]] = row
    return out


def run_grades(game_id: str, options: dict[str, Any], deals: Iterable[int], jobs: int | None = None,
               dask: str | None = None, log: Path | None = None, data: Path | None = None,
               on_start: Callable[[int, int], None] | None = None,
               on_result: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Grade ``deals`` (resuming from the log), calibrate, and write the game's entry of ``data``.

    Returns the entry written: thresholds, the counts of each grade, the
    shipped letters and what they were made with.
    """
    from ..games import get_game
    from ..study import dask_results, local_results

    game = get_game(game_id, options)
    wanted = list(dict.fromkeys(deals))
    if not wanted:
        raise GradeError("no deals to grade")
    log = log or default_log(game)
    log.parent.mkdir(parents=True, exist_ok=True)
    have = read_log(log)
    todo = [(game.id, dict(game.options), d, None, None) for d in wanted if d not in have]
    if on_start:
        on_start(len(wanted), len(wanted) - len(todo))
    if todo:
        results = (dask_results(todo, dask, worker=grade_deal) if dask
                   else local_results(todo, min(max(1, jobs or os.cpu_count() or 1), len(todo)), worker=grade_deal))
        errors = []
        try:
            with log.open("a", encoding="utf-8") as f:
                for row in results:
                    if "error" in row:
                        errors.append(f"deal {row['deal']}: {row['error']}")
                        continue
                    if row["ladder"] != ladder_fingerprint(game):
                        raise GradeError("a worker runs other solver code: install the same napoleon on every worker")
                    f.write(json.dumps(row, separators=(",", ":")) + "\n")
                    f.flush()
                    have[row["deal"]] = row
                    if on_result:
                        on_result(row)
        finally:
            close = getattr(results, "close", None)
            if close:
                close()
        if errors:
            raise GradeError("the ladder failed on " + "; ".join(errors[:3]))
    rows = [have[d] for d in wanted if d in have]
    return write_entry(game, rows, data or DATA)


def entry_of(game, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``grades.json`` entry of graded deals: thresholds from their won deals, letters from the first on."""
    figs = [Figures(**{k: r[k] for k in ("game", "options", "deal", "verdict", "effort", "rungs", "winner", "moves")})
            for r in rows]
    cuts = calibrate([f.score for f in figs if f.verdict == "won"])
    by_deal = {f.deal: grade_figures(f, cuts) for f in figs}
    first = min(by_deal)
    letters = []
    while first + len(letters) in by_deal:  # the unbroken run from the first deal
        letters.append(LETTERS[by_deal[first + len(letters)]])
    counts = {g: sum(1 for v in by_deal.values() if v == g) for g in (*GRADES, LOST, UNKNOWN)}
    from ..study import solver_fingerprint

    return {"first": first, "grades": "".join(letters), "thresholds": list(cuts), "deals": len(by_deal),
            "counts": counts, "solver": solver_fingerprint(), "ladder": [list(r) for r in ladder(game)]}


def dumps(doc: dict[str, Any]) -> str:
    """``grades.json`` as text: one line per game and option set, so that a diff shows what changed."""
    games = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v, separators=(',', ':'))}" for k, v in doc["games"].items())
    return f'{{"format": {doc["format"]}, "games": {{\n{games}\n}}}}\n'


def write_entry(game, rows: list[dict[str, Any]], data: Path) -> dict[str, Any]:
    """Put the entry of ``game`` into ``data`` (other games' entries kept), atomically."""
    from ..store.transfer import write_atomic

    entry = entry_of(game, rows)
    try:
        doc = json.loads(data.read_text(encoding="utf-8"))
    except FileNotFoundError:
        doc = {"format": 1, "games": {}}
    doc["games"][key(game)] = entry
    doc["games"] = dict(sorted(doc["games"].items()))
    write_atomic(data, dumps(doc))
    reload()
    return entry
