"""Nothing cut: every footer key and button label is drawn whole, in en, ru and ka (issue 23).

The start menu, the new-game form, the table and watching bots are drawn at 80x24 and
200x50; the footer may close up its keys or leave out the palette's label, never a key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support.waiting import until
from textual.app import App
from textual.widgets import Button, Select, Static

from koza.core.events import SeatInfo
from koza.session import Session
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.table.screen import TableScreen
from koza.tui.watch_screen import open_watch


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def lines(app: App[Any]) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def cut_keys(app: App[Any]) -> list[str]:
    """The shown keys whose label is not whole on the footer line (one per action)."""
    footer, missing, actions = lines(app)[-1], [], set()
    for key, (_, binding, _, _) in app.screen.active_bindings.items():
        if not binding.show or key == app.COMMAND_PALETTE_BINDING or binding.action in actions:
            continue
        actions.add(binding.action)
        words = binding.group.description if binding.group is not None else binding.description
        if words not in footer:
            missing.append(f"{app.get_key_display(binding)} {words}")
    return missing


def cut_buttons(app: App[Any]) -> list[str]:
    """Button labels and the values lists show that are not drawn whole."""
    text = "\n".join(lines(app))
    shown = [b for b in app.screen.query(Button) if b.display and b.region.width]
    labels = [str(b.label) for b in shown]
    for select in app.screen.query(Select):
        if select.region.width and select.display:
            labels.append(str(select.query_one("SelectCurrent #label", Static).render()))
    return [label for label in labels if label not in text]


async def whole_everywhere(app: KozaApp, pilot: Any, lang: str) -> dict[str, list[str]]:
    await app.set_language(lang)
    cut: dict[str, list[str]] = {}

    async def look(name: str) -> None:
        await pilot.pause()
        await pilot.pause()
        cut[name] = cut_keys(app) + cut_buttons(app)

    await look("menu")
    await pilot.press("n")
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
    await look("new game")
    await pilot.press("ctrl+s")
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
    await look("table")
    app.pop_screen()
    await pilot.pause()
    open_watch(app, ["random", "random"])
    await until(pilot, lambda: isinstance(app.screen, TableScreen), "watching")
    await look("watch")
    return cut


@pytest.mark.parametrize("lang", ["en", "ru", "ka"])
@pytest.mark.parametrize("size", [(80, 24), (200, 50)])
async def test_no_key_or_button_is_cut(lang: str, size: tuple[int, int], tmp_path: Path) -> None:
    seats = [SeatInfo(name="Nino"), SeatInfo(name="Gia", kind="bot", bot="random")]
    Session.create(seats, seed=3, save_dir=tmp_path).close()
    app = KozaApp(tmp_path)
    async with app.run_test(size=size) as pilot:
        cut = await whole_everywhere(app, pilot, lang)
    assert not any(cut.values()), cut
