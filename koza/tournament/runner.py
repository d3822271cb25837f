"""Duplicate-deal tournaments: every deal is played once per rotation of the seats.

A *unit* is one deal (``--deals``) or one whole game to the target
(``--games``), identified by its index.  Its seed, and every bot's seed, are
derived from the tournament seed and that index only, and results are put back
in index order, so ``--jobs`` never changes the figures.  In a unit, rotation
``k`` seats bot ``e`` at seat ``(e - k) % n``: every bot plays every hand.

Deal mode plays the first round of a fresh game with the table's rules but
``open_threshold=0``, so a bot's penalty is exactly its side's round points.
Game mode plays to the target with the rules as given; a bot's penalty per deal
is its recorded total over the rounds played, and whether it was a goat is kept.
"""

from __future__ import annotations

import random
import signal
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing import get_context
from typing import Literal

from koza.bots import make_bot
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.scoring import side_of
from koza.driver import Seated, finish_game, finish_round

Mode = Literal["deals", "games"]


def labels_for(specs: Sequence[str]) -> list[str]:
    """``["greedy", "greedy#2", ...]``: a label per seat, numbered when repeated."""
    seen: dict[str, int] = {}
    out = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        out.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return out


@dataclass(frozen=True, slots=True)
class Setup:
    """What to play: bots, rules, mode and seed."""

    specs: tuple[str, ...]
    rules: RuleSet
    mode: Mode
    seed: int


@dataclass(frozen=True, slots=True)
class UnitResult:
    """One unit, per bot (in ``specs`` order), summed over the rotations."""

    index: int
    penalty: tuple[int, ...]  # recorded points
    rounds: tuple[int, ...]  # rounds played
    goats: tuple[int, ...]  # games in which it was a goat


def unit_seed(seed: int, index: int, *parts: int) -> int:
    """A 48-bit seed derived from the tournament seed, the unit and ``parts``."""
    key = "/".join(str(p) for p in (seed, index, *parts))
    return random.Random(f"koza-tournament/{key}").getrandbits(48)


def play_unit(setup: Setup, index: int) -> UnitResult:
    """Play unit ``index`` once per rotation of the seats."""
    n = len(setup.specs)
    rules = setup.rules
    if setup.mode == "deals":
        rules = rules.model_copy(update={"open_threshold": 0})
    game_seed = unit_seed(setup.seed, index)
    penalty, rounds, goats = [0] * n, [0] * n, [0] * n
    for k in range(n):
        seat_of = [(e - k) % n for e in range(n)]
        entry_at = {s: e for e, s in enumerate(seat_of)}
        bots = [
            make_bot(setup.specs[entry_at[s]], unit_seed(setup.seed, index, k, s)) for s in range(n)
        ]
        game = Game.new([f"seat{s}" for s in range(n)], rules, seed=game_seed)
        (finish_game if setup.mode == "games" else finish_round)(Seated(game, bots))
        st = game.state
        for e in range(n):
            side = side_of(seat_of[e], n, rules)
            penalty[e] += st.sheets.totals[side]
            rounds[e] += len(st.records)
            goats[e] += 1 if side in st.goats else 0
    return UnitResult(index, tuple(penalty), tuple(rounds), tuple(goats))


@dataclass
class Outcome:
    """The units played so far (in index order) and whether all were played."""

    setup: Setup
    wanted: int
    results: list[UnitResult] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0


Progress = Callable[[int, int, float], None]


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _work(args: tuple[Setup, int]) -> UnitResult:
    return play_unit(*args)


def run(setup: Setup, units: int, jobs: int = 1, progress: Progress | None = None) -> Outcome:
    """Play ``units`` units over ``jobs`` processes; Ctrl-C keeps what is done."""
    out = Outcome(setup, units)
    done: dict[int, UnitResult] = {}
    start = time.perf_counter()

    def tick() -> None:
        if progress is not None:
            progress(len(done), units, time.perf_counter() - start)

    tick()
    try:
        if jobs <= 1:
            for i in range(units):
                done[i] = play_unit(setup, i)
                tick()
        else:
            ctx = get_context("fork" if sys.platform != "win32" else "spawn")
            pool = ctx.Pool(jobs, initializer=_ignore_sigint)
            try:
                work = ((setup, i) for i in range(units))
                for res in pool.imap_unordered(_work, work, chunksize=1):
                    done[res.index] = res
                    tick()
                pool.close()
            finally:
                pool.terminate()
                pool.join()
    except KeyboardInterrupt:
        out.interrupted = True
    out.results = [done[i] for i in sorted(done)]
    out.seconds = time.perf_counter() - start
    return out
