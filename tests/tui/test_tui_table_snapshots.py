"""Snapshots of the table and the round-over dialog on seeded games."""

from __future__ import annotations

from typing import Any

from support.table import (
    FakeSession,
    TableApp,
    human_move_by_keys,
    keyed_choice,
    near_the_round_end,
    play_round,
    settle,
)
from textual.pilot import Pilot

from koza.core.commands import Command
from koza.core.view import seat_view
from koza.tui.table.scene import scene_from_view


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


def ann_by_keys(session: Any) -> Command:
    """The move ``human_move_by_keys`` makes for Ann (seat 0), chosen from her scene."""
    return keyed_choice(scene_from_view(seat_view(session.game.state, 0), bots=(False, True)))


def test_round_over_dialog(snap_compare: Any) -> None:
    # the round's early moves are made by code, Ann's as her keys would make them: the
    # keys play its last moves, and the table under the dialog is the same as at the end
    # of a round keyed from its first move
    session = FakeSession(["Ann", "bot:Bob"], seed=7)
    near_the_round_end(session, 2, person=ann_by_keys)
    assert session.game.state.phase == "playing"
    keyed_from = len(session.saved)
    app = TableApp(session, tile_style="digits")

    async def run_before(pilot: Pilot[None]) -> None:
        await play_round(pilot, app, human_move_by_keys)
        await settle(pilot)
        assert any(getattr(e, "seat", -1) == 0 for e in session.saved[keyed_from:])

    assert snap_compare(app, terminal_size=(80, 24), run_before=run_before)


def test_face_up_table_in_pips(snap_compare: Any) -> None:
    session = FakeSession(["bot:Ann", "bot:Bob", "bot:Cid"], seed=5)
    app = TableApp(session, tile_style="pips", face_up=True, watch=True, paused=True)

    async def run_before(pilot: Pilot[None]) -> None:
        for _ in range(7):  # step the paused bots one move at a time
            await pilot.press("full_stop")
            await settle(pilot)

    assert snap_compare(app, terminal_size=(100, 30), run_before=run_before)
