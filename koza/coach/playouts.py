"""Every legal move of a seat played out on shared sampled deals, its outcome in two parts.

``Playouts(view, seed)`` draws deals consistent with the seat's own view the way
the montecarlo bot does (``MonteCarloBot._deals``) and plays each move out on
every deal with the same random stream, so two moves differ only by the move:
common random numbers.  Each playout keeps, besides montecarlo's utility
(``rollout.utility``), the two things a player reads apart:

- the penalty points the seat's side records this round (what the sheet would write);
- whether the round makes the seat's side the goat (``goat``), or ends the game
  with another side the goat (``other_goat``).

The utility is ``-points - 100 * goat + 100 * other_goat`` (``GOAT_WEIGHT``).
Played with the bot's own deal count (``first_deals``), the values are exactly
``MonteCarloBot.evaluate``'s for the same seed.  ``more`` plays further deals
for some moves only, and ``difference`` compares two moves over the deals both
were played on, with a 95% interval.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

from koza.bots.knowledge import infer
from koza.bots.likelihood import PlayModel
from koza.bots.montecarlo import BLOCK, MY_EPS, READ_SHARP, ROLLOUT_EPS, MonteCarloBot, twins
from koza.bots.rollout import (
    GOAT_WEIGHT,
    Match,
    Scoring,
    rollout_seat,
    round_outcome,
    utility,
)
from koza.bots.sampler import Sampler
from koza.core.commands import to_move
from koza.core.engine import Round, apply
from koza.core.view import SeatView

Z95 = 1.96
"""A 95% interval is the mean ± this many standard errors."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """One move played out on one deal."""

    deal: int  # the deal's number among those drawn for this position
    utility: float
    points: int  # penalty points the seat's side records this round
    goat: bool  # the round makes the seat's side the goat
    other_goat: bool  # the round ends the game with another side the goat


@dataclass(frozen=True, slots=True)
class Difference:
    """How much better one move is than another over the deals both were played on."""

    value: float  # utility (higher is better): first minus second
    half_width: float  # of its 95% interval
    points: float  # penalty points: second minus first (what the second gives away)
    goat: float  # goat chance: second minus first (what the second adds)
    deals: int

    @property
    def low(self) -> float:
        return self.value - self.half_width

    @property
    def high(self) -> float:
        return self.value + self.half_width


def outcome_parts(sc: Scoring, match: Match, r: Round) -> tuple[int, bool, bool]:
    """The points the seat's side records, and whether it or another side is the goat
    (the terms of ``rollout.utility``, apart)."""
    mine, my_total, top, over = round_outcome(sc, match, r.hands, r.out_seat)
    goat = over and my_total == top
    return mine, goat, over and not goat


class Playouts:
    """The legal moves of ``view`` played out on deals drawn from it (see the module)."""

    def __init__(
        self, view: SeatView, seed: int, level: str = "default", samples: int | None = None
    ) -> None:
        if view.face_up:
            raise ValueError("a move is judged from its seat's own view, not a face-up one")
        self.view = view
        self.bot = bot = MonteCarloBot(level, seed, samples)
        self.legal = [to_move(c) for c in view.legal]
        self.twin = twins(self.legal, view.left, view.right)
        if READ_SHARP:
            know, sharp = bot.sharp.knowledge(view)
        else:
            know, sharp = infer(view), frozenset()
        self.sampler = Sampler(view, know)
        self.model = PlayModel(view, know, skip=sharp)
        self.sc = Scoring.of(view.rules, view.n_players)
        self.match = Match(self.sc.side[view.seat], view.totals, view.opened, view.carried)
        self.distinct = [i for i in range(len(self.legal)) if self.twin[i] == i]
        self.outcomes: list[list[Outcome]] = [[] for _ in self.legal]
        self.deals = 0
        self._stream = random.Random()

    def first_deals(self) -> int:
        """The bot's own deal count for this position (its rollout cap shared by the moves)."""
        bot = self.bot
        return max(min(8, bot.samples), min(bot.samples, bot.cap // len(self.distinct)))

    def more(self, deals: int, moves: list[int] | None = None, parts: bool = True) -> None:
        """Play ``deals`` more deals for ``moves`` (indices of ``view.legal``; all by default);
        without ``parts`` only the utility is kept (points and goats read 0)."""
        todo = sorted({self.twin[i] for i in moves}) if moves is not None else self.distinct
        rng, stream, legal, seat = self.bot._rng, self._stream, self.legal, self.view.seat
        sc, match = self.sc, self.match
        for smp in self.bot._deals(self.sampler, self.model, deals, self.view.round_no):
            base = self.sampler.round_of(smp)
            seed = rng.getrandbits(32)
            for i in todo:
                r = base.copy()
                apply(r, legal[i])
                stream.seed(seed)
                rollout_seat(r, sc, stream, ROLLOUT_EPS, seat, MY_EPS, BLOCK)
                u = utility(sc, match, r.hands, r.out_seat)
                if parts:
                    points, goat, other = outcome_parts(sc, match, r)
                    self.outcomes[i].append(Outcome(self.deals, u, points, goat, other))
                else:
                    self.outcomes[i].append(Outcome(self.deals, u, 0, False, False))
            self.deals += 1

    def of(self, i: int) -> list[Outcome]:
        """The outcomes of move ``i`` (a move's twin shares them)."""
        return self.outcomes[self.twin[i]]

    def value(self, i: int) -> float:
        """Montecarlo's value of move ``i``: its mean utility."""
        got = self.of(i)
        return math.fsum(o.utility for o in got) / len(got)

    def points(self, i: int) -> float:
        """The penalty points the seat's side is expected to record this round after move ``i``."""
        got = self.of(i)
        return sum(o.points for o in got) / len(got)

    def goat(self, i: int) -> float:
        """The chance this round makes the seat's side the goat after move ``i``."""
        got = self.of(i)
        return sum(o.goat for o in got) / len(got)

    def same(self, i: int, j: int) -> bool:
        """Whether moves ``i`` and ``j`` surely end alike (one tile on either of two equal ends)."""
        return self.twin[i] == self.twin[j]

    def difference(self, i: int, j: int, since: int = 0) -> Difference:
        """Move ``i`` against move ``j`` over the deals (numbered ``since`` on) both saw."""
        if self.same(i, j):
            return Difference(0.0, 0.0, 0.0, 0.0, len(self.of(i)))
        theirs = {o.deal: o for o in self.of(j) if o.deal >= since}
        pairs = [(o, theirs[o.deal]) for o in self.of(i) if o.deal in theirs]
        n = len(pairs)
        if n == 0:
            raise ValueError("the two moves share no deal")
        diffs = [a.utility - b.utility for a, b in pairs]
        mean = math.fsum(diffs) / n
        var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else math.inf
        half = Z95 * math.sqrt(var / n) if n > 1 else math.inf
        points = sum(b.points - a.points for a, b in pairs) / n
        goat = sum(int(b.goat) - int(a.goat) for a, b in pairs) / n
        return Difference(mean, half, points, goat, n)


__all__ = ["GOAT_WEIGHT", "Z95", "Difference", "Outcome", "Playouts", "outcome_parts"]


def first_playouts(
    view: SeatView, seed: int, level: str = "default", samples: int | None = None
) -> Playouts | None:
    """``Playouts`` of ``view`` with the bot's own first deals played (``first_deals``), or
    ``None`` when the seat has no legal move; a face-up view is refused (``ValueError``)."""
    if not view.legal and not view.face_up:
        return None
    playouts = Playouts(view, seed, level, samples)  # refuses a face-up view
    playouts.more(playouts.first_deals())
    return playouts
