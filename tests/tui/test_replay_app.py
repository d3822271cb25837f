"""Replay and watch inside the real app: from the start menu, and continuing a game."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from support.paths import GOLDEN
from support.waiting import until
from textual.widgets import Select, Static

from koza.core.events import SeatInfo
from koza.play.driver import step
from koza.play.session import Session
from koza.storage.savefile import load
from koza.tui.app import KozaApp
from koza.tui.replay.screen import ReplayScreen, open_replay
from koza.tui.table.screen import TableScreen
from koza.tui.watch.screen import DEFAULT_SEATS, NO_SEAT, WatchScreen, WatchSetupScreen


def unfinished_save(folder: Path) -> Path:
    """You against a bot, a few moves into round 1, you to move."""
    seats = [SeatInfo(name="Ivan"), SeatInfo(name="Bot", kind="bot", bot="random")]
    with Session.create(seats, seed=7, save_dir=folder) as session:
        for _ in range(3):
            while session.game.turn == 1:
                step(session)
            session.play(session.game.legal_moves()[0])
        while session.game.turn == 1:
            step(session)
        return session.path


async def test_continue_an_unfinished_game_from_its_replay(tmp_path: Path) -> None:
    path = unfinished_save(tmp_path)
    before = load(path).events
    app = KozaApp(tmp_path, on_start=lambda a: open_replay(a, path))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        replay_screen = app.screen
        assert isinstance(replay_screen, ReplayScreen)
        await pilot.press("n", "right")  # look around first: continuing starts from the end
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, TableScreen), "the table")
        table = app.screen
        assert isinstance(table, TableScreen)
        game = table.session.game
        assert game.state.seq == before[-1].seq  # exactly where the save ended
        assert game.turn == 0 and game.state.phase == "playing"
        await pilot.press("enter")  # play on as Ivan
        await pilot.pause()
        game = table.session.game
        await until(pilot, lambda: game.turn == 0 or game.state.phase != "playing", "Ivan's turn")
        assert len(table.session.game.events) > len(before)
    after = load(path).events  # the same file grew, nothing was rewritten
    assert len(after) > len(before)
    assert [e.model_dump() for e in after[: len(before)]] == [e.model_dump() for e in before]


async def test_replay_from_the_start_menu(tmp_path: Path) -> None:
    shutil.copy(GOLDEN, tmp_path / GOLDEN.name)
    app = KozaApp(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("p")  # the menu's Replay
        await pilot.pause()
        await pilot.press("enter")  # the one saved game
        await until(pilot, lambda: isinstance(app.screen, ReplayScreen), "the replay")
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert len(screen.cursor) == len(load(GOLDEN).events)
        await pilot.press("end")
        assert screen.state.phase == "game_over"
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)


async def test_a_broken_save_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.koza.jsonl"
    bad.write_text("not a save\n")
    app = KozaApp(tmp_path, on_start=lambda a: open_replay(a, bad))
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        shown = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert "cannot be opened" in shown
    assert bad.read_text() == "not a save\n"


async def test_watch_from_the_start_menu_is_saved(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w")  # the menu's Watch bots: the setup first
        await pilot.pause()
        assert isinstance(app.screen, WatchSetupScreen)
        await pilot.press("enter")  # Enter alone: the default four bots
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        await pilot.press("space")  # pause
        assert screen.runner.paused
        path = screen.saved.path
        assert path.parent == tmp_path
        await pilot.press("escape")
        await pilot.pause()
        assert screen.saved.closed
    assert load(path).state.n_players == 4


def test_launch_refuses_bad_seats_and_broken_saves(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from koza.cli import app as launch

    assert launch.watch(tmp_path, ["random"], None, None) == 1
    assert "2, 3 or 4" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # no save was made
    bad = tmp_path / "bad.koza.jsonl"
    bad.write_text("not a save\n")
    assert launch.replay(bad) == 1
    assert "bad.koza.jsonl" in capsys.readouterr().err


async def test_watch_setup_picks_the_bots_and_the_seed(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("w")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, WatchSetupScreen)
        assert setup.chosen() == list(DEFAULT_SEATS)
        setup.query_one("#watch-seat-1", Select).value = "random"
        setup.query_one("#watch-seat-3", Select).value = NO_SEAT
        await pilot.click("#watch-seed")
        await pilot.press("x", "enter")  # not a number: refused, the setup stays
        assert app.screen is setup
        await pilot.press("backspace", "4", "2")
        await pilot.click("#watch-start")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, WatchScreen)
        state = screen.saved.game.state
        assert [s.bot for s in state.seats] == [DEFAULT_SEATS[0], "random", DEFAULT_SEATS[2]]
        assert state.seed == 42
        await pilot.press("space", "escape")
        await pilot.pause()
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("escape")  # Back: nothing is created
        await pilot.pause()
    assert len(list(tmp_path.glob("*.koza.jsonl"))) == 1
