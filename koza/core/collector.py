"""The cyclic garbage collector: paused while a long fold only allocates, and set for a
long-running process (a server, the app) by ``collect_less_often``."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_held_frozen = False  # someone froze what is loaded for good (a server): never unfreeze

COLLECT_AFTER = (20_000, 50, 100)  # the collector's thresholds (Python's: 700, 10, 10)


def freeze_for_good() -> None:
    """Freeze every object tracked now for the life of the process (a server's start).

    Said here rather than by ``gc.freeze()`` alone so that ``paused_gc`` knows without
    counting the frozen objects: ``gc.get_freeze_count()`` walks them all, which cost a
    server (or a test worker that ran one) milliseconds on every fold.
    """
    global _held_frozen
    gc.freeze()
    _held_frozen = True


def collect_less_often() -> None:
    """Collect cycles less often, and never look again at what is loaded by now (once per
    process: a second call only sets the thresholds).

    Every move makes objects that mostly die young, while the process keeps many alive (a
    server's thousands of rooms; Textual, pydantic and koza in the app): with Python's
    thresholds the collector went over them again and again.  That was about a sixth of
    a server's CPU time at 1,000 rooms, and a fifth of the app's per move at the table.
    """
    if not _held_frozen:
        gc.collect()
        freeze_for_good()
    gc.set_threshold(*COLLECT_AFTER)


def thaw_for_good() -> None:
    """Undo ``freeze_for_good`` (for tests that froze on purpose)."""
    global _held_frozen
    gc.unfreeze()
    _held_frozen = False


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector off for a long fold (it only allocates, nothing cycles).

    What the fold made lives as long as its game: it goes straight to the oldest
    generation, which only full collections visit (``freeze`` then ``unfreeze`` is that
    move, without a collection), unless objects are frozen for good.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if not _held_frozen:
            gc.freeze()
            gc.unfreeze()
        if was_on:
            gc.enable()
