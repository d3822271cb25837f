"""The table under issue 29's ``first_lead``: the empty chain says which tile the rule names."""

from __future__ import annotations

from support.table import FakeSession, TableApp, settle, table

from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.tui.table.chain import ChainView


def seed_led_by_seat_one(rules: RuleSet) -> int:
    """The first seed whose round 1 a human at seat 1 leads (seat 0 watches it start)."""
    return next(s for s in range(100) if Game.new(["a", "b"], rules, seed=s).state.turn == 1)


async def test_the_empty_chain_names_the_first_lead_rule() -> None:
    rules = RuleSet(first_lead="lowest_double")
    session = FakeSession(["Ann", "Bob"], seed=seed_led_by_seat_one(rules), **rules.changed())
    app = TableApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        hint = screen.query_one(ChainView)._hint()
        assert "the lowest double from 1-1 up" in hint, hint
        assert "highest" not in hint
