"""Plots drawn in the terminal (textual-plotext): the scores round by round, a player's games.

``TotalsPlot`` draws each side's total after every round of a game, with the
target the goat reaches; ``ResultsPlot`` draws a player's final total over
their last games, the games they were the goat marked.  Both take plain
figures, so the table, the replay and the statistics screen feed them alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual_plotext import PlotextPlot

from koza.core.state import GameState
from koza.i18n.strings import t
from koza.stats.figures import SeatGame
from koza.tui.widgets.dialogs import side_label

GOAT_MARKER = "×"
SIDE_COLORS = ("blue+", "green+", "magenta+", "cyan+")
TARGET_COLOR, TOTAL_COLOR, GOAT_COLOR = "red", "blue+", "yellow"
NICE_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500)
X_STEPS = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500)
MOST_X_TICKS = 12


def _round_step(span: int, most: int, steps: tuple[int, ...]) -> int:
    """The first of ``steps`` that cuts ``span`` into fewer than ``most`` parts (10^k beyond)."""
    for step in steps:
        if span // step < most:
            return step
    step = steps[-1]
    while span // step >= most:
        step *= 10
    return step


def y_ticks(top: int, most: int = 6) -> list[float]:
    """Whole-number ticks from 0 past ``top``, at most ``most`` of them, on a round step."""
    step = _round_step(top, most, NICE_STEPS)
    return [float(v) for v in range(0, top + step, step)]


def x_ticks(first: int, last: int, most: int = MOST_X_TICKS) -> list[float]:
    """Whole-number ticks from ``first`` to ``last``: each one while few, a round step beyond.

    Every tick lies within ``first..last`` (the plot's own range), at most ``most`` of them,
    on the multiples of the step, so they read 10, 20, 30 rather than 1, 11, 21.
    """
    if last <= first:
        return [float(first)]
    step = _round_step(last - first, most, X_STEPS)
    start = -(-first // step) * step
    return [float(v) for v in range(start, last + 1, step)]


def _axes(plt: Any, xs: list[float], top: int) -> None:
    """Whole numbers on both axes: a tick per round or game while few, round steps beyond."""
    plt.xticks(x_ticks(int(xs[0]), int(xs[-1])) if xs else [0.0])
    ticks = y_ticks(top)
    plt.yticks(ticks)
    plt.ylim(0, ticks[-1])


def totals_by_round(state: GameState) -> list[tuple[int, ...]]:
    """Each side's total before round 1 (zeros) and after every round scored so far."""
    start = (0,) * state.n_sides
    return [start, *(record.totals for record in state.records)]


class TotalsPlot(PlotextPlot):
    """Each side's total round by round, and the target line."""

    def __init__(self, state: GameState, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.state = state

    def on_mount(self) -> None:
        self.show(self.state)

    def show(self, state: GameState) -> None:
        """Draw the totals of ``state`` (its rounds scored so far)."""
        self.state = state
        labels = [side_label(state, side) for side in range(state.n_sides)]
        draw_totals(self.plt, totals_by_round(state), state.rules.target, labels)
        self.refresh()


def draw_totals(plt: Any, rows: Sequence[Sequence[int]], target: int, labels: list[str]) -> None:
    """Each side's total in ``rows`` (one row per round, from round 0), and the target line."""
    plt.clear_data()
    plt.clear_figure()
    rounds: list[float] = list(range(len(rows)))
    if rows:
        line = [float(target)] * len(rounds)  # drawn first: the totals show where they cross it
        label = t("plot.target", target=target)
        plt.plot(rounds, line, marker="braille", color=TARGET_COLOR, label=label)
        for side, name in enumerate(labels):
            ys = [row[side] for row in rows]
            color = SIDE_COLORS[side % len(SIDE_COLORS)]
            plt.plot(rounds, ys, marker="braille", color=color, label=name)
        _axes(plt, rounds, max([target, *(max(row) for row in rows)]))
    plt.title(t("plot.totals_title"))
    plt.xlabel(t("plot.round"))


class ResultsPlot(PlotextPlot):
    """A player's final total in each of their last finished games; goats marked."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.games: list[SeatGame] = []

    def show(self, games: Sequence[SeatGame], name: str = "") -> None:
        """Draw ``name``'s ``games`` (oldest first); only the axes when there are none."""
        self.games = list(games)
        draw_results(self.plt, self.games, name)
        self.refresh()


def draw_results(plt: Any, games: Sequence[SeatGame], name: str) -> None:
    """``name``'s final totals in ``games`` (oldest first), goats marked; axes alone for none."""
    plt.clear_data()
    plt.clear_figure()
    numbers: list[float] = list(range(1, len(games) + 1))
    if games:
        totals = [g.total for g in games]
        targets = [g.target for g in games]  # a game's own target: they may differ
        target_label = t("plot.target", target=targets[-1])
        total_label = t("plot.final_total")
        plt.plot(numbers, targets, marker="braille", color=TARGET_COLOR, label=target_label)
        plt.plot(numbers, totals, marker="braille", color=TOTAL_COLOR, label=total_label)
        goats = [(n, g.total) for n, g in zip(numbers, games, strict=True) if g.goat]
        if goats:
            xs, ys = zip(*goats, strict=True)
            goat = t("word.goat")
            plt.scatter(list(xs), list(ys), marker=GOAT_MARKER, color=GOAT_COLOR, label=goat)
        _axes(plt, numbers, max(totals + targets))
    plt.title(t("plot.results_title", name=name, n=len(games)))
    plt.xlabel(t("plot.game"))
