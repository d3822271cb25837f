"""One client connection on the server: its limits, its seat and its outbox.

Messages to a client go through a queue and a writer task, so a room never
waits for a slow reader; one that falls ``OUTBOX_LIMIT`` messages behind is
dropped.  ``kick`` sends what is queued and then closes the connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from koza.core.view import SeatView
from koza.i18n.says import Said
from koza.net.protocol import encode, error_message

if TYPE_CHECKING:
    from koza.net.room import Room

RATE = 20.0  # messages a second, on average
BURST = 40  # messages at once
CHAT_RATE = 0.5  # chat lines a second, on average
CHAT_BURST = 5
OUTBOX_LIMIT = 500  # messages queued for a slow reader before it is dropped


class Bucket:
    """A token bucket: ``take()`` is False when the sender is over its rate."""

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
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.create_task(self._write())

    def send(self, text: str) -> None:
        if self.kicked:
            return
        if self.queue.qsize() >= OUTBOX_LIMIT:
            self.kick("too slow to read its messages")
            return
        self.queue.put_nowait(text)

    def kick(self, reason: str) -> None:
        """Send what is queued, then close the connection."""
        if not self.kicked:
            self.kicked = reason
            self.queue.put_nowait(None)

    async def _write(self) -> None:
        with contextlib.suppress(ConnectionClosed):
            while (text := await self.queue.get()) is not None:
                await self.ws.send(text)
            if self.kicked:
                await self.ws.close(1008, self.kicked)

    def kick_if_idle(self, waited: float) -> None:
        """Close a connection that joined no room in ``waited`` seconds."""
        if self.room is None:
            self.error("idle", Said.of("join_sooner", seconds=int(waited)))
            self.kick("no room joined in time")

    def error(self, code: str, said: Said) -> None:
        self.send(encode(error_message(code, said)))
