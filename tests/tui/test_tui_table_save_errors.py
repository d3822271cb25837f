"""A save that cannot be written (a full disk) ends the table with a message, never a traceback.

The file keeps every event up to the refused one; resuming it goes on from there.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.table import FakeSession, Host, TableApp, settle, table
from support.waiting import until
from textual.app import App

from koza.core.events import Event, RoundScored, SeatInfo
from koza.play.session import Session
from koza.storage.savefile import SaveError, load
from koza.tui.app import KozaApp
from koza.tui.screens.message import MessageScreen
from koza.tui.table.screen import TableScreen
from koza.tui.watch.screen import WatchScreen, create_session

FULL = "/saves/game.koza.jsonl: could not save (No space left on device)"


def disk_full(event: Event) -> None:
    raise SaveError(FULL)


async def wait_until_left(pilot, app: App[None]) -> None:  # type: ignore[no-untyped-def]
    await until(pilot, lambda: not any(isinstance(s, TableScreen) for s in app.screen_stack), "")
    await pilot.pause()  # the message is on its way
    await pilot.pause()


def said(app: App[None]) -> bool:
    if isinstance(app.screen, MessageScreen):
        return "No space left" in app.screen.text
    return any("No space left" in n.message for n in app._notifications)


async def test_a_human_move_that_cannot_be_saved_leaves_the_table_with_a_message() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None and screen.my_turn()
        before = session.game.state
        session.game._sink = disk_full  # type: ignore[attr-defined]
        await pilot.press("enter")  # the round opens with the selected tile
        await wait_until_left(pilot, app)
        assert app.is_running and said(app)
        assert session.game.state == before


async def test_a_bot_move_that_cannot_be_saved_leaves_the_table_with_a_message() -> None:
    session = FakeSession(["bot:Ann", "bot:Bob"], seed=7)
    session.game._sink = disk_full  # type: ignore[attr-defined]
    app = TableApp(session, watch=True, face_up=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until_left(pilot, app)
        assert app.is_running and said(app)


async def test_a_deal_that_cannot_be_saved_leaves_the_table_between_rounds() -> None:
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    game = session.game
    while game.state.phase == "playing":  # play the round out off screen
        game.play(game.legal_moves()[0])
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game._sink = disk_full  # type: ignore[attr-defined]
        await pilot.press("enter")
        await wait_until_left(pilot, app)
        assert app.is_running and said(app)
        assert game.state.phase == "round_over"


async def test_watching_stops_with_a_message_when_the_next_deal_cannot_be_saved(
    tmp_path: Path,
) -> None:
    session = create_session(["random", "greedy"], seed=5, save_dir=tmp_path)
    game = session.game
    while game.state.phase == "playing":
        game.play(game.legal_moves()[0])
    game._sink = disk_full  # type: ignore[attr-defined]
    app = Host(WatchScreen(session, delay=0.0))
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_until_left(pilot, app)
        assert app.is_running and said(app)
        assert session.closed


async def test_a_score_refused_after_the_last_tile_is_written_on_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last tile is saved but the round's score is not: resuming scores the round."""
    monkeypatch.setenv("KOZA_BOT_DELAY", "0")
    seats = [SeatInfo(name="Ann", kind="bot", bot="random"), SeatInfo(name="Bob", kind="bot")]
    session = Session.create(seats, seed=7, save_dir=tmp_path, sync=False)
    writer = session.game._sink  # type: ignore[attr-defined]

    def no_room_for_scores(event: Event) -> None:
        if isinstance(event, RoundScored):
            disk_full(event)
        writer(event)

    session.game._sink = no_room_for_scores  # type: ignore[attr-defined]
    app = KozaApp(tmp_path, session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until_left(pilot, app)
        assert app.is_running and isinstance(app.screen, MessageScreen) and said(app)
    assert session.closed
    saved = load(session.path)
    assert saved.state.phase == "playing" and saved.state.round is not None
    assert saved.state.round.over  # the last tile is on disk, its score is not
    with Session.open(session.path, sync=False) as again:
        assert again.state.phase == "round_over"  # resuming scored it
