"""``koza-settings.json`` in the save folder: small choices kept between runs.

One JSON object; each part of the app owns a key and writes only that key, so
the others' choices survive: ``theme``, ``language``, ``tiles`` (digits or pips),
``bot_delay`` (seconds), ``auto_forced`` (play a forced move by itself) and
``new_game`` (the last new-game setup), ``learn`` (the lessons done and where to
go on, ``koza.tui.learn.progress``).  A missing or broken file reads as ``{}``;
a file that cannot be written is skipped (settings are a comfort).
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from pathlib import Path
from typing import Any

SETTINGS_FILE = "koza-settings.json"


def read_settings(path: Path) -> dict[str, Any]:
    """Every setting in ``path`` (``{}`` if it is missing or not a JSON object)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_setting(path: Path, key: str, value: Any) -> None:
    """Set one ``key`` in ``path``, keeping the others (written whole, then renamed)."""
    data = read_settings(path)
    data[key] = value
    with suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        tmp.replace(path)  # never a half-written settings file
