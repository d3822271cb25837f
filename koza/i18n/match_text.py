"""A match and its sheet in words, for the command line and the app (no textual here)."""

from __future__ import annotations

from collections.abc import Sequence

from koza.core.match import MatchPlan, MatchSheet
from koza.i18n.strings import t, tn


def plan_words(plan: MatchPlan) -> str:
    """``3 games``, ``until someone is the goat 2 times``, ``rotating partners``."""
    if plan.kind == "rotating":
        return t("match.plan_rotating")
    if plan.kind == "goats":
        return tn("match.plan_goats", plan.count)
    return tn("match.plan_games", plan.count)


def sheet_title(plan: MatchPlan, sheet: MatchSheet) -> str:
    """``Match sheet: rotating partners, 3 games played, over``."""
    state = t("match.over") if sheet.over else t("match.going_on")
    return t(
        "match.sheet_title",
        plan=plan_words(plan),
        played=tn("match.played", sheet.played),
        state=state,
    )


def sheet_table(plan: MatchPlan, sheet: MatchSheet, names: Sequence[str]) -> list[str]:
    """The sheet as aligned lines: a head, then a line per player (or pair) in standing order.

    ``names`` are the players' names in match order; a pair's are joined with ``+``.
    """
    rotating = plan.kind == "rotating"
    who = t("match.col_pair") if len(sheet.rows[0].players) > 1 else t("match.col_player")
    head = ["#", who, t("match.col_won"), t("match.col_goats")]
    if rotating:
        head.append(t("match.col_not_goat"))
    head.append(t("match.col_points"))
    rows = []
    for place, row in enumerate(sheet.rows, start=1):
        cells = [str(place), "+".join(names[p] for p in row.players), str(row.won), str(row.goats)]
        if rotating:
            cells.append(str(row.not_goat))
        cells.append(str(row.totals))
        rows.append(cells)
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(
            c.ljust(w) if i == 1 else c.rjust(w)
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        ).rstrip()

    return [line(head), *(line(r) for r in rows)]


def sheet_text(plan: MatchPlan, sheet: MatchSheet, names: Sequence[str]) -> str:
    """The title and the table, one line each."""
    return "\n".join([sheet_title(plan, sheet), *sheet_table(plan, sheet, names)])
