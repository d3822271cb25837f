"""``make bench``: speed figures for this machine, one ``NAME: VALUE UNIT`` line each.

A benchmark is a function returning ``(name, value, unit)`` figures, registered
with ``@benchmark("name")`` in a module of this package (``koza/bench/<area>.py``);
``discover`` imports them in ``MODULES``' order (the order ``make bench`` prints), then
any other module here, so adding a figure never touches anyone else's code.

    python -m koza.bench [--list] [--time SECONDS] [NAME_PART ...]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

Figure = tuple[str, float | str, str]
"""``(name, value, unit)``; a text value (``"yes"``, ``"skipped"``) is printed as it is."""
Benchmark = Callable[[], Iterable[Figure]]
BENCHMARKS: dict[str, Benchmark] = {}
BUDGET = 2.0  # seconds per figure (``--time``)


def benchmark(name: str) -> Callable[[Benchmark], Benchmark]:
    """Register a benchmark under ``name`` (the command line filters on it)."""

    def register(func: Benchmark) -> Benchmark:
        BENCHMARKS[name] = func
        return func

    return register


def per_second(step: Callable[[int], int], budget: float | None = None) -> float:
    """Rate of ``step(n)`` (which does ``n`` repetitions and returns the units done)."""
    budget = BUDGET if budget is None else budget
    step(1)  # warm up
    n, done, spent = 1, 0, 0.0
    while spent < budget:
        t = time.perf_counter()
        done += step(n)
        spent += time.perf_counter() - t
        n = min(n * 2, 1 << 20)
    return done / spent


def format_figure(name: str, value: float | str, unit: str) -> str:
    """``NAME: VALUE UNIT`` with a sensible number of digits."""
    if isinstance(value, str):
        text = value
    else:
        text = f"{value:.0f}" if abs(value) >= 100 else f"{value:.3g}"
    return f"{name}: {text} {unit}"


# --- running -------------------------------------------------------------------


MODULES = (
    "events", "loading", "replay", "rounds", "saves", "sim", "bots", "sampling",
    "net", "web", "stats", "saving", "startup",
)  # fmt: skip
"""The benchmark modules in the order their figures are printed."""


def discover() -> None:
    """Import every benchmark module of this package (they register their figures)."""
    others = sorted(
        p.stem for p in Path(__file__).parent.glob("*.py") if not p.stem.startswith("_")
    )
    for name in dict.fromkeys([*MODULES, *others]):
        importlib.import_module(f"koza.bench.{name}")


def main(argv: Sequence[str] | None = None) -> int:
    global BUDGET
    parser = argparse.ArgumentParser(prog="python -m koza.bench", description=__doc__)
    parser.add_argument("names", nargs="*", help="run only benchmarks whose name has this")
    parser.add_argument("--list", action="store_true", help="list the benchmarks")
    parser.add_argument("--time", type=float, default=BUDGET, help="seconds per figure")
    args = parser.parse_args(argv)
    BUDGET = args.time
    discover()
    chosen = [n for n in BENCHMARKS if not args.names or any(p in n for p in args.names)]
    if args.list:
        print("\n".join(chosen))
        return 0
    if not chosen:
        print(f"bench: no benchmark matches {' '.join(args.names)}", file=sys.stderr)
        return 2
    for name in chosen:
        for figure in BENCHMARKS[name]():
            print(format_figure(*figure), flush=True)
    return 0
