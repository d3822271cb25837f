"""The headless koza client: a connection to a server and a mirror of one seat.

``KozaClient`` connects, says hello, creates, joins, rejoins or watches a room,
and keeps ``view`` (the seat's ``SeatView``, rebuilt from every ``view``
message), ``seq``, ``room``, ``log`` (public events, chat, refusals) up to date.
If the connection drops it reconnects by itself and rejoins its seat with its
token.  Everything about one room goes to ``<url>/room/<CODE>`` (a new room's
code is drawn here), so a proxy can send each room to the server that holds it.
A user interface reads the mirror and awaits ``changed()``; every message
received is also put on ``inbox``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from koza.core.commands import Command
from koza.core.view import SeatView
from koza.i18n.says import Said
from koza.i18n.system_errors import say_os_error
from koza.net import delta, roomfile
from koza.net.address import normalize_url, room_url
from koza.net.connection import BURST, RATE, Bucket
from koza.net.protocol import (
    SERVER_MESSAGES,
    Away,
    Chat,
    ChatLine,
    CreateRoom,
    Error,
    Hello,
    Join,
    Joined,
    ListRooms,
    Lobby,
    NextRound,
    Phrase,
    PickSeat,
    PlayCommand,
    ProtocolError,
    Quick,
    QuickLine,
    Refused,
    Rejoin,
    RoomState,
    Start,
    ViewDelta,
    ViewUpdate,
    Watch,
    Welcome,
    decode,
    encode,
    error_message,
)
from koza.net.safe_text import cleaned

MAX_SERVER_FRAME = 1 << 20


class ClientError(Exception):
    """The server refused a request, or cannot be reached; ``str`` is one line.

    ``code`` is the server's error code (``Error.code``), or "" for a network problem.
    """

    def __init__(self, message: str | Said, code: str = "") -> None:
        super().__init__(str(message))
        self.code = code
        self.said = message if isinstance(message, Said) else None  # to say it in any language

    @classmethod
    def of(cls, error: Error) -> ClientError:
        """The server's ``Error`` as an exception."""
        exc = cls(error.message, error.code)
        exc.said = Said.from_catalogue(error.key, error.values)
        return exc


class KozaClient:
    """One connection to a koza server, seated at (or watching) one room."""

    def __init__(
        self,
        url: str,
        password: str | None = None,
        reconnect_for: float = 120.0,
        record: bool = False,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.url = normalize_url(url)
        self.tls = tls  # for wss:// with a certificate the system does not trust
        self.password = password
        self.reconnect_for = reconnect_for  # seconds of trying before giving up
        self.code: str | None = None
        self.seat: int | None = None  # -1 while watching
        self.token: str | None = None
        self.view: SeatView | None = None
        self.seq = -1
        self.room: RoomState | None = None
        self.log: list[Any] = []  # public event dicts, ChatLine, QuickLine, Away, Refused, Error
        self.inbox: asyncio.Queue[Any] = asyncio.Queue()
        self.reconnects = 0
        self.reconnecting = False  # the connection dropped and is being made again
        self.refusals = 0  # moves the server did not make
        self.frames: list[str | bytes] | None = [] if record else None  # every frame received
        self.deltas = True  # asks for views after the first as what changed (``ViewDelta``)
        self.keep_token: Callable[[str], None] | None = None  # told each new seat token
        self.closed = False
        self.lost: str | None = None  # why the connection is gone for good (English)
        self.lost_said: Said | None = None  # ... to be said in any language
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._path_code: str | None = None  # the room whose address this connection used
        self._switching = False  # closing on purpose, to connect to another room's address
        self._reply: asyncio.Future[Any] | None = None
        self._changed = asyncio.Event()
        self._replaced = False  # another connection took this seat: do not fight for it
        self._version = 0  # messages taken in so far
        self._seen = 0  # ... when ``changed`` last returned
        # kept below the server's limit, so a fast client (a bot) is never told to slow down
        self._pace = Bucket(RATE * 0.8, BURST // 2)

    # --- connecting --------------------------------------------------------------

    async def _open(self) -> None:
        try:
            extra: dict[str, Any] = {"ssl": self.tls} if self.tls is not None else {}
            target = room_url(self.url, self._path_code)
            self._ws = await connect(target, max_size=MAX_SERVER_FRAME, proxy=None, **extra)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError, ValueError) as exc:
            problem = say_os_error(exc)  # in the player's language, the raw text a detail
            raise ClientError(Said.of("cannot_reach", url=self.url, problem=problem)) from None
        await self._request(Hello(password=self.password, deltas=self.deltas), Welcome)

    async def connect(self, code: str | None = None) -> None:
        """Connect (to room ``code``'s address) and say hello; ``ClientError`` if it cannot."""
        self._reader = None
        self._path_code = code
        await self._open()

    async def _to_room(self, code: str) -> None:
        """Connect again at room ``code``'s address, unless already there."""
        if code == self._path_code or self._ws is None:
            return
        self._switching = True
        try:
            await self._ws.close()
            if self._reader is not None:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self._reader, 5)
        finally:
            self._switching = False
        await self.connect(code)

    async def _request(self, msg: Any, want: type) -> Any:
        """Send ``msg`` and wait for the answer of type ``want`` (or an error)."""
        if self._ws is None:
            raise ClientError(Said.of("not_connected"))
        loop = asyncio.get_running_loop()
        self._reply = loop.create_future()
        try:
            await self._ws.send(encode(msg))
        except ConnectionClosed:
            self._reply = None
            raise ClientError(Said.of("connection_closed")) from None
        if self._reader is None or self._reader.done():
            self._reader = asyncio.create_task(self._read())
        try:
            reply = await asyncio.wait_for(self._reply, 15)
        except TimeoutError:
            raise ClientError(Said.of("no_answer", url=self.url)) from None
        finally:
            self._reply = None
        if isinstance(reply, Error):
            raise ClientError.of(reply)
        if not isinstance(reply, want):
            raise ClientError(Said.of("unexpected_answer", kind=repr(reply.type)))
        return reply

    async def _read(self) -> None:
        ws = self._ws
        assert ws is not None
        try:
            async for frame in ws:
                if self.frames is not None:
                    self.frames.append(frame)
                try:
                    msg = decode(frame, SERVER_MESSAGES, MAX_SERVER_FRAME)
                    if isinstance(msg, ViewDelta):  # names left out are the ones cleaned before
                        names = "names" in msg.view.model_fields_set  # type: ignore[attr-defined]
                        msg = self._whole(msg)
                        self._take(cleaned(msg) if names else msg)
                    else:
                        self._take(cleaned(msg))
                except (ProtocolError, ValidationError, TypeError):
                    continue  # a message this client cannot read changes nothing
        except ConnectionClosed:
            pass
        if self._reply is not None and not self._reply.done():
            self._reply.set_exception(ClientError(Said.of("connection_closed")))
        if self._replaced:
            self._give_up(Said.of("replaced"))
        elif not self.closed and not self._switching:
            asyncio.create_task(self._reconnect())

    async def _reconnect(self) -> None:
        """Connect again and take the same seat back (or watch again)."""
        if self.code is None:
            self._give_up(Said.of("connection_closed"))
            return
        self.reconnecting = True
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.reconnect_for
        delay = 0.1
        while not self.closed and loop.time() < deadline:
            await asyncio.sleep(delay)
            delay = min(delay * 2, 2.0)
            try:
                self._reader = None
                await self._open()
                if self.token is not None:
                    again = Rejoin(code=self.code, token=self.token, last_seq=self.seq)
                    await self._request(again, Joined)
                else:
                    await self._request(Watch(code=self.code, password=self.password), Joined)
            except ClientError as exc:
                if exc.code in ("not_found", "forbidden"):  # the room or the seat is gone
                    self._give_up(exc.said or Said.of("connection_closed"))
                    return
                continue
            self.reconnects += 1
            self.reconnecting = False
            return
        self._give_up(Said.of("connection_lost", url=self.url))

    def _give_up(self, why: Said) -> None:
        self.lost, self.lost_said, self.reconnecting = str(why), why, False
        self.inbox.put_nowait(error_message("lost", why))
        self._version += 1
        self._changed.set()

    # --- the mirror ----------------------------------------------------------------

    def _whole(self, msg: ViewDelta) -> ViewUpdate:
        """The full ``ViewUpdate`` a delta stands for (``TypeError`` with no view to patch)."""
        if self.view is None:
            raise TypeError("a view delta before any view")
        view = delta.apply(self.view, msg.view)  # every field validated: as in a full view
        return ViewUpdate.model_construct(seq=msg.seq, view=view, events=msg.events)

    def _take(self, msg: Any) -> None:
        if isinstance(msg, ViewUpdate):
            self.view = msg.view
            self.seq = msg.seq
            self.log.extend(msg.events)
        elif isinstance(msg, RoomState):
            self.room = msg
        elif isinstance(msg, Joined):
            self.code, self.seat = msg.code, msg.seat
            if msg.token is not None:  # a new one on every join and rejoin
                self.token = msg.token
                if self.keep_token is not None:
                    self.keep_token(msg.token)
        elif isinstance(msg, ChatLine | QuickLine | Away | Refused | Error):
            self.log.append(msg)
            # a move refused, or dropped for coming too fast, may be sent again
            self.refusals += isinstance(msg, Refused) or (
                isinstance(msg, Error) and msg.code == "rate"
            )
            self._replaced |= isinstance(msg, Error) and msg.code == "replaced"
        reply = self._reply
        if (
            reply is not None
            and not reply.done()
            and isinstance(msg, Welcome | Joined | Lobby | Error)
        ):
            reply.set_result(msg)
        self.inbox.put_nowait(msg)
        self._version += 1
        self._changed.set()

    async def changed(self, timeout: float | None = None) -> None:
        """Wait for a message taken in since ``changed`` last returned (or ``timeout``)."""
        if self._version == self._seen:
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(timeout):  # no task of its own, as wait_for makes
                    await self._changed.wait()
        self._seen = self._version

    @property
    def my_turn(self) -> bool:
        v = self.view
        return v is not None and v.seat >= 0 and v.phase == "playing" and v.turn == v.seat

    @property
    def game_over(self) -> bool:
        return self.view is not None and self.view.phase == "game_over"

    # --- requests ----------------------------------------------------------------

    async def lobby(self) -> Lobby:
        return await self._request(ListRooms(), Lobby)

    async def create_room(self, name: str, **settings: Any) -> Joined:
        """A new room (``players``, ``humans``, ``rules``, ``bot``, ``away_seconds``, ``public``).

        Its code is drawn here and the room is made through that code's address.
        """
        for _ in range(3):
            code = roomfile.new_code()
            await self._to_room(code)
            try:
                return await self._request(CreateRoom(name=name, code=code, **settings), Joined)
            except ClientError as exc:
                if exc.said is None or exc.said.key != "code_taken":
                    raise
        raise ClientError(Said.of("code_taken", code=code), "full")

    async def join(self, code: str, name: str, password: str | None = None) -> Joined:
        await self._to_room(code)
        return await self._request(Join(code=code, name=name, password=password), Joined)

    async def rejoin(self, code: str, token: str) -> Joined:
        self.token = token
        await self._to_room(code)
        return await self._request(Rejoin(code=code, token=token), Joined)

    async def watch(self, code: str, password: str | None = None) -> Joined:
        self.password = password or self.password
        await self._to_room(code)
        return await self._request(Watch(code=code, password=password), Joined)

    async def _send(self, msg: Any) -> None:
        if self._ws is None:
            raise ClientError(Said.of("not_connected"))
        while not self._pace.take():
            await asyncio.sleep(1 / self._pace.rate)
        with contextlib.suppress(ConnectionClosed):  # the reader reconnects
            await self._ws.send(encode(msg))

    async def start(self) -> None:
        await self._send(Start())

    async def pick_seat(self, seat: int) -> None:
        """Before the start, move to open seat ``seat`` (counted from 0)."""
        await self._send(PickSeat(seat=seat))

    async def play(self, command: Command) -> None:
        """Send a move for the table as this client last saw it (``seq``)."""
        await self._send(PlayCommand(seq=self.seq, move=command))

    async def next_round(self) -> None:
        await self._send(NextRound(seq=self.seq))

    async def chat(self, text: str) -> None:
        await self._send(Chat(text=text))

    async def quick(self, phrase: Phrase) -> None:
        await self._send(Quick(phrase=phrase))

    async def drop(self) -> None:
        """Cut the connection without leaving (tests: a network failure)."""
        if self._ws is not None and self._ws.transport is not None:
            self._ws.transport.abort()

    async def close(self) -> None:
        self.closed = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await asyncio.wait_for(self._reader, 5)
