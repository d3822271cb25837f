"""The statistics screen and the score plots in Russian and Georgian: no English word of koza."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from support.stats import mixed_folder
from textual.app import App
from textual.widgets import DataTable

from koza.core.game import Game
from koza.i18n.strings import t
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.screens.stats import StatsScreen
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.score_plot import GameOverPlotScreen

ALLOWED = {"esc", "Enter", "koza", "jsonl", "cut", "garbage"} | {
    "Anna",
    "Boris",
    "Gosha",
    "Grisha",
    "Nino",
    "Gia",
}
"""Key names, the unreadable saves' file names and the players' names."""


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def screen_text(app: App[Any]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def english(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-z]{2,}", text)) - ALLOWED


async def drawn(pilot: Any, *texts: str) -> str:
    for _ in range(200):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause(0.05)
        text = screen_text(pilot.app)
        if all(part in text for part in texts):
            return text
    raise AssertionError(f"never drawn: {texts}")


@pytest.mark.parametrize("lang", ["ru", "ka"])
async def test_the_statistics_screen_speaks_the_language(lang: str, tmp_path: Path) -> None:
    mixed_folder(tmp_path)
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.set_language(lang)
        menu = await drawn(pilot, t("menu.stats"))
        assert english(menu) == set()
        await pilot.press("t")
        text = await drawn(pilot, t("stats.col_player"), t("stats.key_reload"), "Anna")
        assert isinstance(app.screen, StatsScreen)
        assert t("stats.bot", level=t("bot.greedy")) in text
        assert t("stats.summary", games=6, reviewed=0) in text
        assert english(text) == set()
        table = app.screen.query_one("#stats-table", DataTable)
        assert table.virtual_size.width <= table.size.width  # every column within 80
        await pilot.press("u")
        await drawn(pilot, t("stats.unreadable_title"))
        title = str(app.screen.query_one("#message-title").render())
        assert title == t("stats.unreadable_title") and english(title) == set()


@pytest.mark.parametrize("lang", ["ru", "ka"])
async def test_the_game_over_plot_speaks_the_language(lang: str) -> None:
    game, rng = Game.new(["Nino", "Gia"], seed=5), random.Random(1)
    while game.state.phase != "game_over":
        if game.state.phase == "round_over":
            game.next_round()
        else:
            game.play(rng.choice(list(game.legal_moves())))
    speak(lang)

    class Host(App[None]):
        def __init__(self) -> None:
            super().__init__()
            share_parsed_css(self)

        def on_mount(self) -> None:
            self.push_screen(GameOverPlotScreen(game.state, (0,)))

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await drawn(pilot, t("plot.button_scores_key"), t("plot.key_scores"))
        assert english(dialog) == set()
        await pilot.press("s")
        plot = await drawn(pilot, t("plot.totals_title"), t("plot.round"))
        assert t("plot.target", target=101) in plot
        assert english(plot) == set()
