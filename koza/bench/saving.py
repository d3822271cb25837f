"""``make bench`` figure of saving: ``koza sim`` itself, every game saved as it is played."""

from __future__ import annotations

import contextlib
import io
import tempfile
from collections.abc import Iterable
from itertools import count
from pathlib import Path

from koza.bench import Figure, benchmark, per_second


@benchmark("sim")
def sim() -> Iterable[Figure]:
    """``koza sim --players 4`` (random bots, default rules), games a second, saves synced."""
    from koza.cli.main import main as koza_main

    seeds = count()
    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:

        def games(n: int) -> int:
            args = ["sim", "--players", "4", "--games", str(n), "--seed", str(next(seeds))]
            with contextlib.redirect_stdout(io.StringIO()):
                code = koza_main([*args, "--save-dir", str(Path(tmp))])
            if code != 0:
                raise RuntimeError(f"koza sim failed ({code})")
            return n

        yield "sim", per_second(games), "games/s"
