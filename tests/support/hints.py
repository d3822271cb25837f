"""A table session with hints turned on, and a way to reach a real choice (helpers only)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from koza.coach.hint_record import HintRecord, write_hints
from koza.tui.table.hint_panel import HintPanel
from koza.tui.table.screen import TableScreen
from support.table import FakeSession, TableApp, human_move_by_keys, screen_text, settle, table


class HintedSession(FakeSession):
    """A fake session with a save path, whose side file turns hints on for ``hinted`` seats."""

    def __init__(self, folder: Path, seats: list[str], hinted: set[int], **kw: Any) -> None:
        super().__init__(seats, **kw)
        self.path = folder / "game.koza.jsonl"
        if hinted:
            write_hints(self.path, HintRecord(frozenset(hinted)))


def the_table(app: TableApp) -> TableScreen:
    screen = table(app)
    assert screen is not None
    return screen


async def to_a_choice(pilot: Pilot[None], app: TableApp) -> TableScreen:
    """Play the human's moves by keys until its turn offers more than one legal move."""
    screen = the_table(app)
    for _ in range(40):
        await settle(pilot)
        if screen.my_turn() and len(screen.session.game.legal_moves()) > 1:
            return screen
        await human_move_by_keys(pilot, app)
    raise AssertionError("the human never had a choice")


def panel_text(app: TableApp) -> str:
    """What the screen shows inside the hint panel (its border included)."""
    panel = the_table(app).query_one(HintPanel)
    lines = screen_text(app).splitlines()
    r = panel.region
    return "\n".join(line[r.x : r.right] for line in lines[r.y : r.bottom])
