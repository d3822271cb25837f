"""``koza server``: rooms of koza games over WebSockets (the ``websockets`` library).

One asyncio loop serves every room.  Each connection reads one message at a
time: too big, not JSON, of an unknown type or not allowed now, it gets an
``error`` and a strike; past ``MAX_STRIKES`` strikes, or sending faster than the
rate limit allows for too long, it is disconnected.  A bad message never
changes a room.  This module owns the connections and the handler of each
message; the rooms themselves (made, reopened, paused, loaded again) are
``server_rooms``'s.  ``guard`` holds the per-address limits.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from koza import __version__
from koza.core.text import one_line
from koza.i18n.says import Said
from koza.net import guard, protocol
from koza.net.connection import Conn
from koza.net.listen import start, tls_context
from koza.net.protocol import CLIENT_MESSAGES, ProtocolError, decode, encode
from koza.net.room import Room
from koza.net.seats import clean_name
from koza.net.server_rooms import ServerRooms

__all__ = ["KozaServer", "refused", "start", "tls_context"]
log = logging.getLogger("koza.server")
MAX_STRIKES = 10  # errors a connection may cause before it is dropped
GUESSES = ("wrong_server_password", "no_room", "wrong_room_password", "no_seat_for_token")
"""Refusals that count as a failed guess of their address (``guard``)."""


class KozaServer(ServerRooms):
    """A server: its rooms (``ServerRooms``) and the handler of its connections."""

    def __init__(
        self,
        folder: Path,
        password: str | None = None,
        sync: bool = True,
        bot_delay: float = -1,
        behind_proxy: bool = False,
        unlimited: frozenset[str] = frozenset(),
    ) -> None:
        super().__init__(folder, sync, bot_delay, unlimited)
        self.password = password
        self.behind_proxy = behind_proxy  # take the client's address from X-Real-IP

    async def handle(self, ws: ServerConnection) -> None:
        address = guard.client_address(ws, self.behind_proxy)
        forget_handshake(ws)
        if not self.guard.connect(address):
            await ws.close(1013, "too many connections")
            return
        try:
            await self._serve(ws, address)
        finally:
            self.guard.disconnect(address)

    async def _serve(self, ws: ServerConnection, address: str) -> None:
        conn = Conn(ws)
        conn.address = address
        idle = asyncio.get_running_loop().call_later(
            guard.JOIN_WITHIN, conn.kick_if_idle, guard.JOIN_WITHIN
        )
        try:
            async for frame in ws:
                if not conn.bucket.take():
                    conn.strikes += 1
                    conn.error("rate", Said.of("too_fast"))
                else:
                    try:
                        await self._dispatch(conn, decode(frame, CLIENT_MESSAGES))
                    except ProtocolError as exc:
                        conn.strikes += 1
                        if exc.said.key in GUESSES:
                            await asyncio.sleep(self.guard.failed(conn.address))
                        conn.error(exc.code, exc.said)
                    except Exception:  # a bug or a full disk: this request fails, not the server
                        log.exception("a %s request failed", type(frame).__name__)
                        conn.strikes += 1
                        conn.error("internal", Said.of("internal"))
                if conn.strikes > MAX_STRIKES:
                    conn.kick("too many bad messages")
                if conn.kicked:
                    break
        except ConnectionClosed:
            pass
        finally:
            idle.cancel()
            if conn.room is not None:
                conn.room.detach(conn)
                self._forget_if_empty(conn.room)
            await conn.finish(5)

    async def _dispatch(self, conn: Conn, msg: Any) -> None:
        if isinstance(
            msg,
            protocol.Hello | protocol.Join | protocol.Rejoin | protocol.Watch | protocol.CreateRoom,
        ):
            locked = self.guard.locked_for(conn.address)
            if locked > 0:
                raise ProtocolError("rate", "locked_out", seconds=int(locked) + 1)
        if isinstance(msg, protocol.Hello):
            if self.password is not None and not guard.same_secret(msg.password, self.password):
                raise ProtocolError("forbidden", "wrong_server_password")
            conn.greeted = True
            conn.deltas = msg.deltas
            conn.send(encode(protocol.Welcome(server=__version__)))
            return
        if not conn.greeted:
            raise ProtocolError("forbidden", "hello_first")
        handler = self._HANDLERS.get(type(msg))
        if handler is None:
            raise ProtocolError("unknown", "not_accepted", kind=repr(msg.type))
        await handler(self, conn, msg)

    def _seated(self, conn: Conn) -> Room:
        if conn.room is None:
            raise ProtocolError("forbidden", "join_first")
        return conn.room

    def _enter(
        self, conn: Conn, room: Room, seat: int | None, token: str | None, last_seq: int = -1
    ) -> None:
        if conn.room is not None:
            raise ProtocolError("forbidden", "already_in_room", code=conn.room.code)
        conn.room, conn.seat = room, seat
        if seat is not None:
            for old in [m for m in room.slots[seat].members if isinstance(m, Conn)]:
                old.error("replaced", Said.of("replaced"))
                old.kick("seat taken over")  # one connection per seat
        conn.send(
            encode(protocol.Joined(code=room.code, seat=-1 if seat is None else seat, token=token))
        )
        room.attach(conn, last_seq)

    async def _list(self, conn: Conn, msg: protocol.ListRooms) -> None:
        rooms = [r.info() for r in self.rooms.values() if r.record.public and not r.started]
        conn.send(encode(protocol.Lobby(rooms=tuple(rooms[:100]))))

    async def _create(self, conn: Conn, msg: protocol.CreateRoom) -> None:
        if conn.room is not None:
            raise ProtocolError("forbidden", "already_in_room", code=conn.room.code)
        room = self._new_room(msg, conn.address)
        seat, token = room.take_seat(clean_name(msg.name))  # the side file is written here
        self.rooms[room.code] = room
        self._enter(conn, room, seat, token)
        self._run(room)
        if not room.humans_wanted():
            await room.start()

    async def _join(self, conn: Conn, msg: protocol.Join) -> None:
        room = self._room(msg.code)
        if not room.password_ok(msg.password):
            raise ProtocolError("forbidden", "wrong_room_password")
        if conn.room is not None:
            raise ProtocolError("forbidden", "already_in_room", code=conn.room.code)
        seat, token = room.take_seat(clean_name(msg.name))
        self._enter(conn, room, seat, token)
        if not room.humans_wanted():
            await room.start()

    async def _rejoin(self, conn: Conn, msg: protocol.Rejoin) -> None:
        room = self._room(msg.code)
        seat = room.seat_of_token(msg.token)
        if seat is None:
            raise ProtocolError("forbidden", "no_seat_for_token")
        if conn.room is not None:
            raise ProtocolError("forbidden", "already_in_room", code=conn.room.code)
        token = await room.renew_token_off_loop(seat)  # a stolen one stops working
        self._enter(conn, room, seat, token, msg.last_seq)

    async def _watch(self, conn: Conn, msg: protocol.Watch) -> None:
        room = self._room(msg.code)
        if not room.password_ok(msg.password):
            raise ProtocolError("forbidden", "wrong_room_password")
        self._enter(conn, room, None, None)

    async def _start(self, conn: Conn, msg: protocol.Start) -> None:
        room = self._seated(conn)
        if conn.seat != 0:
            raise ProtocolError("forbidden", "creator_starts")
        if room.started:
            raise ProtocolError("forbidden", "already_started")
        await room.start()

    async def _pick_seat(self, conn: Conn, msg: protocol.PickSeat) -> None:
        room = self._seated(conn)
        if conn.seat is None:
            raise ProtocolError("forbidden", "watchers_do_not_play")
        seat = conn.seat
        room.move_seat(seat, msg.seat)
        conn.send(encode(protocol.Joined(code=room.code, seat=msg.seat)))

    async def _command(self, conn: Conn, msg: protocol.PlayCommand) -> None:
        room = self._seated(conn)
        if conn.seat is None:
            raise ProtocolError("forbidden", "watchers_do_not_play")
        reason = await room.play(conn.seat, msg.seq, msg.move)
        if reason is not None:
            conn.send(encode(refused(msg.seq, reason)))

    async def _next_round(self, conn: Conn, msg: protocol.NextRound) -> None:
        room = self._seated(conn)
        if conn.seat is None:
            raise ProtocolError("forbidden", "watchers_do_not_deal")
        reason = await room.ready(conn.seat, msg.seq)
        if reason is not None:
            conn.send(encode(refused(msg.seq, reason)))

    def _speaker(self, conn: Conn) -> tuple[Room, int, str]:
        room = self._seated(conn)
        if not conn.chat_bucket.take():
            raise ProtocolError("rate", "chat_too_fast")
        seat = -1 if conn.seat is None else conn.seat
        name = "watcher" if conn.seat is None else room.slots[conn.seat].record.name or "?"
        return room, seat, name

    async def _chat(self, conn: Conn, msg: protocol.Chat) -> None:
        text = one_line(msg.text)
        if not text:
            raise ProtocolError("invalid", "empty_chat")
        room, seat, name = self._speaker(conn)
        room.broadcast(encode(protocol.ChatLine(seat=seat, name=name, text=text)))

    async def _quick(self, conn: Conn, msg: protocol.Quick) -> None:
        room, seat, name = self._speaker(conn)
        room.broadcast(encode(protocol.QuickLine(seat=seat, name=name, phrase=msg.phrase)))

    _HANDLERS: dict[type, Callable[[KozaServer, Conn, Any], Any]] = {
        protocol.ListRooms: _list,
        protocol.CreateRoom: _create,
        protocol.Join: _join,
        protocol.Rejoin: _rejoin,
        protocol.Watch: _watch,
        protocol.Start: _start,
        protocol.PickSeat: _pick_seat,
        protocol.PlayCommand: _command,
        protocol.NextRound: _next_round,
        protocol.Chat: _chat,
        protocol.Quick: _quick,
    }


def forget_handshake(ws: ServerConnection) -> None:
    """Drop the handshake's headers once the address is known: nothing reads them again,
    and an open connection would keep them (3 KiB a room)."""
    for message in (ws.request, ws.response):
        if message is not None:
            message.headers.clear()


def refused(seq: int, said: Said) -> protocol.Refused:
    """The ``Refused`` that says ``said`` about the move made at event ``seq``."""
    return protocol.Refused(seq=seq, reason=str(said), key=said.catalogue_key, values=said.values)
