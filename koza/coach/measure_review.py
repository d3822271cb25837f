"""How sure the review's verdicts are: ``python -m koza.coach.measure_review [N]``.

Positions with a choice are taken from 3-player games of random, greedy and
montecarlo:fast seats (about a third of the choices, so one game gives several).
Each is judged twice, with two seeds, and once more by an independent evaluation
of every move on 3,000 shared deals (its best minus the move played).  Printed as
JSON: how often the two seeds pick the same best move (a move and its twin on an
equal end count as one), how many marked moves have an interval reaching 0 or a
reference cost under 1, the mean cost against the reference's, and the judge's
CPU per position.  Long: run it niced, in the background.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from koza.bots import make_bot
from koza.coach.playouts import Playouts
from koza.coach.review import MonteCarloJudge, Verdict, mark_of
from koza.core.commands import Command
from koza.core.game import Game
from koza.core.view import SeatView, seat_view

SEEDS = (11, 12302)
REFERENCE_SEED = 777
REFERENCE_DEALS = 3000
LEVELS = ("random", "greedy", "montecarlo:fast")


@dataclass(frozen=True)
class Measured:
    """One position: both verdicts and the reference's cost of the move played."""

    first: Verdict
    second: Verdict
    same_best: bool
    reference_cost: float
    cpu: float  # seconds of CPU the first verdict took

    @property
    def mark(self) -> str | None:
        return mark_of(min(self.first.loss, self.first.sure_low))


def positions(count: int, seed: int = 24) -> list[tuple[SeatView, Command]]:
    """``count`` positions with a choice, and the move each seat's bot made there."""
    rng = random.Random(seed)
    found: list[tuple[SeatView, Command]] = []
    g = 0
    while len(found) < count:
        game = Game.new(["a", "b", "c"], seed=5000 + g)
        bots = [make_bot(LEVELS[(s + g) % 3], 100 * g + s) for s in range(3)]
        g += 1
        while game.state.phase == "playing":
            seat = game.state.turn
            view = seat_view(game.state, seat)
            move = bots[seat].choose(view)
            if len(view.legal) >= 2 and rng.random() < 0.35:
                found.append((view, move))
            game.play(move, seat)
    return found[:count]


def measure(view: SeatView, played: Command, k: int, judge: MonteCarloJudge) -> Measured:
    """Both verdicts on ``played`` and the reference's cost of it."""
    legal = list(view.legal)
    start = time.process_time()
    first = judge.judge(view, SEEDS[0] + 1000 * k, played)
    cpu = time.process_time() - start
    second = judge.judge(view, SEEDS[1] + 1000 * k, played)
    reference = Playouts(view, REFERENCE_SEED + k)
    reference.more(REFERENCE_DEALS, parts=False)
    values = [reference.value(i) for i in range(len(legal))]
    cost = max(values) - values[legal.index(played)]
    twin = reference.twin
    same = twin[legal.index(first.best)] == twin[legal.index(second.best)]
    return Measured(first, second, same, cost, cpu)


def summary(rows: Sequence[Measured]) -> dict[str, float | int]:
    """The figures the issue's goals name."""
    n = len(rows)
    marked = [r for r in rows if r.mark is not None]
    return {
        "positions": n,
        "same_best_two_seeds": sum(r.same_best for r in rows) / n,
        "marked": len(marked),
        "marked_interval_reaches_0": sum(r.first.sure_low <= 0 for r in marked),
        "marked_reference_cost_below_1": sum(r.reference_cost < 1 for r in marked),
        "mean_cost": sum(r.first.loss for r in rows) / n,
        "mean_reference_cost": sum(r.reference_cost for r in rows) / n,
        "judge_cpu_s_per_position": sum(r.cpu for r in rows) / n,
    }


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    count = int(args[0]) if args else 300
    judge = MonteCarloJudge()
    rows = [measure(view, played, k, judge) for k, (view, played) in enumerate(positions(count))]
    print(json.dumps(summary(rows), indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
