"""Duplicate-deal tournaments: every deal is played once in every seat order.

A *unit* is one deal (``--deals``) or one whole game to the target
(``--games``), identified by its index.  Its seed, and every bot's seed, are
derived from the tournament seed and that index only, and results are put back
in index order, so neither ``--jobs`` nor ``--scheduler`` changes the figures
(``parallel`` and ``cluster`` spread the seat orders of the units).

A unit is played once per *seat order* (``seat_orders``): every permutation of
the bots over the seats (2, 6 or 24 of them), so every bot plays every hand and
sits after every other bot equally often.  In pairs mode the partners stay
partners: the 8 orders that keep entries 0 and 2 (and 1 and 3) on seats of the
same parity.  Each order's own figures are kept next to the unit's sums.

Deal mode plays the first round of a fresh game with the table's rules but
``open_threshold=0``, so a bot's penalty is exactly its side's round points.
Game mode plays to the target with the rules as given; a bot's penalty per deal
is its recorded total over the rounds played, and whether it was a goat is kept.
The seats are named after their bots, so the ``omniscient`` reference knows
which seats are greedy.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from koza.tournament.units import Mode as Mode
from koza.tournament.units import OrderResult as OrderResult
from koza.tournament.units import Setup as Setup
from koza.tournament.units import UnitResult as UnitResult
from koza.tournament.units import labels_for as labels_for
from koza.tournament.units import play_order as play_order
from koza.tournament.units import play_unit as play_unit
from koza.tournament.units import seat_orders as seat_orders
from koza.tournament.units import unit_result as unit_result
from koza.tournament.units import unit_seed as unit_seed


@dataclass
class Outcome:
    """The units played so far (in index order) and whether all were played."""

    setup: Setup
    wanted: int
    results: list[UnitResult] = field(default_factory=list)
    interrupted: bool = False
    seconds: float = 0.0


Progress = Callable[[int, int, float], None]


def run(
    setup: Setup,
    units: int,
    jobs: int = 1,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> Outcome:
    """Play ``units`` units here, over ``jobs`` processes or on a Dask ``scheduler``.

    Ctrl-C keeps the units already done.  Where the work is played never changes
    a figure: every seed comes from the tournament seed and the unit.
    """
    out = Outcome(setup, units)
    done: dict[int, UnitResult] = {}
    start = time.perf_counter()

    def tick() -> None:
        if progress is not None:
            progress(len(done), units, time.perf_counter() - start)

    tick()
    try:
        if jobs <= 1 and scheduler is None:
            for i in range(units):
                done[i] = play_unit(setup, i)
                tick()
        else:
            for index, result in _spread(setup, units, jobs, scheduler):
                done[index] = result
                tick()
    except KeyboardInterrupt:
        out.interrupted = True
    out.results = [done[i] for i in sorted(done)]
    out.seconds = time.perf_counter() - start
    return out


def _spread(
    setup: Setup, units: int, jobs: int, scheduler: str | None
) -> Iterator[tuple[int, UnitResult]]:
    """Each unit as soon as all its seat orders are played, wherever they are played."""
    from koza.tournament.parallel import items_of, play_items, process_pool

    if scheduler is not None:
        from koza.tournament.cluster import connect

        workers = connect(scheduler)
    else:
        workers = process_pool(jobs)
    per_unit = len(seat_orders(len(setup.specs), setup.rules))
    pending: dict[int, dict[int, OrderResult]] = {}
    try:
        for played in play_items(setup, items_of(setup, units), workers):
            for index, k, order in played:
                got = pending.setdefault(index, {})
                got[k] = order
                if len(got) == per_unit:
                    del pending[index]
                    yield index, unit_result(index, [got[j] for j in range(per_unit)])
    finally:
        workers.close()
