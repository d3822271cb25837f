"""Drive the bot seats: think in a worker thread, move on the UI thread.

``BotRunner`` asks the seat's bot for a command in a Textual thread worker (so
the screen stays responsive), waits out the delay so a person can follow, then
hands the command back to the UI thread, which plays it through the session
(and so saves it).  Pause, step, faster and slower are here for the watch mode.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable

from textual.dom import DOMNode
from textual.worker import get_current_worker

from koza.bots import decide
from koza.core.commands import Command
from koza.core.game import IllegalMoveError
from koza.storage.savefile import SaveError
from koza.watch import Driven as Session  # what the table needs of a session

SPEEDS: tuple[float, ...] = (0.0, 0.1, 0.25, 0.5, 0.8, 1.2, 2.0, 3.0)
"""The delays (seconds) that faster and slower step through."""
DEFAULT_DELAY = 0.6
GROUP = "koza-bots"


def delay_from_env(default: float = DEFAULT_DELAY) -> float:
    """``KOZA_BOT_DELAY`` in seconds, else ``default``."""
    try:
        return max(0.0, float(os.environ.get("KOZA_BOT_DELAY", default)))
    except ValueError:
        return default


class BotRunner:
    """Runs one bot move at a time for ``host`` (a screen), with a pause between moves."""

    def __init__(
        self,
        host: DOMNode,
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
        self._on_thinking = on_thinking or (lambda seat: None)
        self._on_moved = on_moved or (lambda seat, cmd: None)
        self._on_error = on_error or (lambda msg: None)
        self._on_save_error = on_save_error or self._on_error

    def bot_to_move(self) -> int:
        """The bot seat to move now, or -1 (a human, or no round in play)."""
        state = self.session.game.state
        if state.phase != "playing" or state.turn < 0:
            return -1
        return state.turn if self.session.bot(state.turn) is not None else -1

    def kick(self) -> bool:
        """Start the next bot move unless paused or already thinking; True if started."""
        if self.paused:
            return False
        return self._start()

    def step(self) -> bool:
        """One bot move even while paused (the watch mode's step key)."""
        return self._start(delay=0.0)

    def pause(self, paused: bool | None = None) -> None:
        """Pause (or resume, or toggle with None) the bots."""
        self.paused = (not self.paused) if paused is None else paused
        if not self.paused:
            self.kick()

    def faster(self) -> float:
        self.delay = max((s for s in SPEEDS if s < self.delay - 1e-9), default=SPEEDS[0])
        return self.delay

    def slower(self) -> float:
        self.delay = min((s for s in SPEEDS if s > self.delay + 1e-9), default=SPEEDS[-1])
        return self.delay

    def cancel(self) -> None:
        """Forget a move being thought about (its result is dropped)."""
        self._token += 1
        if self.thinking >= 0:
            self.thinking = -1
            self._on_thinking(-1)
        self.host.workers.cancel_group(self.host, GROUP)

    def _start(self, delay: float | None = None) -> bool:
        seat = self.bot_to_move()
        if seat < 0 or self.thinking >= 0:
            return False
        bot = self.session.bot(seat)
        assert bot is not None
        state = self.session.game.state  # immutable: safe to read from the worker
        self._token += 1
        token, wait = self._token, self.delay if delay is None else delay
        self.thinking = seat
        self._on_thinking(seat)

        def think() -> None:
            start = time.monotonic()
            try:
                cmd: Command | str = decide(bot, state, seat)
            except Exception as exc:  # a faulty bot must not freeze the table
                cmd = f"{type(exc).__name__}: {exc}"
            worker = get_current_worker()
            while not worker.is_cancelled and time.monotonic() - start < wait:
                time.sleep(min(0.05, wait))
            if not worker.is_cancelled:
                with contextlib.suppress(RuntimeError):  # the app has already closed
                    self.host.app.call_from_thread(self._done, token, seat, cmd)

        self.host.run_worker(think, thread=True, group=GROUP, exclusive=True, exit_on_error=False)
        return True

    def _done(self, token: int, seat: int, cmd: Command | str) -> None:
        if token != self._token:
            return
        self.thinking = -1
        try:
            if isinstance(cmd, str):
                raise IllegalMoveError(cmd)
            self.session.play(cmd, seat)
        except (IllegalMoveError, SaveError) as exc:  # a faulty bot or a full disk: say so
            self.paused = True
            self._on_thinking(-1)
            saving = isinstance(exc, SaveError)
            (self._on_save_error if saving else self._on_error)(str(exc))
            return
        self._on_moved(seat, cmd)
