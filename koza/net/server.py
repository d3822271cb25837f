"""``koza server``: rooms of koza games over WebSockets (the ``websockets`` library).

One asyncio loop serves every room.  Each connection reads one message at a
time: too big, not JSON, of an unknown type or not allowed now, it gets an
``error`` and a strike; past ``MAX_STRIKES`` strikes, or sending faster than the
rate limit allows for too long, it is disconnected.  A bad message never
changes a room.  Rooms with an unfinished game are reopened from the save
folder when the server starts.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import ssl
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from koza import __version__
from koza.core.rules import RuleError
from koza.net import roomfile
from koza.net.connection import Conn
from koza.net.protocol import (
    CLIENT_MESSAGES,
    MAX_FRAME,
    Chat,
    ChatLine,
    CreateRoom,
    Hello,
    Join,
    Joined,
    ListRooms,
    Lobby,
    NextRound,
    PickSeat,
    PlayCommand,
    ProtocolError,
    Quick,
    QuickLine,
    Refused,
    Rejoin,
    Start,
    Watch,
    Welcome,
    decode,
    encode,
)
from koza.net.room import Room
from koza.net.roomfile import RoomRecord, SeatRecord
from koza.net.says import Said
from koza.session import SaveError, Session

log = logging.getLogger("koza.server")
MAX_STRIKES = 10  # errors a connection may cause before it is dropped
MAX_ROOMS = 2000
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


class KozaServer:
    """The rooms of one server and the handler of its connections."""

    def __init__(
        self, folder: Path, password: str | None = None, sync: bool = True, bot_delay: float = -1
    ) -> None:
        self.folder = folder
        self.password = password
        self.sync = sync
        self.bot_delay = bot_delay  # >= 0: overrides every room's (tests and bench)
        self.rooms: dict[str, Room] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.drivers: dict[str, asyncio.Task[None]] = {}  # each room's ``run``, by code
        self.warnings: list[str] = []

    # --- rooms -------------------------------------------------------------------

    def _run(self, room: Room) -> None:
        task = asyncio.create_task(room.run())
        self.tasks.add(task)
        self.drivers[room.code] = task
        task.add_done_callback(self._room_done)

    def _forget_if_empty(self, room: Room) -> None:
        """Drop a room nobody is in any more that holds no game to come back to."""
        if room.members() or (room.started and not room.finished):
            return
        self.rooms.pop(room.code, None)
        task = self.drivers.pop(room.code, None)
        if task is not None:
            task.cancel()
        room.close()

    def _room_done(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and (exc := task.exception()) is not None:
            log.error("a room stopped: %s", exc, exc_info=exc)

    def reopen(self) -> int:
        """Reopen every unfinished room found in the save folder; returns how many."""
        records, problems = roomfile.read_all(self.folder)
        self.warnings.extend(problems)
        for rec in records:
            if rec.finished:
                continue
            save = (
                self.folder / rec.save if rec.save else roomfile.find_save(self.folder, rec.game_id)
            )
            if save is None or not save.exists():
                roomfile.path_for(self.folder, rec.code).unlink(missing_ok=True)  # never started
                continue
            try:
                session = Session.open(save, sync=self.sync)
            except SaveError as exc:
                self.warnings.append(f"room {rec.code}: {exc}")
                continue
            rec.save = save.name
            room = Room(rec, self.folder, self.sync)
            if session.game.is_over:
                session.close()
                room.finished = True
                roomfile.write(self.folder, room.current_record())
                continue
            room.resume(session)
            self.rooms[rec.code] = room
            self._run(room)
        return len(self.rooms)

    def _new_room(self, msg: CreateRoom) -> Room:
        if len(self.rooms) >= MAX_ROOMS:
            raise ProtocolError("full", "server_full")
        if msg.humans > msg.players:
            raise ProtocolError("invalid", "too_many_humans")
        from koza.bots import make_bot
        from koza.core.rules import RuleSet

        try:
            RuleSet.from_options(msg.rules).check_players(msg.players)
            make_bot(msg.bot, 0)
        except (RuleError, ValueError) as exc:
            raise ProtocolError("invalid", "bad_settings", problem=str(exc)[:200]) from None
        code = roomfile.new_code()
        while code in self.rooms or roomfile.path_for(self.folder, code).exists():
            code = roomfile.new_code()
        rec = RoomRecord(
            code=code,
            game_id=uuid.uuid4().hex[:12],
            players=msg.players,
            humans=msg.humans,
            rules=msg.rules,
            bot=msg.bot,
            away_seconds=msg.away_seconds,
            bot_delay=msg.bot_delay if self.bot_delay < 0 else self.bot_delay,
            seats=[SeatRecord() for _ in range(msg.players)],
        )
        if msg.password:
            rec.password_hash = roomfile.digest(msg.password, rec.salt)
        room = Room(rec, self.folder, self.sync)
        self.rooms[code] = room
        return room

    def _room(self, code: str) -> Room:
        room = self.rooms.get(code)
        if room is None:
            raise ProtocolError("not_found", "no_room", code=code)
        return room

    # --- connections -------------------------------------------------------------

    async def handle(self, ws: ServerConnection) -> None:
        conn = Conn(ws)
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
            if conn.room is not None:
                conn.room.detach(conn)
                self._forget_if_empty(conn.room)
            conn.queue.put_nowait(None)
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(conn.writer, 5)

    async def _dispatch(self, conn: Conn, msg: Any) -> None:
        if isinstance(msg, Hello):
            if self.password is not None and msg.password != self.password:
                raise ProtocolError("forbidden", "wrong_server_password")
            conn.greeted = True
            conn.send(encode(Welcome(server=__version__)))
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
        conn.send(encode(Joined(code=room.code, seat=-1 if seat is None else seat, token=token)))
        room.attach(conn, last_seq)

    async def _list(self, conn: Conn, msg: ListRooms) -> None:
        rooms = [r.info() for r in self.rooms.values() if not r.started and not r.finished]
        conn.send(encode(Lobby(rooms=tuple(rooms[:100]))))

    async def _create(self, conn: Conn, msg: CreateRoom) -> None:
        if conn.room is not None:
            raise ProtocolError("forbidden", "already_in_room", code=conn.room.code)
        room = self._new_room(msg)
        seat, token = room.take_seat(msg.name)
        self._enter(conn, room, seat, token)
        self._run(room)
        if not room.humans_wanted():
            await room.start()

    async def _join(self, conn: Conn, msg: Join) -> None:
        room = self._room(msg.code)
        if not room.password_ok(msg.password):
            raise ProtocolError("forbidden", "wrong_room_password")
        if conn.room is not None:
            raise ProtocolError("forbidden", "already_in_room", code=conn.room.code)
        seat, token = room.take_seat(msg.name)
        self._enter(conn, room, seat, token)
        if not room.humans_wanted():
            await room.start()

    async def _rejoin(self, conn: Conn, msg: Rejoin) -> None:
        room = self._room(msg.code)
        seat = room.seat_of_token(msg.token)
        if seat is None:
            raise ProtocolError("forbidden", "no_seat_for_token")
        self._enter(conn, room, seat, None, msg.last_seq)

    async def _watch(self, conn: Conn, msg: Watch) -> None:
        room = self._room(msg.code)
        if not room.password_ok(msg.password):
            raise ProtocolError("forbidden", "wrong_room_password")
        self._enter(conn, room, None, None)

    async def _start(self, conn: Conn, msg: Start) -> None:
        room = self._seated(conn)
        if conn.seat != 0:
            raise ProtocolError("forbidden", "creator_starts")
        if room.started:
            raise ProtocolError("forbidden", "already_started")
        await room.start()

    async def _pick_seat(self, conn: Conn, msg: PickSeat) -> None:
        room = self._seated(conn)
        if conn.seat is None:
            raise ProtocolError("forbidden", "watchers_do_not_play")
        seat = conn.seat
        room.move_seat(seat, msg.seat)
        conn.send(encode(Joined(code=room.code, seat=msg.seat)))

    async def _command(self, conn: Conn, msg: PlayCommand) -> None:
        room = self._seated(conn)
        if conn.seat is None:
            raise ProtocolError("forbidden", "watchers_do_not_play")
        reason = await room.play(conn.seat, msg.seq, msg.move)
        if reason is not None:
            conn.send(encode(refused(msg.seq, reason)))

    async def _next_round(self, conn: Conn, msg: NextRound) -> None:
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

    async def _chat(self, conn: Conn, msg: Chat) -> None:
        text = _CONTROL.sub(" ", msg.text).strip()
        if not text:
            raise ProtocolError("invalid", "empty_chat")
        room, seat, name = self._speaker(conn)
        room.broadcast(encode(ChatLine(seat=seat, name=name, text=text)))

    async def _quick(self, conn: Conn, msg: Quick) -> None:
        room, seat, name = self._speaker(conn)
        room.broadcast(encode(QuickLine(seat=seat, name=name, phrase=msg.phrase)))

    _HANDLERS: dict[type, Callable[[KozaServer, Conn, Any], Any]] = {
        ListRooms: _list,
        CreateRoom: _create,
        Join: _join,
        Rejoin: _rejoin,
        Watch: _watch,
        Start: _start,
        PickSeat: _pick_seat,
        PlayCommand: _command,
        NextRound: _next_round,
        Chat: _chat,
        Quick: _quick,
    }

    def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for room in self.rooms.values():
            room.close()


def refused(seq: int, said: Said) -> Refused:
    """The ``Refused`` that says ``said`` about the move made at event ``seq``."""
    return Refused(seq=seq, reason=str(said), key=said.catalogue_key, values=said.values)


def tls_context(cert: Path, key: Path) -> ssl.SSLContext:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(cert, key)
    return ctx


async def start(
    koza: KozaServer, host: str, port: int, tls: ssl.SSLContext | None = None
) -> Server:
    """Listen (``port`` 0: any free port) and serve until the returned server closes."""
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
