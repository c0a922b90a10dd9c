"""The static site's Python compiled ahead of time, so that a visit does not compile it.

Pyodide's npm package ships Python's library as sources, and wheels carry none:
a browser would compile every module it imports on every visit, which is most of
a cold start. Bytecode is particular to a version of Python (Pyodide's is not the
host's), so ``napoleon site`` runs this module inside Pyodide itself, under Node
(``bytecode.js``), after starting the app as the page does:

- each module of a wheel that the start imported gets its bytecode beside it, as
  ``__pycache__/NAME.<cache tag>.pyc``, listed in the wheel's RECORD; unchecked
  hash-based (PEP 552), so that it is taken whatever the times the files get when
  the wheel is unpacked (the sources stay, for tracebacks);
- in Python's library (``python_stdlib.zip``) each module the start imported is
  replaced by its bytecode (a sourceless ``.pyc``, which zipimport takes in its
  place).

The rest stay sources, compiled if they are ever imported (most never are in the
browser): the download stays small.

Nothing here imports the package but :func:`start_as_the_page`, which starts it
as a visit does; the rest is the standard library's.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import io
import marshal
import os
import sys
import site
import zipfile
from collections.abc import Iterable
from pathlib import Path

STAMP = (2020, 1, 1, 0, 0, 0)  # every entry written gets this time: a build is the same from the same files


def pyc(source: bytes, filename: str) -> bytes:
    """The bytecode of ``source`` as this Python writes a ``.pyc`` (PEP 552, unchecked hash),
    its code naming ``filename``."""
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = (0b01).to_bytes(4, "little")  # hash-based, not checked against the source
    return importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(source) + marshal.dumps(code)


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=STAMP)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = 0o644 << 16
    return info


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_wheel(wheel: bytes, purelib: str, modules: Iterable[str] | None = None) -> bytes:
    """``wheel`` with the bytecode of its modules added and listed in its RECORD: of all of them, or
    of ``modules`` (their names in the wheel, ``pydantic/main.py``) alone.

    ``purelib`` is where the wheel is unpacked (the code objects name their files there).
    """
    tag = sys.implementation.cache_tag
    wanted = None if modules is None else set(modules)
    with zipfile.ZipFile(io.BytesIO(wheel)) as src:
        names = src.namelist()
        record = next((n for n in names if n.endswith(".dist-info/RECORD")), None)
        if record is None:
            raise ValueError("the wheel has no RECORD")
        out = io.BytesIO()
        lines = [line for line in src.read(record).decode().splitlines()
                 if line.strip() and not line.startswith(f"{record},") and ".pyc," not in line]
        with zipfile.ZipFile(out, "w") as dst:
            for info in src.infolist():
                if info.filename == record or info.filename.endswith(".pyc"):
                    continue  # bytecode written before (another Python's, maybe) is made anew
                data = src.read(info)
                dst.writestr(info, data)
                folder, _, module = info.filename.rpartition("/")
                if (not module.endswith(".py") or ".dist-info/" in info.filename or ".data/" in info.filename
                        or (wanted is not None and info.filename not in wanted)):
                    continue
                name = f"{folder}/__pycache__/{module[:-3]}.{tag}.pyc".lstrip("/")
                code = pyc(data, f"{purelib}/{info.filename}")
                dst.writestr(_entry(name), code)
                lines.append(_record_line(name, code))
            dst.writestr(_entry(record), ("\n".join(lines) + f"\n{record},,\n").encode())
    return out.getvalue()


def compile_library(library: bytes, prefix: str, modules: Iterable[str]) -> bytes:
    """Python's library zip with each of ``modules`` (its names in the zip, ``json/decoder.py``)
    replaced by its bytecode; ``prefix`` is where the zip is mounted (``/lib/python314.zip``)."""
    wanted = set(modules)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(library)) as src, zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename in wanted:
                dst.writestr(_entry(info.filename + "c"), pyc(data, f"{prefix}/{info.filename}"))
            else:
                dst.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


async def start_as_the_page(db: str) -> None:
    """Start the web app on the store ``db`` and ask what the page asks on opening, then a move
    and its undo, and start what a search worker starts: what that imports, a visit imports before
    its first deal plays. A refused request raises (the site would not start either)."""
    import json

    from napoleon.interfaces.web.inbrowser import answer, open_app
    from napoleon.solver.browser import serve_job  # noqa: F401 - the search workers' start

    app = open_app(db)
    headers = {"Content-Type": "application/json"}

    async def ask(method: str, url: str, body: object = None) -> object:
        reply = await answer(app, method, url, headers, "" if body is None else json.dumps(body))
        if reply["status"] >= 400:
            raise RuntimeError(f"{method} {url}: {reply['status']} {reply['body']}")
        return json.loads(reply["body"]) if reply["body"] else None

    headers["X-Napoleon-Token"] = (await ask("GET", "/api/token"))["token"]  # type: ignore[index]
    for url in ("/api/catalog", "/api/games", "/api/stats", "/api/history?limit=100"):
        await ask("GET", url)
    view = await ask("POST", "/api/games", {"game": "werner", "deal": 1, "autoplay": False})
    game = view["id"]  # type: ignore[index]
    view = await ask("POST", f"/api/games/{game}/moves", {**view["legal"][0], "version": view["version"]})  # type: ignore[index]
    await ask("POST", f"/api/games/{game}/undo", {"version": view["version"]})  # type: ignore[index]
    await ask("GET", f"/api/games/{game}")


def imported_from(prefix: str) -> list[str]:
    """The files in the zip at ``prefix`` of the modules imported so far, as named in the zip."""
    start = prefix.rstrip("/") + "/"
    found = set()
    for module in list(sys.modules.values()):
        origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
        if origin.startswith(start) and origin.endswith((".py", ".pyc")):
            found.add(origin[len(start):].removesuffix("c"))  # compiled already: its source's name
    return sorted(found)


def rewrite(path: str | Path, data: bytes) -> None:
    """Replace the file at ``path`` with ``data`` (written beside it first: never half a file,
    whoever else writes it at the same time)."""
    path = Path(path)
    partial = path.with_name(f"{path.name}.{os.getpid()}.partial")
    partial.write_bytes(data)
    partial.replace(path)


def compile_site(wheels: list[str], library: str, kept: str) -> str:
    """Compile, in place, what :func:`start_as_the_page` imported of the site's ``wheels`` and of its
    Python library zip ``library`` (paths as this Python sees them). The library's bytecode is kept
    in the folder ``kept`` too, named by the modules it holds, and taken from there when a build
    imported the same ones. Its answer: the library's name in ``kept``."""
    purelib = site.getsitepackages()[0]  # where wheels are unpacked (sysconfig says //lib/...)
    imported = imported_from(purelib)
    for wheel in wheels:
        rewrite(wheel, compile_wheel(Path(wheel).read_bytes(), purelib, imported))
    prefix = next(p for p in sys.path if p.endswith(".zip"))
    modules = imported_from(prefix)
    name = f"python_stdlib-{hashlib.sha256(chr(10).join(modules).encode()).hexdigest()[:16]}.zip"
    cached = Path(kept) / name
    if not cached.is_file():
        Path(kept).mkdir(parents=True, exist_ok=True)
        rewrite(cached, compile_library(Path(library).read_bytes(), prefix, modules))
    rewrite(library, cached.read_bytes())
    return name


__all__ = ["compile_library", "compile_wheel", "compile_site", "imported_from", "pyc", "rewrite", "start_as_the_page"]
