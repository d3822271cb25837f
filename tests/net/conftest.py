"""Fixtures of the network tests: ``server``, a ``koza server --web 0`` for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from support.browser import WebServer


@pytest.fixture
def server(tmp_path: Path) -> Iterator[WebServer]:
    """A web server in a child process, saving to ``tmp_path``; stopped after the test."""
    web = WebServer(tmp_path)
    yield web
    web.stop()
