"""One client connection on the server: its limits, its seat and its outbox.

A message to a client goes to its socket at once when the socket takes it (no
task, no wait: the usual case); while the socket's buffer is full it waits in a
backlog that a writer task sends as the socket drains, so a room never waits
for a slow reader, and one that falls ``OUTBOX_LIMIT`` messages behind is
dropped.  ``kick`` sends what is waiting and then closes the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from typing import TYPE_CHECKING

from websockets.asyncio.connection import Connection
from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from koza.core.view import SeatView
from koza.i18n.says import Said
from koza.net.protocol import encode, error_message

if TYPE_CHECKING:
    from koza.net.room import Room

RATE = 20.0  # messages a second, on average
BURST = 40  # messages at once
CHAT_RATE = 0.5  # chat lines a second, on average
CHAT_BURST = 5
DIRECT = hasattr(Connection, "send_data")  # a websockets that writes as ``_write_now`` does
OUTBOX_LIMIT = 500  # messages waiting for a slow reader's socket before it is dropped


class Bucket:
    """A token bucket: ``take()`` is False when the sender is over its rate."""

    __slots__ = ("at", "burst", "rate", "tokens")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Conn:
    """One client connection: its room and seat, its limits and its outbox."""

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.address = ""  # as ``guard`` counts it
        self.last_seq = -1
        self.deltas = False  # said in its hello: views after the first as deltas
        self.last_view: SeatView | None = None
        self.room: Room | None = None
        self.greeted = False
        self.strikes = 0
        self.bucket = Bucket(RATE, BURST)
        self.chat_bucket = Bucket(CHAT_RATE, CHAT_BURST)
        self.kicked = ""  # why the server closes this connection, if it does
        self._backlog: deque[str] | None = None  # what waits for the socket to drain
        self._writer: asyncio.Task[None] | None = None  # sends the backlog, then closes

    def send(self, text: str) -> None:
        if self.kicked:
            return
        if not self._backlog and self._write_now(text):
            return
        if self._backlog is None:
            self._backlog = deque()
        if len(self._backlog) >= OUTBOX_LIMIT:
            self.kick("too slow to read its messages")
            return
        self._backlog.append(text)
        self._start_writer()

    @property
    def waiting(self) -> int:
        """Messages waiting for the socket to drain."""
        return len(self._backlog) if self._backlog else 0

    def _write_now(self, text: str) -> bool:
        """Give ``text`` to the socket now if it takes more (what ``ws.send`` does when it
        need not wait, without a coroutine); False if it must wait."""
        ws = self.ws
        if not DIRECT or ws.paused or ws.protocol.state is not State.OPEN:
            return False
        ws.protocol.send_text(text.encode())
        try:
            ws.send_data()
        except Exception:  # the socket failed: the connection is gone
            ws.transport.abort()
        return True

    def _start_writer(self) -> None:
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        try:
            while self._backlog:
                await self.ws.send(self._backlog.popleft())  # waits while the socket is full
            if self.kicked:
                await self.ws.close(1008, self.kicked)
        except ConnectionClosed:
            self.kicked = self.kicked or "closed"  # nothing more is sent

    def kick(self, reason: str) -> None:
        """Send what is waiting, then close the connection."""
        if not self.kicked:
            self.kicked = reason
            self._start_writer()

    async def finish(self, within: float) -> None:
        """Let the writer send what is waiting (``within`` seconds at most)."""
        if self._writer is not None:
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(self._writer, within)

    def kick_if_idle(self, waited: float) -> None:
        """Close a connection that joined no room in ``waited`` seconds."""
        if self.room is None:
            self.error("idle", Said.of("join_sooner", seconds=int(waited)))
            self.kick("no room joined in time")

    def error(self, code: str, said: Said) -> None:
        self.send(encode(error_message(code, said)))
