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


class _ClosingLoop:
    """A loop that closes between the syncer's look and its call (as a test's may)."""

    def is_closed(self) -> bool:
        return False

    def call_soon_threadsafe(self, *args: object) -> None:
        raise RuntimeError("Event loop is closed")


def test_a_loop_closed_before_its_answer_leaves_the_syncer_answering(tmp_path: Path) -> None:
    """Found as a rare hang of a whole test process: the syncer's thread died on a loop that
    had just closed, and every later sync in the process waited for ever."""
    from koza.net import syncer

    first, second = _games(tmp_path, 2)
    gone = syncer._Syncer()
    answered = threading.Event()

    async def ask_both() -> None:
        loop = asyncio.get_running_loop()
        orphan: asyncio.Future[None] = loop.create_future()
        with gone._ready:
            gone._asked.append((first, _ClosingLoop(), orphan))  # type: ignore[arg-type]
        await asyncio.wait_for(gone.ask(second), 10)
        answered.set()

    asyncio.run(ask_both())
    assert answered.is_set()
    again = syncer._Syncer()
    thread_died = threading.Thread(target=lambda: None)
    thread_died.start()
    thread_died.join()
    again._thread, again._pid = thread_died, os.getpid()  # a thread that is no more

    async def ask_again() -> None:
        await asyncio.wait_for(again.ask(second), 10)

    asyncio.run(ask_again())
