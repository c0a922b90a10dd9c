"""Export and import of one game as a JSON file, to share a deal and its moves.

The format (``"format": "napoleon-game"``, ``"version": 1``), one JSON object:

============  =============================================================
``format``    the string ``"napoleon-game"``
``version``   1 (a later format gets a new number; older readers refuse it)
``uid``       the record's identity (32 hex digits): importing the same game
              twice is refused, so a game is never stored or counted twice
``game``      the game id, e.g. ``"werner"``
``options``   every option of the game with its value
``deal``      the deal number
``moves``     the moves in notation, from the deal, e.g. ``["T3-F1", "S-W"]``
``turns``     how many of those moves each turn made (auto-play included);
              they add up to the number of moves
``result``    ``"playing"``, ``"won"``, ``"lost"`` or ``"abandoned"``
``elapsed``   seconds of play
``started``   when the game started, ISO 8601
``ended``     when it ended (ISO 8601), or null while it is playing
``hints``     (only in a game played with help) how many hints were used
``solution``  (only in a game played with help) whether the solution was
              shown or played
``grade``     (only when known) how hard the deal is: ``easy``, ``medium``,
              ``hard``, ``expert``, ``lost`` or ``unknown`` (docs/grades.md);
              a file without it imports as a game whose grade is not known
============  =============================================================

The optional fields are written only when they say something, so a file of
a game without them reads the same in a napoleon that predates them.

Import checks every field and replays every move through the engine; the
result must be the one the moves reach. Anything wrong gives a
:class:`~napoleon.store.StoreError` saying what, and nothing is stored.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from ..engine.errors import NapoleonError
from ..engine.state import Status
from .db import SavedGame, Store, StoreError, canonical_options
from .schema import GRADES

FORMAT = "napoleon-game"
FORMAT_VERSION = 1
FIELDS = ("format", "version", "uid", "game", "options", "deal", "moves", "turns", "result", "elapsed", "started",
          "ended")
HELP_FIELDS = ("hints", "solution")
"""Written only for a game played with help, so that files of other games read as before."""
OPTIONAL_FIELDS = (*HELP_FIELDS, "grade")
"""Fields a file may leave out; ``grade`` is written only when the deal's grade is known."""
UID_RE = re.compile(r"^[0-9a-f]{32}$")


def write_atomic(path: str | os.PathLike[str], data: str | bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file and ``os.replace``.

    A reader sees the old file or the new one, never half of it.
    """
    target = Path(path)
    raw = data.encode() if isinstance(data, str) else data
    fd, tmp = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.", suffix=".tmp")
    try:
        # mkstemp makes the file private; give it the mode a plain open() would.
        try:
            mode = target.stat().st_mode & 0o777
        except FileNotFoundError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def game_to_json(saved: SavedGame) -> dict[str, Any]:
    """The export object of a record."""
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "uid": saved.uid,
        "game": saved.game,
        "options": saved.options,
        "deal": saved.deal,
        "moves": list(saved.moves),
        "turns": list(saved.turns),
        "result": saved.result,
        "elapsed": saved.elapsed,
        "started": saved.started,
        "ended": saved.ended,
    } | ({"hints": saved.hints, "solution": saved.solution} if saved.assisted else {}) | (
        {"grade": saved.grade} if saved.grade is not None else {})


def export_game(store: Store, saved_id: int, path: str | os.PathLike[str]) -> dict[str, Any]:
    """Write game ``saved_id`` to ``path`` (atomically); return the object written."""
    saved = store.get(saved_id)
    if saved is None:
        raise StoreError(f"no game #{saved_id} in the store")
    obj = game_to_json(saved)
    try:
        write_atomic(path, json.dumps(obj, indent=2) + "\n")
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc}") from None
    return obj


def read_game_file(path: str | os.PathLike[str]) -> Any:
    """The JSON in ``path``; a clear StoreError when it cannot be read as JSON."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise StoreError(f"{path} is not a napoleon game file (not UTF-8 text)") from None
    except json.JSONDecodeError as exc:
        raise StoreError(f"{path} is not a napoleon game file (malformed JSON: {exc})") from None


def validate(obj: Any) -> SavedGame:
    """Check an export object field by field and by replaying its moves; return it as a record."""
    if not isinstance(obj, dict):
        raise StoreError("not a napoleon game file (the JSON is not an object)")
    if "format" not in obj:
        raise StoreError('not a napoleon game file (no "format" field)')
    if obj["format"] != FORMAT:
        raise StoreError(f'not a napoleon game file ("format" is {obj["format"]!r}, not {FORMAT!r})')
    version = obj.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise StoreError(f'"version" must be an integer, not {version!r}')
    if version > FORMAT_VERSION:
        raise StoreError(f"the file is in game format version {version}; this napoleon reads up to {FORMAT_VERSION}")
    if version < 1:
        raise StoreError(f"unknown game format version {version}")
    missing = [k for k in FIELDS if k not in obj]
    if missing:
        raise StoreError(f"missing field{'s' * (len(missing) > 1)}: {', '.join(missing)}")
    unknown = sorted(set(obj) - set(FIELDS) - set(OPTIONAL_FIELDS))
    if unknown:
        raise StoreError(f"unknown field{'s' * (len(unknown) > 1)}: {', '.join(unknown)}")
    uid = obj["uid"]
    if not isinstance(uid, str) or not UID_RE.match(uid):
        raise StoreError(f'"uid" must be 32 lowercase hex digits, not {uid!r}')
    if not isinstance(obj["options"], dict):
        raise StoreError('"options" must be an object')
    from ..games import get_game

    try:
        game = get_game(obj["game"], obj["options"])
    except NapoleonError as exc:
        raise StoreError(f'"game"/"options": {exc}') from None
    deal = obj["deal"]
    try:
        state = game.new_state(deal)
    except (NapoleonError, ValueError, TypeError) as exc:
        raise StoreError(f'"deal": {exc}') from None
    moves = obj["moves"]
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise StoreError('"moves" must be a list of moves in notation')
    for number, text in enumerate(moves, 1):
        if state.status is Status.WON:
            raise StoreError(f"move {number} ({text}) comes after the game was won")
        try:
            state.play(state.parse_move(text))
        except NapoleonError as exc:
            raise StoreError(f"move {number} ({text}) does not replay: {exc}") from None
    turns = obj["turns"]
    if (not isinstance(turns, list) or not all(isinstance(t, int) and not isinstance(t, bool) and t > 0 for t in turns)
            or sum(turns) != len(moves)):
        raise StoreError('"turns" must be positive integers adding up to the number of moves')
    result = obj["result"]
    reached = state.status
    if result not in ("playing", "won", "lost", "abandoned"):
        raise StoreError(f'"result" must be playing, won, lost or abandoned, not {result!r}')
    if (result == "won") != (reached is Status.WON):
        raise StoreError(f'"result" is {result} but the moves leave the game {reached.value}')
    if result == "lost" and reached is not Status.LOST:
        raise StoreError(f'"result" is lost but the moves leave the game {reached.value}')
    elapsed = obj["elapsed"]
    if isinstance(elapsed, bool) or not isinstance(elapsed, int | float) or not 0 <= elapsed < 1e9:
        raise StoreError(f'"elapsed" must be a number of seconds, not {elapsed!r}')
    hints, solution = obj.get("hints", 0), obj.get("solution", False)
    if isinstance(hints, bool) or not isinstance(hints, int) or hints < 0:
        raise StoreError(f'"hints" must be a number of hints, not {hints!r}')
    if not isinstance(solution, bool):
        raise StoreError(f'"solution" must be true or false, not {solution!r}')
    grade = obj.get("grade")
    if grade is not None:
        if grade not in GRADES:
            raise StoreError(f'"grade" must be one of {", ".join(GRADES)} (or left out), not {grade!r}')
    started, ended = obj["started"], obj["ended"]
    _check_time("started", started)
    if result == "playing":
        if ended is not None:
            raise StoreError('"ended" must be null for a game still playing')
    else:
        _check_time("ended", ended)
    return SavedGame(id=0, game=game.id, options=dict(game.options), deal=deal, moves=list(moves),
                     elapsed=float(elapsed), started=started, updated=ended or started, result=result, ended=ended,
                     turns=list(turns), uid=uid, origin="imported",
                     won_elapsed=float(elapsed) if result == "won" else None,
                     won_moves=len(moves) if result == "won" else None, hints=hints, solution=solution, grade=grade)


def _check_time(name: str, value: Any) -> None:
    if not isinstance(value, str):
        raise StoreError(f'"{name}" must be a time in ISO 8601, not {value!r}')
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise StoreError(f'"{name}" is not a time in ISO 8601: {value!r}') from None


def import_game(store: Store, obj: Any) -> int:
    """Validate ``obj`` and add it to the store as a new record; return its id."""
    saved = validate(obj)
    existing = store.by_uid(saved.uid)
    if existing is not None:
        raise StoreError(f"this game is already in the store as game #{existing.id}; nothing was imported")
    import sqlite3

    try:
        return store.insert(saved.game_obj(), saved.deal, moves=saved.moves, turns=saved.turns, result=saved.result,
                            elapsed=saved.elapsed, started=saved.started, ended=saved.ended, uid=saved.uid,
                            origin="imported", won_elapsed=saved.won_elapsed, won_moves=saved.won_moves,
                            hints=saved.hints, solution=saved.solution, grade=saved.grade)
    except sqlite3.IntegrityError:
        raise StoreError("this game is already in the store; nothing was imported") from None


def import_file(store: Store, path: str | os.PathLike[str]) -> int:
    """Import the game file ``path``; return the new record's id."""
    obj = read_game_file(path)
    try:
        return import_game(store, obj)
    except StoreError as exc:
        raise StoreError(f"{path}: {exc}") from None


__all__ = ["FORMAT", "FORMAT_VERSION", "canonical_options", "export_game", "game_to_json", "import_file",
           "import_game", "read_game_file", "validate", "write_atomic"]
