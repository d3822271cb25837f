"""The watch screen: bots play on the table, saved, with pause, step and speed keys."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from support.waiting import until
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from koza.core.events import MOVE_EVENTS
from koza.core.state import replay
from koza.play.driver import finish_game, step
from koza.play.session import Session
from koza.storage.savefile import load
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.board import Board
from koza.tui.watch.screen import WatchScreen, create_session, watch_seats

SEATS = ["random", "greedy", "random", "greedy"]


class Harness(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        share_parsed_css(self)
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


async def wait_for(pilot: Pilot[None], done: Callable[[], bool]) -> None:
    """Let the app run until ``done()`` is true (only a hang fails)."""
    await until(pilot, done, "the watch to get there")


def screen_text(app: App[None]) -> str:
    return "".join(strip.text for strip in app.screen._compositor.render_strips())


def test_watch_seats_are_named_bots() -> None:
    seats = watch_seats(["random", "greedy", "random"])
    assert [s.name for s in seats] == ["Random 1", "Greedy", "Random 3"]
    assert all(s.kind == "bot" for s in seats)
    assert len(watch_seats()) == 4
    with pytest.raises(ValueError):
        watch_seats(["random"])
    with pytest.raises(ValueError):
        watch_seats(["random", "nobody"])


async def test_a_seeded_four_bot_game_to_the_end_is_saved(tmp_path: Path) -> None:
    with create_session(SEATS, seed=11, save_dir=tmp_path / "probe") as probe:
        finish_game(probe)
        rounds = probe.game.state.round_no
    session = create_session(SEATS, seed=11, save_dir=tmp_path)
    path = session.path
    finish_game(session, max_rounds=rounds - 2)  # the screen watches the last two rounds
    step(session)  # deal the next round
    dealt_before = session.game.state.round_no
    screen = WatchScreen(session, delay=0.0)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: session.game.state.phase == "game_over")
        await pilot.pause()
        assert "game over" in screen_text(app)
        assert len(session.game.state.records) >= 2  # rounds went on without a dialog
        assert session.game.state.round_no > dealt_before  # one of them dealt by the screen
        events = session.game.events
    loaded = load(path)  # the save loader accepts it
    assert loaded.state.phase == "game_over"
    assert [e.seq for e in loaded.events] == [e.seq for e in events]
    assert replay(loaded.events).goats == session.game.state.goats
    assert session.closed  # the screen let go of the save
    again = create_session(SEATS, seed=11, save_dir=tmp_path)  # same seed, same game
    with again:
        finish_game(again)
        assert [e.model_dump(exclude={"at"}) for e in again.game.events[1:]] == [
            e.model_dump(exclude={"at"}) for e in loaded.events[1:]
        ]


async def test_pause_step_and_speed_keys(tmp_path: Path) -> None:
    session = create_session(SEATS, seed=3, save_dir=tmp_path)
    screen = WatchScreen(session, delay=0.1)  # short: the waits below are a few delays long
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")  # pause
        assert screen.runner.paused
        await wait_for(pilot, lambda: screen.runner.thinking < 0)
        await pilot.pause(0.3)  # nothing moves while paused (three delays)
        moves = len(session.game.events)
        await pilot.pause(0.3)
        assert len(session.game.events) == moves
        await pilot.press("full_stop")  # one step
        await wait_for(pilot, lambda: len(session.game.events) > moves)
        await wait_for(pilot, lambda: screen.runner.thinking < 0)
        await pilot.pause(0.1)
        new = session.game.events[moves:]
        assert isinstance(new[0], MOVE_EVENTS)
        assert all(not isinstance(e, MOVE_EVENTS) for e in new[1:])  # one move only
        delay = screen.runner.delay
        await pilot.press("plus")
        assert screen.runner.delay < delay
        await pilot.press("minus", "minus")
        assert screen.runner.delay > delay
        assert f"delay {screen.runner.delay:.2f} s" in screen_text(app)
        assert "paused" in screen_text(app)
        await pilot.press("space")  # resume
        assert not screen.runner.paused
        await wait_for(pilot, lambda: len(session.game.events) > moves + 3)


async def test_face_down_hides_the_hands(tmp_path: Path) -> None:
    session = create_session(SEATS, seed=4, save_dir=tmp_path)
    screen = WatchScreen(session, delay=3.0)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await pilot.pause()
        board = app.screen.query_one(Board)
        state = session.game.state
        every_hand = {x for s in range(4) for x in range(28) if state.hand(s) >> x & 1}
        assert every_hand <= board.shown_tiles
        await pilot.press("f")
        await pilot.pause()
        assert not screen.face_up
        assert len(every_hand & board.shown_tiles) <= 5  # at most one seat's hand


async def test_skip_round_then_the_next_deal(tmp_path: Path) -> None:
    session = create_session(SEATS, seed=5, save_dir=tmp_path)
    screen = WatchScreen(session, delay=2.0)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")  # paused: skipping still plays the round out
        await pilot.press("e")
        await wait_for(pilot, lambda: session.game.state.phase != "playing")
        assert session.game.state.round_no == 1 and len(session.game.state.records) == 1
        assert screen.runner.delay == 2.0 and screen.runner.paused  # as before the skip
        await pilot.press("full_stop")  # the step key deals the next round
        await wait_for(pilot, lambda: session.game.state.round_no == 2)
        assert session.game.state.phase == "playing"


async def test_next_game_starts_a_new_saved_game(tmp_path: Path) -> None:
    session = create_session(SEATS, seed=6, save_dir=tmp_path)
    screen = WatchScreen(session, delay=2.0, seed=6)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("e", "n")  # even in the middle of skipping a round
        await pilot.pause()
        second = app.screen
        assert isinstance(second, WatchScreen) and second is not screen
        assert second.saved.path != session.path and second.saved.path.parent == tmp_path
        assert second.saved.game.state.seed == 7
        assert second.runner.delay == 2.0 and not second.skipping
        assert session.closed
        with Session.open(session.path):  # the first save is unlocked and valid
            pass
        await pilot.press("escape")
        await pilot.pause()
        assert second.saved.closed


async def test_the_status_keys_are_clickable(tmp_path: Path) -> None:
    session = create_session(SEATS, seed=8, save_dir=tmp_path)
    screen = WatchScreen(session, delay=2.0)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("space")
        await pilot.pause()
        status = app.screen.query_one("#watch-status")
        text = "".join(s.text for s in status.render_lines(status.region.reset_offset))
        x = text.index("e End round")
        await pilot.click("#watch-status", offset=(x + 2, 0))
        await wait_for(pilot, lambda: session.game.state.phase != "playing")
        assert session.game.state.round_no == 1
