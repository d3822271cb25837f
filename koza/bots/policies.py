"""How each kind of player picks the tile it plays: models ``reader`` reads plays with.

At a free play a player holding the fitting tiles ``F`` plays ``t`` with chance
``exp(s(t)) / sum(exp(s(f)) for f in F)``, where the score ``s(t) = theta . phi(t)``
depends on the tile and on what the table had shown by then, never on the rest
of the hand; so between two imagined deals only the sum over ``F`` changes, and
a deal is weighed as ``likelihood.PlayModel`` weighs it.  The features ``phi``:

* ``weight``: the points the tile sheds (0-0 counts its bonus);
* ``double``: 1 for a double;
* ``block``: 1 if some way of placing it leaves both ends on numbers the next seat
  has shown it lacks (it drew or passed on them);
* ``dead``: of the tiles showing the number it leaves open, the share already on
  the table (the most over its placements): a nearly dead number is a block too.

``THETA`` holds each bot level's scores: ``greedy`` exactly (a sharp step per
point, so any heavier fitting tile in an imagined hand makes the deal all but
impossible), and for ``expert``, ``montecarlo`` and a person's prior a fit on
self-play (``koza.tournament.reader_fit``; the figures are in each entry's comment).
"""

from __future__ import annotations

from dataclasses import dataclass

from koza.core.tiles import HALVES, HAS, OTHER
from koza.core.view import SeatView

Theta = tuple[float, float, float, float]
"""Scores for ``weight``, ``double``, ``block`` and ``dead``."""

FEATURES: tuple[str, ...] = ("weight", "double", "block", "dead")

GREEDY: Theta = (8.0, 0.0, 0.0, 0.0)
"""greedy sheds its heaviest fitting tile: a point more is worth e^8 to one."""
PLAIN: Theta = (1.0, 0.0, 0.0, 0.0)
"""montecarlo's own reading of everyone (``likelihood.BETA``)."""

THETA: dict[str, Theta] = {
    "greedy": GREEDY,
    "random": (0.0, 0.0, 0.0, 0.0),
    # seed 13022, 600 deals of three experts: 2,209 plays fitted; on the 2,060 held out
    # -0.754 (plain -1.363, at random -0.887)
    "expert": (0.224, 0.991, 1.259, 1.535),
    # seed 13021, 600 deals of three montecarlo: 2,115 plays fitted; on the 2,110 held out the
    # mean log-chance per play is -0.762 (montecarlo's plain reading -1.392, at random -0.892)
    "montecarlo": (0.166, 0.736, 1.083, 2.060),
    # a person's prior: seed 13023, 300 deals each of montecarlo and of expert: 2,169 plays
    # fitted; on the 2,147 held out -0.761 (plain -1.349, at random -0.907)
    "person": (0.179, 1.025, 1.040, 1.485),
}
"""Each bot level's scores (``montecarlo:fast`` and ``:strong`` read as ``montecarlo``)."""


def theta_for(spec: str | None) -> Theta:
    """The scores of the player in a seat: its bot level's, or a person's prior (None)."""
    if spec is None:
        return THETA["person"]
    name = spec.partition(":")[0]
    return THETA.get(name, THETA["person"])


@dataclass(frozen=True, slots=True)
class Moment:
    """What the table had shown when a tile was played: the ends, the numbers the next
    seat had shown it lacks (a mask over 0..6), and each number's tiles on the table."""

    left: int
    right: int
    next_lacks: int
    on_table: tuple[int, ...]


def moments(view: SeatView) -> list[Moment]:
    """The public moment before each action of the round's history (index by index),
    and last the moment now, for the seat to move."""
    n = view.n_players
    lacks = [0] * n
    counts = [0] * 7
    out: list[Moment] = []
    for act in view.history:
        a, b = act.ends
        out.append(Moment(a, b, lacks[(act.seat + 1) % n], tuple(counts)))
        if act.kind in ("draw", "pass"):
            lacks[act.seat] |= (1 << a if a >= 0 else 0) | (1 << b if b >= 0 else 0)
        elif act.kind in ("play", "doubles"):
            for t in act.tiles:
                hi, lo = HALVES[t]
                counts[hi] += 1
                if lo != hi:
                    counts[lo] += 1
    out.append(Moment(view.left, view.right, lacks[(view.turn + 1) % n], tuple(counts)))
    return out


def placements(tile: int, left: int, right: int) -> list[tuple[int, int]]:
    """The ends left open by each way of placing ``tile`` on ends ``left``/``right``."""
    if left < 0:
        return [HALVES[tile]]
    out = []
    if HAS[left] >> tile & 1:
        out.append((OTHER[tile][left], right))
    if right != left and HAS[right] >> tile & 1:
        out.append((left, OTHER[tile][right]))
    return out


def features(tile: int, weight: int, m: Moment) -> tuple[float, float, float, float]:
    """``phi(tile)`` at moment ``m`` (``weight``: the points the tile sheds)."""
    hi, lo = HALVES[tile]
    block = 0.0
    dead = 0.0
    for x, y in placements(tile, m.left, m.right):
        if m.next_lacks >> x & 1 and m.next_lacks >> y & 1:
            block = 1.0
        # the tile itself will lie on the table too
        shown = m.on_table[x] + (1 if x in (hi, lo) else 0)
        dead = max(dead, shown / 7.0)
    return (float(weight), 1.0 if hi == lo else 0.0, block, dead)


def score(theta: Theta, phi: tuple[float, float, float, float]) -> float:
    """``theta . phi``."""
    return theta[0] * phi[0] + theta[1] * phi[1] + theta[2] * phi[2] + theta[3] * phi[3]
