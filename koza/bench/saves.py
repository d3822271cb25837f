"""``make bench`` figures of the saved-games list: a folder of 500 saves, read cold and warm."""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from koza.bench import Figure, benchmark
from koza.bench.events import play_saved_game

SAVES = 500
GAMES = 50  # distinct games; each is copied to make up the folder


def fill_folder(folder: Path, saves: int = SAVES, games: int = GAMES) -> None:
    """``saves`` 4-player games of random bots in ``folder`` (``games`` distinct ones).

    Every other copy is cut after a whole line part way through: a game in progress.
    """
    made = [play_saved_game(folder, seed, sync=False) for seed in range(games)]
    for i in range(saves - games):
        source = made[i % games]
        copy = folder / f"copy{i:04d}-{source.name}"
        if i % 2:
            shutil.copyfile(source, copy)
        else:
            lines = source.read_bytes().splitlines(keepends=True)
            copy.write_bytes(b"".join(lines[: 3 + (i * 7919) % (len(lines) - 3)]))


@benchmark("saves_list")
def saves_list() -> Iterable[Figure]:
    """``list_saves`` over 500 saves: the first listing, and again while nothing changed.

    ``saves_load_500`` loads (validates and replays) every one of them in full, as the
    list did before it read summaries.
    """
    from koza.storage import listing
    from koza.storage.savefile import load

    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        folder = Path(tmp)
        fill_folder(folder)
        listing._SUMMARIES.clear()
        start = time.perf_counter()
        listed = listing.list_saves(folder)
        cold = time.perf_counter() - start
        assert len(listed) == SAVES
        start = time.perf_counter()
        listing.list_saves(folder)
        warm = time.perf_counter() - start
        start = time.perf_counter()
        for save in listed:
            load(save.path)
        full = time.perf_counter() - start
    yield f"saves_list_{SAVES}", cold * 1000, "ms"
    yield f"saves_list_{SAVES}_unchanged", warm * 1000, "ms"
    yield f"saves_load_{SAVES}", full * 1000, "ms"
