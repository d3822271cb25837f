"""A room's seats: who holds each, their tokens, the room's password, saving them.

The side file (``roomfile``) is written whenever a seat is taken or its token
changes, before the client hears of it, so a server killed at any moment knows
every seat and token it gave.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from koza.core.text import one_line
from koza.core.view import SeatView
from koza.net import roomfile
from koza.net.file_work import off_loop
from koza.net.protocol import ProtocolError
from koza.net.roomfile import OPEN_SEAT, RoomRecord, SeatRecord


def clean_name(raw: str) -> str:
    """A player's name as a room keeps it: no controls, no direction marks."""
    name = one_line(raw)
    if not name:
        raise ProtocolError("invalid", "empty_name")
    return name


class Outbox(Protocol):
    """A room member: a seat (``None`` for a watcher) and a way to send it text."""

    seat: int | None
    last_seq: int
    deltas: bool  # asked for views as what changed (``ViewDelta``)
    last_view: SeatView | None  # the last view sent, while ``deltas``

    def send(self, text: str) -> None: ...


@dataclass(slots=True)
class Slot:
    """A seat of the room, with the members who hold it and its absence."""

    record: SeatRecord
    members: list[Outbox] = field(default_factory=list)  # one or two: a list is a quarter of a set
    away_since: float | None = None  # time.monotonic() when its last member left
    bot_playing: bool = False  # a bot plays for this absent human
    ready: bool = False  # asked for the next round


class Seats:
    """The seat half of a ``Room``."""

    record: RoomRecord
    code: str
    folder: Path
    sync: bool
    slots: list[Slot]
    finished: bool
    creator = ""  # the address that made the room ("" once reopened from disk)
    empty_since: float | None = None  # time.monotonic() since nobody is in the room
    file_lock: threading.Lock
    arriving = 0  # rejoins waiting for the side file before they take their seat

    @property
    def started(self) -> bool:
        raise NotImplementedError

    def current_record(self) -> RoomRecord:
        seats = [s.record for s in self.slots]
        if seats != self.record.seats or self.finished != self.record.finished:
            self.record = roomfile.changed(self.record, seats=seats, finished=self.finished)
        return self.record

    def save_record(self) -> None:
        """Write the side file as the room is now (atomically).

        One write at a time (the game's creation writes from a worker thread), each
        taking the record as it is when its turn comes, so the last write is the newest.
        """
        with self.file_lock:
            roomfile.write(self.folder, self.current_record(), self.sync)

    def open_seats(self) -> int:
        return sum(s.record.kind == "open" for s in self.slots)

    def take_seat(self, name: str) -> tuple[int, str]:
        """Give the first open seat to ``name``; returns ``(seat, token)``."""
        if self.started:
            raise ProtocolError("full", "room_started", code=self.code)
        folded = name.casefold()
        if any((s.record.name or "").casefold() == folded for s in self.slots):
            raise ProtocolError("invalid", "name_taken", name=name)
        for i, slot in enumerate(self.slots):
            if slot.record.kind == "open":
                slot.record = SeatRecord(name=name, kind="human")
                try:
                    return i, self.renew_token(i)
                except ProtocolError:
                    slot.record = OPEN_SEAT
                    raise
        raise ProtocolError("full", "room_full", code=self.code)

    def _new_token(self, seat: int) -> tuple[str, SeatRecord]:
        """A new token in ``seat``'s record (the old one stops working); ``(token, old record)``."""
        token = roomfile.new_token()
        old = self.slots[seat].record
        hashed = roomfile.digest(token, self.record.salt)
        self.slots[seat].record = old.model_copy(update={"token_hash": hashed})
        return token, old

    def _not_saved(self, seat: int, token: str, old: SeatRecord, exc: OSError) -> ProtocolError:
        if self.slots[seat].record.token_hash == roomfile.digest(token, self.record.salt):
            self.slots[seat].record = old  # nothing changes
        return ProtocolError("internal", "room_not_saved", problem=str(exc)[:200])

    def renew_token(self, seat: int) -> str:
        """A new token for ``seat`` (the old one stops working), saved before it is given.

        ``ProtocolError`` if the side file cannot be written (nothing changes then).
        """
        token, old = self._new_token(seat)
        try:
            self.save_record()
        except OSError as exc:
            raise self._not_saved(seat, token, old, exc) from None
        return token

    async def renew_token_off_loop(self, seat: int) -> str:
        """``renew_token``, the side file written in a worker thread (a rejoin storm after a
        restart must not hold the loop); if another rejoin of the seat renewed it meanwhile,
        that one holds the seat."""
        token, old = self._new_token(seat)
        self.arriving += 1  # the room does not pause meanwhile
        try:
            await off_loop(self.save_record)
        except OSError as exc:
            raise self._not_saved(seat, token, old, exc) from None
        finally:
            self.arriving -= 1
        if self.slots[seat].record.token_hash != roomfile.digest(token, self.record.salt):
            raise ProtocolError("forbidden", "replaced")
        return token

    def humans_wanted(self) -> bool:
        taken = sum(s.record.kind == "human" for s in self.slots)
        return taken < self.record.humans and self.open_seats() > 0

    def seat_of_token(self, token: str) -> int | None:
        for i, slot in enumerate(self.slots):
            h = slot.record.token_hash
            if h is not None and roomfile.matches(token, self.record.salt, h):
                return i
        return None

    def password_ok(self, password: str | None) -> bool:
        if self.record.password_hash is None:
            return True
        return password is not None and roomfile.matches(
            password, self.record.salt, self.record.password_hash
        )

    def idle_for(self) -> float:
        """Seconds since the last member left (0 while anyone is in)."""
        return 0.0 if self.empty_since is None else time.monotonic() - self.empty_since
