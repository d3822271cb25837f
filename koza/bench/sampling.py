"""``make bench`` figures for Monte Carlo's sampling: CPU time per decision on fixed positions.

The positions are the same on every run (3 players, greedy games with fixed seeds,
every round of the game, only decisions with a real choice), so two builds can be
compared by running this module under each, alternately:

    python koza/bench/sampling.py            # this tree
    PYTHONPATH=/old/tree python koza/bench/sampling.py   # another tree's koza

prints ``NAME: VALUE UNIT`` lines.  CPU time (``process_time``), not wall time: the
machine is shared, and only ratios of interleaved runs mean much.
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from koza import bench
from koza.bots import make_bot
from koza.bots.montecarlo import MonteCarloBot
from koza.core.game import Game
from koza.core.view import SeatView, seat_view

POSITIONS = 40
"""Decisions timed per figure."""


def fixed_positions(count: int = POSITIONS, players: int = 3) -> list[SeatView]:
    """Views with two or more legal moves from greedy games of fixed seeds, every third
    one taken so that early, middle and late positions of every round are all there."""
    out: list[SeatView] = []
    seen = 0
    g = 0
    while len(out) < count:
        game = Game.new([f"p{i}" for i in range(players)], seed=7000 + g)
        bots = [make_bot("greedy", g * 10 + i) for i in range(players)]
        while not game.is_over and len(out) < count:
            st = game.state
            if st.phase == "round_over":
                game.next_round()
                continue
            view = seat_view(st, st.turn)
            if len(view.legal) > 1:
                seen += 1
                if seen % 3 == 0:
                    out.append(view)
            game.play(bots[st.turn].choose(view), st.turn)
        g += 1
    return out


def cpu_per_decision(views: list[SeatView], choose: bool, seed: int = 1) -> float:
    """Mean CPU seconds of the default montecarlo over ``views`` (``choose`` or ``evaluate``)."""
    bot = MonteCarloBot("default", seed)
    start = time.process_time()
    for v in views:
        if choose:
            bot.choose(v)
        else:
            bot.evaluate(v)
    return (time.process_time() - start) / len(views)


@bench.benchmark("bots_montecarlo_cpu")
def montecarlo_cpu() -> Iterable[bench.Figure]:
    """CPU time of the default montecarlo per decision on the fixed positions."""
    views = fixed_positions()
    yield "bots_montecarlo_choose_cpu", cpu_per_decision(views, True) * 1000, "ms"
    yield "bots_montecarlo_evaluate_cpu", cpu_per_decision(views, False) * 1000, "ms"


if __name__ == "__main__":
    for figure in montecarlo_cpu():
        print(bench.format_figure(*figure), flush=True)
