"""The score plots: each side's total round by round after a game and in the replay."""

from __future__ import annotations

import random
from typing import Any

from support.paths import GOLDEN
from support.table import FakeSession, Host, TableApp, settle

from koza.core.events import Event, RoundScored
from koza.storage.savefile import load
from koza.tui.replay.screen import ReplayScreen
from koza.tui.table.score_plot import GameOverPlotScreen, TotalsPlotScreen
from koza.tui.widgets.plots import TotalsPlot, totals_by_round, y_ticks


def test_totals_by_round_start_at_zero_and_follow_every_score(golden_events: list[Event]) -> None:
    scores = [ev.totals for ev in golden_events if isinstance(ev, RoundScored)]
    state = load(GOLDEN).state
    assert totals_by_round(state) == [(0, 0, 0), *scores]
    assert totals_by_round(state)[-1] == (121, 99, 42)


def test_y_ticks_are_whole_round_steps_past_the_top() -> None:
    for top in (1, 13, 41, 101, 121, 480, 1000):
        ticks = y_ticks(top)
        steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
        assert ticks[0] == 0 and ticks[-1] >= top and len(steps) == 1, top
        assert len(ticks) <= 7 and all(v == int(v) for v in ticks), top
    assert y_ticks(121) == [0, 25, 50, 75, 100, 125]


def finished_game(seed: int = 3) -> FakeSession:
    """A game whose only round was played out (target 1: the round ends it)."""
    session = FakeSession(["Ann", "bot:Bob", "bot:Cid"], seed=seed, target=1, open_threshold=0)
    game, rng = session.game, random.Random(seed)
    while game.state.phase == "playing":
        game.play(rng.choice(game.legal_moves()))
    return session


async def test_the_game_over_dialog_opens_the_plot_by_key_and_by_button() -> None:
    session = finished_game()
    app = TableApp(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # the round-over dialog
        await settle(pilot)
        assert isinstance(app.screen, GameOverPlotScreen)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TotalsPlotScreen)
        plot = app.screen.query_one(TotalsPlot)
        assert totals_by_round(plot.state) == [(0, 0, 0), session.game.state.sheets.totals]
        await pilot.press("escape")
        assert isinstance(app.screen, GameOverPlotScreen)
        await pilot.click("#game-scores")
        await pilot.pause()
        assert isinstance(app.screen, TotalsPlotScreen)
        await pilot.press("escape")
        await pilot.click("#game-close")  # the dialog's own buttons still work
        await pilot.pause()
        assert not isinstance(app.screen, GameOverPlotScreen | TotalsPlotScreen)


async def test_the_replay_plots_the_rounds_up_to_its_cursor(golden_events: list[Event]) -> None:
    screen = ReplayScreen(golden_events)
    app = Host(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(3):  # into round 3: two rounds scored
            screen.action_next_round()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, TotalsPlotScreen)
        shown = totals_by_round(app.screen.query_one(TotalsPlot).state)
        scores = [ev.totals for ev in golden_events if isinstance(ev, RoundScored)]
        assert shown == [(0, 0, 0), *scores[:2]]
        await pilot.press("escape")
        await pilot.click("#replay-scores")
        await pilot.pause()
        assert isinstance(app.screen, TotalsPlotScreen)


def test_totals_plot_snapshot(snap_compare: Any) -> None:
    assert snap_compare(Host(TotalsPlotScreen(load(GOLDEN).state)), terminal_size=(80, 24))


def test_game_over_dialog_with_the_plot_button_snapshot(snap_compare: Any) -> None:
    state = finished_game().game.state
    screen = GameOverPlotScreen(state, (0,), rematch=True)
    assert snap_compare(Host(screen), terminal_size=(80, 24))
