"""The search core built for WebAssembly, and run in Node.

:func:`build` compiles the same C files as the CPython extension (all of
``csrc/`` but its binding, ``module.c`` and ``module_probes.c``, with
``wasm.c`` in their place) with emscripten's ``emcc`` into
``napoleon_core.wasm`` and its glue ``napoleon_core.js`` (a factory,
``createNapoleonCore``, that loads in Node and in a browser's Web Worker),
beside a copy of ``wasm/core.js``: the entry points of the CPython module
:mod:`napoleon.solver._core`, with the same names, arguments and answers,
for JavaScript (its header states the contract).

:class:`NodeCore` runs that build in a Node process and answers as
``_core`` does, so the tests and bench/ can hold the WebAssembly core to the
native one by handing it to :mod:`.core` in ``_core``'s place.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from . import core

HERE = Path(__file__).resolve().parent
CSRC = HERE / "csrc"
JS = HERE / "wasm"

FLAGS = (
    "-O3", "-std=c11", "-Wall",
    "-sMODULARIZE=1", "-sEXPORT_NAME=createNapoleonCore", "-sENVIRONMENT=web,worker,node",
    # Searches grow their tables up to the memory limit the caller sets (4 GB is wasm32's most).
    "-sALLOW_MEMORY_GROWTH=1", "-sMAXIMUM_MEMORY=4GB", "-sTOTAL_STACK=8MB",
    "-sEXPORTED_FUNCTIONS=_malloc,_free",
    "-sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8",
)
"""emcc's settings: -O3, a modular glue for Node and Web Workers, growing memory."""


class BuildError(RuntimeError):
    """The WebAssembly build could not be made (no emcc, or it failed)."""


def sources() -> list[Path]:
    """The C files of the WebAssembly build: the core's, and its own binding."""
    return sorted(p for p in CSRC.glob("*.c") if p.name not in ("module.c", "module_probes.c"))


def missing_tools() -> str | None:
    """Why the WebAssembly core cannot be built and run here, or None."""
    for tool in ("emcc", "node"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    return None


def build(outdir: str | os.PathLike[str]) -> dict[str, Path]:
    """Build the WebAssembly core into ``outdir``; the paths of what it wrote:
    ``wasm`` (napoleon_core.wasm), ``glue`` (napoleon_core.js), ``core``
    (core.js, the entry points) and ``serve`` (serve.js, for :class:`NodeCore`).
    Raises :class:`BuildError` with emcc's own message when it fails."""
    if shutil.which("emcc") is None:
        raise BuildError("emcc is not installed (Debian: apt-get install emscripten)")
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    cmd = ["emcc", *FLAGS, f"-I{CSRC}", *map(str, sources()), "-o", str(out / "napoleon_core.js")]
    run = subprocess.run(cmd, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise BuildError(f"emcc failed:\n{run.stderr.strip()}")
    return _copy_js(out)


COMPILED = ("napoleon_core.wasm", "napoleon_core.js")
"""What emcc writes (the rest of a build is copied from the package)."""


def build_cached(outdir: str | os.PathLike[str], cache: str | os.PathLike[str]) -> dict[str, Path]:
    """:func:`build` into ``outdir``, the compiled files taken from ``cache`` when it holds a build of
    the same C files with the same flags and emcc (emcc takes half a minute; a site is built often)."""
    kept = cached_folder(cache)
    if not all((kept / name).is_file() for name in COMPILED):
        partial = kept.with_suffix(".partial")
        shutil.rmtree(partial, ignore_errors=True)
        build(partial)
        shutil.rmtree(kept, ignore_errors=True)
        partial.rename(kept)
    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    for name in COMPILED:
        # A copy as new as the C files it was checked against, so that :func:`built` takes it as current.
        shutil.copy(kept / name, out / name)
    return _copy_js(out)


def cached_folder(cache: str | os.PathLike[str]) -> Path:
    """The folder of ``cache`` where :func:`build_cached` keeps the build of the C files as they are,
    with these flags and this emcc (named by their digest; it may not be there yet)."""
    if shutil.which("emcc") is None:
        raise BuildError("emcc is not installed (Debian: apt-get install emscripten)")
    digest = hashlib.sha256(" ".join(FLAGS).encode())
    version = subprocess.run(["emcc", "--version"], capture_output=True, text=True, check=False).stdout
    digest.update(version.encode())
    for path in [*sources(), *sorted(CSRC.glob("*.h"))]:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return Path(cache) / f"wasm-{digest.hexdigest()[:16]}"


def _copy_js(out: Path) -> dict[str, Path]:
    for name in ("core", "serve"):
        shutil.copy2(JS / f"{name}.js", out / f"{name}.js")
    return _paths(out)


def _paths(out: Path) -> dict[str, Path]:
    return {"wasm": out / "napoleon_core.wasm", "glue": out / "napoleon_core.js", "core": out / "core.js",
            "serve": out / "serve.js"}


def built(outdir: str | os.PathLike[str]) -> dict[str, Path]:
    """The build in ``outdir``, compiled again only when a C file is newer
    than it (and core.js, serve.js copied again when they are)."""
    paths = _paths(Path(outdir))
    c_files = [*sources(), *CSRC.glob("*.h")]
    if not paths["wasm"].exists() or max(p.stat().st_mtime for p in c_files) > paths["wasm"].stat().st_mtime:
        return build(outdir)
    if any(not paths[n].exists() or (JS / f"{n}.js").stat().st_mtime > paths[n].stat().st_mtime
           for n in ("core", "serve")):
        return _copy_js(Path(outdir))
    return paths


class NodeError(RuntimeError):
    """The Node process serving the WebAssembly core stopped or answered nonsense."""


_EXCEPTIONS: dict[str, type[BaseException]] = {
    "ValueError": ValueError, "MemoryError": MemoryError, "NotImplementedError": NotImplementedError,
    "OSError": OSError, "RuntimeError": RuntimeError, "AssertionError": AssertionError,
    "KeyboardInterrupt": KeyboardInterrupt, "TypeError": TypeError,
}


class Exploration:
    """An exploration held by the Node process (what ``_core.exploration`` answers)."""

    def __init__(self, node: NodeCore, ident: int) -> None:
        self.node, self.ident = node, ident

    def __del__(self) -> None:
        # Only noted here: a collection may run in the middle of a call to Node.
        self.node._dropped.append(self.ident)


class NodeCore:
    """The WebAssembly core in a Node process, with ``_core``'s entry points.

    Each call is one JSON line to ``serve.js`` and one back; the answers are
    converted to what the CPython module answers (tuples, bytes), so
    :mod:`.core` runs on it unchanged when it stands in for ``_core``.
    """

    def __init__(self, outdir: str | os.PathLike[str]) -> None:
        paths = built(outdir)
        self._proc = subprocess.Popen(["node", str(paths["serve"]), str(Path(outdir).resolve())],
                                      stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self._lock = threading.Lock()
        self._tables: dict[int, tuple[list[int], int]] = {}  # id(tables) -> (tables, their number in Node)
        self._dropped: list[int] = []  # explorations collected here, to be freed in Node
        self.TABLE_VERSION = self._call("TABLE_VERSION", [])

    def close(self) -> None:
        """End the Node process."""
        if self._proc.poll() is None:
            self._proc.stdin.close()
            self._proc.wait(timeout=10)

    def _table(self, rules: list[int]) -> dict[str, Any]:
        """The tables as Node holds them: sent once, then named by number
        (core.encode_rules hands the same list to every call for a game)."""
        held = self._tables.get(id(rules))
        if held is not None and held[0] is rules:
            return {"$table": held[1]}
        number = len(self._tables) + 1
        self._tables[id(rules)] = (rules, number)
        return {"$table": number, "values": _encode(rules)}

    def _call(self, fn: str, args: list[Any]) -> Any:
        with self._lock:
            if self._proc.poll() is not None:
                raise NodeError(f"the Node process has ended (exit {self._proc.returncode})")
            while self._dropped:
                self._proc.stdin.write(json.dumps({"fn": "drop", "args": [self._dropped.pop()]}) + "\n")
                self._proc.stdout.readline()
            at = 2 if fn == "timed" else 0   # timed: [name, repeat, ...the entry point's arguments]
            if not ((args[0] if at else fn) in TAKE_TABLES and len(args) > at and isinstance(args[at], list)):
                at = -1
            # The tables (thousands of numbers) are encoded only the first time Node is sent them.
            sent = [self._table(a) if i == at else _encode(a) for i, a in enumerate(args)]
            self._proc.stdin.write(json.dumps({"fn": fn, "args": sent}) + "\n")
            line = self._proc.stdout.readline()
        if not line:
            raise NodeError("the Node process ended without an answer")
        reply = json.loads(line)
        if "error" in reply:
            name, message = reply["error"]
            raise _EXCEPTIONS.get(name, RuntimeError)(message)
        answer = self._decode(reply["ok"])
        if fn == "timed":
            shape = _SHAPES.get(args[0])
            return (shape(answer[0]) if shape else answer[0]), answer[1]
        shape = _SHAPES.get(fn)
        return shape(answer) if shape else answer

    def timed(self, name: str, repeat: int, *args: Any) -> tuple[Any, float]:
        """``name(*args)``'s answer and the fastest of ``repeat`` runs in seconds, timed in Node."""
        return self._call("timed", [name, repeat, *args])

    def _decode(self, v: Any) -> Any:
        if isinstance(v, list):
            return [self._decode(x) for x in v]
        if isinstance(v, dict):
            if "$big" in v:
                return int(v["$big"])
            if "$bytes" in v:
                return bytes(v["$bytes"])
            if "$exploration" in v:
                return Exploration(self, v["$exploration"])
        return v

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_") or name not in ENTRY_POINTS:
            raise AttributeError(name)
        return lambda *args: self._call(name, list(args))


@contextmanager
def standing_in(impl: Any) -> Iterator[None]:
    """Within this block, :mod:`.core` runs on ``impl`` (a :class:`NodeCore`)
    in the place of the native ``_core``: to hold one to the other."""
    native = core._core
    core._core = impl
    try:
        yield
    finally:
        core._core = native


def _moves(v: list) -> list[tuple[int, int, int]]:
    return [tuple(m) for m in v]


def _search(v: list) -> tuple:
    return (v[0], _moves(v[1]), *v[2:3], *([[(_moves(c[0]), *c[1:]) for c in v[3]]] if len(v) > 3 else []))


_SHAPES = {
    "search": _search, "beam": _search, "explore_more": _search,
    "moves": _moves, "autoplay": _moves, "dfs_moves": lambda v: [_moves(line) for line in v],
    "redeal": tuple, "key": tuple,
}
"""What the answers of JSON are made into to be those of ``_core`` (tuples where it answers tuples)."""

ENTRY_POINTS = frozenset({"set_memory_limit", "memory_limit", "search", "beam", "exploration", "explore_more",
                          "exploration_bytes", "moves", "autoplay", "dfs_moves", "dead_end", "redeal", "key",
                          "playout_check"})
"""The entry points of ``_core``, which core.js offers under the same names."""

TAKE_TABLES = ENTRY_POINTS - {"set_memory_limit", "memory_limit", "explore_more", "exploration_bytes"}
"""Those whose first argument is a game's tables."""


def _encode(v: Any) -> Any:
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, int):
        return v if -(2**53) < v < 2**53 else {"$big": str(v)}
    if isinstance(v, (bytes, bytearray)):
        return {"$bytes": list(v)}
    if isinstance(v, Exploration):
        return {"$exploration": v.ident}
    if isinstance(v, (list, tuple)):
        return [_encode(x) for x in v]
    return v
