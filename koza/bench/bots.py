"""Bot figures for ``make bench``: rollouts per second and decision times per level.

Decision times are taken in 3-player games against two ``greedy`` bots, over the
decisions with a real choice (two or more legal moves); forced moves cost nothing.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Iterable

from koza import bench
from koza.bots import make_bot
from koza.bots.base import ALL_BOTS
from koza.bots.knowledge import infer
from koza.bots.montecarlo import ROLLOUT_EPS
from koza.bots.rollout import Match, Scoring, rollout, utility
from koza.bots.sampler import Sampler
from koza.core.commands import to_move
from koza.core.engine import apply
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.view import SeatView, seat_view
from koza.play.driver import Seated, advance, step, think


def _positions(players: int, count: int) -> list[SeatView]:
    """Views of the seat to move with a real choice, from greedy games."""
    out: list[SeatView] = []
    g = 0
    while len(out) < count:
        game = Game.new([f"p{i}" for i in range(players)], seed=g)
        table = Seated(game, [make_bot("greedy", g)] * players)
        while game.state.phase == "playing":
            view = seat_view(game.state, game.turn)
            if len(view.legal) > 1:
                out.append(view)
            step(table)
        g += 1
    return out[:count]


Prepared = list[tuple[SeatView, Sampler, Scoring, Match]]


def _rollout_step(prepared: Prepared, rng: random.Random) -> Callable[[int], int]:
    def step(n: int) -> int:
        done = 0
        for k in range(n):
            v, sampler, sc, match = prepared[k % len(prepared)]
            base = sampler.round_of(sampler.sample(rng))
            for move in map(to_move, v.legal):
                r = base.copy()
                apply(r, move)
                rollout(r, sc, rng, ROLLOUT_EPS)
                utility(sc, match, r.hands, r.out_seat)
                done += 1
        return done

    return step


@bench.benchmark("bots_rollouts")
def rollouts() -> Iterable[bench.Figure]:
    """Monte Carlo's inner loop on the lean core: sample a deal, play every move out."""
    for players in (3, 4, 2):
        prepared: Prepared = []
        for v in _positions(players, 50):
            sc = Scoring.of(v.rules, v.n_players)
            match = Match(sc.side[v.seat], v.totals, v.opened, v.carried)
            prepared.append((v, Sampler(v, infer(v)), sc, match))
        step = _rollout_step(prepared, random.Random(1))
        yield f"bots_rollouts_{players}p", bench.per_second(step), "rollouts/s"


def decision_times(spec: str, players: int = 3, budget: float = 6.0) -> list[float]:
    """Seconds per real decision of ``spec`` against greedy bots, for about ``budget`` s."""
    times: list[float] = []
    start = time.perf_counter()
    g = 0
    while time.perf_counter() - start < budget or len(times) < 20:
        specs = [spec if s == 0 else "greedy" for s in range(players)]
        bots = [make_bot(b, g * 10 + s) for s, b in enumerate(specs)]
        seats = [SeatInfo(name=f"p{s}", kind="bot", bot=b) for s, b in enumerate(specs)]
        game = Game.new(seats, RuleSet(), seed=1000 + g)
        table = Seated(game, bots)
        while not game.is_over:
            st = game.state
            if st.turn == 0 and len(st.legal_moves()) > 1:
                t = time.perf_counter()
                cmd = think(table)
                times.append(time.perf_counter() - t)
                advance(table, cmd)
            else:
                step(table)
        g += 1
    return times


@bench.benchmark("bots_decision_times")
def decisions() -> Iterable[bench.Figure]:
    """Median, 99th percentile and max decision time per bot (3 players, vs greedy).

    Wall-clock times on a shared machine: a lone max can be another process's time slice.
    """
    runs = [(spec, 3) for spec in ALL_BOTS] + [("montecarlo", 2), ("montecarlo", 4)]
    for spec, players in runs:
        ts = decision_times(spec, players, budget=max(2.0, 3 * bench.BUDGET))
        name = spec.replace(":", "_") + ("" if players == 3 else f"_{players}p")
        ts.sort()
        yield f"bots_decision_{name}_median", statistics.median(ts) * 1000, "ms"
        yield f"bots_decision_{name}_p99", ts[int(0.99 * (len(ts) - 1))] * 1000, "ms"
        yield f"bots_decision_{name}_max", ts[-1] * 1000, "ms"
        yield f"bots_decision_{name}_count", len(ts), "decisions"
