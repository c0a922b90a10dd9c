"""The static site's Python compiled ahead (napoleon.interfaces.web.bytecode), here with this Python
(the site's build runs the same functions in Pyodide's)."""

from __future__ import annotations

import base64
import hashlib
import io
import subprocess
import sys
import zipfile
from pathlib import Path

from napoleon.interfaces.web.bytecode import compile_library, compile_wheel

TAG = sys.implementation.cache_tag
ROOT = Path(__file__).resolve().parents[2]  # the package, for the subprocess


def make_zip(files: dict[str, str]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in files.items():
            z.writestr(name, text)
    return out.getvalue()


def run_python(code: str, path) -> str:
    done = subprocess.run([sys.executable, "-B", "-c", code], capture_output=True, text=True,
                          env={"PYTHONPATH": str(path)}, check=True)
    return done.stdout.strip()


def test_a_wheels_imported_modules_get_bytecode_that_is_taken_without_looking_at_the_source(tmp_path):
    wheel = make_zip({"pkg/__init__.py": "", "pkg/used.py": "VALUE = 1\n", "pkg/unused.py": "VALUE = 1\n",
                      "pkg-1.0.dist-info/METADATA": "Name: pkg\n",
                      "pkg-1.0.dist-info/RECORD": "pkg/__init__.py,sha256=x,0\npkg-1.0.dist-info/RECORD,,\n"})
    compiled = zipfile.ZipFile(io.BytesIO(compile_wheel(wheel, str(tmp_path), ["pkg/used.py", "pkg/__init__.py"])))
    names = compiled.namelist()
    assert {f"pkg/__pycache__/used.{TAG}.pyc", f"pkg/__pycache__/__init__.{TAG}.pyc"} <= set(names)
    assert not [n for n in names if "unused" in n and n.endswith(".pyc")]  # not imported: left a source
    record = compiled.read("pkg-1.0.dist-info/RECORD").decode().splitlines()
    data = compiled.read(f"pkg/__pycache__/used.{TAG}.pyc")
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    assert f"pkg/__pycache__/used.{TAG}.pyc,sha256={digest},{len(data)}" in record
    assert record[-1] == "pkg-1.0.dist-info/RECORD,," and "pkg/__init__.py,sha256=x,0" in record
    # Unpacked, the bytecode is what runs, whatever the source's time or text says since.
    compiled.extractall(tmp_path)
    (tmp_path / "pkg" / "used.py").write_text("VALUE = 2\n")
    (tmp_path / "pkg" / "unused.py").write_text("VALUE = 2\n")
    assert run_python("import pkg.used, pkg.unused; print(pkg.used.VALUE, pkg.unused.VALUE)", tmp_path) == "1 2"
    # Compiled again (a build on a wheel kept from an earlier one): the same entries, once each.
    again = zipfile.ZipFile(io.BytesIO(compile_wheel(compile_wheel(wheel, "/x", ["pkg/used.py"]), "/x", ["pkg/used.py"])))
    assert sorted(again.namelist()) == sorted(set(again.namelist()))
    assert again.read("pkg-1.0.dist-info/RECORD").decode().count("used") == 1


def test_the_librarys_imported_modules_are_replaced_by_their_bytecode(tmp_path):
    library = make_zip({"first.py": "VALUE = 'compiled'\n", "second.py": "VALUE = 'source'\n",
                        "pack/__init__.py": "from .inner import VALUE\n", "pack/inner.py": "VALUE = 'inner'\n"})
    zipped = tmp_path / "lib.zip"
    zipped.write_bytes(compile_library(library, str(zipped), ["first.py", "pack/__init__.py", "pack/inner.py"]))
    names = set(zipfile.ZipFile(zipped).namelist())
    assert names == {"first.pyc", "second.py", "pack/__init__.pyc", "pack/inner.pyc"}
    code = ("import first, second, pack, sys; from napoleon.interfaces.web.bytecode import imported_from; "
            "print(first.VALUE, second.VALUE, pack.VALUE, first.__spec__.origin.endswith('.pyc'), "
            f"imported_from({str(zipped)!r}))")
    out = run_python(code, f"{zipped}:{ROOT}")
    assert out == ("compiled source inner True ['first.py', 'pack/__init__.py', 'pack/inner.py', 'second.py']")
