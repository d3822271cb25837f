"""One-shot timers that share one thread: what ``SaveWriter`` syncs the disk with.

A ``threading.Timer`` is a new thread per wait, and a game between bots waits once
a round: starting that thread cost more than the round's moves.  ``after(delay,
fire)`` puts the call on one shared daemon thread instead (started when first
needed, and again in a forked child).  At interpreter exit whatever is still
pending fires at once, so a call is never lost because koza ended first.
"""

from __future__ import annotations

import atexit
import heapq
import itertools
import os
import threading
import time
from collections.abc import Callable

_PENDING, _RUNNING, _DONE = 0, 1, 2


class Pending:
    """A call waiting on the shared thread: ``cancel`` it, ``join`` it, ``is_alive``."""

    __slots__ = ("_clock", "_done", "_fire", "_state")

    def __init__(self, clock: _Clock, fire: Callable[[], None]) -> None:
        self._clock = clock
        self._fire = fire
        self._state = _PENDING
        self._done = threading.Event()

    def cancel(self) -> None:
        """Drop the call if it has not begun (a call under way still finishes)."""
        with self._clock.lock:
            if self._state == _PENDING:
                self._finish()

    def is_alive(self) -> bool:
        """Whether the call is still to come or under way."""
        return self._state != _DONE

    def join(self) -> None:
        """Wait until the call ran or was dropped (at once on the shared thread itself)."""
        if threading.current_thread() is not self._clock.thread:
            self._done.wait()

    def _run(self) -> None:
        try:
            self._fire()
        finally:
            with self._clock.lock:
                self._finish()

    def _finish(self) -> None:
        self._state = _DONE
        self._fire = _nothing
        self._done.set()


def _nothing() -> None:
    pass


class _Clock:
    """The shared thread and its queue of calls, earliest first."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.queue: list[tuple[float, int, Pending]] = []
        self.order = itertools.count()  # ties keep the order they were asked in
        self.thread: threading.Thread | None = None

    def after(self, delay: float, fire: Callable[[], None]) -> Pending:
        call = Pending(self, fire)
        with self.lock:
            heapq.heappush(self.queue, (time.monotonic() + delay, next(self.order), call))
            if self.thread is None:
                self.thread = threading.Thread(target=self._serve, name="koza-timers", daemon=True)
                self.thread.start()
            elif self.queue[0][2] is call:  # sooner than what the thread waits for
                self.lock.notify()
        return call

    def _next_due(self) -> Pending:
        """Wait for the earliest call that is due and not dropped (holding ``lock``)."""
        while True:
            while self.queue and self.queue[0][2]._state != _PENDING:
                heapq.heappop(self.queue)
            if not self.queue:
                self.lock.wait()
                continue
            wait = self.queue[0][0] - time.monotonic()
            if wait <= 0:
                call = heapq.heappop(self.queue)[2]
                call._state = _RUNNING
                return call
            self.lock.wait(wait)

    def _serve(self) -> None:
        while True:
            with self.lock:
                call = self._next_due()
            try:
                call._run()
            except Exception as exc:  # reported as a thread's error; the thread goes on
                threading.excepthook(
                    threading.ExceptHookArgs((type(exc), exc, exc.__traceback__, self.thread))
                )

    def fire_all(self) -> None:
        """Run every pending call now (at exit)."""
        with self.lock:
            calls = [c for _, _, c in self.queue if c._state == _PENDING]
            self.queue.clear()
            for call in calls:
                call._state = _RUNNING
        for call in calls:
            call._run()


_clock = _Clock()


def after(delay: float, fire: Callable[[], None]) -> Pending:
    """Call ``fire`` once, ``delay`` seconds from now, on the shared timer thread."""
    return _clock.after(delay, fire)


def _fresh_clock() -> None:
    """In a forked child: the parent's thread is not there, its calls are not ours."""
    global _clock
    _clock = _Clock()


def _at_exit() -> None:
    _clock.fire_all()


atexit.register(_at_exit)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_fresh_clock)
