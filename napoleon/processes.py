"""Worker processes that never outlive the program that started them.

The solver service (:mod:`napoleon.solver.service`) and the study's local
pool (:mod:`napoleon.study`) both run searches in child processes. A search
may run for minutes, so a child whose parent is killed (``kill -9``, a
closed terminal) must end at once rather than burn a core for nothing.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time


def die_with_parent(parent: int) -> None:
    """End this process when ``parent`` dies, even in the middle of a search.

    On Linux the kernel sends SIGKILL (``PR_SET_PDEATHSIG``); elsewhere, and
    as a second guard, a daemon thread looks at the parent once a second.
    """
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before we could ask
        os._exit(0)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, daemon=True).start()
