"""A newcomer's first minutes: Esc does not quit, Enter on a list starts, lists close in words."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.table import FakeSession, TableApp, move_by_code, settle
from support.waiting import until
from textual.widgets import Select

from koza.core.events import SeatInfo
from koza.play.session import Session
from koza.storage.listing import latest_unfinished, list_saves
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.screens.help import keys_markdown
from koza.tui.screens.menu import MenuScreen
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.screens.saves import SavesScreen
from koza.tui.table.screen import TableScreen
from koza.tui.watch.screen import create_session
from koza.tui.widgets.dialogs import RoundOverScreen


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def screen_text(app: KozaApp) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def test_escape_on_the_start_menu_does_not_quit(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("escape")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, MenuScreen)
        await pilot.press("q")
    assert app.return_code == 0


async def test_enter_on_a_closed_list_starts_the_game(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#players", Select).focus()
        await pilot.pause()
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")


async def test_an_open_list_picks_with_enter_and_closes_in_russian(tmp_path: Path) -> None:
    speak("ru")
    app = KozaApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        players = screen.query_one("#players", Select)
        players.focus()
        await pilot.press("space")  # opens the list
        await until(pilot, lambda: players.expanded, "the open list")
        text = screen_text(app)
        assert "Dismiss" not in text and "Закрыть список" in text, text
        await pilot.press("down", "enter")  # picks 3 players: the form stays
        await until(pilot, lambda: not players.expanded, "the list closed")
        assert isinstance(app.screen, NewGameScreen) and players.value == 3


def two_unfinished_saves(folder: Path) -> tuple[Path, Path]:
    """A person's unfinished game and, newer, an unfinished game of bots (``koza watch``)."""
    seats = [SeatInfo(name="Nino"), SeatInfo(name="Gia", kind="bot", bot="random")]
    with Session.create(seats, seed=3, save_dir=folder) as own:
        own_path = own.path
    with create_session(["random", "random"], seed=4, save_dir=folder) as watched:
        watched_path = watched.path
    os.utime(own_path, (1_000_000, 1_000_000))  # the person's game is the older one
    return own_path, watched_path


def test_resume_without_a_file_takes_the_persons_own_game_first(tmp_path: Path) -> None:
    own, watched = two_unfinished_saves(tmp_path)
    assert list_saves(tmp_path)[0].path == watched  # newest first
    assert latest_unfinished(tmp_path) == own
    own.unlink()
    assert latest_unfinished(tmp_path) == watched  # no game of one's own: the bots' then


async def test_the_saves_list_puts_bots_games_after_and_says_so(tmp_path: Path) -> None:
    speak("ru")
    own, watched = two_unfinished_saves(tmp_path)
    app = KozaApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, SavesScreen), "the saves list")
        screen = app.screen
        assert isinstance(screen, SavesScreen)
        assert screen.paths == [own, watched]
        assert "только боты" in screen_text(app)


async def test_the_russian_help_lists_the_palette_key_once_and_names_the_space_bar(
    tmp_path: Path,
) -> None:
    speak("ru")
    app = KozaApp(tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        listed = keys_markdown(app, None)
        assert listed.count("`^p`") == 1, listed
        assert "пробел" in listed and "space" not in listed, listed


async def test_the_round_over_dialog_shows_its_own_keys(tmp_path: Path) -> None:
    speak("ru")
    session = FakeSession(["Вы", "bot:Бот 1"], seed=11)
    while session.game.state.phase == "playing":
        move_by_code(session)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, RoundOverScreen)
        footer = "\n".join(strip.text for strip in dialog._compositor.render_strips())
        last = footer.splitlines()[-1]
        assert "Дальше" in last, last
        assert "Выбор" not in last and "Выйти" not in last, last  # the table's keys stay hidden
