"""How far a hint's gap runs from the truth: ``python -m koza.coach.measure_hints [N]``.

On ``N`` positions with a choice (``measure_review.positions``, seed ``POSITIONS_SEED``)
the plain evaluation (``evaluate``, before) and ``hint_values`` (after) each name a
best and a second move (the best other move that is not the same tile on an equal
end) and the gap between them; an independent evaluation on 3,000 shared deals with
another seed scores the same two moves.  Printed as JSON for both: the mean gap
(value, and the penalty points the panel shows) against the reference's, the mean
absolute error of the gap, the gap as shown (0 when marked equal), how often the
second is shown as equal, and the CPU per hint (mean and most).  Long: run it
niced, in the background.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence

from koza.coach.evaluate import MoveValue, evaluate
from koza.coach.hint_values import hint_values
from koza.coach.measure_review import REFERENCE_DEALS, REFERENCE_SEED, positions
from koza.coach.playouts import Playouts
from koza.core.view import SeatView

POSITIONS_SEED = 2426
Weigh = Callable[[SeatView, int], list[MoveValue]]


def best_two(values: list[MoveValue], twin: list[int]) -> tuple[int, int]:
    """The indices of the best move and of the best move that is not its twin."""
    order = sorted(range(len(values)), key=lambda i: -values[i].value)
    top = order[0]
    return top, next(i for i in order if twin[i] != twin[top])


def shown_gap(values: list[MoveValue], top: int, second: int, after: bool) -> float:
    return values[second].gap if after else values[top].value - values[second].value


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    count = int(args[0]) if args else 100
    found = [v for v, _ in positions(count * 3, POSITIONS_SEED)]
    views = [v for v in found if len(set(Playouts(v, 0).distinct)) >= 2][:count]
    ways: dict[str, Weigh] = {
        "before": lambda v, s: evaluate(v, seed=s),
        "after": lambda v, s: hint_values(v, seed=s),
    }
    keys = (
        "gap",
        "reference_gap",
        "abs_error",
        "gap_as_shown",
        "points_gap",
        "reference_points_gap",
    )
    sums = {w: dict.fromkeys((*keys, "equal", "cpu"), 0.0) for w in ways}
    slowest = dict.fromkeys(ways, 0.0)
    for k, view in enumerate(views):
        twin = Playouts(view, 0).twin
        pairs, gaps = {}, {}
        for name, weigh in ways.items():
            start = time.process_time()
            values = weigh(view, view.seq)
            cpu = time.process_time() - start
            sums[name]["cpu"] += cpu
            slowest[name] = max(slowest[name], cpu)
            top, second = best_two(values, twin)
            pairs[name] = (top, second)
            gaps[name] = shown_gap(values, top, second, name == "after")
            sums[name]["gap"] += gaps[name]
            sums[name]["gap_as_shown"] += 0.0 if values[second].equal else gaps[name]
            sums[name]["points_gap"] += values[second].points - values[top].points
            sums[name]["equal"] += values[second].equal
        reference = Playouts(view, REFERENCE_SEED + k)
        reference.more(REFERENCE_DEALS, sorted({i for p in pairs.values() for i in p}))
        for name, (top, second) in pairs.items():
            truth = reference.difference(top, second)
            sums[name]["reference_gap"] += truth.value
            sums[name]["abs_error"] += abs(gaps[name] - truth.value)
            sums[name]["reference_points_gap"] += truth.points
    n = len(views)
    out = {w: {k: round(x / n, 3) for k, x in s.items()} for w, s in sums.items()}
    for w in ways:
        out[w]["cpu_max"] = round(slowest[w], 3)
    print(json.dumps({"positions": n, **out}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
