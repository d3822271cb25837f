"""The expert's light look-ahead: a few consistent deals, each move played out on each.

The expert imagines ``DEALS`` deals consistent with its view (drawn uniformly, no
weighing by how well they explain the opponents' plays), plays every candidate
move out on each with the fast rollout policy (everyone sheds heavy tiles; this
seat also avoids ends the next seat can follow), on the same deal and random
stream for every move, and scores the finished rounds with the match utility.
The rules of thumb of ``expert`` add a small share of their score to each
move's mean: they break near-ties, where a handful of deals cannot.
"""

from __future__ import annotations

import math
import random

from koza.bots.knowledge import Knowledge
from koza.bots.montecarlo import play_out, twins
from koza.bots.rollout import Match, Scoring
from koza.bots.sampler import Sampler
from koza.core.engine import Move
from koza.core.view import SeatView


def look_ahead(
    view: SeatView,
    know: Knowledge,
    legal: list[Move],
    deals: int,
    rng: random.Random,
    eps: float,
    my_eps: float,
    block: float,
) -> list[float]:
    """Each legal move's mean match utility over ``deals`` consistent deals."""
    twin = twins(legal, view.left, view.right)
    sampler = Sampler(view, know)
    sc = Scoring.of(view.rules, view.n_players)
    match = Match(sc.side[view.seat], view.totals, view.opened, view.carried)
    alive = [i for i in range(len(legal)) if twin[i] == i]
    got: list[list[float]] = [[] for _ in legal]
    stream = random.Random()
    for _ in range(deals):
        base = sampler.round_of(sampler.sample(rng))
        seed = rng.getrandbits(32)
        play_out(base, legal, alive, seed, stream, sc, match, view.seat, got, eps, my_eps, block)
    return [math.fsum(got[twin[i]]) / deals for i in range(len(legal))]
