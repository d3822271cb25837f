"""The app shell: help from anywhere, too small, resume (good and unreadable), palette."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.paths import ROOT
from support.waiting import until
from textual.app import ComposeResult
from textual.command import CommandPalette
from textual.screen import Screen
from textual.widgets import DataTable, Input, Markdown, Static

from koza.cli import app as launch
from koza.core.events import SeatInfo
from koza.i18n import strings
from koza.play.session import Session
from koza.storage.savefile import SUFFIX
from koza.tui.app import KozaApp
from koza.tui.screens.help import HelpScreen, keys_markdown, rules_text
from koza.tui.screens.menu import MenuScreen
from koza.tui.screens.message import MessageScreen
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.screens.saves import SavesScreen
from koza.tui.screens.too_small import TooSmallScreen
from koza.tui.services import Services

SIZE = (80, 24)


class StubTable(Screen[None]):
    """Stands in for the table so these tests only exercise the shell."""

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Input(id="stub-input")  # a focused text field must not swallow F1


def make_app(save_dir: Path, **kw: Any) -> KozaApp:
    return KozaApp(save_dir, services=Services(table=StubTable), **kw)


def saved_game(folder: Path, seed: int = 7) -> Path:
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bot", kind="bot", bot="random")]
    with Session.create(seats, seed=seed, save_dir=folder) as session:
        return session.path


def bad_save(folder: Path) -> tuple[Path, bytes]:
    path = folder / f"20200101-000000-broken{SUFFIX}"
    data = b'{"type": "game_created", "seq": 0, "oops\n\x00\xffnot json at all\n'
    path.write_bytes(data)
    return path, data


async def test_f1_opens_help_over_a_focused_text_field(tmp_path: Path) -> None:
    # help from the menu (? opens and closes it) and from the new-game form: test_help_screens
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.open_table(object())
        app.screen.query_one("#stub-input", Input).focus()
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, StubTable)


async def test_help_lists_keys_and_the_shipped_rules(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        keys = keys_markdown(app, None)
        for needle in ("f1", "^p", "New game", "Replay", "Quit"):
            assert needle in keys
        assert app.screen.query_one("#help-rules", Markdown)
    text = rules_text()
    assert "Kozel" in text and "bazaar" in text and "open_threshold" in text


async def test_too_small_terminal_says_so_and_recovers(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 20)
        assert isinstance(app.screen, TooSmallScreen)
        message = str(app.screen.query_one("#too-small", Static).render())
        assert "too small" in message and "60x20" in message and "80x24" in message
        await pilot.resize_terminal(79, 30)
        message = str(app.screen.query_one("#too-small", Static).render())
        assert "79x30" in message
        await pilot.resize_terminal(80, 24)
        assert isinstance(app.screen, MenuScreen)
        assert len([s for s in app.screen_stack if isinstance(s, TooSmallScreen)]) == 0


async def test_starts_too_small(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        assert isinstance(app.screen, MenuScreen)


async def test_resume_list_opens_a_saved_game(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    bad_save(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        table = app.screen.query_one("#saves", DataTable)
        assert table.row_count == 2
        first = [str(c) for c in table.get_row_at(0)]
        assert "Ann, Bot" in first and "1" in first and "playing" in first
        assert "unreadable" in [str(c) for c in table.get_row_at(1)]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, StubTable)
        assert app.screen.session.path == path
        assert [type(s) for s in app.screen_stack[1:]] == [MenuScreen, StubTable]


async def test_unreadable_save_gives_a_message_and_is_untouched(tmp_path: Path) -> None:
    path, data = bad_save(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, MessageScreen)
        text = str(app.screen.query_one("#message-text", Static).render())
        assert "cannot be opened" in text and path.name in text
        assert "Traceback" not in text
        await pilot.press("enter")
        assert isinstance(app.screen, SavesScreen)
    assert path.read_bytes() == data
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]


def test_launch_resume_of_an_unreadable_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, data = bad_save(tmp_path)
    assert launch.resume(tmp_path, path) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("koza: ") and "\n" not in err and path.name in err
    assert path.read_bytes() == data


def test_launch_resume_without_an_unfinished_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert launch.resume(tmp_path, None) == 1
    assert "no unfinished game" in capsys.readouterr().err


async def test_resume_straight_to_the_table(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    session = launch.open_for_resume(tmp_path, None)
    assert session.path == path
    drawn: list[bool] = []
    app = make_app(tmp_path, session=session, on_table_drawn=lambda: drawn.append(True))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StubTable) and drawn == [True]
    assert session.closed  # the app releases the save when it ends


def palette_searched(app: KozaApp) -> bool:
    """The command palette has found what was typed (its search is a worker)."""
    palette = app.screen
    searching = [w for w in app.workers if w.node is palette and not w.is_finished]
    return isinstance(palette, CommandPalette) and palette._list_visible and not searching


async def search_the_palette(pilot: Any, app: KozaApp, words: str) -> None:
    """Fill the open command palette's search in one go: one search, not one a letter
    (a search and a redraw per typed key are the palette's own work, not the app's)."""
    await until(pilot, lambda: isinstance(app.screen, CommandPalette), "the palette")
    app.screen.query_one(Input).value = words
    await pilot.pause()
    await until(pilot, lambda: palette_searched(app), "the search")


async def test_command_palette_offers_the_app_commands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await search_the_palette(pilot, app, "new game")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the new game form")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape", "ctrl+p")
        await search_the_palette(pilot, app, "theme")
        searched = app.screen
        await pilot.press("enter")
        await until(pilot, lambda: app.screen is not searched, "the theme picker")
        assert "CommandPalette" in type(app.screen).__name__  # the theme picker


async def test_no_color_is_respected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        assert app.no_color


def test_strings_fill_in_fall_back_and_pick_a_language() -> None:
    assert strings.t("word.seat", n=2) == "seat 2"
    assert strings.t("no.such.key") == "no.such.key"
    assert strings.t("word.seat") == "seat {n}"  # a missing value never crashes
    assert strings.choose_language({"KOZA_LANG": "xx", "LANG": "C.UTF-8"}) == "en"
    assert strings.choose_language({"LANG": "ru_RU.UTF-8"}) == "ru"
    table = strings.build("ru")  # from the ru catalogue; a key it lacks stays English
    assert table["word.goat"] == "козёл" and table["word.fish"] == "рыба"
    strings.EN["test.only_english"] = "fish"
    try:
        assert strings.build("ru")["test.only_english"] == "fish"
    finally:
        del strings.EN["test.only_english"]


async def test_leaving_the_table_releases_its_save_for_a_resume(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert await app.resume_save(path)
        first = app.screen
        assert isinstance(first, StubTable)
        first.dismiss()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen) and first.session.closed
        assert await app.resume_save(path)  # the lock was freed, so it opens again
        assert isinstance(app.screen, StubTable) and app.screen.session is not first.session


async def test_enter_alone_sits_down_at_the_real_table(tmp_path: Path) -> None:
    from koza.tui.table.screen import TableScreen

    app = KozaApp(tmp_path)  # the real services: Session and TableScreen
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n", "enter")
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert len(app.screen.session.game.state.seats) == 2
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        assert "Draw" in keys_markdown(app, None)  # the table's own keys are listed
        await pilot.press("escape")
        assert isinstance(app.screen, TableScreen)
        await pilot.resize_terminal(70, 20)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(*SIZE)
        assert isinstance(app.screen, TableScreen)


def test_startup_bench_reaches_the_table(tmp_path: Path) -> None:
    from koza.bench import BENCHMARKS
    from koza.bench import startup as bench_startup

    assert "tui_resume_to_table" in BENCHMARKS
    path = bench_startup.unfinished_save(tmp_path)
    with Session.open(path) as session:
        assert session.game.state.round_no >= 3 and session.game.turn == 0
    assert bench_startup.time_to_table(path) > 0  # the child drew the table and said so


async def test_the_chosen_theme_is_kept_for_next_time(tmp_path: Path) -> None:
    app = make_app(tmp_path, remember_theme=True)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "gruvbox"
        await pilot.pause()
    again = make_app(tmp_path, remember_theme=True)
    async with again.run_test(size=SIZE):
        assert again.theme == "gruvbox"
    headless = make_app(tmp_path)  # tests and snapshots never pick up a saved theme
    async with headless.run_test(size=SIZE):
        assert headless.theme != "gruvbox"
    (tmp_path / "koza-settings.json").write_text("not json")
    broken = make_app(tmp_path, remember_theme=True)
    async with broken.run_test(size=SIZE):
        assert broken.theme != "gruvbox"  # a bad settings file is ignored


def test_every_text_key_used_in_the_app_exists() -> None:
    import re

    root = Path(strings.__file__).parent
    used = {
        (path.name, key)
        for path in root.rglob("*.py")
        for key in re.findall(r'\bt\(\s*"([a-z_]+\.[a-z_0-9.]+)"', path.read_text("utf-8"))
    }
    assert used, "the pattern should find the t() calls"
    assert sorted((name, key) for name, key in used if key not in strings.EN) == []


async def test_resume_by_mouse(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert await pilot.click("#menu", offset=(4, 2))  # the third row: Resume
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        assert await pilot.click("#saves", offset=(3, 1))  # the first game, under the header
        await pilot.pause()
        assert isinstance(app.screen, StubTable) and app.screen.session.path == path


def test_the_shipped_rules_are_the_rule_book() -> None:
    from koza.rulebook import is_current, rule_book

    assert rules_text() == rule_book() and is_current()
    root = ROOT
    books = [*(root / "koza").rglob("*.md"), *(root / "docs").glob("RULES*")]
    assert sorted(p.relative_to(root).as_posix() for p in books) == [
        f"koza/rulebook/RULES.{lang}.md" for lang in ("en", "ka", "ru")
    ]  # one book, in each language


async def test_the_app_collects_less_often_once_its_first_screen_is_drawn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As a server does: what is loaded is frozen and cycles are collected less often,
    after the first screen is drawn so that the start is not slower for it."""
    from koza.tui import app as app_module

    called: list[object] = []
    monkeypatch.setattr(app_module, "collect_less_often", lambda: called.append(app.screen))
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: bool(called), "the collector set")
        assert len(called) == 1 and isinstance(called[0], MenuScreen)
