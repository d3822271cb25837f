"""Waiting for what happens in its own time (a bot's worker, a server, a redraw).

A test waits for the thing it expects, never for a fixed time or a fixed number of
frames: CI runs the suite on a machine that can be many times slower than a desk.
Only a hang waits ``PATIENCE`` seconds, and then it fails with what it waited for.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

PATIENCE = 300.0


async def until(pilot: Any, ok: Callable[[], object], what: str) -> None:
    """Let the app under ``pilot`` run until ``ok()`` is true.

    It sleeps rather than ``pilot.pause()``, which gives up after 30 s when bots keep
    the app busy on a loaded machine.  Between two checks it sleeps at least twice as
    long as a check took, so a dear check (drawing the screen) leaves the app most of
    the processor to get on with what the test waits for.
    """
    deadline = time.monotonic() + PATIENCE
    while True:
        started = time.process_time()
        if ok():
            return
        assert time.monotonic() < deadline, f"gave up waiting for {what}"
        await asyncio.sleep(max(0.02, 2 * (time.process_time() - started)))


def screen_text(app: Any) -> str:
    """The text the app's current screen shows, line by line."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def drawn(pilot: Any, *texts: str) -> str:
    """The current screen's text once it shows every one of ``texts`` (that very text)."""
    shown = ""

    def shows_all() -> bool:
        nonlocal shown
        shown = screen_text(pilot.app)
        return all(t in shown for t in texts)

    await until(pilot, shows_all, f"the screen to show {texts}")
    return shown
