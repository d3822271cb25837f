"""``make bench`` figures that compare koza's lean core with other implementations.

The same deal shape for everyone: 4 players, 7 tiles each, no bazaar, the holder
of 6-6 opens with it and every move is a uniformly random legal one.  Contenders:
koza's lean core (``koza.core.engine``), the PyPI ``dominoes`` library (6.1.0, in the
``dev`` extra) and a plain C program (``rounds.c`` beside this file, compiled
with the system ``cc`` into a temporary folder at bench time).  Blocks of rounds
are timed by CPU time and interleaved, so the ratios hold on a busy machine.
"""

from __future__ import annotations

import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from koza import bench

C_SOURCE = Path(__file__).with_name("rounds.c")
BLOCK = 0.15  # CPU seconds per block; contenders take turns block by block

Block = Callable[[int], float]
"""Play ``n`` rounds; the CPU seconds they took."""


def compiled_core() -> tuple[bool, str]:
    """Whether ``koza.core.engine`` is the mypyc-compiled module, and its file."""
    from koza.core import engine

    file = engine.__file__ or "?"
    return not file.endswith(".py"), file


def koza_block(seed: int = 1) -> Block:
    """Rounds of koza's lean core: shuffle, split, find the opener, play out."""
    from koza.core import engine

    rng = random.Random(seed)

    def run(n: int) -> float:
        start = time.process_time()
        for _ in range(n):
            hands, bazaar = engine.split_deal(engine.shuffled_set(rng), 4, 7)
            leader, opening = engine.highest_opening(hands)
            engine.random_playout(engine.Round(hands, bazaar, leader, opening), rng)
        return time.process_time() - start

    return run


def dominoes_block(seed: int = 1) -> Block | None:
    """Rounds of the ``dominoes`` library (6-6 opens), or None if it is not installed."""
    try:
        import dominoes  # type: ignore[import-not-found,unused-ignore]
    except ImportError:
        return None
    rng = random.Random(seed)
    random.seed(seed)  # dominoes shuffles with the global random stream
    six_six = dominoes.Domino(6, 6)
    new_game = dominoes.Game.new
    choice = rng.choice

    def run(n: int) -> float:
        start = time.process_time()
        for _ in range(n):
            game = new_game(starting_domino=six_six)
            while game.result is None:
                game.make_move(*choice(game.valid_moves))
        return time.process_time() - start

    return run


def c_block(folder: Path, seed: int = 1) -> Block | str:
    """Rounds of the C program built in ``folder``, or why it could not be built."""
    cc = shutil.which("cc")
    if cc is None:
        return "no C compiler (cc) on this machine"
    exe = folder / "bench_rounds"
    build = subprocess.run(
        [cc, "-O2", "-o", str(exe), str(C_SOURCE)], capture_output=True, text=True, check=False
    )
    if build.returncode != 0:
        return f"cc failed: {build.stderr.strip().splitlines()[-1:]}"
    seeds = iter(range(seed, seed + 10**9))

    def run(n: int) -> float:
        out = subprocess.run(
            [str(exe), str(n), str(next(seeds))], capture_output=True, text=True, check=True
        )
        return float(out.stdout.split()[1])  # the program's own CPU time for its rounds

    return run


def interleaved(blocks: dict[str, Block], budget: float) -> dict[str, float]:
    """Rounds per CPU second of each contender, measured block by block in turns."""
    sizes = {}
    for name, run in blocks.items():  # warm up, then size a block to about BLOCK seconds
        n, spent = 8, run(8)
        while spent < BLOCK / 4:
            n *= 4
            spent = run(n)
        sizes[name] = max(1, int(n * BLOCK / spent))
    rounds = dict.fromkeys(blocks, 0)
    spent_by = dict.fromkeys(blocks, 0.0)
    while sum(spent_by.values()) < budget * len(blocks):
        for name, run in blocks.items():
            spent_by[name] += run(sizes[name])
            rounds[name] += sizes[name]
    return {name: rounds[name] / spent_by[name] for name in blocks}


@bench.benchmark("rounds_4x7")
def rounds_4x7() -> Iterable[bench.Figure]:
    """koza's lean core against ``dominoes`` and C on random 4 x 7 rounds."""
    compiled, file = compiled_core()
    yield "compiled", "yes" if compiled else "no", file
    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        blocks: dict[str, Block] = {"koza": koza_block()}
        dominoes = dominoes_block()
        if dominoes is None:
            yield "rounds_4x7_dominoes", "skipped", "(pip install 'dominoes==6.1.0')"
        else:
            blocks["dominoes"] = dominoes
        c = c_block(Path(tmp))
        if isinstance(c, str):
            yield "rounds_4x7_c", "skipped", f"({c})"
        else:
            blocks["c"] = c
        rates = interleaved(blocks, bench.BUDGET)
    for name, rate in rates.items():
        yield f"rounds_4x7_{name}", rate, "rounds/s"
    if "dominoes" in rates:
        yield "rounds_4x7_koza_per_dominoes", rates["koza"] / rates["dominoes"], "x"
    if "c" in rates:
        yield "rounds_4x7_koza_per_c", 100 * rates["koza"] / rates["c"], "%"
