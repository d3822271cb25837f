"""Fixtures shared by the whole suite: a private save folder and language, the golden saves."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings
from support.paths import DATA, GOLDEN
from support.waiting import PATIENCE
from textual.pilot import Pilot

from koza.core.events import Event
from koza.storage.savefile import load

# hypothesis checks what is true, never how fast: on a loaded machine an example may take
# seconds and drawing one may be slow, so no per-example deadline and no too-slow check
settings.register_profile("koza", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("koza")

# Pilot.pause() and press() wait for the screen to handle its messages, but give up after
# a fixed 30 s: an app with bots at work on a loaded machine can take longer, which is no
# failure of koza.  Only a hang waits PATIENCE.
_wait_for_screen = Pilot._wait_for_screen


async def _patient_wait_for_screen(self: Pilot[object], timeout: float = PATIENCE) -> bool:
    return await _wait_for_screen(self, max(timeout, PATIENCE))


Pilot._wait_for_screen = _patient_wait_for_screen  # type: ignore[method-assign]


@pytest.fixture(autouse=True)
def private_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test saves into its own folder and starts in English, whatever the shell has set,
    so no test touches the user's saves and tests can run side by side."""
    home = tmp_path_factory.mktemp("koza-home")
    monkeypatch.setenv("KOZA_HOME", str(home))
    monkeypatch.delenv("KOZA_LANG", raising=False)
    return home


@pytest.fixture(scope="session")
def golden_events_once() -> tuple[Event, ...]:
    return tuple(load(GOLDEN).events)


@pytest.fixture
def golden_events(golden_events_once: tuple[Event, ...]) -> list[Event]:
    """The events of the golden save, read once per run; each test gets its own list."""
    return list(golden_events_once)


@pytest.fixture(scope="session", autouse=True)
def saves_in_data_stay_untouched() -> Iterator[None]:
    """The saved games under ``tests/data`` are read, never written, by any test."""

    def digests() -> dict[str, str]:
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in DATA.iterdir()}

    before = digests()
    yield
    assert digests() == before, "a test changed a file in tests/data"
