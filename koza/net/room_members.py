"""A room's members and what they hear: who is seated or watching, and their messages.

``RoomMembers`` holds a room's state and sends each member the room, the away
timers and the table as that member's own view (whole, or as what changed for
a member that asked for deltas).  Moving a seat before the start is here too.
A room knows nothing of sockets: each member is an ``Outbox`` (``send(text)``
never blocks).  The game itself, its bots and timers are ``room.Room``'s.
"""

from __future__ import annotations

import asyncio
import json
import threading
import time
from functools import lru_cache
from pathlib import Path

from koza.core.rules import RuleSet
from koza.net import delta
from koza.net.protocol import Away, ProtocolError, RoomInfo, RoomState, SeatStatus, encode
from koza.net.roomfile import OPEN_SEAT, RoomRecord
from koza.net.seats import Outbox, Seats, Slot
from koza.net.wake import Wake
from koza.net.wire import public_event, view_for
from koza.play.session import Session


@lru_cache(maxsize=64)
def _rules(options: tuple[tuple[str, str | int], ...]) -> RuleSet:
    """One ``RuleSet`` for every room with these options (most rooms play the defaults)."""
    return RuleSet.from_options(dict(options))


class RoomMembers(Seats):
    """The members half of a ``Room``: its state, its members and the messages they are sent."""

    def __init__(self, record: RoomRecord, folder: Path, sync: bool = True) -> None:
        self.record = record
        self.code = record.code
        self.folder = folder
        self.sync = sync
        self.slots = [Slot(s) for s in record.seats]
        self.watchers: set[Outbox] = set()
        self.session: Session | None = None
        self.lock = asyncio.Lock()
        self.finished = record.finished
        self._starting = False
        self._wake = Wake()  # only the room's run waits on it
        self.rules = _rules(tuple(sorted(record.rules.items())))
        self.empty_since: float | None = time.monotonic()  # nobody has come in yet
        self.file_lock = threading.Lock()

    @property
    def started(self) -> bool:
        return self.session is not None or self._starting

    def move_seat(self, seat: int, to: int) -> None:
        """Before the start, the person at ``seat`` moves to open seat ``to`` with its members.

        The side file is written first, so a restart finds everyone where they now sit.
        """
        if self.started:
            raise ProtocolError("forbidden", "already_started")
        if seat == 0:
            raise ProtocolError("forbidden", "creator_keeps_seat")
        if not 0 <= to < len(self.slots) or self.slots[to].record.kind != "open":
            raise ProtocolError("invalid", "seat_not_open", seat=to + 1)
        old, new = self.slots[seat], self.slots[to]
        new.record, old.record = old.record, OPEN_SEAT
        try:
            self.save_record()
        except OSError as exc:
            old.record, new.record = new.record, OPEN_SEAT
            raise ProtocolError("internal", "room_not_saved", problem=str(exc)[:200]) from None
        new.members, old.members = old.members, []
        for member in new.members:
            member.seat = to
        self.broadcast_room()

    # --- members -----------------------------------------------------------------

    def attach(self, member: Outbox, last_seq: int = -1) -> None:
        """Seat ``member`` (or add a watcher) and send it the table as it is now.

        A member that saw events up to ``last_seq`` before also gets the public
        events it missed since then.
        """
        self.empty_since = None
        if member.seat is None:
            self.watchers.add(member)
        else:
            slot = self.slots[member.seat]
            if member not in slot.members:
                slot.members.append(member)
            if slot.away_since is not None or slot.bot_playing:
                slot.away_since, slot.bot_playing = None, False
                self._wake.set()
        seq = self.session.state.seq if self.session is not None else -1
        missed = 0 <= last_seq < seq
        member.last_seq = last_seq if missed else -1
        member.last_view = None  # a full view first
        self.broadcast_room()
        self._send_view(member, with_events=missed)

    def detach(self, member: Outbox) -> None:
        """A member left; a seat left empty starts its away timer if the game runs."""
        self.watchers.discard(member)
        if member.seat is not None:
            slot = self.slots[member.seat]
            if member in slot.members:
                slot.members.remove(member)
            if not slot.members and slot.record.kind == "human" and not self.finished:
                slot.away_since = time.monotonic()
                self._send_away(member.seat, slot)
                self._wake.set()
        if not self.members():
            self.empty_since = time.monotonic()
        self.broadcast_room()

    def members(self) -> list[Outbox]:
        return [m for s in self.slots for m in s.members] + list(self.watchers)

    # --- messages out ------------------------------------------------------------

    def info(self) -> RoomInfo:
        return RoomInfo(
            code=self.code,
            players=self.record.players,
            open_seats=self.open_seats(),
            names=tuple(s.record.name or "" for s in self.slots),
            started=self.started,
            password=self.record.password_hash is not None,
            rules=self.rules.changed(),
        )

    def _away_left(self, slot: Slot) -> float | None:
        if slot.away_since is None or slot.bot_playing:
            return None
        left = slot.away_since + self.record.away_seconds - time.monotonic()
        return round(max(0.0, left), 1)

    def room_state(self) -> RoomState:
        return RoomState(
            code=self.code,
            started=self.started,
            finished=self.finished,
            seats=tuple(
                SeatStatus(
                    name=s.record.name,
                    kind=s.record.kind,
                    connected=bool(s.members) or s.record.kind == "bot",
                    away_left=self._away_left(s),
                    bot_playing=s.bot_playing,
                )
                for s in self.slots
            ),
            away_seconds=self.record.away_seconds,
            watchers=len(self.watchers),
            rules=self.rules.changed(),
        )

    def broadcast(self, text: str) -> None:
        for m in self.members():
            m.send(text)

    def broadcast_room(self) -> None:
        self.broadcast(encode(self.room_state()))

    def _send_away(self, seat: int, slot: Slot) -> None:
        left = self._away_left(slot)
        msg = Away(seat=seat, seconds_left=left or 0.0, bot_playing=slot.bot_playing)
        self.broadcast(encode(msg))

    def _send_view(self, member: Outbox, with_events: bool = True) -> None:
        if self.session is None:
            return
        game = self.session.game
        state = game.state  # read once: a move may be landing in a worker thread
        seq = state.seq
        if member.last_seq >= seq:
            return
        events = game.events_between(member.last_seq + 1, seq + 1) if with_events else ()
        view = view_for(state, member.seat)
        said = json.dumps([public_event(e, member.seat) for e in events], separators=(",", ":"))
        last = member.last_view if member.deltas else None
        if last is not None:  # what changed since the last view this member was sent
            kind, body = "view_delta", delta.patch_json(view, delta.changed(last, view), last)
        else:
            kind, body = "view", view.to_json()
        member.last_view = view if member.deltas else None
        member.last_seq = seq
        # ``ViewUpdate``'s (or ``ViewDelta``'s) JSON, put together without building the model
        member.send(f'{{"v":1,"type":"{kind}","seq":{seq},"view":{body},"events":{said}}}')

    def broadcast_views(self) -> None:
        for m in self.members():
            self._send_view(m)
