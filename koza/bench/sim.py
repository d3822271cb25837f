"""``make bench`` figures of ``koza sim`` itself: a whole command, start to exit.

``sim_cli_100_games_4p`` runs ``python -m koza sim --players 4 --games 100`` in a
fresh process (imports, 100 saved games with their syncs, the summary) and gives
the best wall time of a few runs, and the CPU time (user + system) of that run.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable

from koza.bench import BUDGET, Figure, benchmark

GAMES = 100
RUNS = 3


def run_sim_once(folder: str) -> tuple[float, float | None]:
    """Wall seconds and CPU seconds (None where the system does not tell) of one run."""
    try:
        import resource
    except ImportError:  # pragma: no cover - Windows
        resource = None  # type: ignore[assignment]
    argv = [sys.executable, "-m", "koza", "sim", "--players", "4", "--games", str(GAMES)]
    argv += ["--seed", "1", "--save-dir", folder]
    before = resource.getrusage(resource.RUSAGE_CHILDREN) if resource else None
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    if resource is None or before is None:
        return wall, None
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


@benchmark("sim_cli_100_games_4p")
def sim_cli() -> Iterable[Figure]:
    """The best of ``RUNS`` runs (fewer if one takes more than the budget)."""
    best: tuple[float, float | None] | None = None
    spent = 0.0
    for _ in range(RUNS):
        with tempfile.TemporaryDirectory(prefix="koza-bench-sim-") as folder:
            wall, cpu = run_sim_once(folder)
        spent += wall
        if best is None or wall < best[0]:
            best = (wall, cpu)
        if spent > BUDGET * RUNS:
            break
    assert best is not None
    yield "sim_cli_100_games_4p", best[0], "s"
    yield "sim_cli_100_games_4p_cpu", "unknown" if best[1] is None else best[1], "s"
