"""Replaying an unfinished game keeps its hands face down until the player confirms."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.screen import Screen

from koza.core.events import SeatInfo
from koza.core.tiles import tiles_of
from koza.play.session import Session
from koza.storage.savefile import load
from koza.tui.replay.screen import ReplayScreen
from koza.tui.shared_stylesheet import share_parsed_css
from koza.tui.table.board import Board
from koza.tui.widgets.reveal_dialog import RevealScreen

SIZE = (100, 30)


class Harness(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        share_parsed_css(self)
        self._first = screen

    def on_mount(self) -> None:
        self.push_screen(self._first)


def unfinished(folder: Path, seats: list[SeatInfo]) -> Path:
    with Session.create(seats, seed=12, save_dir=folder, sync=False) as s:
        for _ in range(3):
            s.play(s.game.legal_moves()[0])
        return s.path


HOT_SEAT = [SeatInfo(name="Ann"), SeatInfo(name="Bob"), SeatInfo(name="Cid", kind="bot")]


def shown(app: App[None]) -> set[int]:
    return app.screen.query_one(Board).shown_tiles


async def test_an_unfinished_hot_seat_game_opens_face_down(tmp_path: Path) -> None:
    events = load(unfinished(tmp_path, HOT_SEAT)).events
    screen = ReplayScreen(events)
    app = Harness(screen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        await pilot.pause()
        state = screen.state
        chain = {p.tile for p in state.chain}
        assert screen.view_seat == 0 and not screen.revealed
        assert shown(app) == set(tiles_of(state.hand(0))) | chain
        await pilot.press("v", "v")  # Bob's view, then Cid's
        assert screen.view_seat == 2
        await pilot.press("v")  # face up would come next: ask first
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        await pilot.press("n")
        await pilot.pause()
        assert screen.view_seat == 0 and not screen.revealed
        assert shown(app) == set(tiles_of(state.hand(0))) | chain
        await pilot.press("v", "v", "v")
        await pilot.pause()
        assert isinstance(app.screen, RevealScreen)
        await pilot.press("y")
        await pilot.pause()
        assert screen.view_seat is None and screen.revealed
        every = set().union(*(tiles_of(state.hand(s)) for s in range(3)))
        assert every | chain <= shown(app)


async def test_an_unfinished_bots_only_game_opens_face_up(tmp_path: Path) -> None:
    bots = [SeatInfo(name=f"B{i}", kind="bot", bot="random") for i in range(3)]
    screen = ReplayScreen(load(unfinished(tmp_path, bots)).events)
    app = Harness(screen)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("end")
        await pilot.pause()
        assert screen.view_seat is None and screen.revealed
        await pilot.press("v", "v", "v", "v")  # round the seats and back, no question
        await pilot.pause()
        assert screen.view_seat is None and not isinstance(app.screen, RevealScreen)
