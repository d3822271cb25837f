"""How likely a sampled deal makes the opponents' observed plays.

Draws and passes are hard facts (see ``knowledge``); plays are soft ones.  A
sensible player tends to shed heavy tiles, so a deal in which an opponent held a
much heavier fitting tile than the one it played is less likely.  The model:
a player with fitting tiles ``F`` plays ``t`` with probability proportional to
``exp(BETA * weight(t))`` (0-0 weighs its bonus).  Only the sampled hidden
tiles change that probability between deals, so a deal's log-weight is
``-sum(log(sum of exp(BETA * weight) over the fitting tiles then in hand))``.

How sharp each opponent is need not be guessed: ``seat_log_likelihoods`` gives,
per opponent and for every ``BETAS`` value, the full log-likelihood of its plays
(numerators included), from which ``koza.bots.opponents`` learns each seat's
own sharpness online.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from koza.bots.knowledge import Knowledge
from koza.bots.rollout import Scoring
from koza.core.tiles import ALL_TILES_MASK, HAS, N_TILES
from koza.core.view import SeatView

BETA = 1.0
BETAS: tuple[float, ...] = (0.0, 0.5, 1.0, 2.0, 4.0)
"""The sharpness values an opponent's play is weighed under when it is learned."""


Terms = list[tuple[float, list[float], tuple[int, ...]]]
"""Per free play: the known tiles' share, each tile's share if it fits, the hidden slots."""


def terms_log_weight(terms: Terms, assignment: list[int]) -> float:
    """Log-likelihood (up to a constant) of the plays in ``terms`` under a sampled assignment:
    each play's chance is its tile's share over the shares of every tile the seat could hold."""
    lw = 0.0
    for known, share, keys in terms:
        total = known
        for key in keys:
            total += share[assignment[key]]
        if total > 0.0:
            lw -= math.log(total)
    return lw


def held_at_play(know: Knowledge, seat: int, at: int, fit: int) -> tuple[list[int], list[int]]:
    """What ``seat`` held when it made the play at history index ``at`` (``fit``: the tiles
    that fitted then): the fitting tiles it played later (known), and its hidden slots' keys."""
    held: list[int] = []
    hidden: list[int] = []
    for s in know.slots[seat]:
        if s.origin >= at:
            continue
        if s.played >= 0:
            if s.played_at >= at and fit >> s.played & 1:
                held.append(s.played)
        elif fit & know.unseen:
            hidden.append(s.key)
    return held, hidden


@dataclass(frozen=True, slots=True)
class PlayFact:
    """One observed play: the fitting tiles, the known part of the sum, the hidden slots."""

    fit: int
    known: float
    slot_keys: tuple[int, ...]  # keys of hidden slots of that seat already in hand then
    seat: int = -1
    played: int = -1  # the tile played
    known_mask: int = 0  # the known fitting tiles then in hand (the played one included)


class PlayModel:
    """Log-weights of sampled deals under the soft "shed heavy tiles" model (the plays
    of the ``skip`` seats left out: their reading is already in the knowledge)."""

    def __init__(
        self,
        view: SeatView,
        know: Knowledge,
        beta: float = BETA,
        skip: frozenset[int] = frozenset(),
    ) -> None:
        sc = Scoring.of(view.rules, view.n_players)
        self.weight = [sc.tile_weight(t) for t in range(N_TILES)]
        self.exp = [math.exp(beta * w) for w in self.weight]
        forced_draw_plays = {i + 1 for i in know.drawn_played}
        facts: list[PlayFact] = []
        for i, act in enumerate(view.history):
            j = act.seat
            if j == view.seat or j in skip or act.kind != "play" or i in forced_draw_plays:
                continue
            if i == 0 and (not view.records or view.rules.next_leader == "highest_double"):
                continue  # a forced opening says nothing about taste
            a, b = act.ends
            fit = ALL_TILES_MASK if a < 0 else HAS[a] | HAS[b]
            held, hidden = held_at_play(know, j, i, fit)
            known = 0.0
            known_mask = 0
            for t in held:
                known += self.exp[t]
                known_mask |= 1 << t
            if hidden:
                fact = PlayFact(fit, known, tuple(hidden), j, act.tiles[0], known_mask)
                facts.append(fact)
        self.facts = facts
        self._terms = [
            (f.known, [self.exp[t] if f.fit >> t & 1 else 0.0 for t in range(N_TILES)], f.slot_keys)
            for f in facts
        ]  # per fact: the known sum, each tile's share if it fits, the hidden slots
        self._sums: dict[int, list[float]] = {}

    def log_weight(self, assignment: list[int]) -> float:
        """Log-likelihood (up to a constant) of the plays under a sampled assignment."""
        return terms_log_weight(self._terms, assignment)

    def _log_sums(self, mask: int) -> list[float]:
        """Per ``BETAS`` value: log of the sum of exp(beta * weight) over ``mask``."""
        got = self._sums.get(mask)
        if got is None:
            ws = [self.weight[t] for t in range(N_TILES) if mask >> t & 1]
            got = [math.log(sum(math.exp(b * w) for w in ws)) for b in BETAS]
            self._sums[mask] = got
        return got

    def seat_log_likelihoods(self, assignment: list[int]) -> dict[int, list[float]]:
        """Per opponent with observed plays: the log-likelihood of those plays under each
        ``BETAS`` value, given a sampled assignment of the hidden slots."""
        out: dict[int, list[float]] = {}
        for f in self.facts:
            mask = f.known_mask
            for key in f.slot_keys:
                t = assignment[key]
                if f.fit >> t & 1:
                    mask |= 1 << t
            sums = self._log_sums(mask)
            w = self.weight[f.played]
            acc = out.setdefault(f.seat, [0.0] * len(BETAS))
            for k, b in enumerate(BETAS):
                acc[k] += b * w - sums[k]
        return out
