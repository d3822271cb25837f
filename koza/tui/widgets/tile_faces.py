"""How a tile's half is drawn: a digit, a die face, or 3x3 dots (the "tiles" setting)."""

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


# A half as a real tile's dots on a 3x3 grid (rows of three cells).
_DOTS = {
    0: (),
    1: (4,),
    2: (0, 8),
    3: (0, 4, 8),
    4: (0, 2, 6, 8),
    5: (0, 2, 4, 6, 8),
    6: (0, 2, 3, 5, 6, 8),
}
DOT = "●"
BIG_PIPS_HEIGHT = 40  # from this terminal height the hand draws pips as 3x3 dots


def dots(n: int) -> tuple[str, str, str]:
    """The three rows (three cells each) of a half showing ``n`` pips."""
    on = _DOTS.get(n, ())
    cells = [DOT if i in on else " " for i in range(9)]
    return ("".join(cells[0:3]), "".join(cells[3:6]), "".join(cells[6:9]))
