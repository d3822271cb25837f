"""``montecarlo``: samples hidden deals consistent with the view and plays them out.

For each sampled deal every legal move is played out with the fast rollout
policy (all moves on the same deal and the same random stream, so their
differences are not drowned in deal noise), and the move with the best mean
utility for the match score wins: points recorded under the opening threshold
and the goat at the target count, not raw round pips (see ``fast.utility``).
Levels differ by the number of sampled deals; a cap on rollouts per decision
keeps the slowest decisions bounded.  Given a seed the bot is reproducible.
"""

from __future__ import annotations

import random

from koza.bots.fast import Match, Scoring, rollout, utility
from koza.bots.knowledge import infer
from koza.bots.sampler import Sampler
from koza.core.commands import Command, from_move
from koza.core.engine import apply
from koza.core.view import SeatView

LEVELS: dict[str, tuple[int, int]] = {
    # level: (sampled deals, rollout cap per decision)
    "fast": (40, 300),
    "default": (150, 1200),
    "strong": (500, 5000),
}
ROLLOUT_EPS = 0.1


class MonteCarloBot:
    """Determinized Monte Carlo over consistent deals, scored for the match."""

    def __init__(
        self, level: str = "default", seed: int | None = None, samples: int | None = None
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown montecarlo level {level!r} (known: {', '.join(LEVELS)})")
        self.level = level
        self.samples, self.cap = LEVELS[level]
        if samples is not None:  # tests and experiments: a fixed small sample count
            self.samples, self.cap = samples, samples * 64
        self.name = "montecarlo" if level == "default" else f"montecarlo:{level}"
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Command:
        legal = view.legal
        if len(legal) == 1:
            return from_move(legal[0])
        values = self.evaluate(view)
        best = max(range(len(legal)), key=values.__getitem__)
        return from_move(legal[best])

    def evaluate(self, view: SeatView) -> list[float]:
        """Mean utility of each legal move over the sampled deals."""
        legal = view.legal
        rng = self._rng
        sampler = Sampler(view, infer(view))
        sc = Scoring.of(view.rules, view.n_players)
        match = Match(sc.side[view.seat], view.totals, view.opened, view.carried)
        samples = max(min(8, self.samples), min(self.samples, self.cap // len(legal)))
        sums = [0.0] * len(legal)
        stream = random.Random()
        for _ in range(samples):
            base = sampler.round_of(sampler.sample(rng))
            seed = rng.getrandbits(32)
            for i, move in enumerate(legal):
                r = base.copy()
                apply(r, move)
                stream.seed(seed)
                rollout(r, sc, stream, ROLLOUT_EPS)
                sums[i] += utility(sc, match, r.hands, r.out_seat)
        return [s / samples for s in sums]
