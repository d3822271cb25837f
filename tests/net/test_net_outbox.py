"""A connection's outbox: straight to the socket while it takes more, else a backlog."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path

from support.net import local_server
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve

from koza.net import connection
from koza.net.client import KozaClient
from koza.net.connection import Conn

BIG = "x" * 16_000


async def _serving(
    talk: Callable[[Conn], None],
    read: Callable[[ClientConnection], Awaitable[None]],
    max_queue: int = 16,
) -> Conn:
    """A server whose one connection is told ``talk``; the client does ``read``."""
    made: list[Conn] = []

    async def handler(ws: ServerConnection) -> None:
        conn = Conn(ws)
        made.append(conn)
        talk(conn)
        await conn.finish(30)
        await ws.wait_closed()

    async with serve(handler, "127.0.0.1", 0, compression=None) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        async with connect(
            f"ws://127.0.0.1:{port}", compression=None, max_queue=max_queue, close_timeout=0.5
        ) as ws:
            await read(ws)
    return made[0]


async def test_messages_reach_a_reader_in_order_through_the_backlog_when_the_socket_is_full() -> (
    None
):
    """More than the socket holds at once: the rest waits and follows, in order."""
    most_waiting = 0
    count = 400

    def talk(conn: Conn) -> None:
        nonlocal most_waiting
        for i in range(count):
            conn.send(f"{i:04d}{BIG}")
            most_waiting = max(most_waiting, conn.waiting)

    got: list[str] = []

    async def read(ws: ClientConnection) -> None:
        while len(got) < count:
            got.append(str(await ws.recv())[:4])

    conn = await _serving(talk, read)
    assert got == [f"{i:04d}" for i in range(count)]
    assert most_waiting > 0  # some went through the backlog (the socket was full)
    assert not conn.kicked


async def test_a_reader_that_stops_reading_is_dropped_past_the_backlog_limit() -> None:
    def talk(conn: Conn) -> None:
        for i in range(connection.OUTBOX_LIMIT * 4):
            conn.send(f"{i:04d}{BIG}")
            if conn.kicked:
                break

    async def read(ws: ClientConnection) -> None:
        await asyncio.sleep(0)  # reads nothing

    conn = await _serving(talk, read, max_queue=1)
    assert conn.kicked == "too slow to read its messages"


async def test_an_open_connection_keeps_no_handshake_headers(tmp_path: Path) -> None:
    """The server reads a connection's headers once (its address): it does not keep them."""
    async with local_server(tmp_path) as (koza, url):
        ann = KozaClient(url)
        await ann.connect()
        await ann.create_room("Ann", humans=2)
        room = next(iter(koza.rooms.values()))
        (conn,) = room.slots[0].members
        assert isinstance(conn, Conn)
        assert conn.ws.request is not None and not list(conn.ws.request.headers.raw_items())
        assert conn.ws.response is not None and not list(conn.ws.response.headers.raw_items())
        await ann.close()
