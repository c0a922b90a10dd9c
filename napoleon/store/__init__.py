"""The store: every game kept in SQLite, resumable, with statistics.

>>> import tempfile, os
>>> store = Store.open(os.path.join(tempfile.mkdtemp(), "napoleon.db"))
>>> store.version == VERSION
True
>>> store.close()
"""

from .db import (
    DamagedRecordError,
    ReadOnlyStoreError,
    SavedGame,
    StaleGameError,
    Store,
    StoreError,
    StoreRecorder,
    canonical_options,
    default_path,
    line_version,
)
from .schema import VERSION

__all__ = ["VERSION", "DamagedRecordError", "ReadOnlyStoreError", "SavedGame", "StaleGameError", "Store", "StoreError", "StoreRecorder",
           "canonical_options", "default_path", "line_version"]
