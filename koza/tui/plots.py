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
from koza.stats.figures import SeatGame
from koza.tui.dialogs import side_label
from koza.tui.strings import t

GOAT_MARKER = "×"
SIDE_COLORS = ("blue+", "green+", "magenta+", "cyan+")
TARGET_COLOR, TOTAL_COLOR, GOAT_COLOR = "red", "blue+", "yellow"
NICE_STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500)


def y_ticks(top: int, most: int = 6) -> list[float]:
    """Whole-number ticks from 0 past ``top``, at most ``most`` of them, on a round step."""
    step = next((s for s in NICE_STEPS if top // s < most), NICE_STEPS[-1])
    return [float(v) for v in range(0, top + step, step)]


def _axes(plt: Any, xs: list[float], top: int) -> None:
    """Whole numbers on both axes: a tick per round or game (while few), round steps up."""
    plt.xticks(xs if len(xs) <= 12 else None)
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
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        rows = totals_by_round(state)
        rounds: list[float] = list(range(len(rows)))
        target = state.rules.target  # drawn first, so the totals show where they cross it
        line = [float(target)] * len(rounds)
        label = t("plot.target", target=target)
        plt.plot(rounds, line, marker="braille", color=TARGET_COLOR, label=label)
        for side in range(state.n_sides):
            ys = [row[side] for row in rows]
            color = SIDE_COLORS[side % len(SIDE_COLORS)]
            plt.plot(rounds, ys, marker="braille", color=color, label=side_label(state, side))
        _axes(plt, rounds, max([target, *(max(row) for row in rows)]))
        plt.title(t("plot.totals_title"))
        plt.xlabel(t("plot.round"))
        self.refresh()


class ResultsPlot(PlotextPlot):
    """A player's final total in each of their last finished games; goats marked."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.games: list[SeatGame] = []

    def show(self, games: Sequence[SeatGame], name: str = "") -> None:
        """Draw ``name``'s ``games`` (oldest first); only the axes when there are none."""
        self.games = list(games)
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        numbers: list[float] = list(range(1, len(self.games) + 1))
        if self.games:
            totals = [g.total for g in self.games]
            targets = [g.target for g in self.games]  # a game's own target: they may differ
            target_label = t("plot.target", target=targets[-1])
            total_label = t("plot.final_total")
            plt.plot(numbers, targets, marker="braille", color=TARGET_COLOR, label=target_label)
            plt.plot(numbers, totals, marker="braille", color=TOTAL_COLOR, label=total_label)
            goats = [(n, g.total) for n, g in zip(numbers, self.games, strict=True) if g.goat]
            if goats:
                xs, ys = zip(*goats, strict=True)
                goat = t("word.goat")
                plt.scatter(list(xs), list(ys), marker=GOAT_MARKER, color=GOAT_COLOR, label=goat)
            _axes(plt, numbers, max(totals + targets))
        plt.title(t("plot.results_title", name=name, n=len(self.games)))
        plt.xlabel(t("plot.game"))
        self.refresh()
