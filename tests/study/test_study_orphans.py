"""A study's worker processes end with the study: ``kill -9`` of ``napoleon
study`` in the middle of a long search leaves no worker burning a core."""

from __future__ import annotations

import subprocess
import sys

from processes import alive, children, env, linux_only, wait_until


@linux_only
def test_killing_a_study_ends_its_workers(tmp_path):
    # Forty Thieves deal 2 keeps a search busy for far longer than the test lasts.
    proc = subprocess.Popen([sys.executable, "-m", "napoleon", "study", "forty-thieves", "--deals", "2",
                             "--budget", "300", "--jobs", "1", "--db", str(tmp_path / "study.db")],
                            env=env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        assert wait_until(lambda: children(proc.pid) != [], 60), "the study started no worker"
        workers = children(proc.pid)
        assert workers and all(alive(p) for p in workers)
    finally:
        proc.kill()
        proc.wait()
    assert wait_until(lambda: not any(alive(p) for p in workers), 20), workers
