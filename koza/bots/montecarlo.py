"""``montecarlo``: samples hidden deals consistent with the view and plays them out.

For each sampled deal every legal move is played out with the fast rollout
policy, in which this seat also avoids leaving ends the next seat can follow in
that deal (all moves on the same deal and the same random stream, so their
differences are not drowned in deal noise), and the move with the best mean
utility for the match score wins: points recorded under the opening threshold
and the goat at the target count, not raw round pips (see ``rollout.utility``).
The sampled deals are weighed by how well they explain the opponents' plays,
each opponent under the sharpness it has shown so far in the game
(``opponents``, learned online).  Levels differ by the number of sampled deals;
a cap on rollouts per decision keeps the slowest decisions bounded.  Given a
seed (and the same game) the bot is reproducible.

Two savings leave the result alone: moves that surely end the same (one tile on
either of two equal ends) are played out once, and when choosing (not in
``evaluate``, which the coach reads) a move whose paired deficit to the leader is
clearly beyond chance stops being played out.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Protocol

from koza.bots.knowledge import Knowledge, infer
from koza.bots.likelihood import PlayModel
from koza.bots.opponents import OpponentModel, SharpSeats
from koza.bots.rollout import Match, Scoring, rollout_seat, utility
from koza.bots.sampler import Sample, Sampler
from koza.core.commands import Command, from_move, to_move
from koza.core.engine import PLAY, Move, Round, apply
from koza.core.view import SeatView

LEVELS: dict[str, tuple[int, int]] = {
    # level: (sampled deals, rollout cap per decision)
    "fast": (60, 500),
    "default": (300, 2400),
    "strong": (1000, 8000),
}
ROLLOUT_EPS = 0.1
"""Chance of a random move by the other seats in a rollout."""
MY_EPS = 0.05
"""Chance of a random move by the deciding seat in a rollout."""
BLOCK = 3.0
"""Rollout penalty (points of weight) for leaving ends the next seat can follow."""
OVERSAMPLE = 6
"""At most this many consistent deals are drawn per deal played out, to be resampled."""
ESS_WANTED = 2.0
"""Drawing stops once the weighed deals are worth this many times the deals played out
(by their effective sample size, ``(sum w)^2 / sum w^2``)."""
LEARN_OPPONENTS = False
"""Weigh each opponent's plays under its learned sharpness (else ``likelihood.BETA``).

Off: on fixed seeds it measured no gain (-0.008 [-0.21, 0.19] points per deal,
montecarlo:fast, seed 101, 150 deals x 6 seat orders) and costs about 30% more CPU
per decision; turn it on once whole-game figures show it helps."""
READ_SHARP = False
"""Read opponents as always shedding their heaviest fitting move until their plays
show otherwise (``opponents.SharpSeats``): the deals drawn then hold no tile such an
opponent would have played instead.

Off: against two greedy it measured no gain over the soft reading (paired, sharp - soft,
points per deal, 6 seat orders each: montecarlo:fast seed 501, 200 deals, +0.35
[-0.34, 1.04]; default level, fresh seeds 9101, 9102 and 9103, 250 deals each, +0.26
[-0.32, 0.84], -0.01 [-0.49, 0.47] and +0.25 [-0.26, 0.76], pooled +0.17 [-0.14, 0.47]),
though it costs about 20% less CPU.  Read
exactly, greedy's plays leave the sampled hands holding 41.7% of the opponents' true
tiles, against 40.1% with the soft reading and 35.7% with draws and passes alone."""
RACE_EVERY = 20
"""When choosing, moves are compared with the leader after every this many deals..."""
RACE_Z = 3.0
"""...and one whose paired deficit is this many standard errors below 0 is dropped."""


class DealWeights(Protocol):
    """How well a sampled deal explains the opponents' plays (``PlayModel``, or
    ``reading.PolicyReading`` for ``reader``)."""

    @property
    def facts(self) -> Sequence[object]: ...

    def log_weight(self, assignment: list[int]) -> float: ...


def twins(legal: list[Move], left: int, right: int) -> list[int]:
    """Per move, the index of the first move that surely ends the same: with both ends
    showing the same number, a tile played on the left or on the right is one move."""
    out = list(range(len(legal)))
    if left != right or left < 0:
        return out
    first: dict[int, int] = {}  # tile -> its first play
    for i, move in enumerate(legal):
        if move[0] == PLAY:
            out[i] = first.setdefault(move[1], i)
    return out


def play_out(
    base: Round,
    legal: list[Move],
    alive: list[int],
    seed: int,
    stream: random.Random,
    sc: Scoring,
    match: Match,
    seat: int,
    got: list[list[float]],
    eps: float = ROLLOUT_EPS,
    my_eps: float = MY_EPS,
    block: float = BLOCK,
) -> None:
    """Play each ``alive`` move out on the deal ``base``, every one on the same random
    stream (re-seeded with ``seed``), and add the finished round's utility to ``got``."""
    for i in alive:
        r = base.copy()
        apply(r, legal[i])
        stream.seed(seed)
        rollout_seat(r, sc, stream, eps, seat, my_eps, block)
        got[i].append(utility(sc, match, r.hands, r.out_seat))


def survivors(got: list[list[float]], alive: list[int]) -> list[int]:
    """The moves of ``alive`` not clearly worse than the leader, by paired differences
    (every alive move was played out on the same deals and random stream)."""
    n = len(got[alive[0]])
    means = {i: math.fsum(got[i]) / n for i in alive}
    lead = max(alive, key=means.__getitem__)
    top = got[lead]
    keep: list[int] = []
    for i in alive:
        if i != lead:
            gap = means[lead] - means[i]
            mine = got[i]
            var = math.fsum((top[j] - mine[j] - gap) ** 2 for j in range(n)) / (n - 1)
            if gap * gap * n > RACE_Z * RACE_Z * var and gap > 0:
                continue
        keep.append(i)
    return keep


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
        self.opponents = OpponentModel()
        self.sharp = SharpSeats()

    def choose(self, view: SeatView) -> Command:
        legal = [to_move(c) for c in view.legal]
        if len(legal) == 1:
            return from_move(legal[0])
        values = self._values(view, race=True)
        best = max(range(len(legal)), key=values.__getitem__)
        return from_move(legal[best])

    def evaluate(self, view: SeatView) -> list[float]:
        """Mean utility of each legal move over the sampled deals."""
        return self._values(view, race=False)

    def _values(self, view: SeatView, race: bool) -> list[float]:
        """Each legal move's mean utility; with ``race``, a move clearly worse than the
        leader stops being played out (its mean is then over the deals it saw)."""
        legal = [to_move(c) for c in view.legal]
        twin = twins(legal, view.left, view.right)
        rng = self._rng
        if READ_SHARP:
            know, sharp = self.sharp.knowledge(view)
        else:
            know, sharp = infer(view), frozenset()
        sampler = Sampler(view, know)
        sc = Scoring.of(view.rules, view.n_players)
        match = Match(sc.side[view.seat], view.totals, view.opened, view.carried)
        alive = [i for i in range(len(legal)) if twin[i] == i]
        samples = max(min(8, self.samples), min(self.samples, self.cap // len(alive)))
        got: list[list[float]] = [[] for _ in legal]
        stream = random.Random()
        model = self.play_model(view, know, sharp)
        for k, smp in enumerate(self._deals(sampler, model, samples, view.round_no), 1):
            base = sampler.round_of(smp)
            play_out(base, legal, alive, rng.getrandbits(32), stream, sc, match, view.seat, got)
            if race and k % RACE_EVERY == 0 and len(alive) > 1:
                alive = survivors(got, alive)
        return [math.fsum(got[twin[i]]) / len(got[twin[i]]) for i in range(len(legal))]

    def play_model(self, view: SeatView, know: Knowledge, sharp: frozenset[int]) -> DealWeights:
        """What weighs the sampled deals: every opponent's plays read as a soft "shed heavy
        tiles" player's (the plays of the ``sharp`` seats left out: already in ``know``)."""
        return PlayModel(view, know, skip=sharp)

    def _deals(
        self, sampler: Sampler, model: DealWeights, samples: int, round_no: int
    ) -> list[Sample]:
        """``samples`` deals: drawn consistent, then resampled by how well they explain the
        opponents' plays (systematic resampling; only the deals kept get a bazaar)."""
        rng = self._rng
        if not model.facts or OVERSAMPLE <= 1:
            return [sampler.sample(rng) for _ in range(samples)]
        if LEARN_OPPONENTS and isinstance(model, PlayModel):
            cands = [sampler.draw_hands(rng) for _ in range(OVERSAMPLE * samples)]
            per_deal = [model.seat_log_likelihoods(c[1]) for c in cands]
            self.opponents.observe(round_no, per_deal)
            pick = {seat: self.opponents.beta_index(seat) for seat in per_deal[0]}
            lws = [math.fsum(ll[seat][k] for seat, k in pick.items()) for ll in per_deal]
            ws = weights(lws)
        else:
            cands, ws = [], []
            lws = []
            while len(cands) < OVERSAMPLE * samples:  # in batches, until the ESS suffices
                batch = [sampler.draw_hands(rng) for _ in range(samples)]
                cands.extend(batch)
                lws.extend(model.log_weight(c[1]) for c in batch)
                ws = weights(lws)
                if sum(ws) ** 2 >= ESS_WANTED * samples * math.fsum(w * w for w in ws):
                    break
        step = sum(ws) / samples
        u = rng.random() * step
        out: list[Sample] = []
        acc = 0.0
        for (hands, assignment), w in zip(cands, ws, strict=True):
            acc += w
            while u < acc and len(out) < samples:
                out.append(sampler.complete(hands, assignment, rng))
                u += step
        while len(out) < samples:  # rounding at the very end
            out.append(sampler.complete(*cands[-1], rng))
        return out


def weights(log_weights: list[float]) -> list[float]:
    """Weights proportional to ``exp(log_weights)``, the largest 1."""
    top = max(log_weights)
    return [math.exp(lw - top) for lw in log_weights]
