"""The statistics screen: opened from the menu and the palette, its table, plot and bad saves."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.stats import Folder, mixed_folder
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from koza.stats import collect
from koza.tui.app import KozaApp
from koza.tui.screens.menu import MenuScreen
from koza.tui.screens.message import MessageScreen
from koza.tui.screens.stats import StatsScreen
from koza.tui.widgets.plots import ResultsPlot

SIZE = (80, 24)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Folder:
    return mixed_folder(tmp_path_factory.mktemp("stats-screen") / "saves")


async def read(pilot: Pilot[Any]) -> StatsScreen:
    """The statistics screen once its worker has read the folder."""
    screen = pilot.app.screen
    assert isinstance(screen, StatsScreen)
    for _ in range(100):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if screen.stats is not None:
            return screen
    raise AssertionError("the saves were never read")


def note(screen: StatsScreen) -> str:
    return str(screen.query_one("#stats-note", Static).render())


async def test_the_menu_key_opens_the_figures_of_every_player(folder: Folder) -> None:
    app = KozaApp(folder.path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        screen = await read(pilot)
        table = screen.query_one("#stats-table", DataTable)
        rows = [[cell.strip() for cell in table.get_row_at(i)] for i in range(table.row_count)]
        expected = collect(folder.path).players
        assert [row[0] for row in rows] == ["Anna", "Boris", "bot greedy", "bot random"]
        for row, p in zip(rows, expected, strict=True):
            assert row[1:3] == [str(p.finished), str(p.games - p.finished)]  # done, not done
            assert row[3:5] == [str(p.goats), f"{100 * p.goats / p.finished:.0f}%"]
            assert row[5:7] == [f"{p.points / p.rounds:.1f}", f"{p.recorded / p.rounds:.1f}"]
            assert row[9] == "—"
        assert table.virtual_size.width <= table.size.width  # every column within 80
        text = note(screen)
        assert "Games read: 6 · with a review: 0" in text
        assert "Goat % = goats ÷ games done" in " ".join(text.split())
        assert "could not be read: 2 (cut.koza.jsonl, garbage.koza.jsonl)" in text
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_the_palette_opens_the_statistics(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Statistics")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        screen = await read(pilot)
        assert note(screen) == "No saved games here yet: finish a game and its figures appear."
        assert not screen.query_one("#stats-plot", ResultsPlot).display


async def test_the_plot_follows_the_highlighted_player(folder: Folder) -> None:
    app = KozaApp(folder.path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        screen = await read(pilot)
        players = collect(folder.path).players
        plot = screen.query_one("#stats-plot", ResultsPlot)
        for index in range(len(players)):
            finished = [g for g in players[index].history if g.finished]
            assert [(g.game, g.seat) for g in plot.games] == [(g.game, g.seat) for g in finished]
            assert [g.total for g in plot.games] == [g.total for g in finished]
            await pilot.press("down")
            await pilot.pause()


async def test_u_names_each_unreadable_save_with_its_reason(folder: Folder) -> None:
    app = KozaApp(folder.path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        await read(pilot)
        await pilot.press("u")
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        lines = app.screen.text.splitlines()
        assert [line.split(":")[0] for line in lines] == ["cut.koza.jsonl", "garbage.koza.jsonl"]
        assert lines[1] == "garbage.koza.jsonl:1: not a koza save (no koza-save header)"
        await pilot.press("escape")
        assert isinstance(app.screen, StatsScreen)


async def test_a_save_added_later_is_read_again_on_f5(tmp_path: Path) -> None:
    from support.stats import play_game

    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        screen = await read(pilot)
        assert screen.stats is not None and screen.stats.games == 0
        play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=1)
        screen.stats = None
        await pilot.press("f5")
        await read(pilot)
        assert screen.stats is not None and screen.stats.games == 1
        assert screen.query_one("#stats-table", DataTable).row_count == 2


def test_statistics_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    mixed_folder(tmp_path)

    async def opened(pilot: Pilot[Any]) -> None:
        await pilot.press("t")
        await read(pilot)
        await pilot.press("down")
        await pilot.pause()

    assert snap_compare(KozaApp(tmp_path), terminal_size=SIZE, run_before=opened)


@pytest.mark.parametrize("lang", ["ru", "ka"])
async def test_the_header_is_drawn_the_same_on_first_display_and_after_f5(
    folder: Folder, lang: str
) -> None:
    from koza.tui.language import speak

    app = KozaApp(folder.path)
    try:
        async with app.run_test(size=SIZE) as pilot:
            await app.set_language(lang)
            await pilot.press("t")
            screen = await read(pilot)
            first = screen_lines(app)[:7]
            screen.stats = None
            await pilot.press("f5")
            await read(pilot)
            await pilot.pause()
            assert screen_lines(app)[:7] == first
            table = screen.query_one("#stats-table", DataTable)
            assert table.virtual_size.width <= table.size.width
    finally:
        speak("en")


def screen_lines(app: KozaApp) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]
