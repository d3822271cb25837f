"""``expert``: a club player: rules of thumb, checked on a few imagined deals.

Each legal move is played out on ``DEALS`` deals consistent with what the seat has
seen (``expert_search``: drawn uniformly, every move on the same deals) and valued
by the match utility; a small share (``RULES_SHARE``) of the rules-of-thumb score
below is added, so the rules decide where a few deals cannot tell moves apart.
Compared with ``montecarlo`` it imagines about twenty times fewer deals and does
not weigh them by how well they explain the opponents' plays, so it stays a step
below it.

The rules of thumb:

* shed heavy tiles and doubles early; drop 0-0 while a 0 end is open;
* keep a variety of numbers, and open ends with numbers it holds many of;
* remember which numbers each opponent lacked when it drew or passed and steer the
  ends toward them, the next player most of all (in pairs mode, away from the
  partner's missing numbers and toward the opponents');
* count the seven tiles of each number: an end nobody else can follow is a block,
  and ends the next player is unlikely to hold (by the count of unseen tiles) are good;
  a move that makes a fish is taken only when its hand holds the fewest pips.
"""

from __future__ import annotations

import math
import random

from koza.bots.expert_search import look_ahead
from koza.bots.knowledge import Knowledge, infer
from koza.bots.rollout import Scoring
from koza.core.commands import Command, from_move, to_move
from koza.core.engine import DOUBLES, LEFT, PLAY, RIGHT, Move
from koza.core.tiles import BIT, HALVES, HAS, IS_DOUBLE, OTHER, pips_of
from koza.core.view import SeatView

BLOCK_NEXT = 6.0
"""Score for leaving ends the next seat surely cannot follow (scaled by the chance)."""
DEALS = 16
"""Deals imagined per decision (montecarlo's default imagines 300, weighed)."""
RULES_SHARE = 0.2
"""Share of the rules-of-thumb score added to a move's mean utility (in points)."""
ROLLOUT_EPS = 0.1
"""Chance of a random move by the other seats in a play-out."""
MY_EPS = 0.05
"""Chance of a random move by this seat in a play-out."""
ROLLOUT_BLOCK = 3.0
"""Play-out penalty (points of weight) for leaving ends the next seat can follow."""


class ExpertBot:
    """Plays the move with the best mean utility on a few imagined deals, plus a share
    of its rules-of-thumb score."""

    name = "expert"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: SeatView) -> Command:
        legal = [to_move(c) for c in view.legal]
        if len(legal) == 1:
            return from_move(legal[0])
        know = infer(view)
        ctx = _Context(view, know)
        rng = self._rng
        values = look_ahead(view, know, legal, DEALS, rng, ROLLOUT_EPS, MY_EPS, ROLLOUT_BLOCK)
        scored = [
            (value + RULES_SHARE * ctx.score(m) + rng.random() * 1e-6, i)
            for i, (value, m) in enumerate(zip(values, legal, strict=True))
        ]
        return from_move(legal[max(scored)[1]])


class _Context:
    """Everything the rules of thumb need, computed once per decision."""

    def __init__(self, view: SeatView, know: Knowledge) -> None:
        self.view = view
        self.sc = Scoring.of(view.rules, view.n_players)
        n = view.n_players
        self.me = view.seat
        self.pairs = self.sc.sides != n
        self.lacks = [know.lacks(s) if s != self.me else [False] * 7 for s in range(n)]
        self.unseen = know.unseen
        self.bazaar = view.bazaar_count
        others = [s for s in range(n) if s != self.me]
        self.others_count = sum(view.hand_counts[s] for s in others)
        unseen_n = self.unseen.bit_count()
        avg = (pips_of(self.unseen) + (self.sc.blank if self.unseen & 1 else 0)) / max(1, unseen_n)
        self.est_other = [view.hand_counts[s] * avg for s in range(n)]
        # opponents in turn order after me (partner excluded in pairs mode)
        self.order = [(self.me + k) % n for k in range(1, n)]

    def is_partner(self, seat: int) -> bool:
        return self.pairs and seat % 2 == self.me % 2

    def score(self, move: Move) -> float:
        v = self.view
        kind, a, b = move
        hand = v.hand_mask
        left, right = v.left, v.right
        if kind == PLAY:
            tiles = [a]
            if b == LEFT:
                left = OTHER[a][left]
            elif b == RIGHT:
                right = OTHER[a][right]
            else:
                left, right = HALVES[a]
        elif kind == DOUBLES:
            tiles = [a, b]
        else:
            return 0.0
        after = hand
        for t in tiles:
            after &= ~BIT[t]
        s = 0.0
        for t in tiles:
            s += 1.0 * self.sc.tile_weight(t)
            if IS_DOUBLE[t]:
                s += 4.0
            if t == 0 and self.sc.blank and (v.left == 0 or v.right == 0):
                s += 10.0
        if not after:
            return 1000.0 + s  # going out
        # variety and follow-ups
        s += 1.5 * sum(1 for n in range(7) if after & HAS[n])
        s += 1.0 * (after & HAS[left]).bit_count()
        if right != left:
            s += 1.0 * (after & HAS[right]).bit_count()
        # steering the ends
        for k, seat in enumerate(self.order):
            lk = self.lacks[seat]
            weight = 3.0 if k == 0 else 1.5
            hit = (1 if lk[left] else 0) + (1 if lk[right] else 0)
            if self.is_partner(seat):
                s -= weight * hit
            else:
                s += weight * hit
        # counting: numbers only I can follow
        out_l = (self.unseen & HAS[left]).bit_count()
        out_r = (self.unseen & HAS[right]).bit_count()
        if out_l == 0 and out_r == 0:
            mine_fit = after & (HAS[left] | HAS[right])
            if not mine_fit and self.bazaar == 0:
                return s + self._fish_value(after)
            s += 4.0
        elif out_l == 0 or out_r == 0:
            s += 1.5
        s += BLOCK_NEXT * self._next_stuck(left, right)
        return s

    def _next_stuck(self, left: int, right: int) -> float:
        """Chance the next seat holds no tile for these ends, counting the unseen tiles
        (a number it is known to lack counts as none of its tiles)."""
        nxt = self.order[0]
        if self.is_partner(nxt):
            return 0.0
        lk = self.lacks[nxt]
        ends = (0 if lk[left] else HAS[left]) | (0 if lk[right] else HAS[right])
        pool = self.unseen.bit_count()
        good = (self.unseen & ends).bit_count()
        h = min(self.view.hand_counts[nxt], pool)
        return math.comb(pool - good, h) / math.comb(pool, h) if pool else 0.0

    def _fish_value(self, after: int) -> float:
        """A move that makes a fish: good only if this hand holds the fewest points (under
        ``fish_scoring=all_to_loser``: if it does not hold the most)."""
        mine = self.sc.hand_points(after)
        rivals = [self.est_other[s] for s in range(len(self.est_other)) if s != self.me]
        if self.pairs:
            partner = (self.me + 2) % 4
            mine += int(self.est_other[partner])
            rivals = [self.est_other[s] for s in self.order if not self.is_partner(s)]
            rivals = [sum(rivals)]
        if self.sc.all_to_loser:  # only the most points write, and they write everyone's
            return 40.0 if mine <= max(rivals) else -40.0
        return 40.0 if mine < min(rivals) else -40.0
