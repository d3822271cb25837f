"""``omniscient``: the reference that sees every hand and the bazaar order.

It is never an opponent in the app: it is the upper bound the fair bots are
measured against.  It does not take a ``SeatView``: it is handed the full
``GameState`` through its own clearly named method, ``choose_seeing_everything``
(``koza.bots.base.decide`` routes to it).  It plays every legal move out many
times on the true deal with the randomized rollout policy and keeps the best
mean utility for the match.
"""

from __future__ import annotations

import random
from typing import ClassVar

from koza.bots.fast import Match, Scoring, rollout, utility
from koza.core.commands import Command, from_move
from koza.core.engine import apply, legal_moves
from koza.core.state import GameState
from koza.core.view import SeatView

ROLLOUTS_PER_MOVE = 64
ROLLOUT_EPS = 0.15


class OmniscientBot:
    """Sees everything; for measurement only."""

    name = "omniscient"
    sees_everything: ClassVar[bool] = True

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Command:
        raise TypeError("omniscient needs the full state: call choose_seeing_everything(state)")

    def choose_seeing_everything(self, state: GameState) -> Command:
        """The move for the seat to move, chosen from the full secret state."""
        r0 = state.round
        if r0 is None or state.phase != "playing":
            raise ValueError("no round is in play")
        legal = legal_moves(r0)
        if len(legal) == 1:
            return from_move(legal[0])
        sc = Scoring.of(state.rules, state.n_players)
        sh = state.sheets
        match = Match(sc.side[r0.turn], sh.totals, sh.opened, sh.carried)
        sums = [0.0] * len(legal)
        stream = random.Random()
        for _ in range(ROLLOUTS_PER_MOVE):
            seed = self._rng.getrandbits(32)
            for i, move in enumerate(legal):
                r = r0.copy()
                apply(r, move)
                stream.seed(seed)
                rollout(r, sc, stream, ROLLOUT_EPS)
                sums[i] += utility(sc, match, r.hands, r.out_seat)
        best = max(range(len(legal)), key=sums.__getitem__)
        return from_move(legal[best])
