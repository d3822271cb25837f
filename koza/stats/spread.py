"""Work on many saves shared with other processes: the first read of a big folder.

``share`` hands chunks to a pool of worker processes and works on chunks here as
well, this process from the first chunk on and the pool from the last, until none
is left; what each chunk gives is handed to ``take`` here, in this process.  A
folder of fewer than ``PARALLEL_FROM`` saves, or a machine of one core, is read
here alone.  Workers are started by a fork server (never forked from a program
that may run threads, as the app does), and a pool that cannot start or breaks
leaves its chunks to this process: the result is the same, only slower.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from multiprocessing import get_all_start_methods, get_context
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

PARALLEL_FROM = 2000
"""Saves to read before other processes are started (fewer take well under a second here)."""
CHUNK = 100
"""Saves per piece of work: small enough that no process waits long for the last one."""
MAX_WORKERS = 7
PRELOAD = ["koza.stats.saves"]
"""Imported once by the fork server, so each worker starts ready."""


def workers_for(count: int) -> int:
    """Processes to start besides this one for ``count`` saves (0: all are read here)."""
    if count < PARALLEL_FROM:
        return 0
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(0, min(cores - 1, MAX_WORKERS))


def chunks_of(items: list[T], size: int | None = None) -> list[list[T]]:
    """``items`` in pieces of ``size`` (``CHUNK``), in order."""
    size = size or CHUNK
    return [items[i : i + size] for i in range(0, len(items), size)]


def _pool(workers: int) -> ProcessPoolExecutor | None:
    method = "forkserver" if "forkserver" in get_all_start_methods() else "spawn"
    try:
        context = get_context(method)
        if method == "forkserver":
            context.set_forkserver_preload(PRELOAD)
        return ProcessPoolExecutor(workers, mp_context=context)
    except (OSError, ValueError, ImportError, NotImplementedError):
        return None  # no processes here (a sandbox, a missing module): read alone


def share(
    chunks: list[list[T]], work: Callable[[list[T]], R], take: Callable[[R], None], workers: int
) -> int:
    """``take(work(chunk))`` for every chunk, ``work`` done here and by ``workers``
    processes (``work`` is a module-level function, so a worker can import it);
    how many chunks the workers did."""
    todo = deque(chunks)
    pool = started = _pool(workers) if workers > 0 and len(todo) > 1 else None
    if pool is None:
        for chunk in todo:
            take(work(chunk))
        return 0
    sent: dict[Future[R], list[T]] = {}
    pooled = 0
    try:
        while todo or sent:
            while pool is not None and len(todo) > 1 and len(sent) < 2 * workers:
                chunk = todo.pop()  # the pool works from the end
                try:
                    sent[pool.submit(work, chunk)] = chunk
                except Exception:  # the pool broke, or no process could be started
                    todo.append(chunk)
                    pool = None
            for future in [f for f in sent if f.done()]:
                chunk = sent.pop(future)
                try:
                    got = future.result()
                    pooled += 1
                except Exception:  # a worker died or could not send: do it here
                    got = work(chunk)
                take(got)
            if todo:
                take(work(todo.popleft()))  # this process works from the start
            elif sent:
                wait(sent, return_when=FIRST_COMPLETED)
    finally:
        for future in sent:
            future.cancel()
        if started is not None:
            started.shutdown(wait=True, cancel_futures=True)
    return pooled
