"""Text that came from outside (a name, a chat line), made safe to draw on a terminal.

C0 and C1 control characters (``\\x9b`` starts a terminal escape on many
terminals, ``\\x85`` breaks a line), DEL, and the Unicode marks that turn or
isolate the writing direction (they make a name read as something else) are
taken out.  Used where such text enters (the server) and again where it is drawn.
"""

from __future__ import annotations

import re

UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def printable(text: str, fill: str = "") -> str:
    """``text`` with every control character and direction mark replaced by ``fill``."""
    return UNSAFE.sub(fill, text)


def one_line(text: str) -> str:
    """``text`` safe to draw, its runs of blanks and controls as single spaces."""
    return " ".join(printable(text, " ").split())


REASON_LIMIT = 160
"""The longest reason a one-line error quotes."""


def shorten(reason: str, limit: int = REASON_LIMIT) -> str:
    """``reason`` with long words (a huge number, a pasted string) cut, and at most ``limit``."""
    reason = re.sub(r"\S{41,}", lambda m: m.group()[:24] + "…", " ".join(reason.split()))
    return reason if len(reason) <= limit else reason[: limit - 1] + "…"
