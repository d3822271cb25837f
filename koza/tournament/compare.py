"""Same-seat comparisons: the first bot against a baseline, and the share of the gap
from that baseline to the ``omniscient`` ceiling.

``--baseline B`` replays the same units with ``B`` as the first bot, ``--ceiling``
with the ``omniscient`` reference; the other bots, seeds and seat orders are the
same, so every unit (and every order of it) pairs up.  Both JSON parts carry their
own ``per_unit`` figures (shape as in ``report``).  The share of the gap is
``mean(B - A) / mean(B - ceiling)`` in penalty per deal, with a paired bootstrap
over units (seeded by the tournament seed) for its interval.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from koza.i18n.strings import figure, interval, t, tn
from koza.tournament.report import ci_json, fmt_ci, order_count, per_unit_json, r4
from koza.tournament.runner import Outcome, UnitResult, labels_for
from koza.tournament.stats import Estimate, bootstrap_ratio, mean_ci, paired_ci

CEILING = "omniscient"
BOOTSTRAP_REPS = 2000


def _first(r: UnitResult, k: int | None) -> float:
    """The first bot's penalty per deal in unit ``r``: pooled, or in seat order ``k``."""
    if k is None:
        return r.penalty[0] / max(1, r.rounds[0])
    o = r.orders[k]
    return o.penalty[0] / max(1, o.rounds)


def _paired(outs: list[Outcome], k: int | None = None) -> list[list[float]]:
    """The first bot's penalties of each outcome over the units all of them played."""
    common = set.intersection(*({r.index for r in o.results} for o in outs))
    return [[_first(r, k) for r in o.results if r.index in common] for o in outs]


def _orders(outs: list[Outcome]) -> list[tuple[int, str]]:
    """Seat orders shared by the outcomes: index and who sits in seat 0 > 1 > ..."""
    count = min(order_count(o) for o in outs)
    base = outs[0]
    labels = labels_for(base.setup.specs)
    out = []
    for k in range(count):
        seat_of = base.results[0].orders[k].seats
        out.append((k, " > ".join(labels[seat_of.index(s)] for s in range(len(seat_of)))))
    return out


def baseline_json(outcome: Outcome, base: Outcome) -> dict[str, Any]:
    """``{"bot", "mean_penalty", "ci95", "deals", "difference", "orders"}`` for ``--baseline``."""
    mine, theirs = _paired([outcome, base])
    pen, diff = mean_ci(theirs), paired_ci(mine, theirs)
    per_order = []
    for k, seats in _orders([outcome, base]):
        ours, others = _paired([outcome, base], k)
        d = paired_ci(ours, others)
        per_order.append({"seats": seats, "mean_difference": r4(d.mean), "ci95": ci_json(d)})
    return {
        "bot": base.setup.specs[0],
        "mean_penalty": r4(pen.mean),
        "ci95": ci_json(pen),
        "deals": len(mine),
        "difference": {
            "a": outcome.setup.specs[0],
            "b": base.setup.specs[0],
            "mean_difference": r4(diff.mean),
            "ci95": ci_json(diff),
        },
        "orders": per_order,
        "per_unit": per_unit_json(base),
    }


def baseline_text(outcome: Outcome, base: Outcome) -> str:
    """The baseline comparison, pooled and per seat order."""
    mine, theirs = _paired([outcome, base])
    pen, diff = mean_ci(theirs), paired_ci(mine, theirs)
    a, b = outcome.setup.specs[0], base.setup.specs[0]
    mark = "  *" if diff.excludes_zero else ""
    deals = tn("tour.same_deals", len(mine))
    lines = [
        t("tour.baseline", bot=b, deals=deals, mean=figure(pen.mean, ".3f"), ci=fmt_ci(pen)),
        t("tour.same_seat", a=a, b=b, mean=figure(diff.mean, ".3f"), ci=fmt_ci(diff)) + mark,
    ]
    for k, seats in _orders([outcome, base]):
        ours, others = _paired([outcome, base], k)
        d = paired_ci(ours, others)
        mark = "  *" if d.excludes_zero else ""
        lines.append(f"    {seats}: {figure(d.mean, '.3f')} {fmt_ci(d)}{mark}")
    return "\n".join(lines)


def gap_share(outcome: Outcome, base: Outcome, ceiling: Outcome, k: int | None = None) -> Estimate:
    """The share of the baseline-to-ceiling gap the first bot closes (pooled, or order ``k``)."""
    mine, theirs, top = _paired([outcome, base, ceiling], k)
    num = [other - m for m, other in zip(mine, theirs, strict=True)]
    den = [other - c for c, other in zip(top, theirs, strict=True)]
    return bootstrap_ratio(
        num, den, outcome.setup.seed * 1000 + (0 if k is None else 1 + k), BOOTSTRAP_REPS
    )


@dataclass(frozen=True, slots=True)
class Ceiling:
    """The ceiling's penalty in the first seat and the shares of the gap."""

    penalty: Estimate
    gap: float  # baseline minus ceiling, penalty per deal
    share: Estimate
    orders: list[tuple[str, Estimate]]  # per seat order: who sits where, the share


def ceiling_figures(outcome: Outcome, base: Outcome, ceiling: Outcome) -> Ceiling:
    """Compute the ceiling comparison once (the bootstrap is the slow part)."""
    _, theirs, top = _paired([outcome, base, ceiling])
    pen = mean_ci(top)
    return Ceiling(
        pen,
        mean_ci(theirs).mean - pen.mean,
        gap_share(outcome, base, ceiling),
        [
            (seats, gap_share(outcome, base, ceiling, k))
            for k, seats in _orders([outcome, base, ceiling])
        ],
    )


def ceiling_json(c: Ceiling, ceiling: Outcome) -> dict[str, Any]:
    """``{"bot", "mean_penalty", "ci95", "deals", "gap", "gap_share", "gap_share_ci95", ...}``."""
    return {
        "bot": CEILING,
        "mean_penalty": r4(c.penalty.mean),
        "ci95": ci_json(c.penalty),
        "deals": c.penalty.n,
        "gap": r4(c.gap),
        "gap_share": r4(c.share.mean),
        "gap_share_ci95": ci_json(c.share),
        "gap_share_method": f"paired bootstrap over units, {BOOTSTRAP_REPS} resamples, percentile",
        "orders": [
            {"seats": seats, "gap_share": r4(s.mean), "gap_share_ci95": ci_json(s)}
            for seats, s in c.orders
        ],
        "per_unit": per_unit_json(ceiling),
    }


def ceiling_text(c: Ceiling, a: str, b: str) -> str:
    """The ceiling and the share of the gap ``a`` closes from ``b``, pooled and per order."""
    deals = tn("tour.same_deals", c.penalty.n)
    mean, ci, gap = figure(c.penalty.mean, ".3f"), fmt_ci(c.penalty), figure(c.gap, ".3f")
    share = figure(100 * c.share.mean, ".1f") + "%"
    lines = [
        t("tour.ceiling", bot=CEILING, deals=deals, mean=mean, ci=ci, b=b, gap=gap),
        t("tour.share", a=a, b=b, share=share, ci=_pct(c.share)),
    ]
    lines += [f"    {seats}: {figure(100 * s.mean, '.1f')}% {_pct(s)}" for seats, s in c.orders]
    return "\n".join(lines)


def _pct(e: Estimate) -> str:
    ci = e.ci95
    return f"[{t('tour.na')}]" if ci is None else interval(100 * ci[0], 100 * ci[1], ".1f")
