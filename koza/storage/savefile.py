"""Save files: one JSON Lines file per game, written while it is played.

Line 1 is the header ``{"format": "koza-save", "schema": 1, "koza": "<version>"}``,
then one event per line (``event.model_dump_json()``).  ``SaveWriter`` is a
``Game`` sink: it appends, flushes and fsyncs every event as it happens, and
holds an OS lock on the file while it is open, so two processes never write
the same game.  ``load`` validates every line and replays it through
``apply_event``.  A last line cut off by a crash is dropped with a warning;
anything else wrong is a one-line ``SaveError`` naming the file and line.
Nothing is ever written to a file that failed to load.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from koza import __version__
from koza.core.events import EVENT_ADAPTER, Event
from koza.core.state import GameState, ReplayError, apply_event

FORMAT = "koza-save"
SCHEMA = 1
SUFFIX = ".koza.jsonl"

Upcaster = Callable[[dict[str, Any]], dict[str, Any]]
UPCASTERS: dict[int, Upcaster] = {}
"""``UPCASTERS[n]`` rewrites one raw event dict of schema ``n`` into schema ``n + 1``."""

log = logging.getLogger(__name__)
log.addHandler(logging.NullHandler())  # no stray stderr output under the TUI


class SaveError(Exception):
    """A save that cannot be read, written or locked; ``str(e)`` is one line."""


@dataclass
class LoadedSave:
    """A save file read and replayed: its events, the state they fold to, its health."""

    path: Path
    schema: int
    events: list[Event]
    state: GameState
    good_bytes: int  # length of the whole-line prefix that was kept
    torn: bool = False  # a cut-off last line was dropped
    newline_missing: bool = False  # the last event is whole but lacks its newline
    warnings: list[str] = field(default_factory=list)


def header_line(schema: int | None = None) -> bytes:
    """The first line of a new save file."""
    head = {"format": FORMAT, "schema": SCHEMA if schema is None else schema, "koza": __version__}
    return json.dumps(head).encode() + b"\n"


# --- reading -----------------------------------------------------------------


def _is_json(raw: bytes) -> bool:
    try:
        json.loads(raw)
    except ValueError:
        return False
    return True


def _check_header(name: str, raw: bytes) -> int:
    try:
        head = json.loads(raw)
    except ValueError:
        head = None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        raise SaveError(f"{name}:1: not a koza save (no koza-save header)")
    schema = head.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise SaveError(f"{name}:1: bad save schema {schema!r}")
    if schema > SCHEMA:
        raise SaveError(
            f"{name}:1: save schema {schema} is newer than this koza {__version__} "
            f"understands (schema {SCHEMA}); update koza to open it"
        )
    missing = [v for v in range(schema, SCHEMA) if v not in UPCASTERS]
    if missing:
        raise SaveError(f"{name}:1: cannot upgrade save schema {missing[0]}")
    return schema


def describe_invalid(exc: ValidationError, raw: bytes) -> str:
    """One short reason why a line is not a valid event."""
    err = exc.errors(include_url=False)[0]
    kind = err["type"]
    if kind == "json_invalid":
        return "a blank line" if not raw.strip() else "not valid JSON"
    if kind == "union_tag_invalid":
        return f"unknown event type {err.get('ctx', {}).get('tag')!r}"
    if kind == "union_tag_not_found":
        return "an event without a type"
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "not an event (a JSON object was expected)"
    loc = err["loc"]
    where = ".".join(str(x) for x in loc[1:]) or "?"
    msg = str(err["msg"]).removeprefix("Value error, ")
    return f"bad {loc[0] if loc else 'event'} event: {where}: {msg}"


def _upcast(name: str, lineno: int, raw: bytes, schema: int) -> Event:
    try:
        data = json.loads(raw)
    except ValueError:
        raise SaveError(f"{name}:{lineno}: not valid JSON") from None
    if not isinstance(data, dict):
        raise SaveError(f"{name}:{lineno}: not an event (a JSON object was expected)")
    for version in range(schema, SCHEMA):
        data = UPCASTERS[version](data)
    try:
        return EVENT_ADAPTER.validate_python(data)
    except ValidationError as exc:
        raise SaveError(f"{name}:{lineno}: {describe_invalid(exc, raw)}") from None


def parse(path: Path, data: bytes) -> LoadedSave:
    """Validate and replay the bytes of a save file (``path`` only names it)."""
    name = str(path)
    lines = data.split(b"\n")
    tail = lines.pop()  # b"" when the file ends with a newline
    good, torn, newline_missing, warnings = len(data), False, False, []
    if tail and _is_json(tail):  # a whole event that only lacks its newline
        lines.append(tail)
        newline_missing = True
    elif tail or (len(lines) > 1 and not _is_json(lines[-1])):
        if not tail:  # a crash can also leave a line of garbage (NULs) with a newline
            tail = lines.pop() + b"\n"
        good, torn = len(data) - len(tail), True
        warnings.append(
            f"{name}:{len(lines) + 1}: the last line was cut off (a crash while saving?) "
            "and was dropped"
        )
    if not lines:
        why = "its header line is cut off" if torn else "the file is empty"
        raise SaveError(f"{name}:1: not a koza save ({why})")
    schema = _check_header(name, lines[0])
    if len(lines) == 1:
        raise SaveError(f"{name}:2: no game in the file (it ends after the header)")
    validate = EVENT_ADAPTER.validate_json
    state: GameState | None = None
    events: list[Event] = []
    append = events.append
    lineno = 1
    for raw in lines[1:]:
        lineno += 1
        if schema == SCHEMA:
            try:
                ev = validate(raw)
            except ValidationError as exc:
                raise SaveError(f"{name}:{lineno}: {describe_invalid(exc, raw)}") from None
        else:
            ev = _upcast(name, lineno, raw, schema)
        try:
            state = apply_event(state, ev)
        except ReplayError as exc:
            raise SaveError(f"{name}:{lineno}: {exc}") from None
        except Exception as exc:  # a fold bug must still be a one-line refusal
            why = f"{type(exc).__name__}: {exc}"
            raise SaveError(f"{name}:{lineno}: this event cannot be replayed ({why})") from None
        append(ev)
    assert state is not None
    for w in warnings:
        log.warning(w)
    return LoadedSave(path, schema, events, state, good, torn, newline_missing, warnings)


def _os_error(path: Path, exc: OSError) -> SaveError:
    if isinstance(exc, FileNotFoundError):
        return SaveError(f"{path}: no such file")
    if isinstance(exc, IsADirectoryError):
        return SaveError(f"{path}: is a folder, not a save file")
    return SaveError(f"{path}: {(exc.strerror or str(exc)).lower()}")


def load(path: Path | str) -> LoadedSave:
    """Read and replay a save without locking or changing it (raises ``SaveError``)."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise _os_error(path, exc) from None
    return parse(path, data)


# --- writing -----------------------------------------------------------------


def _sync(fd: int) -> None:
    if hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:  # pragma: no cover - macOS, Windows
        os.fsync(fd)


def _sync_dir(folder: Path) -> None:
    """Make a new or renamed file's name durable (POSIX; a no-op elsewhere)."""
    if sys.platform == "win32":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _lock(fd: int, path: Path) -> None:
    """Take an exclusive OS lock on ``fd`` for as long as it stays open."""
    if sys.platform == "win32":  # pragma: no cover
        return
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise SaveError(
            f"{path}: this game is open in another koza (the save file is locked)"
        ) from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot lock the save file ({exc.strerror})") from None


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _read_all(fd: int) -> bytes:
    with open(fd, "rb", closefd=False) as f:
        f.seek(0)
        return f.read()


class SaveWriter:
    """Appends events to a save file it holds locked: the ``sink`` of a ``Game``."""

    def __init__(self, path: Path, fd: int, size: int, sync: bool = True) -> None:
        self.path = path
        self._fd = fd
        self._size = size
        self.sync = sync

    @classmethod
    def create(cls, path: Path, sync: bool = True) -> SaveWriter:
        """Create a new save file (never overwrites one) holding only the header."""
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _os_error(path.parent, exc) from None
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(path, flags, 0o644)
        except FileExistsError:
            raise SaveError(f"{path}: a save with this name already exists") from None
        except OSError as exc:
            raise _os_error(path, exc) from None
        writer = cls(path, fd, 0, sync)
        try:
            _lock(fd, path)
            writer._append(header_line())
            _sync_dir(path.parent)
        except BaseException:
            writer.close()
            path.unlink(missing_ok=True)
            raise
        return writer

    @classmethod
    def open(cls, path: Path, sync: bool = True) -> tuple[SaveWriter, LoadedSave]:
        """Lock and load an existing save to go on writing it.

        A cut-off last line is truncated away (and a missing final newline added)
        only after the whole file has loaded; an older schema is rewritten in the
        current one.  A file that fails to load is left exactly as it was.
        """
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND | getattr(os, "O_BINARY", 0))
        except OSError as exc:
            raise _os_error(path, exc) from None
        try:
            _lock(fd, path)
            if os.name == "posix":
                st, now = os.fstat(fd), os.stat(path)
                if (st.st_dev, st.st_ino) != (now.st_dev, now.st_ino):
                    raise SaveError(f"{path}: the file was replaced while opening; try again")
            loaded = parse(path, _read_all(fd))
        except BaseException:
            os.close(fd)
            raise
        writer = cls(path, fd, loaded.good_bytes, sync)
        try:
            if loaded.schema != SCHEMA:
                writer._rewrite(loaded.events)
            elif loaded.torn:
                os.ftruncate(fd, loaded.good_bytes)
                _sync(fd)
            elif loaded.newline_missing:
                writer._append(b"\n")
        except OSError as exc:
            writer.close()
            raise _os_error(path, exc) from None
        except BaseException:
            writer.close()
            raise
        return writer, loaded

    def _rewrite(self, events: list[Event]) -> None:
        """Replace the file by the same events in the current schema (atomically)."""
        tmp = self.path.with_name(self.path.name + ".upgrade")
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
        data = header_line() + b"".join(ev.model_dump_json().encode() + b"\n" for ev in events)
        try:
            _lock(fd, tmp)
            _write_all(fd, data)
            os.fsync(fd)
            os.replace(tmp, self.path)
            _sync_dir(self.path.parent)
        except BaseException:
            os.close(fd)
            tmp.unlink(missing_ok=True)
            raise
        os.close(self._fd)
        self._fd, self._size = fd, len(data)

    def _append(self, data: bytes) -> None:
        if self._fd < 0:
            raise SaveError(f"{self.path}: the save file is closed")
        try:
            _write_all(self._fd, data)
            if self.sync:
                _sync(self._fd)
        except OSError as exc:
            with contextlib.suppress(OSError):  # keep the file whole: drop a partial line
                os.ftruncate(self._fd, self._size)
            raise SaveError(f"{self.path}: could not save ({exc.strerror})") from None
        self._size += len(data)

    def __call__(self, event: Event) -> None:
        """Append one event, flushed to disk before returning."""
        self._append(event.model_dump_json().encode() + b"\n")

    @property
    def closed(self) -> bool:
        return self._fd < 0

    def close(self) -> None:
        """Close the file, which releases the lock (safe to call twice)."""
        if self._fd >= 0:
            fd, self._fd = self._fd, -1
            os.close(fd)

    def __del__(self) -> None:  # a forgotten writer must not keep its game locked
        with contextlib.suppress(Exception):
            self.close()
