"""Listening: the WebSocket server's settings and TLS from certificate files."""

from __future__ import annotations

import asyncio
import logging
import ssl
from pathlib import Path
from typing import Protocol

from websockets.asyncio.server import Server, ServerConnection, serve

from koza.net.protocol import MAX_FRAME


class Served(Protocol):
    """What ``start`` needs of the server (``KozaServer``): its handler and idle sweeper."""

    sweeper: asyncio.Task[None] | None

    async def handle(self, ws: ServerConnection) -> None: ...

    async def pause_idle(self) -> None: ...


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    return ctx


async def start(koza: Served, host: str, port: int, tls: ssl.SSLContext | None = None) -> Server:
    """Listen (``port`` 0: any free port) and serve until the returned server closes."""
    if koza.sweeper is None:
        koza.sweeper = asyncio.create_task(koza.pause_idle())
    return await serve(
        koza.handle,
        host,
        port,
        ssl=tls,
        max_size=4 * MAX_FRAME,  # a bigger frame closes the connection (1009)
        max_queue=8,
        compression=None,
        ping_interval=10,
        ping_timeout=20,
        close_timeout=1,  # a flooder that stops reading is not waited for long
        logger=logging.getLogger("koza.server.ws"),
    )
