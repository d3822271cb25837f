"""While playing, no opponent tile and no bazaar tile is ever on the screen."""

from __future__ import annotations

from support.table import (
    FakeSession,
    TableApp,
    human_move_by_keys,
    move_by_code,
    screen_text,
    settle,
    table,
)

from koza.core.tiles import HALVES, IS_DOUBLE, tiles_of
from koza.tui.table.board import Board
from koza.tui.widgets.dialogs import HandOverScreen, RoundOverScreen


def hidden_tiles(session: FakeSession, me: int) -> set[int]:
    """The tiles ``me`` may not see: the other hands and the bazaar."""
    state = session.game.state
    r = state.round
    assert r is not None
    hidden = set(r.bazaar[r.bz :])
    for seat in range(state.n_players):
        if seat != me:
            hidden |= set(tiles_of(r.hands[seat]))
    return hidden


def check(app: TableApp, session: FakeSession) -> int:
    screen = table(app)
    assert screen is not None
    hidden = hidden_tiles(session, screen.me)
    board = screen.query_one(Board)
    assert not board.shown_tiles & hidden
    if screen.hidden:
        assert not board.shown_tiles - {p.tile for p in session.game.state.chain}
    text = screen_text(app)
    for tile in hidden:
        hi, lo = HALVES[tile]
        if not IS_DOUBLE[tile]:  # a plain tile is drawn "hi│lo" or "lo│hi" on one line
            assert f"{hi}│{lo}" not in text and f"{lo}│{hi}" not in text, tile
    return len(hidden)


async def test_hidden_tiles_never_reach_the_screen_in_a_whole_round() -> None:
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid", "bot:Dan"], seed=11)
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        checked = 0
        for _ in range(300):
            await settle(pilot)
            if isinstance(app.screen, RoundOverScreen):
                break
            checked += check(app, session)
            await human_move_by_keys(pilot, app)
        assert isinstance(app.screen, RoundOverScreen)
        assert checked > 0


async def test_hot_seat_shows_neither_hand_between_players() -> None:
    session = FakeSession(["Ann", "Cid", "bot:Bob"], seed=4)
    # the round's first 16 moves are played by code: the table opens mid-round, and
    # what is left still hands over from Ann to Cid, from Cid to Ann and across Bob
    for _ in range(16):
        move_by_code(session)
    app = TableApp(session)
    handed_over: list[int] = []
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(40):
            await settle(pilot)
            if isinstance(app.screen, RoundOverScreen):
                break
            if isinstance(app.screen, HandOverScreen):
                screen = table(app)
                assert screen is not None and screen.hidden
                state = session.game.state
                every_hand = set()
                for seat in range(state.n_players):
                    every_hand |= set(tiles_of(state.hand(seat)))
                assert not screen.query_one(Board).shown_tiles & every_hand
                handed_over.append(state.turn)
                await pilot.press("enter")
                continue
            check(app, session)
            await human_move_by_keys(pilot, app)
        assert isinstance(app.screen, RoundOverScreen)
        assert handed_over.count(0) >= 3 and handed_over.count(1) >= 3


async def test_face_up_shows_every_hand() -> None:
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid"], seed=2)
    app = TableApp(session, face_up=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        state = session.game.state
        board = screen.query_one(Board)
        for seat in range(state.n_players):
            assert set(tiles_of(state.hand(seat))) <= board.shown_tiles
