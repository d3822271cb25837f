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

import itertools
import random
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

from koza.bots import make_bot
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.scoring import side_of
from koza.play.driver import Seated, finish_game, finish_round

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


def seat_orders(n: int, rules: RuleSet) -> list[tuple[int, ...]]:
    """Every seating played per unit: ``order[e]`` is the seat of entry ``e``.

    All ``n!`` permutations, the identity first; in pairs mode only those that keep
    entries 0 and 2 partners (seats of one parity), 8 of them.
    """
    perms = list(itertools.permutations(range(n)))
    if rules.teams == "pairs" and n == 4:
        perms = [p for p in perms if p[0] % 2 == p[2] % 2]
    return perms


@dataclass(frozen=True, slots=True)
class OrderResult:
    """One seat order of a unit, per bot (in ``specs`` order)."""

    seats: tuple[int, ...]  # the seat of each bot
    penalty: tuple[int, ...]  # recorded points
    rounds: int  # rounds played
    goats: tuple[int, ...]  # 1 if that bot (its side) was a goat


@dataclass(frozen=True, slots=True)
class UnitResult:
    """One unit, per bot (in ``specs`` order), summed over the seat orders."""

    index: int
    penalty: tuple[int, ...]  # recorded points
    rounds: tuple[int, ...]  # rounds played
    goats: tuple[int, ...]  # games in which it was a goat
    orders: tuple[OrderResult, ...] = ()  # each seat order on its own

    @property
    def order_count(self) -> int:
        """Seat orders behind the sums (a hand-made unit without orders: one per bot)."""
        return len(self.orders) or len(self.penalty)


def unit_seed(seed: int, index: int, *parts: int) -> int:
    """A 48-bit seed derived from the tournament seed, the unit and ``parts``."""
    key = "/".join(str(p) for p in (seed, index, *parts))
    return random.Random(f"koza-tournament/{key}").getrandbits(48)


def play_order(setup: Setup, index: int, k: int, seat_of: Sequence[int]) -> OrderResult:
    """Play unit ``index`` once with bot ``e`` in seat ``seat_of[e]`` (order number ``k``)."""
    n = len(setup.specs)
    rules = setup.rules
    if setup.mode == "deals":
        rules = rules.model_copy(update={"open_threshold": 0})
    entry_at = {s: e for e, s in enumerate(seat_of)}
    specs = [setup.specs[entry_at[s]] for s in range(n)]
    bots = [make_bot(specs[s], unit_seed(setup.seed, index, k, s)) for s in range(n)]
    seats = [SeatInfo(name=f"seat{s}", kind="bot", bot=specs[s]) for s in range(n)]
    game = Game.new(seats, rules, seed=unit_seed(setup.seed, index))
    (finish_game if setup.mode == "games" else finish_round)(Seated(game, bots))
    st = game.state
    sides = [side_of(seat_of[e], n, rules) for e in range(n)]
    return OrderResult(
        tuple(seat_of),
        tuple(st.sheets.totals[side] for side in sides),
        len(st.records),
        tuple(1 if side in st.goats else 0 for side in sides),
    )


def play_unit(setup: Setup, index: int) -> UnitResult:
    """Play unit ``index`` once in every seat order."""
    n = len(setup.specs)
    orders = tuple(
        play_order(setup, index, k, seat_of)
        for k, seat_of in enumerate(seat_orders(n, setup.rules))
    )
    return unit_result(index, orders)


def unit_result(index: int, orders: Sequence[OrderResult]) -> UnitResult:
    """Unit ``index`` from its seat orders' results (in order number order)."""
    n = len(orders[0].penalty)
    return UnitResult(
        index,
        tuple(sum(o.penalty[e] for o in orders) for e in range(n)),
        tuple(sum(o.rounds for o in orders) for _ in range(n)),
        tuple(sum(o.goats[e] for o in orders) for e in range(n)),
        tuple(orders),
    )


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
    from koza.tournament import parallel

    if scheduler is not None:
        from koza.tournament import cluster

        workers = cluster.connect(scheduler)
    else:
        workers = parallel.process_pool(jobs)
    per_unit = len(seat_orders(len(setup.specs), setup.rules))
    pending: dict[int, dict[int, OrderResult]] = {}
    try:
        for played in parallel.play_items(setup, parallel.items_of(setup, units), workers):
            for index, k, order in played:
                got = pending.setdefault(index, {})
                got[k] = order
                if len(got) == per_unit:
                    del pending[index]
                    yield index, unit_result(index, [got[j] for j in range(per_unit)])
    finally:
        workers.close()
