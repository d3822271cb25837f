"""The new-game form numbers seats as the table, the rules and the teams option do (0, 1, ...)."""

from __future__ import annotations

from pathlib import Path

from koza.core.rules import describe
from koza.i18n.strings import t
from koza.tui.app import KozaApp
from koza.tui.screens.new_game import NewGameScreen


async def test_the_form_seats_are_numbered_like_the_table(tmp_path: Path) -> None:
    app = KozaApp(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        labels = [str(w.render()) for w in app.screen.query(".seat-row Label")]
        assert labels == [t("new.seat_label", n=i) for i in range(4)]
        assert "0+2" in describe("teams").say("pairs")  # the teams option counts from 0 as well
        assert t("table.hand_of", name="Ann", n=5, seat=0).count("seat 0") == 1
