"""The player's settings, kept between runs in ``koza-settings.json`` in the save folder.

One JSON object: ``theme``, ``tiles`` (digits or pips), ``bot_delay`` (seconds)
and ``auto_forced`` (play a forced move by itself).  A missing or broken file
means the defaults; a value is written at once when it changes.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from pathlib import Path
from typing import Any

SETTINGS_FILE = "koza-settings.json"


def read_settings(path: Path) -> dict[str, Any]:
    """Every setting in ``path`` (empty when the file is missing or unreadable)."""
    with suppress(OSError, ValueError):
        data = json.loads(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            return data
    return {}


def write_setting(path: Path, name: str, value: object) -> None:
    """Keep ``name = value`` with the other settings (a write error is ignored)."""
    with suppress(OSError):
        data = read_settings(path)
        data[name] = value
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        os.replace(tmp, path)  # never a half-written settings file
