"""Drive the bot seats: the game loop's ``think`` in a worker, its move on the UI thread.

``BotRunner`` is a thin Textual wrapper around ``koza.play.driver``: it asks the seat's
bot for a command in a thread worker (so the screen stays responsive), waits out
the delay so a person can follow, then hands the command back to the UI thread,
which plays it through the session (and so saves it).  Pause, step, faster and
slower are here for the watch mode, on the driver's one ladder of speeds.

A worker that is handing its move over is never cancelled: the next move gets a
worker of its own, and only a worker still thinking is cancelled.  A move that
arrives after the bots were paused is held, and played on resume or step.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable

from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget
from textual.worker import Worker, get_current_worker

from koza.core.commands import Command
from koza.core.game import IllegalMoveError
from koza.i18n.problems import say_error
from koza.play import driver
from koza.play.driver import DEFAULT_DELAY
from koza.play.driver import Table as Session  # what the table needs of a session
from koza.storage.savefile import SaveError

GROUP = "koza-bots"
SHOW_THINKING_AFTER = 1 / 60
"""A bot is shown thinking once a frame has gone by without its move: a quicker one (no
delay, a quick bot) has moved before anyone could see it think, and its move is shown."""


def delay_from_env(default: float = DEFAULT_DELAY) -> float:
    """``KOZA_BOT_DELAY`` in seconds, else ``default``."""
    try:
        return max(0.0, float(os.environ.get("KOZA_BOT_DELAY", default)))
    except ValueError:
        return default


def off_the_stack(host: Widget) -> bool:
    """``host`` (a screen, or a widget on one) has left the screen stack: popped, its save
    perhaps closed already, though not yet unmounted."""
    if not host.is_attached:
        return True
    return isinstance(host, Screen) and host not in host.app.screen_stack


class BotRunner:
    """Runs one bot move at a time for ``host`` (a screen), with a pause between moves."""

    def __init__(
        self,
        host: Widget,
        session: Session,
        *,
        delay: float | None = None,
        on_thinking: Callable[[int], None] | None = None,
        on_moved: Callable[[int, Command], None] | None = None,
        on_error: Callable[[str], None] | None = None,
        on_save_error: Callable[[str], None] | None = None,
    ) -> None:
        self.host = host
        self.session = session
        self.delay = delay_from_env() if delay is None else max(0.0, delay)
        self.paused = False
        self.thinking = -1  # the seat whose bot is thinking, or -1
        self._token = 0
        self._worker: Worker[None] | None = None  # the worker still thinking, if any
        self._step_token = -1  # the move asked for by step, played even while paused
        self._held: tuple[int, int, Command | str | None] | None = None  # (seq, seat, move)
        self._show_timer: Timer | None = None  # shows the bot thinking, unless it moved first
        self._on_thinking = on_thinking or (lambda seat: None)
        self._on_moved = on_moved or (lambda seat, cmd: None)
        self._on_error = on_error or (lambda msg: None)
        self._on_save_error = on_save_error or self._on_error

    def bot_to_move(self) -> int:
        """The bot seat to move now, or -1 (a human, or no round in play)."""
        return driver.bot_to_move(self.session)

    def kick(self) -> bool:
        """Start the next bot move unless paused or already thinking; True if started."""
        if self.paused:
            return False
        return self._start()

    def step(self) -> bool:
        """One bot move even while paused (the watch mode's step key)."""
        started = self._start(delay=0.0)
        if started:
            self._step_token = self._token
        return started

    def pause(self, paused: bool | None = None) -> None:
        """Pause (or resume, or toggle with None) the bots."""
        self.paused = (not self.paused) if paused is None else paused
        if not self.paused:
            self.kick()

    def faster(self) -> float:
        self.delay = driver.faster(self.delay)
        return self.delay

    def slower(self) -> float:
        self.delay = driver.slower(self.delay)
        return self.delay

    def cancel(self) -> None:
        """Forget a move being thought about (its result is dropped)."""
        self._token += 1
        self._held = None
        self._unshow()
        if self.thinking >= 0:
            self.thinking = -1
            self._on_thinking(-1)
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.cancel()

    def _start(self, delay: float | None = None) -> bool:
        held, self._held = self._held, None
        if held is not None and held[0] == self.session.game.state.seq:
            self._token += 1  # a move thought of before the pause: play it now
            self._play(*held[1:])
            return True
        seat = self.bot_to_move()
        if seat < 0 or self.thinking >= 0:
            return False
        session = self.session
        state = session.game.state  # immutable: safe to read from the worker
        self._token += 1
        token, wait = self._token, self.delay if delay is None else delay
        self.thinking = seat
        self._unshow()
        self._show_timer = self.host.set_timer(SHOW_THINKING_AFTER, self._show_thinking)

        def think() -> None:
            start = time.monotonic()
            try:
                cmd: Command | str | None = driver.think(session, state)
            except Exception as exc:  # a faulty bot must not freeze the table
                cmd = f"{type(exc).__name__}: {exc}"
            worker = get_current_worker()
            while not worker.is_cancelled and time.monotonic() - start < wait:
                time.sleep(min(0.05, wait))
            if not worker.is_cancelled:
                with contextlib.suppress(RuntimeError):  # the app has already closed
                    self.host.app.call_from_thread(self._done, token, seat, cmd)

        # Not exclusive: that would cancel the previous worker, which may still be
        # inside call_from_thread handing over the move that led here.
        self._worker = self.host.run_worker(
            think, thread=True, group=GROUP, exclusive=False, exit_on_error=False
        )
        return True

    def _show_thinking(self) -> None:
        self._show_timer = None
        if self.thinking >= 0:
            self._on_thinking(self.thinking)

    def _unshow(self) -> None:
        timer, self._show_timer = self._show_timer, None
        if timer is not None:
            timer.stop()

    def _done(self, token: int, seat: int, cmd: Command | str | None) -> None:
        if token != self._token or off_the_stack(self.host):
            return  # cancelled, or its table has left the screen (popped, not left)
        self._unshow()  # it moved before it was shown thinking: its move is shown instead
        self._worker = None  # it has thought: whatever happens now, let it finish
        self.thinking = -1
        if self.paused and token != self._step_token:  # paused while it thought
            self._held = (self.session.game.state.seq, seat, cmd)
            self._on_thinking(-1)
            return
        self._play(seat, cmd)

    def _play(self, seat: int, cmd: Command | str | None) -> None:
        try:
            if cmd is None or isinstance(cmd, str):
                raise IllegalMoveError(cmd or f"seat {seat} had no move to make")
            self.session.play(cmd, seat)
        except (IllegalMoveError, SaveError) as exc:  # a faulty bot or a full disk: say so
            self.paused = True
            self._on_thinking(-1)
            saving = isinstance(exc, SaveError)
            (self._on_save_error if saving else self._on_error)(say_error(exc))
            return
        self._on_moved(seat, cmd)
