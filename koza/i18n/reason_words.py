"""Why a move is not allowed, in any language: catalogue keys made from ``koza.core.explain``.

Each reason code of ``explain.REASONS`` becomes the key ``illegal.<code>`` with the
same English, so ``make po`` picks up a new reason by itself; a reason that counts
(the bazaar's tiles) gets its one/many forms.
"""

from __future__ import annotations

from koza.core.explain import REASONS

REASON_EN: dict[str, str] = {
    f"illegal.{code}": text[1] if isinstance(text, tuple) else text
    for code, text in REASONS.items()
}
"""Each reason's key and English (the "many" form of one that counts)."""

REASON_ONE: dict[str, str] = {
    f"illegal.{code}": text[0] for code, text in REASONS.items() if isinstance(text, tuple)
}
"""The "one" form of each reason that counts."""
