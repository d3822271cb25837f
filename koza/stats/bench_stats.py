"""``make bench`` figures of the statistics: a folder of 500 saves, read cold and again."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from koza.bench import Figure, benchmark
from koza.bench_saves import SAVES, fill_folder


@benchmark("stats")
def stats_of_a_folder() -> Iterable[Figure]:
    """``collect`` over 500 saves: every save loaded in full, then again with none changed."""
    from koza.stats import saves
    from koza.storage import listing

    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        folder = Path(tmp)
        fill_folder(folder)
        listing._SUMMARIES.clear()
        saves._GAMES.clear()
        start = time.perf_counter()
        stats = saves.collect(folder)
        cold = time.perf_counter() - start
        assert stats.games + len(stats.unreadable) == SAVES
        start = time.perf_counter()
        saves.collect(folder)
        warm = time.perf_counter() - start
    yield f"stats_{SAVES}_saves", cold * 1000, "ms"
    yield f"stats_{SAVES}_saves_unchanged", warm * 1000, "ms"
