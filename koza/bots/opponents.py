"""How sharp each opponent is, learned online from the public history.

Each opponent is assumed to play a fitting tile ``t`` with probability
proportional to ``exp(beta * weight(t))`` (see ``likelihood``), with its own
``beta`` from ``BETAS``: 0 plays at random, 4 nearly always sheds the heaviest.
At every decision the sampled deals give, per opponent and per ``beta``, an
estimate of how likely its plays this round were (the mean likelihood over deals
drawn without regard to the plays).  Those estimates are kept per round, the
latest standing for each round, and summed over the rounds of the game; the
``beta`` with the most evidence is used to weigh the deals.  It needs nothing but
what the table saw, so it reads people as well as bots.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from koza.bots.knowledge import Knowledge, infer
from koza.bots.likelihood import BETA, BETAS
from koza.bots.sampler import Sampler
from koza.core.view import SeatView

PRIOR_WEIGHT = 0.5
"""Log-evidence in favour of the default ``BETA``, so one play does not swing it."""


def log_mean_exp(xs: Sequence[float]) -> float:
    """``log(mean(exp(x)))`` without overflow."""
    top = max(xs)
    return top + math.log(math.fsum(math.exp(x - top) for x in xs) / len(xs))


class OpponentModel:
    """Per opponent seat and round: the log-evidence for each ``BETAS`` value."""

    def __init__(self) -> None:
        self._evidence: dict[int, dict[int, list[float]]] = {}  # seat -> round -> per beta
        self._last_round = 0

    def observe(self, round_no: int, per_deal: Sequence[dict[int, list[float]]]) -> None:
        """Record this round's evidence from the per-deal log-likelihoods of a decision."""
        if round_no < self._last_round:  # a new game with the same bot: start afresh
            self._evidence.clear()
        self._last_round = round_no
        seats = {s for d in per_deal for s in d}
        for seat in seats:
            rows = [d[seat] for d in per_deal if seat in d]
            ev = [log_mean_exp([r[k] for r in rows]) for k in range(len(BETAS))]
            self._evidence.setdefault(seat, {})[round_no] = ev

    def evidence(self, seat: int) -> list[float]:
        """Total log-evidence per ``BETAS`` value for ``seat`` (prior included)."""
        total = [PRIOR_WEIGHT if b == BETA else 0.0 for b in BETAS]
        for ev in self._evidence.get(seat, {}).values():
            total = [t + e for t, e in zip(total, ev, strict=True)]
        return total

    def beta_index(self, seat: int) -> int:
        """Index in ``BETAS`` of the sharpness that best explains ``seat``'s plays."""
        ev = self.evidence(seat)
        return max(range(len(BETAS)), key=ev.__getitem__)


class SharpSeats:
    """Which opponents always shed their heaviest fitting move, learned online.

    Every opponent is read as sharp (as ``greedy`` plays) until the table shows
    otherwise: a tile it played that it cannot have held under that reading, or
    plays no deal can explain.  A seat found out stays unsharp for the rest of the
    game; a new game (the round number going back) starts afresh.
    """

    def __init__(self) -> None:
        self.unsharp: set[int] = set()
        self._last_round = 0

    def knowledge(self, view: SeatView) -> tuple[Knowledge, frozenset[int]]:
        """What the view shows with every still-sharp opponent read as sharp, and
        the seats so read."""
        if view.round_no < self._last_round:
            self.unsharp.clear()
        self._last_round = view.round_no
        sharp = frozenset(
            s for s in range(view.n_players) if s != view.seat and s not in self.unsharp
        )
        while sharp:
            know = infer(view, sharp)
            if know.broken & sharp:
                self.unsharp |= know.broken & sharp
            elif Sampler(view, know).feasible():
                return know, sharp
            else:  # find out which reading no deal satisfies
                alone = [s for s in sharp if not _explained(view, frozenset({s}))]
                self.unsharp |= set(alone) if alone else set(sharp)
            sharp = frozenset(s for s in sharp if s not in self.unsharp)
        return infer(view), sharp


def _explained(view: SeatView, sharp: frozenset[int]) -> bool:
    """Whether some deal explains the plays with the ``sharp`` seats read as sharp."""
    know = infer(view, sharp)
    return not know.broken & sharp and Sampler(view, know).feasible()
