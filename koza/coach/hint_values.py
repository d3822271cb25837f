"""A hint's values: every legal move on shared deals, more deals where moves are close.

``hint_values(view, seed)`` starts as ``evaluate`` does (``coach.playouts``: every
move played out on the same deals, montecarlo's own count), then, while some move's
paired difference with the leader has a 95% interval that holds 0 and is wider than
±``EQUAL``, plays ``BATCH`` more deals for the leader and those moves only, up to
``CAP_FACTOR`` times montecarlo's rollout cap in all: a hint stays quick.

Each move gets its gap to the best (``gap``, utility, over the deals both saw) with
the interval's half width, and ``equal`` when the deals cannot tell it from the best
(its interval holds 0, or it is the same tile on the other of two equal ends).
"""

from __future__ import annotations

from dataclasses import replace

from koza.coach.evaluate import HINT_LEVEL, MoveValue, evaluate_playouts
from koza.coach.playouts import Playouts, first_playouts
from koza.core.view import SeatView

BATCH = 50
"""Deals added at a time for the moves still close to the leader."""
CAP_FACTOR = 2
"""Rollouts in all, at most this many times montecarlo's own cap for one decision."""
EQUAL = 0.25
"""Moves whose whole difference interval lies within ± this are equally good."""


def hint_values(
    view: SeatView, seed: int, *, level: str = HINT_LEVEL, samples: int | None = None
) -> list[MoveValue]:
    """Each of ``view.legal`` (in that order) with its value, its gap to the best and
    whether it is as good as the best; the same view and seed give the same values."""
    playouts = first_playouts(view, seed, level, samples)
    if playouts is None:
        return []
    lead = settle_leader(playouts, CAP_FACTOR * playouts.bot.cap)
    out = []
    for i, mv in enumerate(evaluate_playouts(view, playouts)):
        if playouts.same(i, lead):
            out.append(replace(mv, equal=True))
            continue
        diff = playouts.difference(lead, i)
        out.append(replace(mv, gap=diff.value, gap_half=diff.half_width, equal=diff.low <= 0))
    return out


def settle_leader(playouts: Playouts, cap: int) -> int:
    """The leading move once no other is both within reach of it and not surely equal,
    or once ``cap`` rollouts were played; the close ones get more deals meanwhile."""
    rollouts = playouts.deals * len(playouts.distinct)
    while True:
        values = {i: playouts.value(i) for i in playouts.distinct}
        lead = max(values, key=values.__getitem__)
        close = [
            i
            for i in values
            if i != lead
            and (d := playouts.difference(lead, i)).low <= 0
            and not (d.low >= -EQUAL and d.high <= EQUAL)
        ]
        if not close or rollouts + BATCH * (1 + len(close)) > cap:
            return lead
        playouts.more(BATCH, [lead, *close])
        rollouts += BATCH * (1 + len(close))


__all__ = ["BATCH", "CAP_FACTOR", "EQUAL", "hint_values", "settle_leader"]
