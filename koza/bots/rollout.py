"""Rollouts for bots: the rollout policies and the match utility.

Everything here works on the lean engine (``engine.Round``, masks, move tuples),
never on pydantic objects, so Monte Carlo rollouts stay cheap.  mypyc compiles
this module; ``Scoring`` (re-exported here) lives in ``weights``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from koza.bots.weights import Scoring
from koza.core.engine import DOUBLES, LEFT, PLAY, RIGHT, Move, Round, apply, legal_moves
from koza.core.tiles import HALVES, HAS, OTHER, PIPS


@dataclass(frozen=True)
class Match:
    """The score sheets a round is played into, seen from one side."""

    me: int  # my side
    totals: tuple[int, ...]
    opened: tuple[bool, ...]
    carried: tuple[int, ...]

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        """Pickle by fields (a compiled frozen dataclass has no default way)."""
        return (Match, (self.me, self.totals, self.opened, self.carried))


GOAT_WEIGHT: Final = 100.0
"""Utility of ending the game: -this when I become the goat, +this when someone else does."""


def round_outcome(
    sc: Scoring, match: Match, hands: list[int], out_seat: int
) -> tuple[int, int, int, bool]:
    """A finished round on the sheets: the points ``match.me``'s side records, its new
    total, the highest new total, and whether a total reached the target (the game ends).

    Points under the opening threshold on a closed sheet are recorded as 0 (or carried).
    """
    pts = sc.side_points(hands, out_seat)
    rec_me = 0
    over = False
    top = -1
    me_total = 0
    for s in range(sc.sides):
        p = pts[s]
        if match.opened[s]:
            rec = p
        elif sc.carry:
            c = match.carried[s] + p
            rec = c if c >= sc.threshold else 0
        else:
            rec = p if p >= sc.threshold else 0
        total = match.totals[s] + rec
        if total >= sc.target:
            over = True
        if total > top:
            top = total
        if s == match.me:
            rec_me = rec
            me_total = total
    return rec_me, me_total, top, over


def utility(sc: Scoring, match: Match, hands: list[int], out_seat: int) -> float:
    """How good a finished round is for ``match.me``, in penalty-point units.

    Minus the points my side records (``round_outcome``), plus a large term when
    the round ends the game.
    """
    rec_me, me_total, top, over = round_outcome(sc, match, hands, out_seat)
    u = -float(rec_me)
    if over:
        u += -GOAT_WEIGHT if me_total == top else GOAT_WEIGHT
    return u


def rollout(r: Round, sc: Scoring, rng: random.Random, eps: float) -> None:
    """Play ``r`` out in place: everyone sheds the heaviest fitting tile.

    With probability ``eps`` a player makes a uniformly random legal move instead;
    ties between ends are broken at random.
    """
    rand = rng.random
    blank = sc.blank
    while not r.over:
        moves = legal_moves(r)
        if len(moves) == 1:
            apply(r, moves[0])
            continue
        if rand() < eps:
            apply(r, moves[int(rand() * len(moves))])
            continue
        best = moves[0]
        best_w = -1.0
        for m in moves:
            kind, a, b = m
            w = rand() * 0.5
            if kind == PLAY:
                w += blank if a == 0 else PIPS[a]
            elif kind == DOUBLES:
                w += PIPS[a] + PIPS[b] + (blank if a == 0 or b == 0 else 0)
            if w > best_w:
                best_w = w
                best = m
        apply(r, best)


def rollout_seat(
    r: Round, sc: Scoring, rng: random.Random, eps: float, me: int, eps_me: float, block: float
) -> None:
    """Play ``r`` out in place like ``rollout``, with a sharper policy for seat ``me``.

    ``me`` makes a random move with probability ``eps_me`` only, and a play that
    leaves ends the next seat can follow (in this sampled deal) loses ``block``
    points of weight; the other seats shed their heaviest tile as in ``rollout``.
    """
    while not r.over:
        apply(r, seat_policy_move(r, sc, rng, eps, me, eps_me, block))


def seat_policy_move(
    r: Round, sc: Scoring, rng: random.Random, eps: float, me: int, eps_me: float, block: float
) -> Move:
    """The move ``rollout_seat`` makes for the player to move in ``r`` (not over)."""
    moves = legal_moves(r)
    if len(moves) == 1:
        return moves[0]
    rand = rng.random
    mine = r.turn == me
    if rand() < (eps_me if mine else eps):
        return moves[int(rand() * len(moves))]
    blank = sc.blank
    best = moves[0]
    best_w = -1e9
    follow = r.hands[(me + 1) % r.n] if mine else 0
    for m in moves:
        kind, a, b = m
        w = rand() * 0.5
        if kind == PLAY:
            w += blank if a == 0 else PIPS[a]
            if follow:
                if b == LEFT:
                    ends = HAS[OTHER[a][r.left]] | HAS[r.right]
                elif b == RIGHT:
                    ends = HAS[r.left] | HAS[OTHER[a][r.right]]
                else:
                    lo, hi = HALVES[a]
                    ends = HAS[lo] | HAS[hi]
                if follow & ends:
                    w -= block
        elif kind == DOUBLES:
            w += PIPS[a] + PIPS[b] + (blank if a == 0 or b == 0 else 0)
        if w > best_w:
            best_w = w
            best = m
    return best


def move_weight(sc: Scoring, move: Move) -> int:
    """Points a move sheds from the hand (0 for draw and pass)."""
    kind, a, b = move
    if kind == PLAY:
        return sc.tile_weight(a)
    if kind == DOUBLES:
        return sc.tile_weight(a) + sc.tile_weight(b)
    return 0
