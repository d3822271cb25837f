"""The cyclic garbage collector paused while a long fold only allocates."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector off for a long fold (it only allocates, nothing cycles).

    What the fold made lives as long as its game: it goes straight to the oldest
    generation, which only full collections visit (``freeze`` then ``unfreeze`` is that
    move, without a collection), unless someone else keeps objects frozen.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if gc.get_freeze_count() == 0:
            gc.freeze()
            gc.unfreeze()
        if was_on:
            gc.enable()
