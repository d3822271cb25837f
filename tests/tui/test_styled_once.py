"""A koza screen shown for the first time skips Textual's restyle of all its widgets: that
restyle would change nothing, on a screen styled by the app's CSS (the menu, the form) or
by its own, loaded just then (the table, its dialogs, the replay)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from textual.screen import Screen

from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.play.session import Session
from koza.tui.app import KozaApp
from koza.tui.replay.screen import open_replay
from koza.tui.styled_once import StyledOnce
from koza.tui.widgets.dialogs import GameOverScreen, RoundOverScreen

SIZE = (80, 24)


def looks(screen: Screen[Any]) -> list[object]:
    """The style rules of the screen and every widget in it, and every cell it draws."""
    rules = [node.styles.get_rules() for node in screen.walk_children(with_self=True)]
    cells = [
        [(seg.text, seg.style) for seg in strip] for strip in screen._compositor.render_strips()
    ]
    return [rules, cells]


async def unchanged_by_a_restyle(pilot: Any, app: KozaApp) -> str:
    """The current screen looks the same after the restyle its first showing skipped."""
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, StyledOnce), type(screen).__name__
    before = looks(screen)
    app.update_styles(screen)  # what Textual does each time a screen is shown
    await pilot.pause()
    assert looks(screen) == before, type(screen).__name__
    return type(screen).__name__


def a_finished_game() -> Game:
    game = Game.new(["Ann", "Bob"], RuleSet(target=1, open_threshold=0), seed=3)
    rng = random.Random(3)
    while game.state.phase == "playing":
        game.play(rng.choice(game.legal_moves()))
    return game


async def test_a_screen_shown_first_looks_the_same_restyled(tmp_path: Path) -> None:
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Bob", kind="bot", bot="random")]
    session = Session.create(seats, seed=3, save_dir=tmp_path)
    seen = []
    app = KozaApp(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        seen.append(await unchanged_by_a_restyle(pilot, app))
        await pilot.press("n")
        seen.append(await unchanged_by_a_restyle(pilot, app))
        await pilot.press("escape")
        await app.open_table(session)
        seen.append(await unchanged_by_a_restyle(pilot, app))
        finished = a_finished_game().state
        for dialog in (RoundOverScreen(finished), GameOverScreen(finished)):
            app.push_screen(dialog)
            seen.append(await unchanged_by_a_restyle(pilot, app))
            app.pop_screen()
        app.pop_screen()
        open_replay(app, session.path)
        seen.append(await unchanged_by_a_restyle(pilot, app))
    session.close()
    assert seen == [
        "MenuScreen",
        "NewGameScreen",
        "TableScreen",
        "RoundOverScreen",
        "GameOverScreen",
        "ReplayScreen",
    ]
