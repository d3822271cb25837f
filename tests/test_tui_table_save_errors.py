"""A save that cannot be written (a full disk) stops the game with a message, never a traceback."""

from __future__ import annotations

from pathlib import Path

from test_tui_table_support import FakeSession, TableApp, settle, table
from textual.app import App
from textual.screen import Screen

from koza.core.events import Event
from koza.core.savefile import SaveError
from koza.tui.dialogs import RoundOverScreen
from koza.tui.watch_screen import WatchScreen, create_session


class Host(App[None]):
    def __init__(self, screen: Screen[None]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


def disk_full(event: Event) -> None:
    raise SaveError("/saves/game.koza.jsonl: could not save (No space left on device)")


def status(app: App[None]) -> str:
    screen = table(app)
    assert screen is not None
    return str(screen.query_one("#status").render())


async def test_a_human_move_that_cannot_be_saved_is_not_played_and_says_why() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None and screen.my_turn()
        before = session.game.state
        session.game._sink = disk_full  # type: ignore[attr-defined]
        await pilot.press("enter")  # the round opens with the selected tile
        await settle(pilot)
        assert app.is_running
        assert session.game.state == before
        assert "No space left" in status(app) and "Not allowed" not in status(app)
        session.game._sink = session.saved.append  # type: ignore[attr-defined]
        await pilot.press("enter")  # space was freed: the same key plays now
        await settle(pilot)
        assert session.game.state.seq > before.seq


async def test_a_bot_move_that_cannot_be_saved_pauses_the_bots_with_a_message() -> None:
    session = FakeSession(["bot:Ann", "bot:Bob"], seed=7)
    session.game._sink = disk_full  # type: ignore[attr-defined]
    app = TableApp(session, watch=True, face_up=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        assert app.is_running
        assert screen.runner.paused and screen.runner.thinking < 0
        assert "No space left" in status(app) and "Not allowed" not in status(app)


async def test_a_deal_that_cannot_be_saved_keeps_the_round_over() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    game = session.game
    while game.state.phase == "playing":  # play the round out off screen
        game.play(game.legal_moves()[0])
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, RoundOverScreen)
        game._sink = disk_full  # type: ignore[attr-defined]
        await pilot.press("enter")
        await settle(pilot)
        assert app.is_running
        assert game.state.phase == "round_over"
        assert "No space left" in status(app)


async def test_watching_pauses_when_the_next_deal_cannot_be_saved(tmp_path: Path) -> None:
    session = create_session(["random", "greedy"], seed=5, save_dir=tmp_path)
    game = session.game
    while game.state.phase == "playing":
        game.play(game.legal_moves()[0])
    game._sink = disk_full  # type: ignore[attr-defined]
    screen = WatchScreen(session, delay=0.0)
    app = Host(screen)
    async with app.run_test(size=(100, 30)) as pilot:
        for _ in range(200):
            if screen.runner.paused:
                break
            await pilot.pause(0.01)
        assert app.is_running and screen.runner.paused
        assert game.state.phase == "round_over"
        assert "No space left" in status(app)


async def test_in_a_game_space_retries_a_bot_move_that_could_not_be_saved() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None and screen.my_turn()

        def full_for_bob(event: Event) -> None:
            if getattr(event, "seat", 0) == 1:
                disk_full(event)
            session.saved.append(event)

        session.game._sink = full_for_bob  # type: ignore[attr-defined]
        await pilot.press("enter")  # Ann opens; Bob's move then fails to save
        await settle(pilot)
        assert screen.runner.paused and session.game.state.turn == 1
        assert "No space left" in status(app)
        session.game._sink = session.saved.append  # type: ignore[attr-defined]
        await pilot.press("space")
        await settle(pilot)
        assert session.game.state.turn == 0 and not screen.runner.paused
