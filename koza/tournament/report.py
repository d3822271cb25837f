"""Figures of a tournament: per-bot means, paired differences, goat rates; text and JSON.

JSON shape (``--json FILE``)::

    {"players": 3, "mode": "deals", "seed": 1, "units": 1000, "wanted": 1000,
     "complete": true, "rules": {...changed options...}, "seconds": 12.3,
     "bots": {"montecarlo": {"bot": "montecarlo", "mean_penalty": 7.1,
                             "ci95": [6.5, 7.7], "deals": 1000,
                             "goat_rate": 0.21, "goat_rate_ci95": [0.17, 0.25]}, ...},
     "differences": [{"a": "montecarlo", "b": "greedy", "mean_difference": -2.4,
                      "ci95": [-2.9, -1.9]}, ...]}

``deals`` is the number of duplicate deals behind a mean in deal mode, and the
rounds the bot played in game mode (``games`` then also gives the duplicate
games).  ``goat_rate`` and ``goat_rate_ci95`` appear only with ``--games``.
A difference is ``a`` minus ``b`` in penalty per deal: negative means ``a`` is better.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from koza.tournament.runner import Outcome, labels_for
from koza.tournament.stats import Estimate, mean_ci, paired_ci


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
class Figures:
    bots: list[BotFigures]
    differences: list[Difference]


def per_unit_penalty(outcome: Outcome) -> list[list[float]]:
    """Per bot, per unit: penalty per deal, over all rotations of that unit."""
    n = len(outcome.setup.specs)
    return [[r.penalty[e] / max(1, r.rounds[e]) for r in outcome.results] for e in range(n)]


def figures(outcome: Outcome) -> Figures:
    """Means and intervals (units are independent; rotations are averaged inside a unit)."""
    specs = outcome.setup.specs
    n = len(specs)
    labels = labels_for(specs)
    xs = per_unit_penalty(outcome)
    games = outcome.setup.mode == "games"
    bots = []
    for e in range(n):
        goat = None
        if games:
            goat = mean_ci([r.goats[e] / n for r in outcome.results])
        rounds = sum(r.rounds[e] for r in outcome.results)
        bots.append(BotFigures(labels[e], specs[e], mean_ci(xs[e]), rounds, goat))
    diffs = [
        Difference(labels[a], labels[b], paired_ci(xs[a], xs[b]))
        for a in range(n)
        for b in range(a + 1, n)
    ]
    return Figures(bots, diffs)


def _r(x: float | None, nd: int = 4) -> float | None:
    return None if x is None else round(x, nd)


def _ci(e: Estimate) -> list[float | None] | None:
    ci = e.ci95
    return None if ci is None else [_r(ci[0]), _r(ci[1])]


def to_json(outcome: Outcome) -> dict[str, Any]:
    """The figures as a JSON-ready dict (shape in the module docstring)."""
    fig = figures(outcome)
    st = outcome.setup
    bots: dict[str, Any] = {}
    for b in fig.bots:
        entry: dict[str, Any] = {
            "bot": b.spec,
            "mean_penalty": _r(b.penalty.mean),
            "ci95": _ci(b.penalty),
            "deals": b.rounds if st.mode == "games" else b.penalty.n,
        }
        if b.goat is not None:
            entry["games"] = b.goat.n
            entry["goat_rate"] = _r(b.goat.mean)
            entry["goat_rate_ci95"] = _ci(b.goat)
        bots[b.label] = entry
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
        "differences": [
            {"a": d.a, "b": d.b, "mean_difference": _r(d.diff.mean), "ci95": _ci(d.diff)}
            for d in fig.differences
        ],
    }


def _fmt_ci(e: Estimate) -> str:
    ci = e.ci95
    return "n/a" if ci is None else f"[{ci[0]:7.3f}, {ci[1]:7.3f}]"


def to_text(outcome: Outcome) -> str:
    """Plain tables for the terminal."""
    fig = figures(outcome)
    st = outcome.setup
    n = len(st.specs)
    unit = "duplicate deals" if st.mode == "deals" else "duplicate games"
    head = (
        f"{n} players, {len(outcome.results)} of {outcome.wanted} {unit} "
        f"x {n} rotations, seed {st.seed}, {outcome.seconds:.1f} s"
    )
    if outcome.interrupted:
        head += "  (interrupted: partial results)"
    lines = [head, ""]
    w = max(12, *(len(b.label) for b in fig.bots))
    goat_head = "   goat rate  95% CI" if st.mode == "games" else ""
    lines.append(f"{'bot':<{w}}  penalty/deal  95% CI              {goat_head}".rstrip())
    for b in fig.bots:
        row = f"{b.label:<{w}}  {b.penalty.mean:12.3f}  {_fmt_ci(b.penalty)}"
        if b.goat is not None:
            row += f"  {b.goat.mean:9.3f}  {_fmt_ci(b.goat)}"
        lines.append(row)
    lines += ["", "paired differences (a - b, penalty per deal; negative: a is better)"]
    for d in fig.differences:
        mark = "  *" if d.diff.excludes_zero else ""
        pair = f"{d.a} - {d.b}"
        lines.append(f"{pair:<{2 * w + 3}}  {d.diff.mean:8.3f}  {_fmt_ci(d.diff)}{mark}")
    lines.append("(* the 95% interval excludes zero)")
    return "\n".join(lines)


def _baseline(outcome: Outcome, base: Outcome) -> tuple[Estimate, Estimate, int]:
    """First seat's penalty with the baseline bot there, and the paired difference."""
    common = {r.index for r in outcome.results} & {r.index for r in base.results}
    mine = [r.penalty[0] / max(1, r.rounds[0]) for r in outcome.results if r.index in common]
    theirs = [r.penalty[0] / max(1, r.rounds[0]) for r in base.results if r.index in common]
    return mean_ci(theirs), paired_ci(mine, theirs), len(common)


def baseline_json(outcome: Outcome, base: Outcome) -> dict[str, Any]:
    """``{"bot", "mean_penalty", "ci95", "deals", "difference": {...}}`` for ``--baseline``."""
    pen, diff, n = _baseline(outcome, base)
    return {
        "bot": base.setup.specs[0],
        "mean_penalty": _r(pen.mean),
        "ci95": _ci(pen),
        "deals": n,
        "difference": {
            "a": outcome.setup.specs[0],
            "b": base.setup.specs[0],
            "mean_difference": _r(diff.mean),
            "ci95": _ci(diff),
        },
    }


def baseline_text(outcome: Outcome, base: Outcome) -> str:
    """The baseline comparison as two lines."""
    pen, diff, n = _baseline(outcome, base)
    a, b = outcome.setup.specs[0], base.setup.specs[0]
    mark = "  *" if diff.excludes_zero else ""
    return (
        f"baseline: {b} in the same seat, same {n} deals: "
        f"{pen.mean:.3f} {_fmt_ci(pen)}\n"
        f"{a} - {b} (same seat): {diff.mean:.3f} {_fmt_ci(diff)}{mark}"
    )
