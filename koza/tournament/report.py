"""Figures of a tournament: per-bot means, paired differences, goat rates; text and JSON.

JSON shape (``--json FILE``)::

    {"players": 3, "mode": "deals", "seed": 1, "units": 1000, "wanted": 1000,
     "complete": true, "rules": {...changed options...}, "seconds": 12.3,
     "bots": {"montecarlo": {"bot": "montecarlo", "mean_penalty": 7.1,
                             "ci95": [6.5, 7.7], "deals": 1000,
                             "goat_rate": 0.21, "goat_rate_ci95": [0.17, 0.25]}, ...},
     "differences": [{"a": "montecarlo", "b": "greedy", "mean_difference": -2.4,
                      "ci95": [-2.9, -1.9]}, ...],
     "orders": [{"seats": ["montecarlo", "greedy", "greedy#2"],
                 "bots": {"montecarlo": {"mean_penalty": 7.0, "ci95": [...]}, ...},
                 "differences": [{"a", "b", "mean_difference", "ci95"}, ...]}, ...],
     "per_unit": [{"index": 0, "orders": [{"penalty": [9, 0, 14], "rounds": 1,
                                          "goats": [0, 0, 0]}, ...]}, ...]}

``deals`` is the number of duplicate deals behind a mean in deal mode, and the
rounds the bot played in game mode (``games`` then also gives the duplicate
games).  ``goat_rate`` and ``goat_rate_ci95`` appear only with ``--games``.
A difference is ``a`` minus ``b`` in penalty per deal: negative means ``a`` is better.
``orders`` has each seat order on its own (``seats``: the bot in seat 0, 1, ...);
``per_unit`` has every unit's raw figures, per order in the same sequence and per
bot in ``seats`` order, so every interval can be recomputed.  The pooled figure of
a unit is its penalty summed over the orders divided by its rounds summed likewise.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from koza.i18n.strings import figure, interval, t, tn
from koza.tournament.runner import Outcome, labels_for
from koza.tournament.stats import Estimate, mean_ci, paired_ci

PER_ORDER_LINES = 8
"""Up to this many seat orders, the text lists each order's difference."""


@dataclass(frozen=True, slots=True)
class BotFigures:
    label: str
    spec: str
    penalty: Estimate
    rounds: int
    goat: Estimate | None


@dataclass(frozen=True, slots=True)
class Difference:
    a: str
    b: str
    diff: Estimate


@dataclass(frozen=True, slots=True)
class OrderFigures:
    """One seat order: the bot in each seat, its penalties and differences."""

    seats: list[str]
    penalty: list[Estimate]  # per bot, in specs order
    differences: list[Difference]


@dataclass(frozen=True, slots=True)
class Figures:
    bots: list[BotFigures]
    differences: list[Difference]
    orders: list[OrderFigures]


def per_unit_penalty(outcome: Outcome) -> list[list[float]]:
    """Per bot, per unit: penalty per deal, over all seat orders of that unit."""
    n = len(outcome.setup.specs)
    return [[r.penalty[e] / max(1, r.rounds[e]) for r in outcome.results] for e in range(n)]


def per_order_penalty(outcome: Outcome, k: int) -> list[list[float]]:
    """Per bot, per unit: penalty per deal in seat order ``k`` alone."""
    n = len(outcome.setup.specs)
    per = [r.orders[k] for r in outcome.results]
    return [[o.penalty[e] / max(1, o.rounds) for o in per] for e in range(n)]


def _differences(labels: list[str], xs: list[list[float]]) -> list[Difference]:
    n = len(labels)
    return [
        Difference(labels[a], labels[b], paired_ci(xs[a], xs[b]))
        for a in range(n)
        for b in range(a + 1, n)
    ]


def order_count(outcome: Outcome) -> int:
    """Seat orders every unit kept on its own (0 when some unit has none)."""
    return min((len(r.orders) for r in outcome.results), default=0)


def figures(outcome: Outcome) -> Figures:
    """Means and intervals (units are independent; orders are pooled inside a unit)."""
    specs = outcome.setup.specs
    n = len(specs)
    labels = labels_for(specs)
    xs = per_unit_penalty(outcome)
    games = outcome.setup.mode == "games"
    bots = []
    for e in range(n):
        goat = None
        if games:
            goat = mean_ci([r.goats[e] / r.order_count for r in outcome.results])
        rounds = sum(r.rounds[e] for r in outcome.results)
        bots.append(BotFigures(labels[e], specs[e], mean_ci(xs[e]), rounds, goat))
    orders = []
    for k in range(order_count(outcome)):
        seat_of = outcome.results[0].orders[k].seats
        by_seat = [labels[seat_of.index(s)] for s in range(n)]
        ys = per_order_penalty(outcome, k)
        orders.append(OrderFigures(by_seat, [mean_ci(y) for y in ys], _differences(labels, ys)))
    return Figures(bots, _differences(labels, xs), orders)


def r4(x: float | None, nd: int = 4) -> float | None:
    """Rounded for the JSON."""
    return None if x is None else round(x, nd)


def ci_json(e: Estimate) -> list[float | None] | None:
    """An interval for the JSON (None below two units)."""
    ci = e.ci95
    return None if ci is None else [r4(ci[0]), r4(ci[1])]


def _diff_json(d: Difference) -> dict[str, Any]:
    return {"a": d.a, "b": d.b, "mean_difference": r4(d.diff.mean), "ci95": ci_json(d.diff)}


def per_unit_json(outcome: Outcome) -> list[dict[str, Any]]:
    """Every unit's raw figures: per seat order, per bot (``specs`` order)."""
    return [
        {
            "index": r.index,
            "orders": [
                {"penalty": list(o.penalty), "rounds": o.rounds, "goats": list(o.goats)}
                for o in r.orders
            ],
        }
        for r in outcome.results
    ]


def to_json(outcome: Outcome) -> dict[str, Any]:
    """The figures as a JSON-ready dict (shape in the module docstring)."""
    fig = figures(outcome)
    st = outcome.setup
    bots: dict[str, Any] = {}
    for b in fig.bots:
        entry: dict[str, Any] = {
            "bot": b.spec,
            "mean_penalty": r4(b.penalty.mean),
            "ci95": ci_json(b.penalty),
            "deals": b.rounds if st.mode == "games" else b.penalty.n,
        }
        if b.goat is not None:
            entry["games"] = b.goat.n
            entry["goat_rate"] = r4(b.goat.mean)
            entry["goat_rate_ci95"] = ci_json(b.goat)
        bots[b.label] = entry
    labels = [b.label for b in fig.bots]
    return {
        "players": len(st.specs),
        "seats": list(st.specs),
        "mode": st.mode,
        "seed": st.seed,
        "units": len(outcome.results),
        "wanted": outcome.wanted,
        "complete": not outcome.interrupted and len(outcome.results) == outcome.wanted,
        "rules": st.rules.changed(),
        "seconds": round(outcome.seconds, 2),
        "bots": bots,
        "differences": [_diff_json(d) for d in fig.differences],
        "orders": [
            {
                "seats": o.seats,
                "bots": {
                    lab: {"mean_penalty": r4(p.mean), "ci95": ci_json(p)}
                    for lab, p in zip(labels, o.penalty, strict=True)
                },
                "differences": [_diff_json(d) for d in o.differences],
            }
            for o in fig.orders
        ],
        "per_unit": per_unit_json(outcome),
    }


def fmt_ci(e: Estimate) -> str:
    """``[low, high]`` for the text, or n/a."""
    ci = e.ci95
    return t("tour.na") if ci is None else interval(ci[0], ci[1], "7.3f")


def _order_lines(fig: Figures, i: int, width: int) -> list[str]:
    """Difference ``i`` in each seat order: a line each, or the range when there are many."""
    per = [(o.seats, o.differences[i].diff) for o in fig.orders]
    if not per:
        return []
    if len(per) > PER_ORDER_LINES:
        lo = min(per, key=lambda p: p[1].mean)[1]
        hi = max(per, key=lambda p: p[1].mean)[1]
        sure = sum(1 for _, d in per if d.excludes_zero)
        orders = tn("tour.orders_count", len(per))
        low, high = figure(lo.mean, ".3f"), figure(hi.mean, ".3f")
        return ["    " + t("tour.orders_range", orders=orders, low=low, high=high, sure=sure)]
    lines = []
    for seats, d in per:
        mark = "  *" if d.excludes_zero else ""
        name = "    " + " > ".join(seats)
        lines.append(f"{name:<{width}}  {figure(d.mean, '8.3f')}  {fmt_ci(d)}{mark}")
    return lines


def to_text(outcome: Outcome) -> str:
    """Plain tables for the terminal."""
    fig = figures(outcome)
    st = outcome.setup
    done = len(outcome.results)
    of = "tour.of_deals" if st.mode == "deals" else "tour.of_games"
    unit = tn(of, outcome.wanted, done=done)
    orders = order_count(outcome) or len(st.specs)
    head = t(
        "tour.head",
        players=tn("tour.players", len(st.specs)),
        units=unit,
        orders=tn("tour.seat_orders", orders),
        seed=st.seed,
        secs=figure(outcome.seconds, ".1f"),
    )
    if outcome.interrupted:
        head += "  " + t("tour.interrupted")
    lines = [head, ""]
    w = max(12, *(len(b.label) for b in fig.bots))
    ci = t("tour.ci")
    goat_head = f"  {t('tour.goat_rate'):>10}  {ci}" if st.mode == "games" else ""
    bot, penalty = t("tour.bot"), t("tour.penalty")
    lines.append(f"{bot:<{w}}  {penalty:>12}  {ci:<20}{goat_head}".rstrip())
    for b in fig.bots:
        row = f"{b.label:<{w}}  {figure(b.penalty.mean, '12.3f')}  {fmt_ci(b.penalty)}"
        if b.goat is not None:
            row += f"  {figure(b.goat.mean, '9.3f')}  {fmt_ci(b.goat)}"
        lines.append(row)
    lines += ["", t("tour.differences")]
    if fig.orders:
        lines.append(t("tour.pooled"))
    pair_w = max([2 * w + 3, *(4 + len(" > ".join(o.seats)) for o in fig.orders)])
    for i, d in enumerate(fig.differences):
        mark = "  *" if d.diff.excludes_zero else ""
        pair = f"{d.a} - {d.b}"
        lines.append(f"{pair:<{pair_w}}  {figure(d.diff.mean, '8.3f')}  {fmt_ci(d.diff)}{mark}")
        lines += _order_lines(fig, i, pair_w)
    lines.append(t("tour.star"))
    return "\n".join(lines)
