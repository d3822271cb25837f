"""Choosing the language: --lang, the settings screen, remembering it, switching at the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.waiting import drawn
from textual.app import App

from koza.cli import main as cli
from koza.core.events import SeatInfo
from koza.i18n import strings
from koza.play.session import Session
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.screens.help import keys_markdown
from koza.tui.screens.menu import MenuScreen
from koza.tui.screens.settings import SettingsScreen
from koza.tui.table.screen import TableScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")  # texts and the key labels of every screen class


def screen_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def saved_game(folder: Path) -> Path:
    seats = [SeatInfo(name="Nino"), SeatInfo(name="Gia", kind="bot", bot="random")]
    with Session.create(seats, seed=3, save_dir=folder) as session:
        return session.path


def test_an_unknown_lang_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--lang", "xx"], ["play", "--lang", "xx"], ["resume", "--lang", "de"]):
        assert cli.main(argv) == 2
        out, err = capsys.readouterr()
        assert out == "" and len(err.strip().splitlines()) == 1
        assert "unknown language" in err and "en, ru, ka" in err


def test_lang_sets_the_language_for_the_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setenv("KOZA_LANG", "en")  # restored afterwards
    seen: list[str] = []
    monkeypatch.setattr(cli, "run_play", lambda args: seen.append(strings.LANGUAGE) or 0)
    assert cli.main(["--lang", "ka", "--save-dir", str(tmp_path)]) == 0
    assert seen == ["ka"] and strings.t("word.goat") == "თხა"


async def test_the_settings_screen_switches_at_once_and_is_remembered(tmp_path: Path) -> None:
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, SettingsScreen)
        assert "English" in screen_text(app) and "ქართული" in screen_text(app)
        await pilot.press("down", "down", "enter")  # ქართული
        await drawn(pilot, "პარამეტრები")
        assert strings.LANGUAGE == "ka"
        await pilot.press("escape")
        menu = await drawn(pilot, "ახალი თამაში")
        assert isinstance(app.screen, MenuScreen) and "New game" not in menu
    settings = json.loads((tmp_path / "koza-settings.json").read_text())
    assert settings["language"] == "ka"
    speak("en")
    again = KozaApp(tmp_path, remember_theme=True)  # a restart reads the setting
    async with again.run_test(size=SIZE) as pilot:
        await drawn(pilot, "ახალი თამაში")
        assert strings.LANGUAGE == "ka"
        assert "დახმარება" in keys_markdown(again, None)  # key labels came along


async def test_the_theme_and_the_language_share_the_settings_file(tmp_path: Path) -> None:
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "gruvbox"
        await app.set_language("ru")
        await pilot.pause()
    assert json.loads((tmp_path / "koza-settings.json").read_text()) == {
        "theme": "gruvbox",
        "language": "ru",
    }


async def test_koza_lang_beats_the_saved_setting(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "koza-settings.json").write_text('{"language": "ka"}')
    monkeypatch.setenv("KOZA_LANG", "ru")
    app = KozaApp(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert strings.LANGUAGE == "ru"


async def test_headless_runs_neither_read_nor_write_the_language(tmp_path: Path) -> None:
    (tmp_path / "koza-settings.json").write_text('{"language": "ka"}')
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert strings.LANGUAGE == "en"
        await app.set_language("ru")
        await pilot.pause()
    assert json.loads((tmp_path / "koza-settings.json").read_text()) == {"language": "ka"}


async def test_switching_at_the_table_redraws_it_and_keeps_the_game(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.resume_save(path)
        await drawn(pilot, "Bazaar", "Score", "Select")
        table = app.screen
        assert isinstance(table, TableScreen)
        events = len(table.session.game.events)
        await app.set_language("ru")
        after = await drawn(pilot, "Базар", "Счёт", "Выбор")  # "Выбор": the footer too
        assert app.screen is table and len(table.session.game.events) == events
        assert "Bazaar" not in after and "Select" not in after
        assert "7 камней" in after  # the hand's plural form
        await pilot.press("enter")  # the game goes on: Nino leads
        await pilot.pause()
        assert len(table.session.game.events) > events


async def test_the_palette_speaks_the_language_with_textuals_own_entries(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.set_language("ru")
        titles = {c.title: c.help for c in app.get_system_commands(app.screen)}
        assert {"Выход", "Клавиши", "Снимок экрана"} <= set(titles)
        assert not {"Quit", "Keys", "Screenshot", "Theme"} & set(titles)
        from koza.tui.palette import KozaCommands

        provider = KozaCommands(app.screen)
        found = [text for text, _help, _run in provider._commands()]
        assert "Тема" in found and "Настройки" in found
        await pilot.press("ctrl+p")
        await drawn(pilot, "Найти команду")
        await pilot.press("escape")
        app.search_themes()
        await drawn(pilot, "Найти тему")


async def test_bots_are_named_and_described_in_the_language(tmp_path: Path) -> None:
    from koza.tui.services import bot_descriptions

    speak("ka")
    assert strings.bot_name("montecarlo:fast") == "მონტე-კარლო, სწრაფი"
    assert bot_descriptions()["greedy"].startswith("მოყვარული")
    assert strings.bot_name("omniscient") == "omniscient"  # not offered: no key, its code
    speak("en")
    assert strings.bot_name("montecarlo:fast") == "montecarlo:fast"
    from koza.bots import BOT_DESCRIPTIONS

    assert bot_descriptions()["expert"] == BOT_DESCRIPTIONS["expert"]  # English as it was
