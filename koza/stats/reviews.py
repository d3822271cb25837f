"""Reviews kept beside a save (``<save>.review.json``): the loss of each reviewed move, per seat.

``koza review`` writes ``{"version": 1, "save_sha256", "moves": [{"seat", "name", "loss",
...}], ...}`` next to a save.  Only ``save_sha256``, ``seat`` and ``loss`` are used here; a
file that cannot be read or is not such a review is ignored, as is any move that is not
well formed.  A review counts only while the save still has the bytes it was made from:
a game resumed (or changed) since then has moves the review never saw.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from pathlib import Path

from koza.storage.savefile import SUFFIX

REVIEW_SUFFIX = ".review.json"
REVIEW_VERSION = 1
MAX_REVIEW_BYTES = 16 * 1024 * 1024
"""A review larger than this is not read (no game has that many moves)."""


def review_names(save: Path) -> tuple[str, str]:
    """What a save's review may be called: ``x.koza.jsonl.review.json``, then ``x.review.json``."""
    return save.name + REVIEW_SUFFIX, save.name.removesuffix(SUFFIX) + REVIEW_SUFFIX


def _read(path: Path) -> object:
    try:
        if not path.is_file() or path.stat().st_size > MAX_REVIEW_BYTES:
            return None
        return json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None


def _loss(move: object, seats: int) -> tuple[int, float] | None:
    if not isinstance(move, dict):
        return None
    seat, loss = move.get("seat"), move.get("loss")
    if type(seat) is not int or not 0 <= seat < seats:
        return None
    if isinstance(loss, bool) or not isinstance(loss, int | float) or not math.isfinite(loss):
        return None
    return seat, float(loss)


@dataclass(frozen=True)
class KeptReview:
    """A review found beside a save: each seat's (moves, summed loss), and which save it fits."""

    losses: dict[int, tuple[int, float]]
    save_sha256: str | None  # None when the review does not say

    def fits(self, save_bytes: bytes) -> bool:
        """Whether the review was made from exactly these save bytes."""
        return self.save_sha256 == hashlib.sha256(save_bytes).hexdigest()


def kept_review(save: Path, seats: int, present: set[str] | None = None) -> KeptReview | None:
    """The review kept beside ``save`` (its first readable place), or None without one;
    with ``present`` (the names of the files in the folder) only those are tried."""
    for name in review_names(save):
        if present is not None and name not in present:
            continue  # no such file: a folder of saves without reviews makes no path
        data = _read(save.with_name(name))
        if not isinstance(data, dict) or data.get("version") != REVIEW_VERSION:
            continue
        moves = data.get("moves")
        if not isinstance(moves, list):
            continue
        found: dict[int, tuple[int, float]] = {}
        for move in moves:
            got = _loss(move, seats)
            if got is not None:
                count, total = found.get(got[0], (0, 0.0))
                found[got[0]] = (count + 1, total + got[1])
        sha = data.get("save_sha256")
        return KeptReview(found, sha if isinstance(sha, str) else None)
    return None


def review_losses(save: Path, seats: int) -> dict[int, tuple[int, float]] | None:
    """``{seat: (moves reviewed, summed loss)}`` from the save's review if it still fits it."""
    kept = kept_review(save, seats)
    if kept is None:
        return None
    try:
        return kept.losses if kept.fits(save.read_bytes()) else None
    except OSError:
        return None
