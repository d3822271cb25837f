"""The system calls a save's writer is made of: syncing a file, its folder or its whole
file system, locking it, writing it whole and giving it its name without replacing another.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

from koza.storage.savefile import SaveError, os_failure


def sync_data(fd: int) -> None:
    """Put ``fd``'s data (and what reading it back needs) on the disk."""
    if hasattr(os, "fdatasync"):
        os.fdatasync(fd)
    else:  # pragma: no cover - macOS, Windows
        os.fsync(fd)


def find_syncfs() -> Callable[[int], None] | None:
    """Linux's ``syncfs(fd)`` (one call syncs every file of ``fd``'s file system), or None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes

        call = ctypes.CDLL(None, use_errno=True).syncfs  # the GIL is let go while it waits
    except (OSError, AttributeError):
        return None
    call.argtypes = [ctypes.c_int]
    call.restype = ctypes.c_int

    def syncfs(fd: int) -> None:
        if call(fd) != 0:
            err = ctypes.get_errno()
            raise OSError(err, os.strerror(err))

    return syncfs


def sync_dir(folder: Path) -> None:
    """Make a new or renamed file's name durable (POSIX; a no-op elsewhere)."""
    if sys.platform == "win32":  # pragma: no cover
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def lock(fd: int, path: Path) -> None:
    """Take an exclusive OS lock on ``fd`` for as long as it stays open."""
    if sys.platform == "win32":  # pragma: no cover
        return
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise SaveError.at(path, "file.locked") from None
    except OSError as exc:
        raise os_failure(path, "file.cannot_lock", exc) from None


def write_all(fd: int, data: bytes) -> None:
    """Write all of ``data`` (``OSError`` if the disk is full)."""
    written = os.write(fd, data)  # all of it, unless the disk is full or a signal came
    if written < len(data):
        view = memoryview(data)[written:]
        while view:
            view = view[os.write(fd, view) :]


def identity(st: os.stat_result) -> tuple[int, int]:
    """What tells one file from another: its device and inode."""
    return st.st_dev, st.st_ino


def publish(tmp: Path, path: Path) -> None:
    """Give the file at ``tmp`` the name ``path``, never replacing a file there."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise SaveError.at(path, "file.exists") from None
    except OSError:  # no hard links on this file system: a rename, after a last look
        if path.exists():
            raise SaveError.at(path, "file.exists") from None
        os.replace(tmp, path)
    else:
        tmp.unlink()
    sync_dir(path.parent)
