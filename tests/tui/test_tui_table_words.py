"""The hand's title counts its tiles in plain English."""

from __future__ import annotations

from support.table import FakeSession, TableApp, screen_text, settle


def session_with_one_tile_left() -> FakeSession:
    for seed in range(50):
        session = FakeSession(["Ann", "bot:Bob"], seed=seed)
        game = session.game
        while game.state.phase == "playing":
            if game.state.hand(0).bit_count() == 1:
                return session
            game.play(game.legal_moves()[0])
    raise AssertionError("no seed left Ann one tile")


async def test_a_hand_of_one_tile_says_1_tile() -> None:
    session = session_with_one_tile_left()
    app = TableApp(session, paused=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "· 1 tile" in text and "1 tiles" not in text
