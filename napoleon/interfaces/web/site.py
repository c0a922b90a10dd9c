"""``napoleon site DIR``: the game as a static site, played in any browser with nothing installed.

The site is the page of ``napoleon serve`` whose requests are answered by
the same web app inside the browser (:mod:`.inbrowser`, in a Web Worker of the
page), with:

- Pyodide (the npm package ``pyodide``, :data:`PYODIDE_VERSION`): Python
  compiled to WebAssembly;
- this package as a wheel (its graded deals in it, as it ships them) and the
  web app's dependencies as wheels from the package index, at the versions
  installed here (``pydantic-core`` for Pyodide's platform, the rest pure
  Python);
- the card faces, both decks, as files;
- a web app manifest, icons and a service worker (``sw.js``) that keeps the
  whole site for offline play; ``site.json`` lists the files.

The wheels reach the browser as one archive (:func:`pack_wheels`), their files
as they lie once installed, written into Pyodide's file system as they are: a
browser does not unpack nine wheels with Python on every visit.

What a visit imports is compiled ahead, in Pyodide under Node (:mod:`.bytecode`),
into the wheels and Python's library: a browser would otherwise compile it on
every visit.

Pyodide and the wheels are fetched once with ``npm pack`` and ``pip download``
into a cache folder (``--cache``). Any static host serves the result:
``python3 -m http.server -d DIR``, or GitHub Pages.
"""

from __future__ import annotations

import argparse
import base64
import gzip
import hashlib
import importlib.metadata
import json
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ... import __version__
from ...engine.errors import NapoleonError
from .icons import ICON_SVG, icon_png
from .page import CARDS, STATIC, card_svg, deck_svg, served_page

PYODIDE_VERSION = "314.0.7"
RUNTIME = "pyodide/"  # where the site keeps Pyodide's files
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# What the web app imports beyond Python's own library, by distribution name: not textual, rich or
# uvicorn, which only the terminal and napoleon serve need.
WEB_DEPENDENCIES = ("starlette", "anyio", "idna", "pydantic", "pydantic-core", "annotated-types",
                    "typing-inspection", "typing-extensions")
COMPILED = ("pydantic-core",)  # wheels built for Pyodide's platform; the rest are pure Python
# Parts of the package the browser never runs: the card faces (the site has them as files), the
# terminal, the C sources.
LEFT_OUT = ("interfaces/web/static/cards", "interfaces/tui", "solver/csrc")
THEME = "#1e6b3a"


class SiteError(NapoleonError):
    """The site cannot be built (npm or pip failed, the folder cannot be written)."""


def default_cache() -> Path:
    """Where Pyodide and the wheels are kept between builds."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("napoleon", appauthor=False)) / "site"


@contextmanager
def cache_lock(cache: Path) -> Iterator[None]:
    """The cache to this build alone while it is filled (where the system has file locks)."""
    try:
        cache.mkdir(parents=True, exist_ok=True)
        handle = open(cache / ".lock", "w")  # noqa: SIM115 - held for the block
    except OSError as exc:
        raise SiteError(f"cannot use the cache {cache}: {exc}") from None
    try:
        try:
            import fcntl

            fcntl.flock(handle, fcntl.LOCK_EX)
        except ImportError:  # pragma: no cover - Windows: one build at a time is the user's care
            pass
        yield
    finally:
        handle.close()


def run(command: list[str], what: str, verb: str = "fetch") -> None:
    """Run a download (or another step, ``verb``); SiteError with its own words when it fails."""
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=900)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SiteError(f"cannot {verb} {what}: {exc}") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
        raise SiteError(f"cannot {verb} {what}: {' / '.join(tail)}")


def pyodide_package(cache: Path) -> Path:
    """Pyodide's npm package, unpacked in the cache (``npm pack`` the first time)."""
    folder = cache / f"pyodide-{PYODIDE_VERSION}"
    if all((folder / name).is_file() for name in PYODIDE_FILES):
        return folder
    cache.mkdir(parents=True, exist_ok=True)
    tarball = cache / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not tarball.is_file():
        run(["npm", "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", str(cache), "--silent"],
            f"pyodide {PYODIDE_VERSION} from npm")
    partial = cache / f"pyodide-{PYODIDE_VERSION}.partial"
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir()
    with tarfile.open(tarball) as tar:
        for name in PYODIDE_FILES:
            member = tar.getmember(f"package/{name}")
            source = tar.extractfile(member)
            assert source is not None
            (partial / name).write_bytes(source.read())
    shutil.rmtree(folder, ignore_errors=True)
    partial.rename(folder)
    return folder


def platform_tags(pyodide: Path) -> tuple[str, str]:
    """Pyodide's wheel platform (``pyemscripten_2026_0_wasm32``) and Python (``314``), from its lock file."""
    info = json.loads((pyodide / "pyodide-lock.json").read_text())["info"]
    python = "".join(info["python"].split(".")[:2])
    return f"pyemscripten_{info['abi_version']}_{info['arch']}", python


def dependency_wheels(cache: Path, pyodide: Path) -> list[Path]:
    """The web app's dependencies as wheels, at the versions installed here (``pip download`` once)."""
    platform, python = platform_tags(pyodide)
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    wheels = []
    for name in WEB_DEPENDENCIES:
        version = importlib.metadata.version(name)
        stem = f"{name.replace('-', '_')}-{version}-"
        found = [w for w in folder.glob("*.whl") if w.name.lower().startswith(stem.lower())
                 and (name not in COMPILED or platform in w.name)]
        if not found:
            command = [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
                       "--no-deps", "--only-binary=:all:", "--dest", str(folder), f"{name}=={version}"]
            if name in COMPILED:
                command += ["--platform", platform, "--python-version", python, "--implementation", "cp",
                            "--abi", f"cp{python}"]
            run(command, f"{name} {version} from the package index")
            found = [w for w in folder.glob("*.whl") if w.name.lower().startswith(stem.lower())]
        if not found:
            raise SiteError(f"pip downloaded no wheel of {name} {version}")
        wheels.append(found[0])
    return wheels


def package_wheel(out: Path) -> Path:
    """This package as a pure-Python wheel for the browser (the compiled core comes as WebAssembly)."""
    root = Path(__file__).resolve().parents[2]
    name = f"napoleon_patience-{__version__}"
    wheel = out / f"{name}-py3-none-any.whl"
    records = []

    def add(z: zipfile.ZipFile, arcname: str, data: bytes) -> None:
        z.writestr(zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        records.append(f"{arcname},sha256={digest},{len(data)}")

    with zipfile.ZipFile(wheel, "w") as z:
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root).as_posix()
            if (not path.is_file() or "__pycache__" in path.parts or path.suffix in (".so", ".pyd", ".c", ".h")
                    or any(rel.startswith(part) for part in LEFT_OUT)):
                continue
            add(z, f"napoleon/{rel}", path.read_bytes())
        info = f"{name}.dist-info"
        add(z, f"{info}/METADATA", f"Metadata-Version: 2.1\nName: napoleon-patience\nVersion: {__version__}\n".encode())
        add(z, f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: napoleon site\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        records.append(f"{info}/RECORD,,")
        z.writestr(zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)), "\n".join(records) + "\n")
    return wheel


def compiled_ahead(out: Path, cache: Path) -> None:
    """The site's Python compiled for Pyodide (:mod:`.bytecode`, run in Pyodide under Node), in place:
    of the wheels and of Python's library, what a visit imports before its first deal plays.

    Compiled libraries are kept in the cache: a build compiles one again only when the package
    imports other modules of it.
    """
    kept = cache / f"bytecode-{PYODIDE_VERSION}"
    wheels = sorted((out / "wheels").glob("*.whl"))
    libraries = sorted(kept.glob("python_stdlib-*.zip"), key=lambda p: p.stat().st_mtime)
    library = out / RUNTIME / "python_stdlib.zip"
    job = {"pyodide": str(out / RUNTIME), "stdlib": str(libraries[-1] if libraries else library),
           "wheels": [str(w) for w in wheels], "library": str(library), "kept": str(kept)}
    with tempfile.TemporaryDirectory(prefix="napoleon-bytecode-") as tmp:
        job["db"] = str(Path(tmp) / "napoleon.db")
        (Path(tmp) / "job.json").write_text(json.dumps(job))
        run(["node", str(Path(__file__).with_name("bytecode.js")), str(Path(tmp) / "job.json")],
            "the site's Python in Pyodide", "compile")


PACK = "python/site-packages.pack"  # the site's wheels, installed (pack_wheels)


def pack_wheels(wheels: list[Path], pack: Path) -> None:
    """The files of ``wheels`` as they lie once installed (in site-packages) in one archive that
    the page's Python writes out without unpacking anything (static/js/python.js): gzip of a
    4-byte little-endian length, that many bytes of JSON naming each file and its size in order,
    then the files' bytes one after the other. Gzipped here, since a static host need not
    compress a file of this kind (the wheels were zips)."""
    listed: list[tuple[str, int]] = []
    data = bytearray()
    for wheel in wheels:
        with zipfile.ZipFile(wheel) as z:
            for info in z.infolist():
                if not info.is_dir():
                    content = z.read(info)
                    listed.append((info.filename, len(content)))
                    data += content
    head = json.dumps(listed, separators=(",", ":")).encode()
    pack.parent.mkdir(parents=True, exist_ok=True)
    pack.write_bytes(gzip.compress(struct.pack("<I", len(head)) + head + bytes(data), 9, mtime=0))


def wasm_core(folder: Path, cache: Path) -> list[str]:
    """The search core built as WebAssembly into ``folder``: its glue and wrapper, as the search
    workers load them (``wasm/napoleon_core.js``, ``wasm/core.js``); none where this package has
    no WebAssembly build (the searches are then Python's own, about a hundred times slower)."""
    try:
        from ...solver import wasm
    except ImportError:
        return []
    try:
        built = wasm.build_cached(folder, cache)
    except wasm.BuildError as exc:
        raise SiteError(f"the search core as WebAssembly: {exc}") from None
    return [f"wasm/{built[name].name}" for name in ("glue", "core")]


def page_html() -> str:
    """The page of ``napoleon serve``, told to answer its requests in a worker, installable."""
    html = served_page()
    head = ('<meta name="napoleon-backend" content="worker">\n'
            f'<meta name="theme-color" content="{THEME}">\n'
            '<link rel="manifest" href="manifest.webmanifest">\n'
            '<link rel="apple-touch-icon" href="icons/icon-192.png">\n')
    if "</head>" not in html:
        raise SiteError("the page has no </head>")
    return html.replace("</head>", head + "</head>", 1)


def manifest() -> dict[str, Any]:
    """The web app manifest: what a phone's "add to home screen" shows."""
    return {
        "name": "Napoleon — patience games", "short_name": "Napoleon",
        "description": "Six Napoleon patience games, solved and graded, played with nothing installed.",
        "start_url": "./", "scope": "./", "display": "standalone", "orientation": "any",
        "background_color": THEME, "theme_color": THEME,
        "icons": [{"src": "icons/icon.svg", "sizes": "any", "type": "image/svg+xml"},
                  {"src": "icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
                  {"src": "icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"}],
    }


def write_page(out: Path) -> None:
    """The page, its modules and style, both decks of cards (two and four colours), the manifest and the icons."""
    (out / "index.html").write_text(page_html())
    static = out / "static"
    (static / "js").mkdir(parents=True)
    shutil.copy2(STATIC / "app.css", static / "app.css")
    for js in sorted((STATIC / "js").glob("*.js")):
        if js.name != "sw.js":
            shutil.copy2(js, static / "js" / js.name)
    for style, four in (("two", False), ("four", True)):
        (out / "cards" / style).mkdir(parents=True)
        (out / "cards" / style / "deck.svg").write_text(deck_svg(four))  # the page draws every card from it
    (out / "cards" / "two" / "KH.svg").write_text(card_svg("KH", False))  # the page's icon (index.html)
    shutil.copy2(CARDS / "LICENSE.txt", out / "cards" / "LICENSE.txt")
    icons = out / "icons"
    icons.mkdir()
    (icons / "icon.svg").write_text(ICON_SVG)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(icon_png(size))
    (out / "manifest.webmanifest").write_text(json.dumps(manifest(), indent=2) + "\n")
    (out / ".nojekyll").write_text("")  # GitHub Pages: serve every file as it is


def build(out: Path, cache: Path | None = None) -> dict[str, Any]:
    """Write the site into the folder ``out`` (made anew: it must be empty or not exist); its site.json."""
    out = Path(out)
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise SiteError(f"{out} is not an empty folder: give a new one")
    cache = Path(cache) if cache is not None else default_cache()
    with cache_lock(cache):  # two builds at once (the tests' workers) fill the cache once
        pyodide = pyodide_package(cache)
        deps = dependency_wheels(cache, pyodide)
    try:
        out.mkdir(parents=True, exist_ok=True)
        write_page(out)
        (out / RUNTIME).mkdir()
        for name in PYODIDE_FILES:
            shutil.copy2(pyodide / name, out / RUNTIME / name)
        (out / "wheels").mkdir()
        for wheel in deps:
            shutil.copy2(wheel, out / "wheels" / wheel.name)
        package_wheel(out / "wheels")
        compiled_ahead(out, cache)
        pack_wheels(sorted((out / "wheels").glob("*.whl")), out / PACK)
        shutil.rmtree(out / "wheels")
        with cache_lock(cache):  # one build of the core at a time fills the cache; the others copy it
            core = wasm_core(out / "wasm", cache)
    except OSError as exc:
        raise SiteError(f"cannot write the site in {out}: {exc}") from None
    return seal(out, core)


SEALS = (".nojekyll", "site.json", "sw.js")  # written by seal, or for the host: not the site's own files


def seal(out: Path, core: list[str]) -> dict[str, Any]:
    """The site in ``out``, its files written, given its version (a digest of them all): its site.json
    and the service worker that keeps that version, both written; site.json's contents.

    A site whose files changed is sealed again as a new version (the browser tests make one so)."""
    files = sorted(rel for rel in (p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
                   if rel not in SEALS)
    runtime = [rel for rel in files if rel.startswith(RUNTIME)]
    site = {
        "version": f"{__version__}-{digest(out, files)}",
        "pyodide": RUNTIME,
        "packages": PACK,
        "core": core,
        "files": ["./", *files, "site.json"],
        # Each file's bytes, as the service worker receives them: what a first visit's progress counts.
        "sizes": {rel: (out / ("index.html" if rel == "./" else rel)).stat().st_size for rel in ["./", *files]},
        # Pyodide's files, kept by the browser apart from the version's own: a newer version of the
        # site with the same Pyodide takes them from there, not from the network (some 13 MB). The
        # service worker names the cache by its scope and this name.
        "runtime": {"cache": f"pyodide-{PYODIDE_VERSION}-{digest(out, runtime)}", "files": runtime},
    }
    (out / "site.json").write_text(json.dumps(site, indent=1) + "\n")
    worker = (STATIC / "js" / "sw.js").read_text()
    for name, value in (("VERSION", site["version"]), ("RUNTIME", site["runtime"]["cache"])):
        if f'const {name} = "dev";' not in worker:
            raise SiteError(f"sw.js has no {name} line to write the site's into")
        worker = worker.replace(f'const {name} = "dev";', f"const {name} = {json.dumps(value)};")
    (out / "sw.js").write_text(worker)
    return site


def digest(out: Path, files: list[str]) -> str:
    """A short digest of the ``files`` of the site in ``out`` (paths relative to it): their names and bytes."""
    hashed = hashlib.sha256()
    for rel in files:
        hashed.update(rel.encode() + b"\0" + (out / rel).read_bytes())
    return hashed.hexdigest()[:12]


def cmd_site(args: argparse.Namespace) -> None:
    site = build(Path(args.dir), Path(args.cache) if args.cache else None)
    size = sum(p.stat().st_size for p in Path(args.dir).rglob("*") if p.is_file())
    print(f"napoleon: the site is in {args.dir} ({len(site['files'])} files, {size / 1e6:.1f} MB; "
          f"version {site['version']}); serve it with: python3 -m http.server -d {args.dir}")


def register(subparsers: Any) -> None:
    """Add ``site`` to the ``napoleon`` command."""
    p = subparsers.add_parser("site", help="write the game as a static site that plays in any browser")
    p.add_argument("dir", help="the folder to write (new or empty)")
    p.add_argument("--cache", metavar="DIR", help="where Pyodide and the wheels are kept between builds "
                   "(default: the user's cache folder)")
    p.set_defaults(func=cmd_site)


__all__ = ["PYODIDE_VERSION", "SiteError", "build", "register", "seal"]
