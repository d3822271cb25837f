"""How likely a sampled deal makes the opponents' observed plays.

Draws and passes are hard facts (see ``knowledge``); plays are soft ones.  A
sensible player tends to shed heavy tiles, so a deal in which an opponent held a
much heavier fitting tile than the one it played is less likely.  The model:
a player with fitting tiles ``F`` plays ``t`` with probability proportional to
``exp(BETA * weight(t))`` (0-0 weighs its bonus).  Only the sampled hidden
tiles change that probability between deals, so a deal's log-weight is
``-sum(log(sum of exp(BETA * weight) over the fitting tiles then in hand))``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from koza.bots.fast import Scoring
from koza.bots.knowledge import Knowledge
from koza.core.tiles import ALL_TILES_MASK, HAS, N_TILES
from koza.core.view import SeatView

BETA = 1.0


@dataclass(frozen=True, slots=True)
class PlayFact:
    """One observed play: the fitting tiles, the known part of the sum, the hidden slots."""

    fit: int
    known: float
    slot_ids: tuple[int, ...]  # id() of hidden slots of that seat already in hand then


class PlayModel:
    """Log-weights of sampled deals under the soft "shed heavy tiles" model."""

    def __init__(self, view: SeatView, know: Knowledge, beta: float = BETA) -> None:
        sc = Scoring.of(view.rules, view.n_players)
        self.exp = [math.exp(beta * sc.tile_weight(t)) for t in range(N_TILES)]
        forced_draw_plays = {i + 1 for i in know.drawn_played}
        facts: list[PlayFact] = []
        for i, act in enumerate(view.history):
            j = act.seat
            if j == view.seat or act.kind != "play" or i in forced_draw_plays:
                continue
            if i == 0 and (not view.records or view.rules.next_leader == "highest_double"):
                continue  # a forced opening says nothing about taste
            a, b = act.ends
            fit = ALL_TILES_MASK if a < 0 else HAS[a] | HAS[b]
            known = 0.0
            hidden: list[int] = []
            for s in know.slots[j]:
                if s.origin >= i:
                    continue
                if s.played >= 0:
                    if s.played_at >= i and fit >> s.played & 1:
                        known += self.exp[s.played]
                elif fit & know.unseen:
                    hidden.append(id(s))
            if hidden:
                facts.append(PlayFact(fit, known, tuple(hidden)))
        self.facts = facts

    def log_weight(self, assignment: dict[int, int]) -> float:
        """Log-likelihood (up to a constant) of the plays under a sampled assignment."""
        exp = self.exp
        lw = 0.0
        for f in self.facts:
            total = f.known
            fit = f.fit
            for sid in f.slot_ids:
                t = assignment[sid]
                if fit >> t & 1:
                    total += exp[t]
            if total > 0.0:
                lw -= math.log(total)
        return lw
