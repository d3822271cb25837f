"""Leave when the terminal is gone, so a closed window never leaves koza running.

Textual reads its terminal in a thread. When the window closes, a koza that is not the
terminal's session leader (as under ``make play``, whose make catches the hang-up and
waits) gets no hang-up signal, and every read then returns nothing at once: the thread
spins. The app looks once a second whether its terminal is still there and leaves when it
is not; the saves are written as the game goes, so nothing is lost.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from textual.app import App

CHECK_EVERY = 1.0
"""Seconds between two looks at the terminal."""


def terminal_fd() -> int | None:
    """The terminal the app reads, or None when it runs on none (tests, the web terminal)."""
    stream = sys.__stdin__
    if stream is None:
        return None
    try:
        fd = stream.fileno()
    except (OSError, ValueError):
        return None
    return fd if os.isatty(fd) else None


def leave_when_the_terminal_closes(app: App[Any]) -> None:
    """Exit ``app`` once the terminal it was started on has gone away."""
    fd = terminal_fd()
    if app.is_headless or fd is None:
        return

    def look() -> None:
        if not os.isatty(fd):  # a hung-up terminal is no terminal any more
            app.exit()

    app.set_interval(CHECK_EVERY, look)
