"""``koza server`` with a page in a child process, and Debian's Chromium under Playwright.

What the web bench (``bench_web``) and the browser tests both drive: ``PageServer``
starts ``koza server --port 0`` with ``--web 0`` (or ``--web-terminal 0``) and reads
the addresses it prints; ``chromium()`` is a headless Debian Chromium, never a
downloaded browser, and ``browser_ready()`` says whether it and Playwright are here.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def browser_ready() -> bool:
    """True if Debian's Chromium and Playwright for Python are both installed."""
    return Path(CHROMIUM).exists() and importlib.util.find_spec("playwright") is not None


class PageServer:
    """``koza server`` with a page (``page_flag``) in a child process: ``game_url`` and
    ``page_url``.  ``merge_stderr`` sends its errors into the pipe its addresses come by."""

    def __init__(
        self,
        folder: str | Path,
        *extra: str,
        page_flag: str = "--web",
        merge_stderr: bool = False,
    ) -> None:
        cmd = [sys.executable, "-m", "koza", "server", "--port", "0", page_flag, "0"]
        cmd += ["--bot-delay", "0", "--save-dir", str(folder), *extra]
        self.proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if merge_stderr else None,
            text=True,
            env={**os.environ, "KOZA_LANG": "en"},
            start_new_session=True,
        )
        assert self.proc.stdout is not None
        lines = [self.proc.stdout.readline() for _ in range(3)]
        game = re.search(r"ws://[\d.]+:\d+", lines[0])
        page = re.search(r"http://[\d.]+:\d+", lines[2])
        if game is None or page is None:
            self.stop()
            raise RuntimeError(f"koza server {page_flag} did not start: {lines!r}")
        self.game_url, self.page_url = game.group(0), page.group(0)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


@contextlib.asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless Debian Chromium under Playwright."""
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield browser
        finally:
            await browser.close()
