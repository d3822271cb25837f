"""The start menu and the new-game screen, driven with keys and the mouse."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from support.waiting import screen_text, until
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Input, Select, Static

from koza.core.events import SeatInfo
from koza.storage.savefile import SUFFIX
from koza.tui.app import KozaApp
from koza.tui.screens.menu import MenuScreen
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.screens.saves import SavesScreen
from koza.tui.services import Services
from koza.tui.widgets.rules_screen import RulesScreen

SIZE = (80, 24)


class StubTable(Screen[None]):
    """Stands in for the table so these tests only exercise the shell."""

    def __init__(self, session: Any) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        yield Static(f"table of {self.session.path.name}")


def make_app(save_dir: Path) -> KozaApp:
    return KozaApp(save_dir, services=Services(table=StubTable))


def saves_in(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"*{SUFFIX}"))


def error_text(screen: Screen[Any]) -> str:
    return str(screen.query_one("#new-error", Static).render())


async def test_menu_letter_keys_open_each_screen(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, MenuScreen)
        for key, screen_type in (("n", NewGameScreen), ("r", SavesScreen), ("h", RulesScreen)):
            await pilot.press(key)
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)
        await pilot.press("p")
        assert isinstance(app.screen, SavesScreen) and app.screen.mode == "replay"
        await pilot.press("escape", "q")
    assert app.return_code == 0


async def test_menu_arrow_keys_and_enter(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("down", "down", "enter")  # the third entry: Resume
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("escape", "up", "enter")  # back up to New game
        assert isinstance(app.screen, NewGameScreen)


async def test_menu_mouse_click_opens_new_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert await pilot.click("#menu", offset=(4, 1))  # the second row: New game
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert await pilot.click("#back")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_enter_alone_starts_you_against_one_bot(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")
        await pilot.pause()
        table = app.screen
        assert isinstance(table, StubTable)
        seats = table.session.game.state.seats
        assert [(s.kind, s.name) for s in seats] == [("human", "You"), ("bot", "Bot 1")]
        assert seats[1].bot
        assert [type(s) for s in app.screen_stack[1:]] == [MenuScreen, StubTable]
        assert saves_in(tmp_path) == [table.session.path]
        assert table.session.path.stat().st_size > 0


async def test_start_button_by_mouse_with_three_seats_and_a_seed(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        screen.query_one("#players", Select).value = 3
        screen.query_one("#seed", Input).value = "42"
        screen.query_one("#rule-target", Input).value = "51"
        await pilot.pause()
        assert await pilot.click("#start")
        await pilot.pause()
        assert isinstance(app.screen, StubTable)
        state = app.screen.session.game.state
        assert len(state.seats) == 3 and state.seed == 42 and state.rules.target == 51


async def test_bad_option_value_shows_the_one_line_error(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        target = screen.query_one("#rule-target", Input)
        target.value = ""
        target.focus()
        await pilot.press("a", "b", "c", "enter")
        assert isinstance(app.screen, NewGameScreen)
        text = error_text(screen)
        assert "Goat at" in text and "'abc'" in text and "\n" not in text  # by its title
        assert saves_in(tmp_path) == []
        target.value = "101"
        await pilot.pause()
        assert error_text(screen) == ""


async def test_pairs_need_four_players(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        screen.query_one("#rule-teams", Select).value = "pairs"
        await pilot.pause()
        assert "4 players" in error_text(screen)
        await pilot.press("ctrl+s")
        assert isinstance(app.screen, NewGameScreen)
        screen.query_one("#players", Select).value = 4
        await pilot.pause()
        assert error_text(screen) == ""


async def test_empty_name_and_bad_seed_are_refused(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        screen = app.screen
        screen.query_one("#name-0", Input).value = "  "
        await pilot.press("ctrl+s")
        assert "seat 0" in error_text(screen)
        screen.query_one("#name-0", Input).value = "Ann"
        screen.query_one("#seed", Input).value = "x1"
        await pilot.press("ctrl+s")
        assert "seed" in error_text(screen)
        assert isinstance(app.screen, NewGameScreen) and saves_in(tmp_path) == []


def test_new_game_screen_snapshot(snap_compare: Any, tmp_path: Path) -> None:
    def open_new_game(app: KozaApp) -> None:
        levels = {"random": "Beginner: any legal move.", "greedy": "Casual: heaviest tile first."}
        app.push_screen(NewGameScreen(tuple(levels), levels))

    app = KozaApp(tmp_path, services=Services(table=StubTable), on_start=open_new_game)
    assert snap_compare(app, terminal_size=SIZE)


async def test_enter_typed_twice_starts_one_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        name = app.screen.query_one("#name-0", Input)
        for _ in range(2):  # both queued before the first is handled, as fast typing does
            name.post_message(Input.Submitted(name, name.value))
        await pilot.pause()
        assert len(saves_in(tmp_path)) == 1
        assert [type(s) for s in app.screen_stack[1:]] == [MenuScreen, StubTable]


async def test_menu_names_the_latest_unfinished_game(tmp_path: Path) -> None:
    from koza.play.session import Session

    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob")]
    Session.create(seats, seed=3, save_dir=tmp_path).close()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await app.workers.wait_for_complete()
        await pilot.pause()
        line = str(app.screen.query_one("#menu-last", Static).render())
        assert "Ann, Bob" in line and "round 1" in line


async def test_a_resumed_table_leaves_to_a_menu_built_only_then(tmp_path: Path) -> None:
    class Resumed:
        path = tmp_path / f"resumed{SUFFIX}"

        def close(self) -> None: ...

    fresh = make_app(tmp_path)
    async with fresh.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: fresh.screen.query("FooterKey"), "the menu's footer keys")
        expected = screen_text(fresh)
    app = KozaApp(tmp_path, services=Services(table=StubTable), session=Resumed())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StubTable)
        menu = app.screen_stack[-2]
        assert isinstance(menu, MenuScreen) and not menu.children  # nothing built under the table
        app.pop_screen()
        await pilot.pause()
        assert app.screen is menu and app.focused is menu.query_one("#menu")
        await until(pilot, lambda: menu.query("FooterKey"), "the menu's footer keys")
        assert screen_text(app) == expected  # its list, hint and footer keys, as at a fresh start
        await pilot.press("n")
        assert isinstance(app.screen, NewGameScreen)
