"""``make bench`` figures of the statistics: a folder of 500 saves read cold and again, and
one of 10,000 saves read cold (the goal: under 3 s)."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from koza.bench import Figure, benchmark
from koza.bench.saves import SAVES, fill_folder

LARGE_FOLDER = 10_000


def _timed_collect(folder: Path, saves: int) -> float:
    """Seconds ``collect`` takes over ``folder`` with nothing remembered from before."""
    from koza.stats import saves as stats_saves

    stats_saves._GAMES.clear()
    start = time.perf_counter()
    stats = stats_saves.collect(folder)
    took = time.perf_counter() - start
    assert stats.games + len(stats.unreadable) == saves
    return took


@benchmark("stats")
def stats_of_a_folder() -> Iterable[Figure]:
    """``collect`` over 500 saves: every save read, then again with none changed; then
    over 10,000 saves, cold (shared with worker processes), and cold in this process alone."""
    from koza.stats import saves

    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        folder = Path(tmp)
        fill_folder(folder)
        cold = _timed_collect(folder, SAVES)
        start = time.perf_counter()
        saves.collect(folder)
        warm = time.perf_counter() - start
    yield f"stats_{SAVES}_saves", cold * 1000, "ms"
    yield f"stats_{SAVES}_saves_unchanged", warm * 1000, "ms"
    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        folder = Path(tmp)
        fill_folder(folder, LARGE_FOLDER)
        large = _timed_collect(folder, LARGE_FOLDER)
        shared = saves.workers_for
        saves.workers_for = lambda count: 0  # as on a machine of one core
        try:
            alone = _timed_collect(folder, LARGE_FOLDER)
        finally:
            saves.workers_for = shared
        saves._GAMES.clear()
    yield f"stats_{LARGE_FOLDER}_saves", large * 1000, "ms"
    yield f"stats_{LARGE_FOLDER}_saves_one_process", alone * 1000, "ms"
