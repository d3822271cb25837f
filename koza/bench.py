"""``make bench``: speed figures for this machine, one ``NAME: VALUE UNIT`` line each.

A benchmark is a function returning ``(name, value, unit)`` figures, registered
with ``@benchmark("name")``.  Register yours in this file, or in any module named
``bench_*.py`` inside the ``koza`` package (those are found and imported here),
so adding a figure never touches anyone else's code.

    python -m koza.bench [--list] [--time SECONDS] [NAME_PART ...]
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import tempfile
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


# --- issue 2 figures -----------------------------------------------------------


@benchmark("core_random_rounds_4p")
def core_random_rounds() -> Iterable[Figure]:
    """Deal and play out 4-player rounds with uniform random legal moves."""
    from koza.core import engine

    rng = random.Random(1)

    def step(n: int) -> int:
        for _ in range(n):
            hands, bazaar = engine.split_deal(engine.shuffled_set(rng), 4, 5)
            leader, opening = engine.highest_opening(hands)
            r = engine.Round(hands, bazaar, leader, opening, True)
            engine.random_playout(r, rng)
        return n

    yield "core_random_rounds_4p", per_second(step), "rounds/s"


def play_saved_game(
    folder: Path, seed: int, players: int = 4, target: int = 101, sync: bool = True
) -> Path:
    """Play one whole game of random bots through a ``Session``; its save's path."""
    from koza.core.events import SeatInfo
    from koza.core.rules import RuleSet
    from koza.driver import finish_game
    from koza.session import Session

    seats = [SeatInfo(name=f"Bot {i + 1}", kind="bot", bot="random") for i in range(players)]
    with Session.create(seats, RuleSet(target=target), seed, folder, sync=sync) as s:
        finish_game(s)
        return s.path


@benchmark("event_games_saved_4p")
def event_games() -> Iterable[Figure]:
    """Whole 4-player games through Session/Game, every event fsync'ed to a save file."""
    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        folder = Path(tmp)
        seeds = iter(range(10**9))

        def step(n: int, sync: bool = True) -> int:
            for _ in range(n):
                play_saved_game(folder, next(seeds), sync=sync)
            return n

        yield "event_games_saved_4p", per_second(step), "games/s"
        # The same without fsync: the CPU cost of the event layer and bots alone.
        yield "event_games_unsynced_4p", per_second(lambda n: step(n, False)), "games/s"


@benchmark("replay_long_save")
def replay_long_save() -> Iterable[Figure]:
    """Load a long save from disk: read, validate every line, replay every event."""
    from koza.core.events import EVENT_ADAPTER
    from koza.core.state import apply_event
    from koza.storage.savefile import load

    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        path = play_saved_game(Path(tmp), seed=2, players=4, target=1000)
        n_events = len(load(path).events)

        def step(n: int) -> int:
            for _ in range(n):
                load(path)
            return n * n_events

        yield "replay_long_save", per_second(step), "events/s"
        yield "replay_long_save_events", n_events, "events"
        lines = path.read_bytes().split(b"\n")[1:-1]
        validate = EVENT_ADAPTER.validate_json

        def bare(n: int) -> int:  # the floor: validate_json + apply_event, nothing else
            for _ in range(n):
                state = None
                for raw in lines:
                    state = apply_event(state, validate(raw))
            return n * len(lines)

        yield "replay_validate_apply_only", per_second(bare), "events/s"


# --- running -------------------------------------------------------------------


def discover() -> None:
    """Import every ``bench_*.py`` module of the koza package (they register figures)."""
    root = Path(__file__).parent
    for file in sorted(root.rglob("bench_*.py")):
        rel = file.relative_to(root.parent).with_suffix("")
        importlib.import_module(".".join(rel.parts))


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


if __name__ == "__main__":
    # Run as koza.bench, not __main__, so bench_*.py modules register in the same table.
    raise SystemExit(importlib.import_module("koza.bench").main())
