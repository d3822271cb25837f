"""The threads a server's rooms sync their saves in (``synced``).

A sync waits on the disk: it runs off the event loop.  Many rooms' syncs wait
at once, each in a thread of its own, so the file system's journal takes them
in one commit; a few threads shared with other work would take them one by one
(on a busy test machine: 500 syncs a second from one thread, 17,000 from eight,
22,000 from 32).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

SYNC_THREADS = 16  # as many syncs at once as 32 took (each thread's stack is memory)
_pool: ThreadPoolExecutor | None = None


async def synced(call: Callable[[], None]) -> None:
    """Run ``call`` (a save's sync, or a step that ends in one) in a sync thread."""
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(SYNC_THREADS, thread_name_prefix="koza-sync")
    await asyncio.get_running_loop().run_in_executor(_pool, call)
