"""The WebAssembly core for the solver's tests: the run's one compile (``compiled_core``) copied
under build/wasm and run in Node, or skipped with the reason."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from pathlib import Path

import pytest

from napoleon.solver import core, wasm

BUILD = Path(__file__).resolve().parents[2] / "build" / "wasm"


@pytest.fixture(scope="session")
def wasm_core(request) -> Iterator[wasm.NodeCore]:
    """The WebAssembly core in Node, with ``_core``'s entry points."""
    reason = wasm.missing_tools()
    if reason:
        pytest.skip(f"the WebAssembly core is not tested: {reason}")
    if not core.available:
        pytest.skip("the C core is not built: nothing to hold the WebAssembly core to")
    compiled = request.getfixturevalue("compiled_core")  # asked for here: not compiled for a skip above
    BUILD.mkdir(parents=True, exist_ok=True)
    with open(BUILD / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # the other test process waits for this one's copy
        wasm.build_cached(BUILD, compiled.parent)
        node = wasm.NodeCore(BUILD)
    yield node
    node.close()


@pytest.fixture(scope="module", params=["native", "wasm"])
def each_core(request) -> Iterator[str]:
    """The module's tests run on the native core, then again on the
    WebAssembly core in Node (skipped where emcc or node is missing)."""
    if request.param == "native":
        yield "native"
        return
    with wasm.standing_in(request.getfixturevalue("wasm_core")):
        yield "wasm"
