"""The server's syncs: rooms that ask at once are synced together, each told its own result."""

from __future__ import annotations

import asyncio
import errno
import os
import threading
from pathlib import Path

import pytest
from support.saves import bot_seats

from koza.core.rules import RuleSet
from koza.net.syncer import synced
from koza.play.driver import step
from koza.play.session import Session
from koza.storage import writer
from koza.storage.savefile import SaveError


@pytest.fixture(autouse=True)
def _no_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    """The writers' own sync timer never fires here: only the rooms' asks sync."""
    monkeypatch.setattr(writer, "_start_timer", lambda delay, fire: None)
    monkeypatch.setattr(writer, "_soon", writer._Soon())


def _games(tmp_path: Path, n: int) -> list[Session]:
    games = [Session.create(bot_seats(3), RuleSet(), i, tmp_path / f"g{i}") for i in range(n)]
    for s in games:
        step(s)  # written, owed a sync
    return games


async def test_rooms_asking_at_once_share_a_few_syncs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    gate = threading.Event()  # the first sync waits until every room has asked
    whole: list[int] = []
    single: list[int] = []
    real = writer._sync

    def syncfs(fd: int) -> None:
        gate.wait(30)
        whole.append(fd)
        os.sync()

    def sync(fd: int) -> None:
        gate.wait(30)
        single.append(fd)
        real(fd)

    games = _games(tmp_path, 30)
    monkeypatch.setattr(writer, "_syncfs", syncfs)
    monkeypatch.setattr(writer, "_sync", sync)
    asked = [asyncio.ensure_future(synced(s)) for s in games]
    await asyncio.sleep(0)  # every room asks
    gate.set()
    await asyncio.gather(*asked)
    assert len(whole) + len(single) <= 2  # what came first, then all the rest together
    assert not any(s._writer.flush_owed for s in games)
    for s in games:
        s.close()


async def test_a_room_whose_sync_failed_is_told_and_the_others_are_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = writer._sync
    games = _games(tmp_path, 3)

    def sync(fd: int) -> None:
        if fd == games[1]._writer._fd:
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(fd)

    monkeypatch.setattr(writer, "_syncfs", None)  # each save on its own: one can fail
    monkeypatch.setattr(writer, "_sync", sync)
    results = await asyncio.gather(*(synced(s) for s in games), return_exceptions=True)
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], SaveError) and "could not save" in str(results[1])
    for s in games:
        s.close()
