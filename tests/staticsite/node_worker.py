"""The site's page worker (pyworker.js) run in Node, beside stand-ins for Python and the page."""

from __future__ import annotations

import json
import shutil
import subprocess

from napoleon.interfaces.web.page import STATIC


def run_worker(folder, python: str, driver: str):
    """Run ``driver`` (a module that imports ./pyworker.js) in Node in ``folder``, with ``python`` as
    the worker's python.js; what the driver printed, read as JSON. Node has no Web Locks: the worker
    holds the store at once, as in a browser without them."""
    for module in ("pyworker.js", "storelock.js"):
        shutil.copy2(STATIC / "js" / module, folder / module)
    (folder / "python.js").write_text(python)
    (folder / "driver.mjs").write_text(driver)
    done = subprocess.run(["node", "driver.mjs"], cwd=folder, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)
