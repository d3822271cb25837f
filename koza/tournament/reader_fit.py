"""Fitting ``policies.THETA`` on self-play: ``python -m koza.tournament.reader_fit``.

Bots of one level play first rounds against each other (``--bot``, three seats,
``--deals`` deals from ``--seed``); at every free play (two or more fitting tiles
in hand, not a forced opening, not a drawn tile) the tiles it could have played,
their features and the one it played are kept.  The scores are then fitted by
maximum likelihood (a conditional logit, Newton's method), and the mean
log-likelihood per play is printed for the fit and for montecarlo's own plain
reading, on the plays of the second half of the deals (the fit uses the first).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence

from koza.bots import make_bot
from koza.bots.knowledge import forced_opening
from koza.bots.policies import PLAIN, Theta, features, moments, score
from koza.bots.weights import Scoring
from koza.core.commands import Command, Play
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.tiles import ALL_TILES_MASK, HAS, tiles_of
from koza.core.view import SeatView
from koza.play.driver import Seated, finish_round
from koza.tournament.runner import unit_seed

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
    if len(tiles) < 2:
        return None
    sc = Scoring.of(view.rules, view.n_players)
    now = moments(view)[-1]
    return [features(t, sc.tile_weight(t), now) for t in tiles], tiles.index(cmd.tile)


class Recorder:
    """A bot that plays as ``inner`` does and keeps each of its free plays."""

    def __init__(self, inner: object, out: list[Choice]) -> None:
        self.inner = inner
        self.name = getattr(inner, "name", "recorder")
        self.out = out

    def choose(self, view: SeatView) -> Command:
        cmd: Command = self.inner.choose(view)  # type: ignore[attr-defined]
        got = free_play(view, cmd)
        if got is not None:
            self.out.append(got)
        return cmd


def collect(
    spec: str, seed: int, deals: int, players: int = 3, part: int = 0
) -> list[list[Choice]]:
    """Per deal: the free plays of ``spec`` bots playing each other (``part``: another
    set of deals from the same seed)."""
    rules = RuleSet().model_copy(update={"open_threshold": 0})
    per_deal: list[list[Choice]] = []
    for i in range(deals):
        got: list[Choice] = []
        keys = (i,) if part == 0 else (i, 1000 + part)
        bots = [Recorder(make_bot(spec, unit_seed(seed, *keys, s)), got) for s in range(players)]
        seats = [SeatInfo(name=f"s{s}", kind="bot", bot=spec) for s in range(players)]
        game = Game.new(seats, rules, seed=unit_seed(seed, *keys))
        finish_round(Seated(game, bots))
        per_deal.append(got)
    return per_deal


def log_likelihood(theta: Sequence[float], data: Sequence[Choice]) -> float:
    """Mean log-chance of the plays in ``data`` under ``theta``."""
    total = 0.0
    th: Theta = (theta[0], theta[1], theta[2], theta[3])
    for phis, k in data:
        ss = [score(th, p) for p in phis]
        top = max(ss)
        total += ss[k] - top - math.log(math.fsum(math.exp(s - top) for s in ss))
    return total / max(1, len(data))


def fit(data: Sequence[Choice], ridge: float = 0.01, steps: int = 30) -> Theta:
    """The scores of greatest likelihood (Newton's method, a small ridge)."""
    d = 4
    theta = list(PLAIN)
    for _ in range(steps):
        grad = [-ridge * x for x in theta]
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
        now = _penalised(theta, data, ridge)
        scale = 1.0
        while scale > 1e-4:  # a damped step: never one that lowers the likelihood
            trial = [t - scale * s for t, s in zip(theta, step, strict=True)]
            if _penalised(trial, data, ridge) >= now:
                break
            scale /= 2
        else:
            break
        theta = trial
        if max(abs(scale * s) for s in step) < 1e-6:
            break
    return (theta[0], theta[1], theta[2], theta[3])


def _penalised(theta: Sequence[float], data: Sequence[Choice], ridge: float) -> float:
    """The summed log-likelihood minus the ridge."""
    return log_likelihood(theta, data) * len(data) - ridge / 2 * sum(x * x for x in theta)


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


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m koza.tournament.reader_fit")
    p.add_argument("--bot", action="append", required=True)
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--deals", type=int, default=200)
    args = p.parse_args(argv)
    train: list[Choice] = []
    test: list[Choice] = []
    for k, spec in enumerate(args.bot):
        per_deal = collect(spec, args.seed, args.deals, part=k)
        half = len(per_deal) // 2
        train += [c for d in per_deal[:half] for c in d]
        test += [c for d in per_deal[half:] for c in d]
    theta = fit(train)
    bots = ",".join(args.bot)
    print(f"bots {bots} seed {args.seed}: {len(train)} plays fitted, {len(test)} held out")
    print("theta " + ", ".join(f"{x:.3f}" for x in theta))
    print(f"held-out mean log-likelihood per play: fit {log_likelihood(theta, test):.4f}")
    print(f"held-out mean log-likelihood per play: plain {log_likelihood(PLAIN, test):.4f}")
    uniform = -sum(math.log(len(ph)) for ph, _ in test) / max(1, len(test))
    print(f"held-out mean log-likelihood per play: uniform {uniform:.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
