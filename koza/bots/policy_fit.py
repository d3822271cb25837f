"""Fitting a player's scores (``policies.Theta``) to the plays it made.

A free play is a choice among two or more fitting tiles (not a forced opening,
not a drawn tile): its ``Choice`` keeps each tile's features and the one
played.  ``fit`` finds the scores of greatest likelihood (a conditional logit,
Newton's method), pulled towards ``centre`` by ``ridge``: with a prior's scores
as the centre and a strong ridge, a few plays move them a little and many
plays a lot.  Self-play fits (``koza.tournament.reader_fit``) and a person's
model learned from their saved games (``koza.play.people``) both use it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from koza.bots.knowledge import forced_opening
from koza.bots.policies import PLAIN, Theta, features, moments, score
from koza.bots.weights import Scoring
from koza.core.commands import Command, Play
from koza.core.tiles import ALL_TILES_MASK, HAS, tiles_of
from koza.core.view import SeatView

Phi = tuple[float, float, float, float]
Choice = tuple[list[Phi], int]
"""The features of each tile a player could have played, and the index of its play."""


def free_play(view: SeatView, cmd: Command) -> Choice | None:
    """The choice ``cmd`` made from ``view``, if it was a free play of one tile."""
    if not isinstance(cmd, Play) or view.drawn >= 0:
        return None
    if not view.history and forced_opening(view):
        return None
    fit = ALL_TILES_MASK if view.left < 0 else HAS[view.left] | HAS[view.right]
    tiles = tiles_of(view.hand_mask & fit)
    if len(tiles) < 2 or cmd.tile not in tiles:
        return None
    sc = Scoring.of(view.rules, view.n_players)
    now = moments(view)[-1]
    return [features(t, sc.tile_weight(t), now) for t in tiles], tiles.index(cmd.tile)


def log_likelihood(theta: Sequence[float], data: Sequence[Choice]) -> float:
    """Mean log-chance of the plays in ``data`` under ``theta``."""
    total = 0.0
    th: Theta = (theta[0], theta[1], theta[2], theta[3])
    for phis, k in data:
        ss = [score(th, p) for p in phis]
        top = max(ss)
        total += ss[k] - top - math.log(math.fsum(math.exp(s - top) for s in ss))
    return total / max(1, len(data))


ZERO: Theta = (0.0, 0.0, 0.0, 0.0)


def fit(
    data: Sequence[Choice],
    ridge: float = 0.01,
    steps: int = 30,
    centre: Theta = ZERO,
    start: Theta = PLAIN,
) -> Theta:
    """The scores of greatest likelihood, less ``ridge / 2`` times their squared distance
    from ``centre`` (Newton's method from ``start``)."""
    d = 4
    theta = list(start)
    for _ in range(steps):
        grad = [-ridge * (x - c) for x, c in zip(theta, centre, strict=True)]
        hess = [[-ridge if i == j else 0.0 for j in range(d)] for i in range(d)]
        for phis, k in data:
            ss = [sum(theta[i] * p[i] for i in range(d)) for p in phis]
            top = max(ss)
            es = [math.exp(s - top) for s in ss]
            z = math.fsum(es)
            ps = [e / z for e in es]
            mean = [sum(ps[j] * phis[j][i] for j in range(len(phis))) for i in range(d)]
            for i in range(d):
                grad[i] += phis[k][i] - mean[i]
                for i2 in range(d):
                    cov = sum(ps[j] * phis[j][i] * phis[j][i2] for j in range(len(phis)))
                    hess[i][i2] -= cov - mean[i] * mean[i2]
        step = _solve(hess, grad)
        now = _penalised(theta, data, ridge, centre)
        scale = 1.0
        while scale > 1e-4:  # a damped step: never one that lowers the likelihood
            trial = [t - scale * s for t, s in zip(theta, step, strict=True)]
            if _penalised(trial, data, ridge, centre) >= now:
                break
            scale /= 2
        else:
            break
        theta = trial
        if max(abs(scale * s) for s in step) < 1e-6:
            break
    return (theta[0], theta[1], theta[2], theta[3])


def _penalised(
    theta: Sequence[float], data: Sequence[Choice], ridge: float, centre: Theta
) -> float:
    """The summed log-likelihood less the ridge."""
    far = sum((x - c) ** 2 for x, c in zip(theta, centre, strict=True))
    return log_likelihood(theta, data) * len(data) - ridge / 2 * far


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with pivoting; ``a`` is small)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[c][c] != 0.0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] if m[i][i] != 0.0 else 0.0 for i in range(n)]
