"""The compiled search core's module, when it is built and matches the tables this package writes.

:data:`available` is False without a C compiler (the extension is optional)
or when the build is older than the table layout (:data:`TABLE_VERSION`): the
solver then uses its pure-Python search. In the browser the core is the
WebAssembly build, through :mod:`.jscore`. :mod:`.core` feeds the module its
tables; :mod:`.memory` sets the limit its searches stop at.
"""

from __future__ import annotations

import warnings

try:
    from . import _core
except ImportError:  # pragma: no cover - only without a C compiler, or in the browser
    # In the browser (Pyodide) the same core comes as WebAssembly, when the search worker loaded it.
    from .jscore import browser_core

    _core = browser_core()

TABLE_VERSION = 4  # the layout core.encode_rules() writes; csrc/core.h's TABLE_VERSION must match

if _core is not None and getattr(_core, "TABLE_VERSION", None) != TABLE_VERSION:  # pragma: no cover
    # A stale build (from before a change of the table layout) would misread
    # the tables: rather the slow, correct Python search.
    warnings.warn("the compiled solver core is out of date: rebuild it with "
                  "`python setup.py build_ext --inplace`; using the Python search", RuntimeWarning, stacklevel=2)
    _core = None
available = _core is not None
