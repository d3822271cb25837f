"""Spreading a tournament's work over processes, in chunks, the settings sent once.

The work is a list of *items*, one seat order of one unit each.  ``play_items``
first plays items in this process for ``CALIBRATE`` seconds: a small tournament
is then done without any process started (never slower than ``--jobs 1``), and
a big one has measured what an item costs; what is left is played here too
unless it is worth more than ``WORKERS_COST`` seconds.  The rest goes to a pool whose
workers get the ``Setup`` once, by the pool's initializer, and then chunks of
items sized to about ``CHUNK_SECONDS`` of work each (and at least ``SPREAD``
chunks per worker, so no worker is left with a long tail).
"""

from __future__ import annotations

import math
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from multiprocessing import get_context

from koza.tournament.units import OrderResult, Setup, play_order, seat_orders

Item = tuple[int, int]  # (unit index, seat order number)
Played = tuple[int, int, OrderResult]
Chunk = list[Item]

CALIBRATE = 0.3  # seconds played in this process before any worker is started
CHUNK_SECONDS = 0.25  # work per chunk sent to a worker
SPREAD = 4  # chunks per worker at least
WORKERS_COST = 0.2  # seconds of work below which starting workers does not pay

_setup: Setup | None = None  # a worker's settings, set once by ``_start_worker``


def items_of(setup: Setup, units: int) -> list[Item]:
    """Every (unit, seat order) to play, unit by unit."""
    orders = len(seat_orders(len(setup.specs), setup.rules))
    return [(i, k) for i in range(units) for k in range(orders)]


def play_chunk(setup: Setup, chunk: Sequence[Item]) -> list[Played]:
    """Play each item of ``chunk``."""
    orders = seat_orders(len(setup.specs), setup.rules)
    return [(i, k, play_order(setup, i, k, orders[k])) for i, k in chunk]


def chunks_of(items: Sequence[Item], size: int) -> list[Chunk]:
    """``items`` cut into chunks of ``size`` (the last may be shorter)."""
    return [list(items[s : s + size]) for s in range(0, len(items), size)]


def chunk_size(remaining: int, workers: int, item_seconds: float | None) -> int:
    """Items per chunk: about ``CHUNK_SECONDS`` of work, ``SPREAD`` chunks a worker at least.

    ``item_seconds`` is None when no item was timed.
    """
    by_time = round(CHUNK_SECONDS / item_seconds) if item_seconds else remaining
    by_spread = math.ceil(remaining / (workers * SPREAD))
    return max(1, min(by_time, by_spread))


def _start_worker(setup: Setup) -> None:
    global _setup
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _setup = setup


def _play_in_worker(chunk: Chunk) -> list[Played]:
    assert _setup is not None, "the worker was started without its setup"
    return play_chunk(_setup, chunk)


def calibrate(setup: Setup, items: Sequence[Item]) -> tuple[list[Played], float | None]:
    """Play items here until ``CALIBRATE`` seconds passed: those, and seconds per item.

    The seconds per item are None if none was played (``CALIBRATE`` is 0).
    """
    played: list[Played] = []
    start = time.perf_counter()
    while len(played) < len(items) and (time.perf_counter() - start) < CALIBRATE:
        played.extend(play_chunk(setup, [items[len(played)]]))
    if not played:
        return played, None
    return played, (time.perf_counter() - start) / len(played)


Dispatch = Callable[[Setup, list[Chunk]], Iterator[list[Played]]]


@dataclass(frozen=True)
class Workers:
    """Where chunks are played: how many at once, how, and how to let go of them."""

    count: int
    dispatch: Dispatch
    close: Callable[[], None] = lambda: None


def process_pool(jobs: int) -> Workers:
    """Chunks played by ``jobs`` worker processes, yielded as they finish."""

    def dispatch(setup: Setup, chunks: list[Chunk]) -> Iterator[list[Played]]:
        ctx = get_context("fork" if sys.platform != "win32" else "spawn")
        pool = ctx.Pool(jobs, initializer=_start_worker, initargs=(setup,))
        try:
            yield from pool.imap_unordered(_play_in_worker, chunks)
            pool.close()
        finally:
            pool.terminate()
            pool.join()

    return Workers(jobs, dispatch)


def play_items(setup: Setup, items: Sequence[Item], workers: Workers) -> Iterator[list[Played]]:
    """Play every item: first here for a moment, the rest on ``workers``."""
    played, item_seconds = calibrate(setup, items)
    yield played
    rest = items[len(played) :]
    if rest and item_seconds is not None and len(rest) * item_seconds < WORKERS_COST:
        yield play_chunk(setup, rest)
    elif rest:
        size = chunk_size(len(rest), workers.count, item_seconds)
        yield from workers.dispatch(setup, chunks_of(rest, size))
