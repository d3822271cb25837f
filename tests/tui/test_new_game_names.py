"""A name that the screens would take for markup is refused on the form, not a crash later."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Static

from koza.storage.savefile import SUFFIX
from koza.tui.app import KozaApp
from koza.tui.screens.new_game import NewGameScreen


async def test_a_name_with_a_bracket_is_refused(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NewGameScreen)
        screen.query_one("#name-0", Input).value = "[/]"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, NewGameScreen)
        assert "[" in str(screen.query_one("#new-error", Static).render())
        assert list(tmp_path.glob(f"*{SUFFIX}")) == []
