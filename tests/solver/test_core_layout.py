"""The compiled core's files are parts in order, and only one of them knows Python.

core.h lists the files in order; each may call functions of the files above
it and its own, never one below: no two files call each other. Searches do
not depend on a binding, and Python.h is included by the CPython binding
(module.c, module_probes.c, module.h) alone, so the same files build for WebAssembly.
"""

from __future__ import annotations

import re
from pathlib import Path

CSRC = Path(__file__).resolve().parents[2] / "napoleon" / "solver" / "csrc"

# A function defined at the start of a line (not static): its name before "(".
DEFINED = re.compile(r"^(?!static\b)[A-Za-z_][\w \t\*]*?\b(\w+)\([^;{]*\)\s*\{", re.MULTILINE)
CALLED = re.compile(r"\b(\w+)\s*\(")


def file_order() -> list[str]:
    """The files as core.h lists them."""
    header = (CSRC / "core.h").read_text()
    listing = header[header.index("Files, by concern"): header.index("*/")]
    return re.findall(r"^ \*   (\w+\.c)\b", listing, re.MULTILINE)


def test_core_h_lists_every_c_file():
    assert sorted(file_order()) == sorted(p.name for p in CSRC.glob("*.c"))


def test_each_file_calls_only_the_files_above_it():
    order = file_order()
    owner = {}
    for name in order:
        for fn in DEFINED.findall((CSRC / name).read_text()):
            owner[fn] = name
    below = []
    for i, name in enumerate(order):
        text = re.sub(r"/\*.*?\*/", "", (CSRC / name).read_text(), flags=re.DOTALL)
        for fn in set(CALLED.findall(text)):
            if fn in owner and order.index(owner[fn]) > i:
                below.append(f"{name} calls {fn} of {owner[fn]}")
    assert below == []


def test_only_the_cpython_binding_knows_python():
    knows = sorted(p.name for p in [*CSRC.glob("*.c"), *CSRC.glob("*.h")]
                   if re.search(r"Python\.h|PyObject|PyErr_", p.read_text()))
    assert knows == ["module.c", "module.h", "module_probes.c"]
