"""The table at 80x24, 120x40 and 200x50 with 2, 3, 4 players and pairs: nothing cut."""

from __future__ import annotations

import random

import pytest
from support.table import FakeSession, TableApp, screen_text, settle, table
from textual.app import App
from textual.widget import Widget

from koza.tui.table.chain import ChainView
from koza.tui.table.opponents import OpponentCard
from koza.tui.table.side_panel import Scoreboard

SIZES = [(80, 24), (120, 40), (200, 50)]
TABLES = {
    "two": ["Annabelle", "bot:Montecarlo"],
    "three": ["Annabelle", "bot:Montecarlo", "bot:Bartholomew"],
    "four": ["Annabelle", "bot:Montecarlo", "bot:Bartholomew", "bot:Christabel"],
    "pairs": ["Annabelle", "bot:Montecarlo", "bot:Bartholomew", "bot:Christabel"],
}


def played_rounds(seats: list[str], pairs: bool, rounds: int = 8) -> FakeSession:
    """A session after ``rounds`` whole rounds of random moves, the next one dealt."""
    rules: dict[str, object] = {"target": 1000}
    if pairs:
        rules["teams"] = "pairs"
    session = FakeSession(seats, seed=5, **rules)
    game, rng = session.game, random.Random(5)
    while game.state.round_no <= rounds:
        if game.state.phase == "playing":
            game.play(rng.choice(game.legal_moves()))
        else:
            game.next_round()
    return session


def text_of(app: App[None], widget: Widget) -> str:
    """What the screen shows inside ``widget``'s region (its border included)."""
    lines = screen_text(app).splitlines()
    r = widget.region
    return "\n".join(line[r.x : r.right] for line in lines[r.y : r.bottom])


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("kind", list(TABLES))
async def test_names_totals_sheets_and_keys_are_whole(kind: str, size: tuple[int, int]) -> None:
    session = played_rounds(TABLES[kind], pairs=kind == "pairs")
    app = TableApp(session)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        state = session.game.state
        scores = text_of(app, screen.query_one(Scoreboard))
        for seat in state.seats:
            assert seat.name in scores, f"{seat.name} cut in the score at {size}:\n{scores}"
        for card in screen.query(OpponentCard):
            title = text_of(app, card).splitlines()[0]
            name = state.seats[card.seat].name
            assert name in title, f"{name} cut at {size}: {title!r}"
        rows = scores.splitlines()
        assert "Σ" in rows[1], f"no totals column at {size}:\n{scores}"
        for side, total in enumerate(state.sheets.totals):
            row = next(row for row in rows if state.seats[side].name in row)
            cells = row.strip("│ ").split()
            mark = "●" if state.sheets.opened[side] else "○"
            assert cells[-2:] == [str(total), mark], f"total or sheet cut at {size}:\n{scores}"
        chain = screen.query_one(ChainView)
        if not state.chain:  # the hint saying who leads is whole, wrapped if need be
            hint = "".join(chain._hint().split())
            assert hint and hint in "".join(text_of(app, chain).split())
        footer = screen_text(app).splitlines()[-1]
        shown = [b.binding for b in screen.active_bindings.values() if b.binding.show]
        for binding in shown:
            if binding.description and b_enabled(screen, binding.action):
                group = binding.group.description if binding.group else binding.description
                assert binding.description in footer or group in footer, (
                    f"{binding.description!r} cut: {footer!r}"
                )


def b_enabled(screen: object, action: str) -> bool:
    name, _, rest = action.partition("(")
    params = tuple(eval(f"({rest[:-1]},)")) if rest else ()  # noqa: S307 - our own bindings
    return bool(screen.check_action(name, params))  # type: ignore[attr-defined]
