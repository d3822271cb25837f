"""Seat tokens this machine holds, so ``koza join`` run again takes its seat back.

``koza-tokens.json`` in the save folder maps ``"<server url> <room code>"`` to the
seat token the server gave.  It is replaced atomically; an unreadable file is
treated as empty (a token lost only means joining as someone new).
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from koza.storage.fileops import write_all

FILE = "koza-tokens.json"


def _read(folder: Path) -> dict[str, str]:
    try:
        data = json.loads((folder / FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def load(folder: Path, url: str, code: str) -> str | None:
    return _read(folder).get(f"{url} {code}")


def store(folder: Path, url: str, code: str, token: str) -> None:
    data = _read(folder)
    data[f"{url} {code}"] = token
    folder.mkdir(parents=True, exist_ok=True)
    tmp = folder / (FILE + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # tokens are secrets
    try:
        write_all(fd, json.dumps(data, indent=1).encode())
        os.fsync(fd)
    finally:
        os.close(fd)
    os.replace(tmp, folder / FILE)


def forget(folder: Path, url: str, code: str) -> None:
    data = _read(folder)
    if data.pop(f"{url} {code}", None) is not None:
        with contextlib.suppress(OSError):
            (folder / FILE).write_text(json.dumps(data, indent=1), encoding="utf-8")
