"""Snapshots of the table and the round-over dialog on seeded games."""

from __future__ import annotations

from typing import Any

from support.table import FakeSession, TableApp, human_move_by_keys, play_round, settle
from textual.pilot import Pilot


def moves(n: int) -> Any:
    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(n):
            await settle(pilot)
            await human_move_by_keys(pilot, pilot.app)  # type: ignore[arg-type]
        await settle(pilot)

    return run_before


def test_table_after_a_few_moves(snap_compare: Any) -> None:
    app = TableApp(FakeSession(["Ann", "bot:Bob", "bot:Cid"], seed=3), tile_style="digits")
    assert snap_compare(app, terminal_size=(80, 24), run_before=moves(3))


def test_table_with_a_long_snake_in_pairs_mode(snap_compare: Any) -> None:
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid", "bot:Dan"], seed=11, teams="pairs")
    app = TableApp(session, tile_style="digits")
    assert snap_compare(app, terminal_size=(80, 24), run_before=moves(4))


def test_round_over_dialog(snap_compare: Any) -> None:
    app = TableApp(FakeSession(["Ann", "bot:Bob"], seed=7), tile_style="digits")

    async def run_before(pilot: Pilot[None]) -> None:
        await play_round(pilot, app, human_move_by_keys)
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_face_up_table_in_pips(snap_compare: Any) -> None:
    session = FakeSession(["bot:Ann", "bot:Bob", "bot:Cid"], seed=5)
    app = TableApp(session, tile_style="pips", face_up=True, watch=True, paused=True)

    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(7):  # step the paused bots one move at a time
            await pilot.press("full_stop")
            await settle(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)
