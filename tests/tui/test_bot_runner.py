"""The table's bot runner: a worker handing over its move is never cancelled.

``BotRunner._done`` runs on the UI thread while the worker that thought of the
move waits inside ``call_from_thread``.  Playing that move starts the next
bot's worker, or ends the round (which cancels the runner): neither may cancel
the worker that is still handing over, or waiting for it raises
``WorkerCancelled`` (the flaky watch-mode test under load).  The check below
looks at the delivering worker at the moment of hand-over, so it does not
depend on timing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from support.table import FakeSession, TableApp, settle, table
from support.waiting import until
from textual.worker import Worker, WorkerState

from koza.core.commands import Command
from koza.core.events import RoundScored
from koza.i18n.strings import t
from koza.tui.table.opponents import OpponentCard
from koza.tui.table.runner import GROUP
from koza.tui.table.screen import TableScreen
from koza.tui.widgets.dialogs import RoundOverScreen


@asynccontextmanager
async def two_paused_bots(
    seed: int,
) -> AsyncIterator[tuple[TableApp, Any, FakeSession, TableScreen]]:
    """Two bots at a watched table, paused, once it has settled."""
    session = FakeSession(["bot:Ann", "bot:Bob"], seed=seed)
    app = TableApp(session, watch=True, face_up=True, paused=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        yield app, pilot, session, screen


async def test_a_worker_handing_over_its_move_is_never_cancelled() -> None:
    session = FakeSession(["bot:Ann", "bot:Bob", "bot:Cid"], seed=5)
    # Not the watch mode: its round-over dialog closes itself after a while, and the
    # test must find the round over however slowly the machine runs.
    app = TableApp(session, face_up=True, paused=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = table(app)
        assert screen is not None
        runner = screen.runner
        handing_over: list[Worker[None]] = []
        cancelled: list[Worker[None]] = []  # checked after the hand-over, not raised inside it
        hand_over = runner._done

        def watched_done(token: int, seat: int, cmd: Command | str | None) -> None:
            running = [
                w for w in app.workers if w.group == GROUP and w.state == WorkerState.RUNNING
            ]
            handing_over.extend(running[:1])  # the only one running: the one handing over
            hand_over(token, seat, cmd)  # plays, then starts the next bot or ends the round
            cancelled.extend(w for w in running[:1] if w.is_cancelled)

        runner._done = watched_done  # type: ignore[method-assign]
        runner.delay = 0
        runner.pause(False)
        for _ in range(300):
            await settle(pilot)
            if isinstance(app.screen, RoundOverScreen):
                break
        assert isinstance(session.saved[-1], RoundScored)
        assert len(handing_over) >= 10  # a whole round of hand-overs, the last one ending it
        assert cancelled == []
        for worker in handing_over:
            await worker.wait()  # raised WorkerCancelled when the next move cancelled it
            assert worker.state == WorkerState.SUCCESS


async def test_cancel_stops_a_worker_still_thinking() -> None:
    async with two_paused_bots(2) as (app, pilot, session, screen):
        runner = screen.runner
        before = len(session.saved)
        runner.delay = 30.0  # the worker thinks, then waits out a long delay
        runner.pause(False)
        thinking = [w for w in app.workers if w.group == GROUP]
        assert runner.thinking >= 0 and len(thinking) == 1
        runner.cancel()
        assert thinking[0].is_cancelled and runner.thinking == -1
        await pilot.pause()
        assert len(session.saved) == before  # its move was dropped


async def test_a_bot_is_shown_thinking_until_its_move_and_its_move_is_shown() -> None:
    """A bot's thinking shows from a frame after it starts (one quicker than a frame has
    moved by then, and its move shows instead); its card and the status say so."""
    async with two_paused_bots(6) as (app, pilot, session, screen):
        runner = screen.runner
        before = len(session.saved)
        runner.delay = 30.0  # it thinks, then waits out a long delay: it is seen thinking
        runner.pause(False)
        seat = runner.thinking
        said = t("table.thinking", name=session.game.state.seats[seat].name)
        cards = [c for c in screen.query(OpponentCard) if c.seat == seat]  # none at the bottom

        def shown_thinking() -> bool:
            status = str(screen.query_one("#status").render())
            return said in status and all(c.has_class("-thinking") for c in cards)

        await until(pilot, shown_thinking, "the bot shown thinking")
        runner.cancel()  # no more thinking: shown at once
        assert not shown_thinking()
        runner.delay = 0.0
        assert runner.step()
        await until(pilot, lambda: len(session.saved) > before, "its move")
        await settle(pilot)  # the move is on the table, though no frame showed it thinking
        assert screen.board.scene == screen.scene() and not shown_thinking()


async def test_a_move_arriving_after_a_pause_waits_for_resume_or_step() -> None:
    async with two_paused_bots(3) as (app, pilot, session, screen):
        runner = screen.runner
        before = len(session.saved)
        runner.delay = 0.0
        runner.pause(False)  # a bot starts thinking ...
        runner.pause(True)  # ... and is paused before its move can reach the UI thread
        await settle(pilot)
        assert len(session.saved) == before and runner.thinking == -1  # held, not played
        assert runner.step()  # the held move, at once
        assert len(session.saved) > before
        moved = len(session.saved)
        runner.step()  # a step while paused is played although the bots are paused
        await settle(pilot)
        assert len(session.saved) > moved
        runner.delay = 0.0
        runner.pause(False)
        runner.pause(True)
        await settle(pilot)
        runner.cancel()  # a held move is forgotten with the rest
        held = len(session.saved)
        runner.pause(False)
        runner.pause(True)
        await settle(pilot)
        assert len(session.saved) == held  # thought anew, and held again


async def test_a_move_arriving_after_the_table_left_is_dropped() -> None:
    """A worker that thought before its table left hands over to a screen gone.

    The table can leave without its leave key (a failed save pops it, the app
    pops whatever is above the menu), and the app closes its save as soon as it
    is off the stack, before it is unmounted: the move must be dropped, not
    played into the closed save, which used to exit the whole app.
    """
    async with two_paused_bots(4) as (app, pilot, session, screen):
        runner = screen.runner
        arrived: list[tuple[int, int, Command | str | None]] = []
        hand_over = runner._done
        runner._done = lambda *move: arrived.append(move)  # type: ignore[method-assign,assignment]
        runner.delay = 0.0
        runner.pause(False)
        for _ in range(200):
            await app.workers.wait_for_complete()
            await pilot.pause()
            if arrived:
                break
        assert len(arrived) == 1  # thought of, not yet handed over
        before = len(session.saved)
        app.pop_screen()  # off the stack at once, unmounted later
        assert screen.is_attached and table(app) is None
        hand_over(*arrived[0])  # the app closes its save here: the move must not be played
        await pilot.pause()
        assert len(session.saved) == before
        assert app.is_running and app.return_code is None
