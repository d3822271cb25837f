"""How likely a sampled deal makes the opponents' plays, each under its own policy.

``likelihood.PlayModel`` reads every opponent as one soft "shed heavy tiles"
player.  ``PolicyReading`` reads each one by the model of its seat
(``policies``): the bot level the table shows for it, or for a person the
person's prior scaled by how sharp that person has shown itself this game
(``PersonSharpness``).  A free play of ``t`` from the fitting tiles ``F`` then in
hand has chance ``exp(s(t)) / sum(exp(s(f)) for f in F)``; only the hidden tiles
of ``F`` differ between imagined deals, so a deal's log-weight is minus the sum,
over the plays, of the log of that denominator.  Draws, passes, forced openings
and plays of a drawn tile are left out, as in ``PlayModel``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from koza.bots.knowledge import Knowledge, forced_opening
from koza.bots.likelihood import Terms, held_at_play, terms_log_weight
from koza.bots.policies import Theta, features, moments, score
from koza.bots.weights import Scoring
from koza.core.tiles import ALL_TILES_MASK, HAS, N_TILES
from koza.core.view import SeatView


@dataclass(frozen=True, slots=True)
class Fact:
    """One free play of an opponent: the seat, the tile it played, each tile's score,
    the known fitting tiles then in hand and the hidden slots it held then."""

    seat: int
    played: int
    scores: tuple[float, ...]  # per tile: its score if it fitted, else -inf
    known: tuple[int, ...]  # fitting tiles surely in hand then (the played one too)
    slot_keys: tuple[int, ...]


def free_plays(view: SeatView, know: Knowledge, thetas: dict[int, Theta]) -> list[Fact]:
    """The opponents' free plays this round, scored under ``thetas`` (per seat)."""
    sc = Scoring.of(view.rules, view.n_players)
    weight = [sc.tile_weight(t) for t in range(N_TILES)]
    forced_draw_plays = {i + 1 for i in know.drawn_played}
    moms = moments(view)
    out: list[Fact] = []
    for i, act in enumerate(view.history):
        j = act.seat
        if j == view.seat or act.kind != "play" or i in forced_draw_plays or j not in thetas:
            continue
        if i == 0 and forced_opening(view):
            continue  # a forced opening says nothing about taste
        a, b = act.ends
        fit = ALL_TILES_MASK if a < 0 else HAS[a] | HAS[b]
        known, hidden = held_at_play(know, j, i, fit)
        if not hidden:
            continue
        theta = thetas[j]
        m = moms[i]
        scores = tuple(
            score(theta, features(t, weight[t], m)) if fit >> t & 1 else -math.inf
            for t in range(N_TILES)
        )
        out.append(Fact(j, act.tiles[0], scores, tuple(known), tuple(hidden)))
    return out


class PolicyReading:
    """Log-weights of sampled deals, each opponent's plays read by its own policy."""

    def __init__(self, view: SeatView, know: Knowledge, thetas: dict[int, Theta]) -> None:
        self.facts = free_plays(view, know, thetas)
        self._terms: Terms = []
        for f in self.facts:
            top = max(f.scores)
            share = [math.exp(s - top) for s in f.scores]  # 0.0 for tiles that do not fit
            known = math.fsum(share[t] for t in f.known)
            self._terms.append((known, share, f.slot_keys))

    def log_weight(self, assignment: list[int]) -> float:
        """Log-likelihood (up to a constant) of the plays under a sampled assignment."""
        return terms_log_weight(self._terms, assignment)

    def seat_log_likelihoods(self, assignment: list[int], scale: float) -> dict[int, float]:
        """Per opponent: the full log-likelihood of its plays with its scores times
        ``scale``, under a sampled assignment."""
        out: dict[int, float] = {}
        for f in self.facts:
            tiles = set(f.known)
            for key in f.slot_keys:
                t = assignment[key]
                if f.scores[t] > -math.inf:
                    tiles.add(t)
            ss = [scale * f.scores[t] for t in tiles]
            top = max(ss)
            lse = top + math.log(math.fsum(math.exp(s - top) for s in ss))
            out[f.seat] = out.get(f.seat, 0.0) + scale * f.scores[f.played] - lse
        return out
