"""Closing the terminal ends koza, even under a parent that keeps the hang-up (as make does)."""

from __future__ import annotations

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import textwrap
import time
from pathlib import Path

from support.waiting import PATIENCE

# Like make: the terminal's session leader, it catches the hang-up and waits for koza.
PARENT = textwrap.dedent(
    """
    import signal, subprocess, sys
    signal.signal(signal.SIGHUP, lambda *_: None)
    sys.exit(subprocess.call([sys.executable, "-m", "koza", "--save-dir", sys.argv[1]]))
    """
)


def read_until(fd: int, word: bytes) -> bytes:
    """What the terminal showed until ``word`` appeared (or PATIENCE ran out)."""
    seen = b""
    deadline = time.monotonic() + PATIENCE
    while word not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 1.0)
        if ready:
            seen += os.read(fd, 65536)
    return seen


def test_closing_the_terminal_ends_koza_under_make_play(tmp_path: Path) -> None:
    pid, master = pty.fork()
    if pid == 0:  # the child: a make-like parent of koza on the new terminal
        os.environ.update(KOZA_LANG="en", KOZA_HOME=str(tmp_path), TERM="xterm-256color")
        os.execv(sys.executable, [sys.executable, "-c", PARENT, str(tmp_path)])
    fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    assert b"Learn" in read_until(master, b"Learn"), "the menu never showed"
    os.close(master)  # the window closes
    deadline = time.monotonic() + PATIENCE
    ended = 0
    while not ended and time.monotonic() < deadline:
        ended, status = os.waitpid(pid, os.WNOHANG)
        if not ended:
            select.select([], [], [], 0.2)  # koza looks at its terminal once a second
    if not ended:  # the parent and koza share its process group
        os.killpg(pid, 9)
        os.waitpid(pid, 0)
    assert ended, "koza went on running after its terminal closed"
