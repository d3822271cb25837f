"""The move log keeps the newest move in sight, even with long names."""

from __future__ import annotations

from support.table import FakeSession, TableApp, settle, table

from koza.tui.table.move_text import log_lines
from koza.tui.table.side_panel import MoveLog


async def test_the_newest_move_stays_in_the_log_with_long_names() -> None:
    session = FakeSession(["bot:Montecarlo Strong 1", "bot:Montecarlo Strong 2"], seed=7)
    game = session.game
    for _ in range(8):
        game.play(game.legal_moves()[0])
    assert game.state.phase == "playing"
    app = TableApp(session, watch=True, face_up=True, paused=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        box = screen.query_one(MoveLog).content_region
        screen_rows = [strip.text for strip in screen._compositor.render_strips()]
        rows = [r[box.x : box.right] for r in screen_rows[box.y : box.bottom]]
        shown = [r.strip() for r in rows if r.strip()]
        newest = log_lines(game.state.history, screen.scene().names)[-1]
        assert " ".join(shown).endswith(newest), (shown, newest)
