"""The plots on any amount of play: no length of game or history breaks them (issue 24)."""

from __future__ import annotations

import shutil
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from support.stats import play_game
from support.table import Host
from textual.widgets import DataTable
from textual_plotext.plot import Plot

from koza.stats import SeatGame
from koza.storage.savefile import load
from koza.tui.app import KozaApp
from koza.tui.replay.screen import ReplayScreen
from koza.tui.screens.stats import StatsScreen
from koza.tui.table.score_plot import TotalsPlotScreen
from koza.tui.widgets.plots import ResultsPlot, TotalsPlot, draw_results, draw_totals, x_ticks

LENGTHS = st.one_of(st.sampled_from((0, 1, 12, 13, 1000)), st.integers(0, 1000))


def built(plt: Plot, width: int = 76, height: int = 20) -> str:
    """The plot drawn as text at ``width`` x ``height``, as the widget draws it."""
    plt.plotsize(width, height)
    plt._set_size(width, height)
    return plt.build()


@given(first=st.integers(0, 5000), span=st.integers(0, 100_000))
@example(first=1, span=11).via("12 games")
@example(first=0, span=12).via("13 rows of rounds")
def test_x_ticks_are_few_whole_and_within_the_range(first: int, span: int) -> None:
    ticks = x_ticks(first, first + span)
    assert 1 <= len(ticks) <= 12
    assert all(first <= v <= first + span and v == int(v) for v in ticks)
    assert len({b - a for a, b in zip(ticks, ticks[1:], strict=False)}) <= 1
    if span < 12:  # while few, a tick for every one
        assert ticks == [float(v) for v in range(first, first + span + 1)]


@given(rounds=LENGTHS, sides=st.integers(2, 4))
@example(rounds=1000, sides=4)
@example(rounds=13, sides=2)
@example(rounds=12, sides=3)
def test_the_totals_plot_draws_any_number_of_rounds(rounds: int, sides: int) -> None:
    rows = [tuple(r * (s + 1) for s in range(sides)) for r in range(rounds)]
    plt = Plot()
    draw_totals(plt, rows, 101, [f"side {s}" for s in range(sides)])
    text = built(plt)
    assert "round" in text
    if rounds > 1:  # the last round's number, or a round step before it, is on the axis
        assert str(int(x_ticks(0, rounds - 1)[-1])) in text


@given(count=LENGTHS, goats=st.integers(0, 7))
@example(count=500, goats=3)
@example(count=13, goats=1)
def test_the_results_plot_draws_any_number_of_games(count: int, goats: int) -> None:
    start = datetime(2026, 1, 1)
    games = [
        SeatGame(
            "human",
            "Ivan",
            0,
            f"g{i}",
            start + timedelta(minutes=i),
            finished=True,
            goat=goats > 0 and i % (goats + 1) == 0,
            total=(i * 37) % 140,
            target=101,
        )
        for i in range(count)
    ]
    plt = Plot()
    draw_results(plt, games, "Ivan")
    text = built(plt)
    assert "Ivan: total at the end" in text
    if count > 1:
        assert str(int(x_ticks(1, count)[-1])) in text


@pytest.fixture(scope="module")
def long_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-player game cut after 40 rounds (target 1000, so nobody is the goat yet)."""
    folder = tmp_path_factory.mktemp("long-game")
    return play_game(folder, ["Ivan", "bot:greedy:Gosha"], seed=24, max_rounds=40, target=1000)


async def test_replay_end_then_s_plots_a_40_round_game(long_game: Path) -> None:
    events = load(long_game).events
    screen = ReplayScreen(events)
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TotalsPlotScreen)
        plot = app.screen.query_one(TotalsPlot)
        assert len(plot.state.records) == 40
        assert "40" in str(plot.render())


@pytest.fixture(scope="module")
def five_hundred_games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Ivan's one finished game against a bot, saved 500 times over."""
    folder = tmp_path_factory.mktemp("ivan-500") / "saves"
    folder.mkdir()
    first = play_game(folder, ["Ivan", "bot:greedy:Gosha"], seed=7)
    for i in range(1, 500):
        shutil.copyfile(first, folder / f"copy{i:03d}-{first.name}")
    return folder


async def test_the_statistics_screen_shows_a_player_of_500_games(five_hundred_games: Path) -> None:
    app = KozaApp(five_hundred_games)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("t")
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        for _ in range(200):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if screen.stats is not None:
                break
        table = screen.query_one("#stats-table", DataTable)
        assert [cell.strip() for cell in table.get_row_at(0)[:2]] == ["Ivan", "500"]
        plot = screen.query_one("#stats-plot", ResultsPlot)
        assert len(plot.games) == 20 and "Ivan" in str(plot.render())
        await pilot.press("down")  # the bot's 500 games draw as well
        await pilot.pause()
        assert len(plot.games) == 20
