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
``opening``   (only when auto-play made moves on the opening layout) how many
              of the first moves it made: the first turn, not the player's
============  =============================================================

The optional fields are written only when they say something, so a file of
a game without them reads the same in a napoleon that predates them.

A file of many games (``napoleon export --all``, the page's "Export all
games"), to keep or move a whole history, is one JSON object:
``{"format": "napoleon-games", "version": 1, "games": [...]}``, each game an
object as above. Importing it adds the games the store does not hold yet, all
in one transaction, and passes over those it holds (a file imported twice
adds nothing the second time); one game that does not check or replay refuses
the whole file, naming it, and nothing is stored.

Import reads at most :data:`~napoleon.schemas.files.MAX_GAME_FILE` bytes,
checks every field against the format's schema
(:class:`~napoleon.schemas.files.GameFile`: types, bounds, ``ended`` not
before ``started``) and replays every move through the engine; the result
must be the one the moves reach. Anything wrong gives a
:class:`~napoleon.store.StoreError` saying what, and nothing is stored.
"""

from __future__ import annotations

import datetime
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from ..engine.errors import NapoleonError
from ..engine.state import Status
from ..schemas import SchemaError, load_json, parse
from ..schemas.files import (
    FORMAT,
    FORMAT_VERSION,
    GAMES_FORMAT,
    MAX_GAME_FILE,
    MAX_GAMES_FILE,
    GameFile,
    GamesFile,
    file_format,
)
from .db import SavedGame, Store, StoreError, canonical_options


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
        {"grade": saved.grade} if saved.grade is not None else {}) | (
        {"opening": saved.opening} if saved.opening else {})


def game_file_text(obj: dict[str, Any]) -> str:
    """A game file's text, as ``napoleon export`` writes it and the page downloads it."""
    return json.dumps(obj, indent=2) + "\n"


def export_game(store: Store, saved_id: int, path: str | os.PathLike[str]) -> dict[str, Any]:
    """Write game ``saved_id`` to ``path`` (atomically); return the object written."""
    saved = store.get(saved_id)
    if saved is None:
        raise StoreError(f"no game #{saved_id} in the store")
    saved.replay()  # a game whose moves do not play back would be a file no napoleon imports: say so now
    obj = game_to_json(saved)
    try:
        write_atomic(path, game_file_text(obj))
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc}") from None
    return obj


def read_game_file(path: str | os.PathLike[str]) -> Any:
    """The JSON in ``path`` (read up to :data:`~napoleon.schemas.files.MAX_GAMES_FILE` bytes and no more);
    a clear StoreError when it cannot be read as JSON."""
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_GAMES_FILE + 1)
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror or exc}") from None
    return read_game_json(raw)


def read_game_json(raw: bytes | str) -> Any:
    """A game file's JSON, or a file of games': a file of one game is at most
    :data:`~napoleon.schemas.files.MAX_GAME_FILE` bytes, of many :data:`~napoleon.schemas.files.MAX_GAMES_FILE`;
    a clear StoreError when it is neither."""
    try:
        obj = load_json(raw, "the file", MAX_GAMES_FILE)
        if file_format(obj) == FORMAT and len(raw) > MAX_GAME_FILE:
            load_json(raw, "a file of one game", MAX_GAME_FILE)  # says it is too large
        return obj
    except SchemaError as exc:
        raise StoreError(f"not a napoleon game file: {exc}") from None


def validate(obj: Any) -> SavedGame:
    """Check an export object against the game file's schema (:class:`~napoleon.schemas.files.GameFile`)
    and by replaying its moves; return it as a record."""
    try:
        data = parse(GameFile, obj, "game file")
    except SchemaError as exc:
        raise StoreError(str(exc)) from None
    from ..games import player_game

    try:
        game = player_game(data.game, data.options)
    except NapoleonError as exc:
        raise StoreError(f"'game'/'options': {exc}") from None
    state = game.new_state(data.deal)
    for number, text in enumerate(data.moves, 1):
        if state.status is Status.WON:
            raise StoreError(f"move {number} ({text}) comes after the game was won")
        try:
            state.play(state.parse_move(text))
        except NapoleonError as exc:
            raise StoreError(f"move {number} ({text}) does not replay: {exc}") from None
    result, reached = data.result, state.status
    if (result == "won") != (reached is Status.WON):
        raise StoreError(f"'result' is {result} but the moves leave the game {reached.value}")
    if result == "lost" and reached is not Status.LOST:
        raise StoreError(f"'result' is lost but the moves leave the game {reached.value}")
    check_as_played(data.result, data.moves, data.turns, data.opening, data.elapsed, data.started, data.ended)
    won = result == "won"
    saved = SavedGame(id=0, game=game.id, options=dict(game.options), deal=data.deal, moves=list(data.moves),
                      elapsed=float(data.elapsed), started=data.started, updated=data.ended or data.started,
                      result=result, ended=data.ended, turns=list(data.turns), uid=data.uid, origin="imported",
                      won_elapsed=float(data.elapsed) if won else None,
                      hints=data.hints, solution=data.solution, grade=data.grade, opening=data.opening)
    saved.won_moves = saved.moves_played if won else None
    return saved


MIN_TURN_SECONDS = 0.2
"""The least time a player's turn takes (a click, a tap, a key): a won game's clock cannot be shorter
than its turns (auto-play and Finish make several moves a turn, in no time)."""
CLOCK_SKEW = datetime.timedelta(minutes=5)
"""How far ahead of this machine's clock another machine's may be: a later time is in the future."""


def check_as_played(result: str, moves: list[str], turns: list[int], opening: int, elapsed: float,
                    started: str, ended: str | None) -> None:
    """A StoreError unless a game file's record is one a game played here could have left: a deal
    left untouched counts as nothing (README), a win takes at least :data:`MIN_TURN_SECONDS` a turn
    of the player's, and no time is in the future."""
    if result in ("playing", "abandoned") and len(moves) <= opening:
        raise StoreError("the deal was left without a move of the player's: it counts as nothing, "
                         "so there is nothing to import")
    player_turns = len(turns) - (1 if opening and turns[:1] == [opening] else 0)
    if result == "won" and elapsed < MIN_TURN_SECONDS * player_turns:
        raise StoreError(f"'elapsed' is {elapsed:g} s, less than its {player_turns} turns could take "
                         f"(at least {MIN_TURN_SECONDS:g} s each)")
    latest = datetime.datetime.now(datetime.UTC) + CLOCK_SKEW
    for name, stamp in (("started", started), ("ended", ended)):
        if stamp is not None and as_time(stamp) > latest:
            raise StoreError(f"'{name}' is {stamp[:40]}, in the future")


def as_time(stamp: str) -> datetime.datetime:
    """An ISO 8601 time (as the file's schema read it), in UTC when it names no zone."""
    when = datetime.datetime.fromisoformat(stamp)
    return when if when.tzinfo is not None else when.replace(tzinfo=datetime.UTC)


def same_game(store: Store, saved: SavedGame) -> int | None:
    """The id of the record of the same game as ``saved``, under any uid: the same rules, deal and
    start (a game exported twice, at two points of its play, is still one game); None if none."""
    with store._lock:
        rows = store.db.execute("SELECT id, started FROM games WHERE game = ? AND options = ? AND deal = ?",
                                (saved.game, canonical_options(saved.options), saved.deal)).fetchall()
    start = as_time(saved.started)
    for gid, started in rows:
        try:
            if as_time(started) == start:
                return gid
        except (TypeError, ValueError):
            continue  # a start that cannot be read: not this game's
    return None


def already_held(store: Store, saved: SavedGame) -> str | None:
    """Which record of the store is ``saved`` already, said (under its uid, or as :func:`same_game`
    finds it under another); None if none."""
    existing = store.by_uid(saved.uid)
    if existing is not None:
        return f"this game is already in the store as game #{existing.id}"
    twin = same_game(store, saved)
    if twin is not None:
        return f"this game (the same deal, started at the same time) is already in the store as game #{twin}"
    return None


def import_game(store: Store, obj: Any) -> int:
    """Validate ``obj`` and add it to the store as a new record; return its id. The same game is
    never stored twice, whatever its uid (:func:`already_held`)."""
    saved = validate(obj)
    held = already_held(store, saved)
    if held is not None:
        raise StoreError(f"{held}; nothing was imported")
    import sqlite3

    try:
        return store.insert_saved([saved])[0]
    except sqlite3.IntegrityError:
        raise StoreError("this game is already in the store; nothing was imported") from None


def games_to_json(store: Store) -> tuple[dict[str, Any], list[str]]:
    """The export object of every game in the store, the oldest first (a deal opened and left
    untouched is no game, and is not in it), and why each record left out was left out: one whose
    moves no longer replay would be refused by every import."""
    games, left_out = [], []
    for saved in sorted(store.games(), key=lambda record: record.id):
        try:
            saved.replay()
        except StoreError as exc:
            left_out.append(str(exc))
            continue
        games.append(game_to_json(saved))
    return {"format": GAMES_FORMAT, "version": FORMAT_VERSION, "games": games}, left_out


def export_games(store: Store, path: str | os.PathLike[str]) -> tuple[dict[str, Any], list[str]]:
    """Write every game of the store to ``path`` (atomically), as :func:`games_to_json` gives them."""
    obj, left_out = games_to_json(store)
    try:
        write_atomic(path, game_file_text(obj))
    except OSError as exc:
        raise StoreError(f"cannot write {path}: {exc}") from None
    return obj, left_out


def import_games(store: Store, obj: Any) -> tuple[list[int], int]:
    """Check a file of games (every game, as :func:`validate` does) and add those the store does not
    hold yet, in one transaction: (the new records' ids, how many it held already). A game that does
    not check refuses the whole file, and nothing is stored."""
    try:
        data = parse(GamesFile, obj, "file of games")
    except SchemaError as exc:
        raise StoreError(str(exc)) from None
    new: list[SavedGame] = []
    held = 0
    seen: set[tuple[str, str, int, datetime.datetime]] = set()
    for number, game in enumerate(data.games, 1):
        try:
            saved = validate(game)
        except StoreError as exc:
            raise StoreError(f"game {number} of {len(data.games)} in the file: {exc}; nothing was imported") from None
        twin = (saved.game, canonical_options(saved.options), saved.deal, as_time(saved.started))
        if twin in seen or already_held(store, saved) is not None:
            held += 1
            continue
        seen.add(twin)
        new.append(saved)
    import sqlite3

    try:
        return store.insert_saved(new), held
    except sqlite3.IntegrityError:
        raise StoreError("a game of the file is in it twice; nothing was imported") from None


def import_any(store: Store, obj: Any) -> tuple[list[int], int, str]:
    """Import a game file's JSON, of one game or of many: (the new records' ids, how many of its
    games the store held already, its format). A file of one game the store holds is refused, as
    :func:`import_game` says; a file of many passes over them."""
    try:
        kind = file_format(obj)
    except SchemaError as exc:
        raise StoreError(f"not a napoleon game file: {exc}") from None
    if kind == GAMES_FORMAT:
        return (*import_games(store, obj), kind)
    return [import_game(store, obj)], 0, kind


def import_file(store: Store, path: str | os.PathLike[str]) -> tuple[list[int], int, str]:
    """Import the game file ``path``, of one game or of many (:func:`import_any`)."""
    obj = read_game_file(path)
    try:
        return import_any(store, obj)
    except StoreError as exc:
        raise StoreError(f"{path}: {exc}") from None


__all__ = ["FORMAT", "FORMAT_VERSION", "GAMES_FORMAT", "canonical_options", "export_game", "export_games",
           "game_file_text", "game_to_json", "games_to_json", "import_any", "import_file", "import_game",
           "import_games", "read_game_file", "read_game_json", "validate", "write_atomic"]
