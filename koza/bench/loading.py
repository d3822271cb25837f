"""``make bench`` figures of loading saves: events folded per second, and resuming a long save.

``load``: ``savefile.load`` of the longest save we know how to make (reading the
file, validating every line, folding every event), in events per second of CPU.
``resume 10k events``: ``Session.open`` of that save cut in the middle of a round
(nothing owed, so nothing is written), in milliseconds of CPU, scaled to 10,000
events: no game reaches 10,000 events under the rules (the target is at most
1000; the longest one found has 7,794), and scaling the whole open, fixed costs
included, can only overstate it.

With ``KOZA_BENCH_BEFORE=<a koza source tree>`` (the folder holding its ``koza``
package) both figures are also measured for that tree and for this one, in fresh
processes taking turns, and their ratios printed (the machine is noisy: compare
ratios measured together, never single timings).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from koza.bench import Figure, benchmark

EVENTS_PER_FIGURE = 10_000
ROUNDS = 5  # turns each tree takes when two are compared
LONG_RULES = {
    "target": 1000,
    "open_threshold": 50,
    "blank_double_points": 0,
    "fish_scoring": "lowest_exempt",
    "double_play": "off",
}
"""Rules that make long games: two greedy seats with these take 7,794 events with seed 1."""
BOT_SEEDS = (812567897533010719, 3829986697073286936)
"""The seeds ``Session`` gives the two bots of a game with seed 1 (``session.bot_seed``)."""

PROBE = """
import shutil, sys, time
from pathlib import Path
from koza.play.session import Session
try:
    from koza.storage.savefile import load
except ImportError:  # an older tree: saves lived in the core
    from koza.core.savefile import load

kind, save, work, reps = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4])

def loading():
    start = time.process_time()
    loaded = load(save)
    spent = time.process_time() - start
    del loaded  # freeing the game is not loading it (resuming keeps its session too)
    return spent

def resuming():
    shutil.copyfile(save, work)
    start = time.process_time()
    session = Session.open(work)
    spent = time.process_time() - start
    session.close()
    return spent

once = loading if kind == "load" else resuming
once()
print(sorted(once() for _ in range(reps))[reps // 2])
"""
"""Measures one tree in a fresh process: the median CPU seconds of ``reps`` loads or resumes.
It uses only ``load`` (wherever the tree keeps it) and ``Session.open``, so it runs on older
trees too."""


def make_long_save(folder: Path) -> Path:
    """A whole game of two greedy bots under ``LONG_RULES``, written to ``folder`` as a save."""
    from koza.bots import make_bot
    from koza.core.events import SeatInfo
    from koza.core.game import Game
    from koza.core.rules import RuleSet
    from koza.play.driver import Seated, finish_game
    from koza.storage.savefile import SUFFIX, header_line

    seats = [SeatInfo(name=f"Bot {i + 1}", kind="bot", bot="greedy") for i in range(2)]
    game = Game.new(seats, RuleSet(**LONG_RULES), seed=1, game_id="long")
    finish_game(Seated(game, [make_bot("greedy", seed) for seed in BOT_SEEDS]))
    path = folder / f"long{SUFFIX}"
    lines = [ev.model_dump_json().encode() + b"\n" for ev in game.events]
    path.write_bytes(header_line() + b"".join(lines))
    return path


def cut_in_play(save: Path, dest: Path) -> int:
    """Copy ``save`` to ``dest`` up to the last move followed by another: a game in progress.

    Returns how many events the copy holds.
    """
    lines = save.read_bytes().splitlines(keepends=True)
    moves = (b'"tile_played"', b'"tile_drawn"', b'"turn_passed"', b'"doubles_played"')

    def is_move(line: bytes) -> bool:
        return any(kind in line for kind in moves)

    end = next(
        i for i in range(len(lines) - 2, 0, -1) if is_move(lines[i]) and is_move(lines[i + 1])
    )
    dest.write_bytes(b"".join(lines[: end + 1]))
    return end  # the header is line 0


def python_of(tree: Path) -> str:
    """The tree's own interpreter (``.venv``: its compiled build, never this one's), else ours."""
    own = tree / ".venv" / "bin" / "python"
    return str(own) if own.exists() else sys.executable


def probe(tree: Path, kind: str, save: Path, work: Path, reps: int) -> float:
    """Median CPU seconds of ``kind`` (load or resume) by ``tree``'s code, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    args = [python_of(tree), "-c", PROBE, kind, str(save), str(work), str(reps)]
    # Run from the save's folder: ``-c`` puts the working folder first on the path.
    out = subprocess.run(args, env=env, cwd=save.parent, capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def compared(before: Path, kind: str, save: Path, work: Path, reps: int) -> tuple[float, float]:
    """Median seconds of ``kind`` for ``before`` and for this tree, measured taking turns."""
    here = Path(__file__).resolve().parent.parent
    old: list[float] = []
    new: list[float] = []
    for _ in range(ROUNDS):
        old.append(probe(before, kind, save, work, reps))
        new.append(probe(here, kind, save, work, reps))
    return statistics.median(old), statistics.median(new)


@benchmark("loading")
def loading() -> Iterable[Figure]:
    """Load and resume a long save (see the module's docstring)."""
    here = Path(__file__).resolve().parent.parent
    before = os.environ.get("KOZA_BENCH_BEFORE")
    with tempfile.TemporaryDirectory(prefix="koza-bench-") as tmp:
        folder = Path(tmp)
        save = make_long_save(folder)
        events = save.read_bytes().count(b"\n") - 1
        in_play = folder / "in-play.koza.jsonl"
        scale = EVENTS_PER_FIGURE / cut_in_play(save, in_play) * 1000
        work = folder / "resumed.koza.jsonl"
        if not before:
            yield "load", events / probe(here, "load", save, work, 9), "events/s"
            yield "resume 10k events", probe(here, "resume", in_play, work, 9) * scale, "ms CPU"
            return
        old, new = compared(Path(before), "load", save, work, 5)
        yield "load", events / new, "events/s"
        yield "load_before", events / old, "events/s"
        yield "load_speedup", old / new, "x"
        old, new = compared(Path(before), "resume", in_play, work, 5)
        yield "resume 10k events", new * scale, "ms CPU"
        yield "resume_10k_before", old * scale, "ms CPU"
        yield "resume_speedup", old / new, "x"
