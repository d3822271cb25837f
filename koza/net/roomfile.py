"""A room's side file: what a server needs to reopen a room, kept beside its save.

``koza-room-<CODE>.json`` holds the room code, its settings, the seats and a hash
of each seat token (never the token itself, never anything of the game: the game
is only in the save).  It is written atomically (temporary file, fsync, rename)
before the game's save exists and again once it does, so a server killed at any
moment finds either no room or a room it can reopen.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import secrets
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from koza.core.fields_set import share_fields_set
from koza.storage.fileops import sync_dir, write_all

PREFIX = "koza-room-"
SUFFIX = ".json"
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: easy to read aloud
CODE_LENGTH = 10  # 32**10 = 1.1e15 codes: see ``guard`` for the guessing rate
CODE_PATTERN = re.compile(f"^[{CODE_ALPHABET}]{{{CODE_LENGTH}}}$")


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def good_code(code: str) -> bool:
    """A code a client may draw for a new room: as long and of the same letters as ours."""
    return CODE_PATTERN.match(code) is not None


def new_token() -> str:
    """A seat token: 192 random bits, unrelated to the room code."""
    return secrets.token_urlsafe(24)


def digest(secret: str, salt: str) -> str:
    return hashlib.sha256(f"{salt}:{secret}".encode()).hexdigest()


def matches(secret: str, salt: str, hashed: str) -> bool:
    return hmac.compare_digest(digest(secret, salt), hashed)


class SeatRecord(BaseModel):
    """A seat of the room as its side file keeps it (replaced, never changed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str | None = None
    kind: Literal["human", "bot", "open"] = "open"
    token_hash: str | None = None

    def model_post_init(self, context: Any, /) -> None:
        share_fields_set(self)  # a server keeps every room's seats


OPEN_SEAT = SeatRecord()
"""A seat nobody has taken (records are frozen: every open seat can be this one)."""


class RoomRecord(BaseModel):
    """The side file's contents (replaced by ``changed``, never changed in place)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    format: Literal["koza-room"] = "koza-room"
    code: str
    game_id: str
    salt: str = Field(default_factory=lambda: secrets.token_hex(8))
    save: str | None = None  # the save's file name, once the game has started
    players: int
    humans: int
    rules: dict[str, str | int]
    bot: str
    away_seconds: float
    bot_delay: float
    public: bool = False  # listed in the lobby
    server: str | None = None  # which koza server holds the room ("machine:port")
    password_hash: str | None = None
    seats: list[SeatRecord]
    finished: bool = False

    def model_post_init(self, context: Any, /) -> None:
        share_fields_set(self)


def changed(record: RoomRecord, **fields: object) -> RoomRecord:
    """``record`` with ``fields`` replaced (their values are the room's own, not validated)."""
    new = record.model_copy(update=fields)
    share_fields_set(new)
    return new


def path_for(folder: Path, code: str) -> Path:
    return folder / f"{PREFIX}{code}{SUFFIX}"


def write(folder: Path, record: RoomRecord, sync: bool = True) -> None:
    """Replace the side file atomically (the old one stays whole until the rename).

    ``sync`` False (tests, a bench) skips the fsyncs.
    """
    folder.mkdir(parents=True, exist_ok=True)
    final = path_for(folder, record.code)
    tmp = final.with_name(final.name + ".tmp")
    data = record.model_dump_json(indent=1).encode()
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        write_all(fd, data)
        if sync:
            os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, final)
    if sync:
        with contextlib.suppress(OSError):
            sync_dir(folder)


def read(path: Path) -> RoomRecord | None:
    """One side file; None if it cannot be read."""
    try:
        return RoomRecord.model_validate_json(path.read_bytes())
    except (OSError, ValidationError):
        return None


def read_all(folder: Path) -> tuple[list[RoomRecord], list[str]]:
    """Every readable side file in ``folder``, and one line per unreadable one."""
    records: list[RoomRecord] = []
    problems: list[str] = []
    try:
        files = sorted(folder.glob(f"{PREFIX}*{SUFFIX}"))
    except OSError:
        return records, problems
    for f in files:
        try:
            records.append(RoomRecord.model_validate_json(f.read_bytes()))
        except (OSError, ValidationError) as exc:
            problems.append(f"{f}: not a readable room file ({type(exc).__name__})")
    return records, problems


def find_save(folder: Path, game_id: str) -> Path | None:
    """The save of ``game_id`` (its name ends ``-<game_id>.koza.jsonl``)."""
    hits = sorted(folder.glob(f"*-{game_id}.koza.jsonl"))
    return hits[0] if hits else None
