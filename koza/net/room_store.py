"""Rooms on disk: reopening them at start, loading a paused one again, dropping stale ones.

Every room has its side file from the moment it is made (``roomfile``), so a
server killed at any moment reopens every room it had, started or not.  A room
nobody is in is paused after a while: it leaves memory, and its side file and
save stay, so the next join, rejoin or watch of its code loads it again.
"""

from __future__ import annotations

import time
from pathlib import Path

from koza.net import roomfile
from koza.net.room import Room
from koza.net.roomfile import RoomRecord
from koza.play.session import SaveError, Session

UNSTARTED_DAYS = 7.0  # a room nobody started in this many days is forgotten


def stale(folder: Path, rec: RoomRecord) -> bool:
    """A room that never started and nobody touched for ``UNSTARTED_DAYS``."""
    if rec.save is not None or roomfile.find_save(folder, rec.game_id) is not None:
        return False
    try:
        age = time.time() - roomfile.path_for(folder, rec.code).stat().st_mtime
    except OSError:
        return True
    return age > UNSTARTED_DAYS * 86400


def room_of(folder: Path, rec: RoomRecord, sync: bool, warnings: list[str]) -> Room | None:
    """The room ``rec`` describes, with its game open; None if finished or unreadable."""
    if rec.finished:
        return None
    if stale(folder, rec):
        roomfile.path_for(folder, rec.code).unlink(missing_ok=True)
        return None
    save = folder / rec.save if rec.save else roomfile.find_save(folder, rec.game_id)
    room = Room(rec, folder, sync)
    if save is None:  # still waiting for its players
        return room
    try:
        session = Session.open(save, sync=sync)
        session.game.keep_compact()
    except SaveError as exc:
        warnings.append(f"room {rec.code}: {exc}")
        return None
    room.record = roomfile.changed(room.record, save=save.name)
    if session.game.is_over:
        session.close()
        room.finished = True
        roomfile.write(folder, room.current_record(), sync)
        return None
    room.resume(session)
    return room


def load(folder: Path, code: str, sync: bool, warnings: list[str]) -> Room | None:
    """Room ``code`` from its side file (a paused room); None if there is none to play."""
    path = roomfile.path_for(folder, code)
    if not path.is_file():
        return None
    rec = roomfile.read(path)
    if rec is None or rec.code != code:
        warnings.append(f"{path}: not a readable room file")
        return None
    return room_of(folder, rec, sync, warnings)
