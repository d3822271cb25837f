"""Slow results made once a run for every xdist worker, which tests only read (no tests here).

A session fixture runs once in each worker; ``made_once`` goes further: the first worker to
ask makes the file in a folder all the run's workers share, the others wait for it (a lock)
and read the same file.  A test whose subject is the making itself makes its own.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable
from pathlib import Path

import pytest


def shared_folder(factory: pytest.TempPathFactory) -> Path:
    """A folder of this run that every worker sees (the run's own one when not distributed)."""
    base = factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def made_once(folder: Path, name: str, make: Callable[[Path], None]) -> Path:
    """``folder/name``, made by ``make(path)`` where the first worker asks for it; the file
    appears whole (made under another name, then renamed) and is never made twice."""
    path = folder / name
    with open(folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the lock file is closed
        if not path.exists():
            part = folder / f"{name}.part"
            make(part)
            os.replace(part, path)
    return path
