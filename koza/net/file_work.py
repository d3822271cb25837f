"""The server's room-file work off its loop: ``off_loop``, in two threads for all rooms.

Making a room's save and writing its side file wait on the disk, so they run in a
thread.  ``asyncio.to_thread`` would use the loop's default pool, which grows to six
threads on two cores when many rooms are made at once; each thread keeps its stack and
its own C allocator arena for good (at the bench's 100 rooms, 47.3 KiB a room against 45.7,
means of 5 and 6 runs).  Two threads keep the disk as busy: the writes end in one journal.
A bot that thinks still uses the default pool (its work is the interpreter's, not the
disk's).
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import ParamSpec, TypeVar

THREADS = 2

_P = ParamSpec("_P")
_R = TypeVar("_R")
_pool: tuple[int, ThreadPoolExecutor] | None = None  # the process it belongs to, and it


def _threads() -> ThreadPoolExecutor:
    """The pool of this process (a forked child makes its own: the threads stay behind)."""
    global _pool
    if _pool is None or _pool[0] != os.getpid():
        _pool = (os.getpid(), ThreadPoolExecutor(THREADS, thread_name_prefix="koza-files"))
    return _pool[1]


async def off_loop(work: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """``work(*args, **kwargs)`` in a file thread, with this task's context (its language),
    as ``asyncio.to_thread`` runs it."""
    context = contextvars.copy_context()
    call = functools.partial(context.run, work, *args, **kwargs)
    return await asyncio.get_running_loop().run_in_executor(_threads(), call)
