"""How a tile's half is drawn: a digit or a die face (the "tiles" setting)."""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Literal

TileStyle = Literal["digits", "pips"]
DIGITS = tuple(str(n) for n in range(7))
PIPS = (" ", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅")
BACK = "▮"


def default_style() -> TileStyle:
    """``KOZA_TILES=pips`` draws die faces; anything else digits."""
    return "pips" if os.environ.get("KOZA_TILES", "").strip().lower() == "pips" else "digits"


def face_for(style: TileStyle) -> Callable[[int], str]:
    """The one-cell drawing of a number 0..6 in ``style``."""
    table = PIPS if style == "pips" else DIGITS
    return lambda n: table[n] if 0 <= n <= 6 else "?"
