"""A flag one task waits on: ``asyncio.Event`` for a single waiter, in a fifth of its memory."""

from __future__ import annotations

import asyncio


class Wake:
    """``set``, ``clear``, ``is_set`` and ``wait`` as ``asyncio.Event`` has them, for one
    waiting task at a time (a room's ``run``).

    An ``asyncio.Event`` keeps a queue of waiters from birth (a 760-byte deque): in a
    server of a thousand rooms, each with its own, that was 2% of its memory.
    """

    __slots__ = ("_flag", "_waiter")

    def __init__(self) -> None:
        self._flag = False
        self._waiter: asyncio.Future[None] | None = None

    def is_set(self) -> bool:
        return self._flag

    def set(self) -> None:
        self._flag = True
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def clear(self) -> None:
        self._flag = False

    async def wait(self) -> None:
        """Return once the flag is set (at once if it is)."""
        if self._flag:
            return
        if self._waiter is not None:
            raise RuntimeError("Wake has one waiter at a time")
        self._waiter = asyncio.get_running_loop().create_future()
        try:
            await self._waiter
        finally:
            self._waiter = None
