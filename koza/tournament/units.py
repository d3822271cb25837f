"""One unit of a tournament played in one seat order, or in all of them.

The pieces every way of spreading the work shares (``runner`` here, ``parallel``
in processes, ``cluster`` on Dask): the ``Setup``, the seat orders, the seeds and
the results.  ``runner`` re-exports them; the rest of the story is in its docstring.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
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
