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
from koza.bots.policies import PLAIN
from koza.bots.policy_fit import Choice, fit, free_play, log_likelihood
from koza.core.commands import Command
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.view import SeatView
from koza.play.driver import Seated, finish_round
from koza.tournament.runner import unit_seed


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
