"""``napoleon site``: what the static site holds, built from a cache that stands in for npm and
the package index (the browser tests build it from the real ones)."""

from __future__ import annotations

import gzip
import importlib.metadata
import json
import shutil
import struct
import zipfile

import pytest

from napoleon.interfaces.cli import main
from napoleon.interfaces.web import site
from napoleon.interfaces.web.icons import icon_png


@pytest.fixture
def compiled(monkeypatch):
    """The sites whose Python was compiled (in Pyodide under Node, which these fake files cannot start)."""
    sites = []
    monkeypatch.setattr(site, "compiled_ahead", lambda out, cache: sites.append(out))
    return sites


@pytest.fixture
def cache(tmp_path, compiled_core, compiled):
    """Pyodide's files, the wheels and the compiled core where a first build would have put them."""
    cache = tmp_path / "cache"
    shutil.copytree(compiled_core, cache / compiled_core.name)  # the search core as the run compiled it
    pyodide = cache / f"pyodide-{site.PYODIDE_VERSION}"
    pyodide.mkdir(parents=True)
    for name in site.PYODIDE_FILES:
        (pyodide / name).write_text("pyodide's " + name)
    (pyodide / "pyodide-lock.json").write_text(json.dumps(
        {"info": {"abi_version": "2026_0", "arch": "wasm32", "python": "3.14.2"}, "packages": {}}))
    wheels = cache / "wheels"
    wheels.mkdir()
    for name in site.WEB_DEPENDENCIES:
        tag = "cp314-cp314-pyemscripten_2026_0_wasm32" if name in site.COMPILED else "py3-none-any"
        module = name.replace("-", "_")
        with zipfile.ZipFile(wheels / f"{module}-{importlib.metadata.version(name)}-{tag}.whl", "w") as z:
            z.writestr(f"{module}/__init__.py", f"NAME = {name!r}\n")
            if name in site.COMPILED:
                z.writestr(f"{module}/_core.cpython-314-wasm32-emscripten.so", b"\0asm")
    return cache


def unpacked(pack: bytes) -> dict[str, bytes]:
    """The files of site.json's packages archive, by their names in site-packages."""
    data = gzip.decompress(pack)
    (length,) = struct.unpack("<I", data[:4])
    files, at = {}, 4 + length
    for name, size in json.loads(data[4:at]):
        files[name] = data[at:at + size]
        at += size
    assert at == len(data)
    return files


def test_the_site_holds_the_page_python_its_packages_and_the_offline_copy(tmp_path, cache, compiled, capsys):
    out = tmp_path / "site"
    main(["site", str(out), "--cache", str(cache)])
    assert compiled == [out]
    assert "python3 -m http.server -d" in capsys.readouterr().out
    listed = json.loads((out / "site.json").read_text())
    files = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert set(listed["files"]) == (files - {"sw.js", ".nojekyll"}) | {"./"}
    # Each file's size, which a first visit's progress counts (site.json, written last, aside).
    assert listed["sizes"] == {f: (out / ("index.html" if f == "./" else f)).stat().st_size
                               for f in listed["files"] if f != "site.json"}
    html = (out / "index.html").read_text()
    assert '<meta name="napoleon-backend" content="worker">' in html and 'href="manifest.webmanifest"' in html
    assert "<script>" not in html  # scripts in files only: a page under a self-only CSP
    assert {"pyodide/pyodide.asm.wasm", "static/js/pyworker.js", "static/js/searchworker.js",
            "cards/two/deck.svg", "cards/four/deck.svg", "cards/LICENSE.txt"} <= files
    assert {f for f in files if f.startswith("cards/") and f.endswith(".svg")} == {
        "cards/two/deck.svg", "cards/four/deck.svg", "cards/two/KH.svg"}  # the decks, and the page's icon
    assert (out / "cards/four/deck.svg").read_text() != (out / "cards/two/deck.svg").read_text()
    # The wheels, installed: their files as they lie in site-packages, in one archive.
    packed = unpacked((out / listed["packages"]).read_bytes())
    assert packed["pydantic_core/__init__.py"] == b"NAME = 'pydantic-core'\n"
    assert "pydantic_core/_core.cpython-314-wasm32-emscripten.so" in packed
    assert not any(n.startswith(("textual", "rich", "uvicorn")) for n in packed)
    assert not [f for f in files if f.endswith(".whl")]
    assert f'const VERSION = "{listed["version"]}";' in (out / "sw.js").read_text()
    manifest = json.loads((out / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and {i["sizes"] for i in manifest["icons"]} >= {"192x192", "512x512"}
    # The package: the graded deals as shipped, no terminal, no C; its RECORD as its wheel's.
    names = list(packed)
    assert "napoleon/grading/grades.json" in names and "napoleon/interfaces/web/inbrowser.py" in names
    assert not [n for n in names if n.startswith("napoleon/") and ("/tui/" in n or n.endswith((".so", ".c"))
                                                                    or "static/cards" in n)]
    record = packed[next(n for n in names if n.startswith("napoleon_patience") and n.endswith("RECORD"))].decode()
    assert "napoleon/grading/grades.json,sha256=" in record


def test_a_new_build_gets_a_new_version_and_a_full_folder_is_refused(tmp_path, cache):
    first = site.build(tmp_path / "a", cache)
    assert site.build(tmp_path / "b", cache)["version"] == first["version"]  # the same files, the same version
    with pytest.raises(site.SiteError, match="not an empty folder"):
        site.build(tmp_path / "a", cache)
    # A built site whose file changed, sealed again: a new version, of the same files.
    (tmp_path / "a" / "manifest.webmanifest").write_text("{}")
    again = site.seal(tmp_path / "a", first["core"])
    assert again["version"] != first["version"] and again["files"] == first["files"]
    assert f'const VERSION = "{again["version"]}";' in (tmp_path / "a" / "sw.js").read_text()


def test_pyodides_files_are_kept_under_a_name_that_changes_with_them_alone(tmp_path, cache):
    first = site.build(tmp_path / "a", cache)
    runtime = first["runtime"]
    assert runtime["files"] == sorted(f for f in first["files"] if f.startswith("pyodide/"))
    assert set(runtime["files"]) == {f"pyodide/{name}" for name in site.PYODIDE_FILES}
    assert runtime["cache"].startswith(f"pyodide-{site.PYODIDE_VERSION}-")
    worker = (tmp_path / "a" / "sw.js").read_text()
    assert f'const RUNTIME = "{runtime["cache"]}";' in worker and 'const RUNTIME = "dev";' not in worker
    # A new version whose Pyodide is the same: its cache of Pyodide's files is the same.
    (tmp_path / "a" / "manifest.webmanifest").write_text("{}")
    newer = site.seal(tmp_path / "a", first["core"])
    assert newer["version"] != first["version"] and newer["runtime"] == runtime
    # A new version whose Pyodide differs: another cache, so that no browser mixes the two.
    (tmp_path / "a" / "pyodide" / "pyodide.mjs").write_text("// another Pyodide\n")
    other = site.seal(tmp_path / "a", first["core"])
    assert other["runtime"]["cache"] != runtime["cache"] and other["runtime"]["files"] == runtime["files"]
    assert f'const RUNTIME = "{other["runtime"]["cache"]}";' in (tmp_path / "a" / "sw.js").read_text()


def test_without_npm_the_build_says_why(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm here
    with pytest.raises(site.SiteError, match="cannot fetch pyodide"):
        site.build(tmp_path / "out", tmp_path / "empty-cache")
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_when_pyodide_cannot_compile_the_sites_python_the_build_says_so(tmp_path, cache, monkeypatch):
    monkeypatch.undo()  # the real compiler, on these fake Pyodide files
    with pytest.raises(site.SiteError, match="cannot compile the site's Python in Pyodide: "):
        site.build(tmp_path / "out", cache)


@pytest.mark.parametrize("size", [192, 512])
def test_icons_are_pngs_of_their_size(size):
    png = icon_png(size)
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    assert struct.unpack(">II", png[16:24]) == (size, size)
