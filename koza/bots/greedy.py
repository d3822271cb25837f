"""``greedy``: sheds the heaviest fitting tile (0-0 counts its bonus)."""

from __future__ import annotations

import random

from koza.bots.rollout import Scoring, move_weight
from koza.core.commands import Command, to_move
from koza.core.view import SeatView


class GreedyBot:
    """Plays the move that sheds the most points; ties are broken at random."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Command:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        sc = Scoring.of(view.rules, view.n_players)
        weights = [move_weight(sc, to_move(c)) for c in legal]
        best = max(weights)
        top = [c for c, w in zip(legal, weights, strict=True) if w == best]
        return top[0] if len(top) == 1 else self._rng.choice(top)
