"""Where koza keeps its files: the save folder.

The folder is, first match wins: an explicit ``--save-dir``, the ``KOZA_HOME``
environment variable, or the platform's user data folder for ``koza``
(platformdirs, e.g. ``~/.local/share/koza`` on Linux).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

ENV_VAR = "KOZA_HOME"


def data_dir() -> Path:
    """koza's own folder: ``$KOZA_HOME`` or the platform user data folder."""
    env = os.environ.get(ENV_VAR, "").strip()
    if env:
        return Path(env).expanduser()
    return platformdirs.user_data_path("koza", appauthor=False)


def save_dir(override: Path | str | None = None) -> Path:
    """The folder that holds save files (not created here; writers create it)."""
    if override is not None and str(override).strip():
        return Path(override).expanduser()
    return data_dir()
