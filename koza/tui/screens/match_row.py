"""The new-game form's match row: one game, a number of games, until someone is the goat
N times, or rotating partners (4 players in pairs, three games)."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input, Label, Select

from koza.core.match import MAX_GAMES, MatchError, MatchPlan
from koza.i18n.problems import say_error
from koza.i18n.strings import t
from koza.tui.widgets.light_select import LightSelect

CHOICES = ("one", "games", "goats", "rotating")


def match_row() -> ComposeResult:
    """The row: what kind of match, and its number (games, or goats) when it has one."""
    with Horizontal(classes="new-row", id="match-row"):
        yield Label(t("new.match"), classes="new-label")
        yield LightSelect(
            [(t(f"new.match_{c}"), c) for c in CHOICES],
            value="one",
            allow_blank=False,
            compact=True,
            id="match-kind",
        )
        yield Input("3", max_length=2, compact=True, id="match-count", classes="rule-number")


def show_count(screen: Screen[Any]) -> None:
    """The number field only for a match that has a number."""
    kind = screen.query_one("#match-kind", Select).value
    screen.query_one("#match-count", Input).display = kind in ("games", "goats")


def read_plan(screen: Screen[Any], players: int) -> MatchPlan | None:
    """The match the row asks for (None: one game); ``ValueError`` with a one-line reason."""
    kind = str(screen.query_one("#match-kind", Select).value)
    if kind == "one":
        return None
    count = screen.query_one("#match-count", Input).value.strip()
    text = {"games": count, "goats": f"goats:{count}", "rotating": "rotating-partners"}[kind]
    try:
        plan = MatchPlan.parse(text)
        plan.check(players)
    except MatchError as exc:
        if kind == "rotating":
            raise ValueError(say_error(exc)) from None
        raise ValueError(t("new.match_bad", value=count, most=MAX_GAMES)) from None
    return plan
