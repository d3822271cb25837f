"""Nothing cut: every footer key and button label is drawn whole, in en, ru and ka (issue 23).

Every screen is drawn at 80x24 and at 200x50 (one walk a language, each screen looked at
in both sizes): the start menu, the new-game form, the table,
watching bots, the replay (and its review), the statistics, help, the rules, joining a
game, the room before it starts, the lessons and a lesson, and the match sheet; the
footer may close up its keys or leave out the palette's label, never a key.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from support.net import local_server
from support.waiting import until
from textual.app import App
from textual.widgets import Button, Select

from koza.core.events import SeatInfo
from koza.core.match import MatchPlan
from koza.core.rules import RuleSet
from koza.net.client import KozaClient
from koza.play.match_session import MatchSession
from koza.play.session import Session
from koza.tui.app import KozaApp
from koza.tui.language import speak
from koza.tui.learn.lesson_list import LessonListScreen
from koza.tui.learn.lesson_screen import LessonScreen
from koza.tui.match_flow import MatchSheetScreen
from koza.tui.remote.join import JoinScreen, WaitScreen
from koza.tui.replay.screen import ReplayScreen, open_replay
from koza.tui.screens.help import HelpScreen
from koza.tui.screens.menu import MenuScreen
from koza.tui.screens.new_game import NewGameScreen
from koza.tui.screens.stats import StatsScreen
from koza.tui.table.screen import TableScreen
from koza.tui.watch.screen import open_watch
from koza.tui.widgets.light_select import shown_label
from koza.tui.widgets.reveal_dialog import RevealScreen
from koza.tui.widgets.rules_screen import RulesScreen


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    speak("en")


def lines(app: App[Any]) -> list[str]:
    return [strip.text for strip in app.screen._compositor.render_strips()]


def cut_keys(app: App[Any]) -> list[str]:
    """The shown keys whose label is not whole on the footer line (one per action).

    Keys of a group shown together carry the group's words (``[ ] Play on an end``); a
    group's only key shown carries its own (``] Right end``), as Textual's footer draws."""
    footer, missing, shown = lines(app)[-1], [], {}
    for key, (_, binding, _, _) in app.screen.active_bindings.items():
        if binding.show and key != app.COMMAND_PALETTE_BINDING:
            shown.setdefault(binding.action, binding)
    together = Counter(b.group.description for b in shown.values() if b.group is not None)
    for binding in shown.values():
        grouped = binding.group is not None and together[binding.group.description] > 1
        words = binding.group.description if grouped else binding.description
        if words not in footer:
            missing.append(f"{app.get_key_display(binding)} {words}")
    return missing


def cut_buttons(app: App[Any]) -> list[str]:
    """Button labels and the values lists show that are not drawn whole (a button past
    the screen's right edge counts as cut, even when its words show elsewhere)."""
    text = "\n".join(lines(app))
    shown = [b for b in app.screen.query(Button) if b.display and b.region.width]
    labels = [str(b.label) for b in shown]
    beyond = [f"{b.label} (off the screen)" for b in shown if b.region.right > app.size.width]
    for select in app.screen.query(Select):
        if select.region.width and select.display:
            labels.append(shown_label(select))
    return beyond + [label for label in labels if label not in text]


def position_cut(app: App[Any]) -> list[str]:
    """The words of the replay's position lines that are not on the screen."""
    shown, replay = "\n".join(lines(app)), app.screen
    assert isinstance(replay, ReplayScreen)
    return [word for word in replay.position_text().split() if word not in shown]


SIZES = ((80, 24), (200, 50))
TRIES = 20
"""Looks at a screen before its cuts count: the footer is rebuilt after the screen's keys
change, a frame or more later on a loaded machine, and a look in between saw the new keys
missing from the old footer."""


async def cut_now(app: KozaApp, pilot: Any) -> list[str]:
    """What is cut on the screen once it has settled (what a person would see)."""
    for _ in range(TRIES):
        await pilot.pause()
        cut = cut_keys(app) + cut_buttons(app)
        if not cut:
            break
        await asyncio.sleep(0.05)
    return cut


async def whole_everywhere(
    app: KozaApp, pilot: Any, lang: str, saved: Path, client: KozaClient
) -> dict[str, list[str]]:
    await app.set_language(lang)
    cut: dict[str, list[str]] = {}

    async def look(name: str, position: str = "") -> None:
        """The screen's cuts at each size, and the replay's ``position`` lines if named
        (the size it is at first, then the other: the walk goes on at the last)."""
        here = (app.size.width, app.size.height)
        for width, height in sorted(SIZES, key=lambda size: size != here):  # here first
            if (width, height) != here:
                await pilot.resize_terminal(width, height)
            cut[f"{name} at {width}x{height}"] = await cut_now(app, pilot)
            if position:
                cut[f"{position} at {width}x{height}"] = position_cut(app)

    async def on(kind: type, name: str, position: str = "") -> None:
        await until(pilot, lambda: isinstance(app.screen, kind), name)
        await look(name, position)

    async def back_to_menu() -> None:
        while not isinstance(app.screen, MenuScreen):
            app.pop_screen()
            await pilot.pause()

    await look("menu")
    await pilot.press("n")
    await on(NewGameScreen, "new game")
    await pilot.press("ctrl+s")
    await on(TableScreen, "table")
    app.pop_screen()
    await pilot.pause()
    open_watch(app, ["random", "random"])
    await on(TableScreen, "watch")
    await back_to_menu()
    open_replay(app, saved)
    await on(ReplayScreen, "replay", "replay's position")
    await pilot.press("r")
    await on(RevealScreen, "reveal before the review")
    await pilot.press("y")
    await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay again")
    await look("review", "position, every hand shown")
    await back_to_menu()
    for key, kind, name in (
        ("t", StatsScreen, "statistics"),
        ("f1", HelpScreen, "help"),
        ("h", RulesScreen, "rules"),
        ("j", JoinScreen, "join"),
        ("l", LessonListScreen, "lessons"),
    ):
        await pilot.press(key)
        await on(kind, name)
        if kind is not LessonListScreen:
            await back_to_menu()
    await pilot.press("1")
    await on(LessonScreen, "a lesson")
    await back_to_menu()
    app.push_screen(WaitScreen(client))
    await until(pilot, lambda: client.room is not None, "the room")
    await on(WaitScreen, "the room before the game")
    await back_to_menu()
    seats = [SeatInfo(name=n, kind="bot", bot="random") for n in ("Ann", "Bob")]
    match = MatchSession.create(seats, RuleSet(target=20), MatchPlan.parse("2"), 3, saved.parent)
    app.push_screen(MatchSheetScreen(match))
    await on(MatchSheetScreen, "match sheet")
    return cut


@pytest.mark.parametrize("lang", ["en", "ru", "ka"])
async def test_no_key_or_button_is_cut(lang: str, tmp_path: Path) -> None:
    seats = [SeatInfo(name="Nino"), SeatInfo(name="Gia", kind="bot", bot="random")]
    with Session.create(seats, seed=3, save_dir=tmp_path) as session:
        saved = session.path
    async with local_server(tmp_path / "server") as (_, url):
        client = KozaClient(url)
        await client.connect()
        await client.create_room("Nino", players=2, humans=2)
        app = KozaApp(tmp_path)
        async with app.run_test(size=SIZES[0]) as pilot:
            cut = await whole_everywhere(app, pilot, lang, saved, client)
        await client.close()
    assert not any(cut.values()), {name: keys for name, keys in cut.items() if keys}
