"""A player's settings, kept between games: a small JSON file beside the store.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "settings.json")
>>> load(path)
{}
>>> save({"four_colour": True}, path)
>>> save({"autoplay": False}, path)
>>> load(path) == {"four_colour": True, "autoplay": False}
True

A file that cannot be read as settings counts as none: the player's game
must still start, and the file is only replaced when a setting changes.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from .db import default_path


def settings_path() -> Path:
    """``settings.json`` in the folder of the store's database."""
    return default_path().with_name("settings.json")


def load(path: str | os.PathLike[str] | None = None) -> dict[str, Any]:
    """The settings saved so far (``{}`` when there are none or the file is unreadable)."""
    try:
        data = json.loads(Path(path or settings_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save(changes: dict[str, Any], path: str | os.PathLike[str] | None = None) -> None:
    """Merge ``changes`` into the saved settings, written atomically (a crash
    leaves the old file or the new one, never half of one)."""
    target = Path(path or settings_path())
    values = {**load(target), **changes}
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".json", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(values, f, indent=1, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
