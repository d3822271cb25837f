"""Writing a save while its game is played: ``SaveWriter``, a ``Game`` sink.

It writes every event to the file as it happens (a killed koza loses at most the
event being written: a finished ``write`` is in the system's cache), and syncs
the file to the disk when asked (``flush``: the session asks at the end of a
round, at game over and before koza waits for a person; ``flush_together``
syncs many saves with one sync, as a server's rooms need), on close, and
otherwise at most ``SYNC_EVERY`` seconds after a write: a write puts its save on
one list for all saves (``_Soon``, unless it is on it already), which one timer
(``storage.timers``) syncs together ``SYNC_EVERY`` after the first save was put
on it.  A sync on request leaves the save on the list, so bots' rounds shorter
than ``SYNC_EVERY`` cost one timer per ``SYNC_EVERY``, not one per round.
It holds an OS lock on the file while it is open, so two processes never write
the same game.  A new save only appears under its name once its header and ``game_created`` are
on disk (it is written under a hidden temporary name and then linked), so a
crash can never leave a save with no game in it.  Before each event the writer
checks that its file still has a name (it was not deleted, nor replaced by another
file, nor its folder deleted: one ``fstat``), and at each sync that its path still
leads to it (one ``stat`` of the path): once a save was seen moved elsewhere it
takes no more events.  The moves made between a move and the next sync (the rest of
a round, a tenth of a second at most of bots' play) are in the moved file; no move
goes into a file nobody will find.
"""

from __future__ import annotations

import contextlib
import os
import threading
import uuid
import weakref
from collections.abc import Callable, Sequence
from pathlib import Path

from koza.core.events import Event
from koza.storage import savefile, timers
from koza.storage.fileops import find_syncfs
from koza.storage.fileops import identity as _identity
from koza.storage.fileops import lock as _lock
from koza.storage.fileops import publish as _publish
from koza.storage.fileops import sync_data as _sync  # seams the tests replace
from koza.storage.fileops import sync_dir as _sync_dir
from koza.storage.fileops import write_all as _write_all
from koza.storage.savefile import (
    LoadedSave,
    SaveError,
    open_regular,
    os_error,
    os_failure,
    parse,
    read_fd,
)

SYNC_EVERY = 0.1
"""Seconds at most between writing an event and syncing it to the disk."""


_syncfs = find_syncfs()


def _start_timer(delay: float, fire: Callable[[], None]) -> timers.Pending:
    """Call ``fire`` once after ``delay`` seconds (a seam: tests fire it by hand).

    At exit it fires at once, so what a writer that was never closed wrote still
    gets synced.  ``close`` cancels it.
    """
    return timers.after(delay, fire)


class _Soon:
    """The saves written since their last sync, synced together ``SYNC_EVERY`` after the
    first of them was listed (one timer for them all: a server's thousand rooms cost one
    ``syncfs`` a tenth of a second, not a sync each).

    It holds them weakly, so a dropped writer closes at once; ``close`` takes one off.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._listed: dict[int, weakref.ReferenceType[SaveWriter]] = {}
        self._armed = False

    def add(self, writer: SaveWriter) -> None:
        with self._lock:
            self._listed[id(writer)] = weakref.ref(writer)
            if not self._armed:
                self._armed = True
                _start_timer(SYNC_EVERY, self._fire)

    def drop(self, writer: SaveWriter) -> None:
        with self._lock:
            ref = self._listed.get(id(writer))
            if ref is not None and ref() in (writer, None):
                del self._listed[id(writer)]

    def _fire(self) -> None:
        with self._lock:
            refs, self._listed, self._armed = list(self._listed.values()), {}, False
        writers = [w for ref in refs if (w := ref()) is not None]
        for w in writers:
            with w._guard:
                w._listed = False  # a write from now on lists it again
        _flush_together(writers, quiet=True)


_soon = _Soon()


def _fresh_soon() -> None:
    """In a forked child: the parent's timer is not there, its saves are not ours."""
    global _soon
    _soon = _Soon()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_fresh_soon)


class SaveWriter:
    """Appends events to a save file it holds locked: the ``sink`` of a ``Game``."""

    def __init__(self, path: Path, fd: int, size: int, sync: bool = True) -> None:
        self.path = path
        self._where = os.fspath(path)  # what each sync's check looks up
        self._fd = fd
        self._size = size
        self.sync = sync
        self._id = _identity(os.fstat(fd))
        self._unnamed: Path | None = None  # the temporary name until the game is in
        self._guard = threading.Lock()  # the fd and the unsynced flag, against the timer
        self._unsynced = False  # written since the last sync
        self._writes = 0  # appends so far: what a sync of many saves marks as synced
        self._listed = False  # on ``_soon``'s list: a sync is due within ``SYNC_EVERY``
        self._moved = False  # a sync found another file (or none) at ``path``

    @classmethod
    def create(cls, path: Path, sync: bool = True) -> SaveWriter:
        """Start a new save at ``path`` (never overwriting one).

        The file is made under a hidden temporary name; the first event written (the
        ``game_created``) goes out with the header, and only then does the file take
        its name.
        """
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise os_error(path.parent, exc) from None
        if os.path.lexists(path):
            raise SaveError.at(path, "file.exists")
        tmp = path.with_name(f".{path.name}.{uuid.uuid4().hex[:8]}.new")
        flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_BINARY", 0)
        try:
            fd = os.open(tmp, flags, 0o644)
        except OSError as exc:
            raise os_error(path, exc) from None
        writer = cls(path, fd, 0, sync)
        writer._unnamed = tmp
        try:
            _lock(fd, path)
        except BaseException:
            writer.discard()
            raise
        return writer

    @classmethod
    def open(
        cls,
        path: Path,
        sync: bool = True,
        check: Callable[[LoadedSave], None] | None = None,
    ) -> tuple[SaveWriter, LoadedSave]:
        """Lock and load an existing save to go on writing it.

        A cut-off last line (or one blank last line) is truncated away (and a missing
        final newline added) only after the whole file has loaded and ``check`` (which
        raises ``SaveError`` to refuse it) passed; an older schema is rewritten in the
        current one.  A file that fails to load is left exactly as it was.
        """
        fd = open_regular(path, os.O_RDWR | os.O_APPEND)
        try:
            _lock(fd, path)
            if os.name == "posix" and _identity(os.fstat(fd)) != _identity(os.stat(path)):
                raise SaveError.at(path, "file.replaced")
            loaded = parse(path, read_fd(fd))
            if check is not None:
                check(loaded)
        except OSError as exc:
            os.close(fd)
            raise os_error(path, exc) from None
        except BaseException:
            os.close(fd)
            raise
        writer = cls(path, fd, loaded.good_bytes, sync)
        try:
            if loaded.schema != savefile.SCHEMA:
                writer._rewrite(loaded.events)
            elif loaded.torn or loaded.blank_end:
                os.ftruncate(fd, loaded.good_bytes)
                _sync(fd)
            elif loaded.newline_missing:
                writer._append(b"\n")
        except OSError as exc:
            writer.close()
            raise os_error(path, exc) from None
        except BaseException:
            writer.close()
            raise
        return writer, loaded

    def _rewrite(self, events: list[Event]) -> None:
        """Replace the file by the same events in the current schema (atomically)."""
        tmp = self.path.with_name(self.path.name + ".upgrade")
        fd = os.open(tmp, os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND, 0o644)
        data = savefile.header_line() + b"".join(
            ev.model_dump_json().encode() + b"\n" for ev in events
        )
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
        self._fd, self._size, self._id = fd, len(data), _identity(os.fstat(fd))

    def _still_ours(self) -> bool:
        try:
            st = os.stat(self._where)
        except OSError:
            return False
        return (st.st_dev, st.st_ino) == self._id

    def _gone(self) -> SaveError:
        """Why nothing goes into a file that is no longer at ``path`` (moved or deleted)."""
        return SaveError.at(self.path, "file.moved")

    def _append(self, data: bytes, sync_now: bool = False) -> None:
        """Write ``data`` whole or not at all; sync it now, or within ``SYNC_EVERY``."""
        fd = self._fd
        if fd < 0:
            raise SaveError.at(self.path, "file.closed")
        if self._unnamed is None and (self._moved or os.fstat(fd).st_nlink == 0):
            raise self._gone()
        try:
            _write_all(fd, data)
            with self._guard:
                self._writes += 1
                self._unsynced = self.sync
                if sync_now:
                    self._sync_locked()
                elif self.sync and not self._listed:
                    self._listed = True
                    _soon.add(self)
        except OSError as exc:
            with contextlib.suppress(OSError):  # keep the file whole: drop a partial line
                os.ftruncate(self._fd, self._size)
            raise os_failure(self.path, "file.cannot_save", exc) from None
        self._size += len(data)

    def __call__(self, event: Event) -> None:
        """Append one event: written before returning, synced now or soon (see the module)."""
        # what ``model_dump_json`` writes, as bytes straight from the serializer
        line = event.__pydantic_serializer__.to_json(event) + b"\n"
        tmp = self._unnamed
        if tmp is None:
            self._append(line)
            return
        # the save takes its name only once its game is on the disk
        self._append(savefile.header_line() + line, sync_now=True)
        try:
            _publish(tmp, self.path)
        except OSError as exc:
            raise os_error(self.path, exc) from None
        self._unnamed = None

    # --- syncing ------------------------------------------------------------

    def flush(self) -> None:
        """Sync what was written to the disk now (nothing to do if it already is).

        ``SaveError`` (``file.moved``) if the save is no longer at its path: what was
        written is synced where the file now is, and nothing more is written.
        """
        with self._guard:
            try:
                self._sync_locked()
            except OSError as exc:
                raise os_failure(self.path, "file.cannot_save", exc) from None
            self._look_at_path()  # a pending timer stays: the next writes need it
        if self._moved:
            raise self._gone()

    def _flushed(self, quiet: bool = False) -> SaveError | None:
        """What ``flush`` raised, or None; ``quiet`` (the timer's): an error is left to the
        next ``flush`` to report."""
        if quiet:
            with self._guard:
                with contextlib.suppress(OSError):  # left unsynced: the next flush reports it
                    self._sync_locked()
                self._look_at_path()
            return None
        try:
            self.flush()
        except SaveError as exc:
            return exc
        return None

    def _dup(self) -> int:
        """A second descriptor of the file (-1 once closed), so a close meanwhile harms nothing."""
        with self._guard:
            return os.dup(self._fd) if self._fd >= 0 else -1

    def _synced_up_to(self, writes: int) -> SaveError | None:
        """After a sync of its file system: the first ``writes`` appends are on the disk."""
        with self._guard:
            if self._fd >= 0 and self._writes == writes:
                self._unsynced = False
            self._look_at_path()
        return self._gone() if self._moved else None

    def _look_at_path(self) -> None:
        """At a sync: note a save whose path leads elsewhere (the caller holds ``_guard``)."""
        if self._fd >= 0 and self._unnamed is None and not self._still_ours():
            self._moved = True

    def _sync_locked(self) -> None:
        """Sync if anything is unsynced (the caller holds ``_guard``)."""
        if self._unsynced and self._fd >= 0:
            _sync(self._fd)
            self._unsynced = False

    @property
    def flush_owed(self) -> bool:
        """``flush`` has work: a sync of what was written since the last one (whose look at
        the path the timer does otherwise), a moved save to report, or, with ``sync`` off,
        its look at the path."""
        return self._unsynced or self._moved or not self.sync

    @property
    def closed(self) -> bool:
        return self._fd < 0

    def close(self) -> None:
        """Close the file, which releases the lock (safe to call twice).

        A save closed before its first event never takes its name.
        """
        _soon.drop(self)
        with self._guard:
            if self._fd >= 0:
                with contextlib.suppress(OSError):  # a failing disk must not keep the lock
                    self._sync_locked()
                fd, self._fd = self._fd, -1
                os.close(fd)
        if self._unnamed is not None:
            with contextlib.suppress(OSError):
                self._unnamed.unlink()
            self._unnamed = None

    def discard(self) -> None:
        """Close and remove a save whose game could not be started."""
        named = self._unnamed is None and self._fd >= 0
        ours = named and self._still_ours()
        self.close()
        if ours:
            self.path.unlink(missing_ok=True)

    def __del__(self) -> None:  # a forgotten writer must not keep its game locked
        with contextlib.suppress(Exception):
            self.close()


def flush_together(writers: Sequence[SaveWriter]) -> list[SaveError | None]:
    """``flush`` many saves at once: each one's error (what its ``flush`` raises) or None.

    A group commit: on Linux one ``syncfs`` syncs every file of a file system, so
    the saves of a server's rooms that wait for a person cost one sync, not one each
    (300 saves: 2-4 ms against 25-80 ms).  What a save took after the sync began
    stays owed.  Elsewhere, or where a ``syncfs`` fails, each save is flushed on
    its own (a failure is then that save's alone).
    """
    return _flush_together(writers)


def _flush_together(writers: Sequence[SaveWriter], quiet: bool = False) -> list[SaveError | None]:
    marks = [w._writes for w in writers]
    owed = [w for w in writers if w._unsynced]  # none with ``sync`` off
    if _syncfs is None or len(owed) < 2:
        return [w._flushed(quiet) for w in writers]
    synced: dict[int, bool] = {}  # file system -> its syncfs succeeded
    for w in owed:
        device = w._id[0]
        if device in synced:
            continue
        fd = w._dup()
        if fd < 0:
            continue
        try:
            _syncfs(fd)
            synced[device] = True
        except OSError:
            synced[device] = False
        finally:
            os.close(fd)
    return [
        w._synced_up_to(mark) if synced.get(w._id[0]) else w._flushed(quiet)
        for w, mark in zip(writers, marks, strict=True)
    ]
