"""The search core as WebAssembly, in the browser: :mod:`._core`'s entry points, called in JavaScript.

In the static site's search workers, Python is Pyodide and cannot load the
CPython extension; the same C core is built for WebAssembly
(:mod:`.wasm`), and its JavaScript wrapper, loaded by the worker as
``globalThis.napoleonCore``, has ``_core``'s functions with the same names,
arguments and answers. :func:`browser_core` gives a module-like object whose
functions call those one for one: Python values to JavaScript on the way in,
JavaScript's arrays back to Python lists (bytes for byte arrays) on the way
out, and a JavaScript error named after a Python exception raised as that
exception. :mod:`.compiled` takes it where ``_core`` cannot be imported.
"""

from __future__ import annotations

import builtins
import sys
from typing import Any

FUNCTIONS = ("set_memory_limit", "memory_limit", "search", "beam", "exploration", "explore_more",
             "exploration_bytes", "moves", "autoplay", "dfs_moves", "dead_end", "redeal", "key", "playout_check")
ERRORS = {name: getattr(builtins, name) for name in
          ("MemoryError", "ValueError", "NotImplementedError", "OSError", "KeyboardInterrupt", "RuntimeError",
           "AssertionError")}


def python_value(value: Any) -> Any:
    """A JavaScript answer as ``_core`` gives it: arrays as lists, byte arrays as bytes, BigInt as int;
    anything else (an exploration's handle) as it is."""
    if isinstance(value, memoryview):
        return value.tobytes()
    if isinstance(value, list | tuple):
        return [python_value(v) for v in value]
    if type(value).__name__.startswith("Js") and hasattr(value, "to_py") and hasattr(value, "length"):
        return python_value(value.to_py())  # a JavaScript array or byte array; an opaque handle has no length
    return value


class JsCore:
    """``_core``'s interface over the JavaScript core ``core`` (``to_js`` converts the arguments)."""

    def __init__(self, core: Any, to_js: Any = None) -> None:
        self._core = core
        self._to_js = to_js or (lambda value: value)
        self.TABLE_VERSION = int(core.TABLE_VERSION)
        for name in FUNCTIONS:
            setattr(self, name, self._function(name))

    def _function(self, name: str) -> Any:
        def call(*args: Any) -> Any:
            try:
                answer = getattr(self._core, name)(*[self._to_js(a) for a in args])
            except Exception as exc:
                kind = ERRORS.get(str(getattr(exc, "name", "")))
                if kind is None:
                    raise
                raise kind(str(getattr(exc, "message", exc))) from None
            return python_value(answer)
        call.__name__ = name
        return call


def browser_core() -> JsCore | None:
    """The WebAssembly core of this search worker, or None (not in a browser, or no core loaded)."""
    if sys.platform != "emscripten":
        return None
    import js
    from pyodide.ffi import to_js

    core = getattr(js, "napoleonCore", None)
    if core is None:
        return None
    return JsCore(core, to_js)


__all__ = ["ERRORS", "FUNCTIONS", "JsCore", "browser_core", "python_value"]
