"""While a hot-seat table waits for the next player, no text names a tile in anyone's hand."""

from __future__ import annotations

from support.table import FakeSession, TableApp, screen_text, settle, table

from koza.core.tiles import tile_name
from koza.tui.widgets.dialogs import HandOverScreen


async def test_the_waiting_table_does_not_name_the_leaders_opening_tile() -> None:
    session = FakeSession(["Ann", "Cid"], seed=4)
    opening = session.game.state.round.opening  # type: ignore[union-attr]
    assert opening >= 0
    app = TableApp(session)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, HandOverScreen)
        screen = table(app)
        assert screen is not None and screen.hidden
        assert tile_name(opening) not in screen_text(app)
        await pilot.press("enter")  # the leader has the keyboard: now it is said
        await settle(pilot)
        assert tile_name(opening) in screen_text(app)


async def test_others_are_not_told_a_forced_opening_is_any_tile() -> None:
    session = FakeSession(["Ann", "Cid"], seed=4)
    app = TableApp(session)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        text = screen_text(app)
        assert "with any tile" not in text and "with the highest tile" in text
