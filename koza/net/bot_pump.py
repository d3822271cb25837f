"""Quick bots' moves as low-priority work on the server's loop: ``BotPump``.

With no ``bot_delay`` a room whose turn is a quick bot's could move at once.  Were
each such room its own ready callback, the loop would run thousands of them before
it looked at its sockets again, and a person's move would wait behind every room's
bots.  A room asks the pump instead (``want``); the pump's one task plays the
waiting rooms' bot moves, one room after another, for ``BUDGET`` seconds at most,
then gives the loop back, so it reads the sockets (people's moves come first) and
sends what is queued before the bots go on.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from typing import Protocol

log = logging.getLogger("koza.server")
BUDGET = 0.0005  # seconds of bots' moves before the loop polls its sockets again
# (at 1,000 rooms: 4 ms gave people's moves a p99 of 80-150 ms, 1 ms 35-75, 0.5 ms 25-50,
# for the same moves a second)


class Pumped(Protocol):
    """A room the pump moves."""

    def pump_moves(self) -> None: ...


class BotPump:
    """One loop's queue of rooms whose quick bots are to move, and the task that moves them."""

    def __init__(self) -> None:
        self._queue: deque[Pumped] = deque()
        self._queued: set[Pumped] = set()
        self._ready = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run())

    def want(self, room: Pumped) -> None:
        """Move ``room``'s quick bots soon (once, however often it asks meanwhile)."""
        if room not in self._queued:
            self._queued.add(room)
            self._queue.append(room)
            self._ready.set()

    @property
    def waiting(self) -> int:
        return len(self._queue)

    async def _run(self) -> None:
        while True:
            if not self._queue:
                self._ready.clear()
                await self._ready.wait()
            until = time.perf_counter() + BUDGET
            while self._queue and time.perf_counter() < until:
                room = self._queue.popleft()
                self._queued.discard(room)
                try:
                    room.pump_moves()
                except Exception:  # a bug in one room must not stop every room's bots
                    log.exception("a room's bots failed")
            await asyncio.sleep(0)  # the loop polls its sockets before the bots go on

    def close(self) -> None:
        self._task.cancel()
        self._queue.clear()
        self._queued.clear()
