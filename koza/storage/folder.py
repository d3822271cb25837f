"""Where koza keeps its files, and the names of new saves.

The save folder is, first match wins: an explicit ``--save-dir``, the
``KOZA_HOME`` environment variable, or the platform's user data folder for
``koza`` (platformdirs, e.g. ``~/.local/share/koza`` on Linux).
"""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from koza.storage.savefile import SUFFIX

ENV_VAR = "KOZA_HOME"


def data_dir() -> Path:
    """koza's own folder: ``$KOZA_HOME`` or the platform user data folder."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    import platformdirs  # only here: a run given its folder never pays for importing it

    return platformdirs.user_data_path("koza", appauthor=False)


def save_dir(override: Path | str | None = None) -> Path:
    """The folder that holds save files (not created here; writers create it)."""
    if override is not None and str(override).strip():
        return Path(override).expanduser()
    return data_dir()


def save_name(game_id: str, when: datetime | None = None) -> str:
    """``YYYYmmdd-HHMMSS-<game_id>.koza.jsonl`` (local time, so names sort by age)."""
    return f"{(when or datetime.now()):%Y%m%d-%H%M%S}-{game_id}{SUFFIX}"


def free_save_path(folder: Path, game_id: str) -> Path:
    """A path in ``folder`` for a new save of ``game_id`` that no file has yet."""
    path = folder / save_name(game_id)
    for n in range(2, 1000):
        if not path.exists():
            break
        path = folder / save_name(f"{game_id}-{n}")
    return path
