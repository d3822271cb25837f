"""The replay screen: a golden save stepped with keys and the mouse."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import DATA, GOLDEN
from textual.app import App
from textual.screen import Screen

from koza.core.events import Event, SeatInfo
from koza.core.state import replay
from koza.core.tiles import tiles_of
from koza.core.view import seat_view
from koza.play.driver import step
from koza.play.session import Session
from koza.storage.savefile import SaveError, load
from koza.tui.replay.screen import ReplayScreen
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.board import Board
from koza.tui.table.scene import scene_from_state, scene_from_view


class Harness(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        share_parsed_css(self)
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


def screen_text(app: App[None]) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def squeeze(text: str) -> str:
    """Text without any white space (the table wraps lines as it likes)."""
    return "".join(text.split())


def check_rendered(app: App[None], screen: ReplayScreen, events: list, index: int) -> None:
    """What the table shows at ``index`` is the state rebuilt from the events."""
    direct = replay(events[: index + 1])
    assert screen.cursor.index == index
    board = app.screen.query_one(Board)
    expected = scene_from_state(direct, me=0)
    assert board.scene == expected
    assert board.shown_tiles == expected.shown_tiles
    text = squeeze(screen_text(app))
    p = screen.cursor.position()
    assert (p.index, p.round_no) == (index, direct.round_no)
    if direct.round_no:
        assert squeeze(f"round {direct.round_no}, move {p.move} of {p.moves}") in text
    assert squeeze(f"event {index + 1} of {len(events)}") in text


async def test_golden_forward_to_end_and_back_to_start(golden_events: list[Event]) -> None:
    events = golden_events
    screen = ReplayScreen(events)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        check_rendered(app, screen, events, 0)
        checks = sorted({5, 17, 40, 77, len(events) // 2, len(events) - 2})
        # unchecked steps run the key's action directly (no frame drawn for each);
        # every checked step is a real key press, drawn and compared in full
        for i in checks:
            while screen.cursor.index < i - 1:
                screen.action_forward()
            await pilot.press("right")
            await pilot.pause()
            check_rendered(app, screen, events, i)
        await pilot.press("right")  # the last event
        await pilot.pause()
        check_rendered(app, screen, events, len(events) - 1)
        await pilot.press("right")  # nothing past the end
        await pilot.pause()
        check_rendered(app, screen, events, len(events) - 1)
        assert screen.state.phase == "game_over"
        stops = [i for i in screen.cursor.turn_ends if i < len(events) - 1]
        later = [len(events) - 1, *reversed(stops)]  # where each step back starts
        for n, i in enumerate(reversed(stops)):  # back a turn at a time, every 7th keyed
            if n % 7 == 0:
                screen.cursor.goto(later[n])
                await pilot.press("[")
                await pilot.pause()
                check_rendered(app, screen, events, i)
        screen.cursor.goto(stops[0])
        await pilot.press("[")
        await pilot.pause()
        check_rendered(app, screen, events, 0)
        assert screen.cursor.index == 0


async def test_turn_round_and_jump_keys(golden_events: list[Event]) -> None:
    events = golden_events
    screen = ReplayScreen(events)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n")
        assert screen.cursor.index == screen.cursor.round_starts[0]
        await pilot.press("n", "n")
        assert screen.state.round_no == 3 and not screen.state.chain
        await pilot.press("p")
        assert screen.state.round_no == 2
        start = screen.cursor.index
        await pilot.press("]")
        assert screen.cursor.index in screen.cursor.turn_ends and screen.cursor.index > start
        await pilot.press("[")
        assert screen.cursor.index == start
        await pilot.press("end")
        assert screen.cursor.position().at_end
        await pilot.press("home")
        assert screen.cursor.index == 0


async def test_buttons_drive_the_cursor_with_the_mouse(golden_events: list[Event]) -> None:
    events = golden_events
    screen = ReplayScreen(events)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.click("#replay-next_round")
        await pilot.click("#replay-forward")
        await pilot.pause()
        assert screen.cursor.index == screen.cursor.round_starts[0] + 1
        await pilot.click("#replay-to_end")
        await pilot.pause()
        assert screen.cursor.position().at_end
        await pilot.click("#replay-prev_turn")
        await pilot.pause()
        assert not screen.cursor.position().at_end


async def test_seat_view_hides_the_other_hands(golden_events: list[Event]) -> None:
    events = golden_events
    screen = ReplayScreen(events)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("n", "right", "right")
        await pilot.pause()
        state = screen.state
        board = app.screen.query_one(Board)
        assert board.shown_tiles == scene_from_state(state).shown_tiles  # face up
        await pilot.press("v")  # seat 0's view
        await pilot.pause()
        assert screen.view_seat == 0
        mine = set(tiles_of(state.hand(0))) | {p.tile for p in state.chain}
        assert board.shown_tiles == mine
        assert board.scene == scene_from_view(seat_view(state, 0), bots=(True,) * 3)
        assert squeeze(f"what {state.seats[0].name} knew") in squeeze(screen_text(app))
        await pilot.press("v", "v", "v")  # seats 1, 2, then face up again
        assert screen.view_seat is None


async def test_autoplay_runs_to_the_end_and_speed_keys(golden_events: list[Event]) -> None:
    events = golden_events
    # steps of 0.75 s or more: a loaded machine looks at the cursor before a second step
    screen = ReplayScreen(events, delay=1.0)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("minus")
        assert screen.delay > 1.0
        await pilot.press("plus", "plus")
        assert screen.delay < 1.0
        await pilot.press("space")
        assert screen.autoplaying and screen.cursor.index <= 1
        shown = squeeze(screen_text(app))
        assert f"auto-play,{screen.delay:.2f}s" in shown and "auto-playoff" not in shown
        await pilot.press("space")
        assert not screen.autoplaying
        await pilot.press("plus", "plus", "plus", "plus", "plus", "plus", "plus", "plus")
        assert screen.delay == 0.0
        # auto-play takes the same step each tick: the last round (its moves, its end and
        # the game's) shows it running to the end without drawing the 150 events before
        screen.cursor.goto(screen.cursor.round_starts[-1])
        assert screen.cursor.last - screen.cursor.index > 10
        await pilot.press("space")
        while screen.autoplaying:
            await pilot.pause(0.05)
        assert screen.cursor.position().at_end
        await pilot.press("minus", "minus", "minus", "minus", "minus", "minus")  # 0.75 s
        await pilot.press("space")  # from the end it starts again
        assert screen.autoplaying and screen.cursor.index <= 1
        await pilot.click("#replay-autoplay")  # and the button stops it
        await pilot.pause()
        assert not screen.autoplaying


def unfinished_save(folder: Path) -> Path:
    seats = [SeatInfo(name="Ivan"), SeatInfo(name="Bot", kind="bot", bot="random")]
    with Session.create(seats, seed=7, save_dir=folder) as session:
        session.play(session.game.legal_moves()[0])
        while session.game.turn == 1:
            step(session)
        return session.path


async def test_continue_an_unfinished_game_from_its_end(tmp_path: Path) -> None:
    path = unfinished_save(tmp_path)
    continued: list[Path] = []
    screen = ReplayScreen(load(path).events, path=path, on_continue=continued.append)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        assert continued == [path]
        assert squeeze("unfinished: c plays on") in squeeze(screen_text(app))


async def test_a_finished_game_cannot_be_continued(golden_events: list[Event]) -> None:
    continued: list[Path] = []
    screen = ReplayScreen(golden_events, path=GOLDEN, on_continue=continued.append)
    app = Harness(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert continued == []
        assert not app.screen.query("#replay-continue_game")


@pytest.mark.parametrize("save", sorted(DATA.glob("*.koza.jsonl")), ids=lambda p: p.name)
async def test_every_golden_save_replays_to_its_loaded_state(save: Path) -> None:
    try:
        loaded = load(save)
    except SaveError:
        pytest.skip("a save made to be refused")
    screen = ReplayScreen(loaded.events)
    app = Harness(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("end")
        await pilot.pause()
        assert app.screen.query_one(Board).scene == scene_from_state(loaded.state, me=0)
        await pilot.press("p", "v")  # back to the last deal, in seat 0's view
        await pilot.pause()
        assert screen.cursor.index == screen.cursor.round_starts[-1]
        assert screen.state.round_no == loaded.state.round_no
        assert app.screen.query_one(Board).shown_tiles == set(tiles_of(screen.state.hand(0)))
        await pilot.press("home")
        assert screen.state.phase == "new"
