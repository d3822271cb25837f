"""Syncing rooms' saves off the server's loop, together: ``synced``.

A sync waits on the disk, so it runs in a thread.  Rooms ask one at a time, but
one thread takes every room waiting at that moment and syncs their saves together
(``Session.sync_together``: on Linux one ``syncfs`` for all of them), so a
thousand rooms cost a few syncs a second, not a thousand, and no thread pool
contends for the interpreter.  What a room asks while a sync runs goes in the next.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections import defaultdict

from koza.play.session import Session
from koza.storage.savefile import SaveError

_Asked = tuple[Session, asyncio.AbstractEventLoop, "asyncio.Future[None]"]
_Told = list[tuple["asyncio.Future[None]", SaveError | None]]


class _Syncer:
    """One thread that syncs the saves of every room waiting for it, in rounds."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._asked: list[_Asked] = []
        self._thread: threading.Thread | None = None
        self._pid = -1  # the process whose thread runs (a forked child starts its own)

    def ask(self, session: Session) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        with self._ready:
            self._asked.append((session, loop, done))
            thread = self._thread
            if self._pid != os.getpid() or thread is None or not thread.is_alive():
                self._pid = os.getpid()
                self._thread = threading.Thread(target=self._run, name="koza-sync", daemon=True)
                self._thread.start()
            self._ready.notify()
        return done

    def _run(self) -> None:
        while True:
            with self._ready:
                while not self._asked:
                    self._ready.wait()
                batch, self._asked = self._asked, []
            try:
                errors: list[SaveError | None] = Session.sync_together([s for s, _, _ in batch])
            except Exception as exc:  # never leave a room waiting forever
                errors = [SaveError(str(exc))] * len(batch)
            answers: dict[asyncio.AbstractEventLoop, _Told] = defaultdict(list)
            for (_, loop, done), error in zip(batch, errors, strict=True):
                answers[loop].append((done, error))
            for loop, told in answers.items():
                # a loop may close between the look and the call: nobody waits there then,
                # and the thread must go on answering every other room
                with contextlib.suppress(RuntimeError):
                    if not loop.is_closed():
                        loop.call_soon_threadsafe(_tell, told)


def _tell(told: _Told) -> None:
    for done, error in told:
        if done.done():
            continue
        if error is None:
            done.set_result(None)
        else:
            done.set_exception(error)


_syncer = _Syncer()


async def synced(session: Session) -> None:
    """Sync ``session``'s save (``SaveError`` if that failed), with other rooms' at once."""
    await _syncer.ask(session)
