"""Fixtures of the network tests: ``server``, a ``koza server --web 0`` for the browser
tests, and ``browser``, one headless Chromium per test process that every browser test
opens its own pages in."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from support.browser import TestBrowser, WebServer, chromium


@pytest.fixture
def server(tmp_path: Path) -> Iterator[WebServer]:
    """A web server in a child process, saving to ``tmp_path``; stopped after the test."""
    web = WebServer(tmp_path)
    yield web
    web.stop()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def launched() -> AsyncIterator[Any]:
    """Chromium, started once per test process (a launch costs about a second of CPU)."""
    async with chromium() as browser:
        yield browser


@pytest_asyncio.fixture(loop_scope="session")
async def browser(launched: Any) -> AsyncIterator[TestBrowser]:
    """A fresh set of browser contexts on the shared Chromium, closed after the test."""
    seen = TestBrowser(launched)
    yield seen
    await seen.close()
