"""A server's rooms: making new ones, loading paused ones, driving and pausing them.

``ServerRooms`` keeps every room in memory by code, runs each room's ``run`` as
a task, reopens the rooms of the save folder when the server starts, pauses a
room nobody has been in for ``pause_after`` seconds and loads it again when
someone comes back (``room_store``).  The connections are ``server``'s.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from pathlib import Path

from koza.core.rules import RuleError
from koza.net import guard, room_store, roomfile
from koza.net.bot_pump import BotPump
from koza.net.protocol import CreateRoom, ProtocolError
from koza.net.room import Room
from koza.net.roomfile import OPEN_SEAT, RoomRecord

log = logging.getLogger("koza.server")
MAX_ROOMS = 2000
PAUSE_AFTER = 60.0  # seconds a room with nobody in it keeps playing before it pauses


class ServerRooms:
    """The rooms of one server and the tasks that drive them."""

    def __init__(
        self,
        folder: Path,
        sync: bool = True,
        bot_delay: float = -1,
        unlimited: frozenset[str] = frozenset(),
    ) -> None:
        self.folder = folder
        self.sync = sync
        self.bot_delay = bot_delay  # >= 0: overrides every room's (tests and bench)
        self.rooms: dict[str, Room] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.drivers: dict[str, asyncio.Task[None]] = {}  # each room's ``run``, by code
        self.warnings: list[str] = []
        self.sweeper: asyncio.Task[None] | None = None  # ``pause_idle``, once serving
        self.guard = guard.Guard(frozenset(guard.address_key(a) for a in unlimited))
        self.pause_after = PAUSE_AFTER
        self.server_name: str | None = None  # "host:port" of this server, in every room file
        self.pump: BotPump | None = None  # every room's quick bots, made with the first room

    def _run(self, room: Room) -> None:
        if self.pump is None:
            self.pump = BotPump()
        room.pump = self.pump
        task = asyncio.create_task(room.run())
        self.tasks.add(task)
        self.drivers[room.code] = task
        task.add_done_callback(self._room_done)

    def _forget_if_empty(self, room: Room) -> None:
        """Drop a finished room nobody is in any more."""
        if room.members() or not room.finished:
            return
        self._unload(room)

    def _unload(self, room: Room) -> None:
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
            room = room_store.room_of(self.folder, rec, self.sync, self.warnings)
            if room is not None:
                self.rooms[rec.code] = room
                self._run(room)
        return len(self.rooms)

    async def pause_idle(self) -> None:
        """Pause, every few seconds, the rooms nobody has been in for ``pause_after``."""
        while True:
            await asyncio.sleep(max(0.05, min(5.0, self.pause_after / 4)))
            for room in [r for r in self.rooms.values() if r.idle_for() >= self.pause_after]:
                if room.members() or room.arriving or (room.session is None and room.started):
                    continue  # someone came in, or its game is being created
                async with room.lock:  # no move is half made
                    if room.members() or room.arriving or self.rooms.get(room.code) is not room:
                        continue  # someone came in meanwhile
                    self._unload(room)
                log.info("room %s paused: nobody in it", room.code)

    def _new_room(self, msg: CreateRoom, creator: str) -> Room:
        if len(self.rooms) >= MAX_ROOMS:
            raise ProtocolError("full", "server_full")
        mine = sum(r.creator == creator and not r.finished for r in self.rooms.values())
        if not self.guard.may_create(creator, mine):
            raise ProtocolError("full", "too_many_rooms", most=guard.ROOMS_PER_ADDRESS)
        if msg.humans > msg.players:
            raise ProtocolError("invalid", "too_many_humans")
        from koza.bots import make_bot
        from koza.core.rules import RuleSet

        try:
            RuleSet.from_options(msg.rules).check_players(msg.players)
            make_bot(msg.bot, 0)
        except (RuleError, ValueError) as exc:
            raise ProtocolError("invalid", "bad_settings", problem=str(exc)[:200]) from None
        code = msg.code or roomfile.new_code()  # a client may draw it (to route by it)
        if msg.code is not None and not roomfile.good_code(msg.code):
            raise ProtocolError("invalid", "bad_code", length=roomfile.CODE_LENGTH)
        while code in self.rooms or roomfile.path_for(self.folder, code).exists():
            if msg.code is not None:
                raise ProtocolError("full", "code_taken", code=code)
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
            seats=[OPEN_SEAT] * msg.players,
            public=msg.public,
            server=self.server_name,
        )
        if msg.password:
            rec = roomfile.changed(rec, password_hash=roomfile.digest(msg.password, rec.salt))
        room = Room(rec, self.folder, self.sync)
        room.creator = creator
        return room

    def _room(self, code: str) -> Room:
        """Room ``code``, loaded again if it was paused."""
        room = self.rooms.get(code)
        if room is None and len(self.rooms) < MAX_ROOMS:
            room = room_store.load(self.folder, code, self.sync, self.warnings)
            if room is not None:
                self.rooms[code] = room
                self._run(room)
        if room is None:
            raise ProtocolError("not_found", "no_room", code=code)
        return room

    def close(self) -> None:
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.pump is not None:
            self.pump.close()
        for task in self.tasks:
            task.cancel()
        for room in self.rooms.values():
            room.close()
