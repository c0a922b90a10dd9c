"""Run the README's first command as a newcomer would, and wait for the game on screen.

A fresh clone of this repository, an empty home, the system's own PATH and
nothing else in the environment (``env -i``), the command taken word for word
from the README and run in a pseudo-terminal of 100x30: it must install the
package and end with the Forty Thieves table drawn (a foundation, a column and
a card). Then ``q`` quits the game. Standard library only: it runs before
anything is installed.

    python3 .ci/first_command.py [--keep]
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIMEOUT = 600.0
"""Seconds for the install and the first screen together (pip may build the C core)."""
ESCAPES = re.compile(r"\x1b\[[0-9;?<>=$]*[A-Za-z~]|\x1b[()][A-Z0-9]|\x1b\][^\x07]*\x07|\x1b[=>]")
ON_SCREEN = ("Forty Thieves", "F1", "T10", "64")
"""What the table shows: its title, a foundation, the last column, the stock's count."""
CARD = re.compile(r"(?:[2-9]|10|[AJQK])[♣♦♥♠]")


def first_command(readme: str) -> str:
    """The first indented (code) line of the README: the install-and-play command."""
    for line in readme.splitlines():
        if line.startswith("    ") and line.strip():
            return line.strip()
    raise SystemExit("the README has no command")


def run_in_terminal(command: str, cwd: Path, env: dict[str, str]) -> tuple[bool, str]:
    """Run ``command`` with bash in a 100x30 pseudo-terminal until the table is drawn."""
    pid, fd = pty.fork()
    if pid == 0:  # the child: the newcomer's shell
        os.chdir(cwd)
        os.execve("/bin/bash", ["bash", "-c", command], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    raw = b""
    seen = False
    start = time.monotonic()
    while time.monotonic() - start < TIMEOUT:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if not ready:
            continue
        try:
            data = os.read(fd, 65536)
        except OSError:  # the child ended
            break
        if not data:
            break
        raw += data
        text = ESCAPES.sub("", raw.decode("utf-8", "replace"))
        if all(word in text for word in ON_SCREEN) and CARD.search(text):
            seen = True
            break
    text = ESCAPES.sub("", raw.decode("utf-8", "replace"))
    if seen:
        time.sleep(1.0)
        os.write(fd, b"q")
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            break
        try:
            select.select([fd], [], [], 0.2) and os.read(fd, 65536)
        except OSError:
            pass
    else:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    os.close(fd)
    return seen, f"{text[-2500:]}\n({time.monotonic() - start:.0f} s)"


def main() -> int:
    keep = "--keep" in sys.argv
    command = first_command((ROOT / "README.md").read_text(encoding="utf-8"))
    work = Path(tempfile.mkdtemp(prefix="napoleon-first-"))
    clone = work / "napoleon"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    home = work / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": "/usr/local/bin:/usr/bin:/bin"}
    print(f"README's first command, in a fresh clone with env -i: {command}", flush=True)
    seen, screen = run_in_terminal(command, clone, env)
    if not keep:
        shutil.rmtree(work, ignore_errors=True)
    if not seen:
        print(screen)
        print("the README's first command did not bring the Forty Thieves table on screen", file=sys.stderr)
        return 1
    print("the Forty Thieves table came on screen; q quit it", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
