"""``make bench`` figure: seconds from launch to the first drawn table of a resumed game.

What it measures: a fresh ``python`` process is started and the clock runs until
that process reports the table drawn.  In between it does what ``koza resume FILE``
does: imports, opening the save (reading and replaying every event), starting the
app headless (no real terminal), pushing the table screen and one full refresh of
it.  The figure is the median of a few runs on a save in round 3 of a 2-player game.

``python -m koza.bench.startup FILE`` is the child process.
"""

from __future__ import annotations

import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

from koza.bench import Figure, benchmark

RUNS = 5
MARK = "table-drawn"


def unfinished_save(folder: Path, seed: int = 11) -> Path:
    """A save in round 3 with the human (seat 0) to move: what ``resume`` usually opens."""
    from koza.core.events import SeatInfo
    from koza.play.session import Session

    rng = random.Random(seed)
    seats = [SeatInfo(name="You"), SeatInfo(name="Bot 1", kind="bot", bot="random")]
    with Session.create(seats, seed=seed, save_dir=folder, sync=False) as s:
        while not (s.state.round_no >= 3 and s.state.phase == "playing" and s.game.turn == 0):
            if s.game.is_over:  # pragma: no cover - the seed reaches round 3
                break
            if s.state.phase == "round_over":
                s.next_round()
            else:
                s.play(rng.choice(s.game.legal_moves()))
        return s.path


def time_to_table(path: Path) -> float:
    """Seconds from starting a child process until it reports the table drawn."""
    start = time.perf_counter()
    with subprocess.Popen(
        [sys.executable, "-m", "koza.bench.startup", str(path)],
        stdout=subprocess.PIPE,
        text=True,
    ) as child:
        assert child.stdout is not None
        for line in child.stdout:
            if line.strip() == MARK:
                elapsed = time.perf_counter() - start
                break
        else:
            raise RuntimeError(f"the app did not draw the table (exit code {child.wait()})")
        child.wait()
    return elapsed


@benchmark("tui_resume_to_table")
def resume_to_table() -> Iterable[Figure]:
    """Median seconds from process start to the first drawn table of a resumed game."""
    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        path = unfinished_save(Path(tmp))
        times = [time_to_table(path) for _ in range(RUNS)]
    yield "tui_resume_to_table", statistics.median(times), "s"


def child(path: Path) -> int:
    """Open ``path`` as ``koza resume`` does; print the mark once the table is drawn."""
    from koza.cli.app import open_for_resume
    from koza.tui.app import KozaApp

    session = open_for_resume(path.parent, path)

    def drawn() -> None:
        print(MARK, flush=True)
        app.exit()

    app = KozaApp(path.parent, session=session, on_table_drawn=drawn)
    app.run(headless=True, size=(100, 30))
    return 0


if __name__ == "__main__":
    raise SystemExit(child(Path(sys.argv[1])))
