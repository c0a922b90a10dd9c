"""How many hostile requests a version of the web app answers with a 5xx (or lets through).

Sends every case of tests/fuzz_cases.py (malformed, oversized, deeply nested
and wrongly typed bodies, bad query values, wrong spellings of a game's id)
to an in-process app on a fresh store, after opening a game and making one
move, and prints the status codes counted, the 5xx cases, and whether the
game, the unfinished list, the history and the statistics are unchanged.

    .venv/bin/python bench/fuzz_inputs.py              # this checkout
    PYTHONPATH=/path/to/other/checkout .venv/bin/python bench/fuzz_inputs.py   # another version

The results are recorded in docs/benchmarks.md with the machine they ran on.
"""

from __future__ import annotations

import collections
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzz_cases import GAME, all_cases
from starlette.testclient import TestClient

from napoleon.interfaces.web import Settings, create_app


def snapshot(c: TestClient, gid: str) -> tuple:
    return (c.get(f"/api/games/{gid}").json()["moves"], c.get("/api/games").json(), c.get("/api/history").json(),
            c.get("/api/stats").json())


def main() -> None:
    import napoleon

    db = Path(tempfile.mkdtemp()) / "fuzz.db"
    settings = Settings(hint_budget=0.2, solve_budget=0.2, winnable_budget=0.05, winnable_tries=1, max_budget=0.2)
    with TestClient(create_app(db, settings=settings), raise_server_exceptions=False) as c:
        r = c.get("/api/token")
        if r.status_code == 200:  # a version with the page's token sends it, as its page does
            c.headers["X-Napoleon-Token"] = r.json()["token"]
        gid = c.post("/api/games", json={"game": "forty-thieves", "deal": 5, "autoplay": False}).json()["id"]
        c.post(f"/api/games/{gid}/moves", json={"notation": "S-W"})
        before = snapshot(c, gid)
        counts: collections.Counter[int] = collections.Counter()
        errors = []
        cases = all_cases()
        for case in cases:
            r = c.request(case.method, case.path.replace(GAME, gid), content=case.body, headers=case.headers)
            counts[r.status_code] += 1
            if r.status_code >= 500 or r.status_code < 400:
                errors.append(f"{r.status_code} {case.method} {case.path[:50]} {case.what}")
        after = snapshot(c, gid)
    print(f"napoleon at {Path(napoleon.__file__).parent}")
    print(f"{len(cases)} requests; status codes: {dict(sorted(counts.items()))}")
    print(f"5xx: {sum(n for s, n in counts.items() if s >= 500)}; not refused (2xx/3xx): "
          f"{sum(n for s, n in counts.items() if s < 400)}")
    print(f"game, unfinished list, history and statistics unchanged: {before == after}")
    for line in errors[:60]:
        print("  " + line)


if __name__ == "__main__":
    main()
