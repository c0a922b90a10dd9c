"""Build the solver's C search core; everything else is in pyproject.toml.

The extension is optional: without a C compiler the package installs and the
solver falls back to its pure-Python search.
"""

from glob import glob

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "napoleon.solver._core",
            # One file per concern; csrc/core.h says which holds what. wasm.c is
            # the WebAssembly binding (napoleon/solver/wasm.py builds it).
            sources=sorted(f for f in glob("napoleon/solver/csrc/*.c") if not f.endswith("wasm.c")),
            depends=sorted(glob("napoleon/solver/csrc/*.h")),
            extra_compile_args=["-O3", "-std=c11", "-Wall"],
            optional=True,
        )
    ]
)
