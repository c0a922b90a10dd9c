"""The site's packages: the wheels installed into one archive at build time (site.pack_wheels),
written into Pyodide's file system by the page's Python (static/js/python.js), in Node with a
stand-in Pyodide."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
import zipfile

import pytest

from napoleon.interfaces.web.page import STATIC
from napoleon.interfaces.web.site import PACK, pack_wheels

FAKE_PYODIDE = """
export const written = {};
export async function loadPyodide() {
  return {
    FS: {
      mkdirTree(path) { written[path + "/"] = "folder"; },
      writeFile(path, bytes) { written[path] = new TextDecoder().decode(bytes); },
    },
    pyimport(name) {
      const modules = {
        site: { getsitepackages: () => ({ get: (i) => ["/lib/python3.14/site-packages"][i], destroy() {} }) },
        importlib: { invalidate_caches() { written["caches invalidated"] = "yes"; } },
      };
      return modules[name];
    },
  };
}
"""

DRIVER = """
import fs from "fs";
import { fileURLToPath } from "url";
globalThis.fetch = async (url) => new Response(fs.readFileSync(fileURLToPath(url)));
const { startPython } = await import("./static/js/python.js");
const { written } = await import("./pyodide/pyodide.mjs");
await startPython({ pyodide: "pyodide/", packages: process.argv[2] });
console.log(JSON.stringify(written));
"""


def wheel(path, files):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, text in files.items():
            z.writestr(name, text)
    return path


@pytest.mark.skipif(shutil.which("node") is None, reason="no node")
def test_the_wheels_are_written_into_site_packages_as_installed(tmp_path):
    wheels = [wheel(tmp_path / "a-1-py3-none-any.whl", {"a/__init__.py": "A = 1\n", "a-1.dist-info/RECORD": "a\n"}),
              wheel(tmp_path / "b-2-py3-none-any.whl", {"b/deep/x.py": "", "b/c.so": "\0asm"})]
    site = tmp_path / "site"
    pack_wheels(wheels, site / PACK)
    # The same archive as a host that uncompressed it already (Content-Encoding) hands it over.
    (site / "plain.pack").write_bytes(gzip.decompress((site / PACK).read_bytes()))
    (site / "static" / "js").mkdir(parents=True)
    shutil.copy2(STATIC / "js" / "python.js", site / "static" / "js" / "python.js")
    (site / "pyodide").mkdir()
    (site / "pyodide" / "pyodide.mjs").write_text(FAKE_PYODIDE)
    (site / "driver.mjs").write_text(DRIVER)
    root = "/lib/python3.14/site-packages/"
    expected = {root + "a/__init__.py": "A = 1\n", root + "a-1.dist-info/RECORD": "a\n", root + "b/deep/x.py": "",
                root + "b/c.so": "\0asm", "caches invalidated": "yes"}  # the import system looks again
    for pack in (PACK, "plain.pack"):
        done = subprocess.run(["node", "driver.mjs", pack], cwd=site, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        written = json.loads(done.stdout)
        assert {k: v for k, v in written.items() if v != "folder"} == expected
        assert {root + "a/", root + "b/deep/", root + "b/"} <= set(written)
