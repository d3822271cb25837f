"""Which seats of a saved game take hints, and how many each asked: a file beside the save.

The save's seat records forbid unknown fields (``SeatInfo`` is ``extra="forbid"``), so
hints live in a side file, ``<save>.hints.json`` next to ``<save>.koza.jsonl``; the
save itself is never read or written here.  A missing or broken side file reads as
"hints off, none asked"; one that cannot be written is skipped (hints are a comfort).
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from koza.storage.savefile import SUFFIX


@dataclass(slots=True)
class HintRecord:
    """The seats that take hints and the hints asked per seat."""

    seats: frozenset[int] = frozenset()
    asked: dict[int, int] = field(default_factory=dict)

    def on(self, seat: int) -> bool:
        return seat in self.seats

    def count(self, seat: int) -> None:
        """One more hint asked by ``seat``."""
        self.asked[seat] = self.asked.get(seat, 0) + 1

    def to_json(self) -> str:
        asked = {str(s): n for s, n in sorted(self.asked.items())}
        return json.dumps({"seats": sorted(self.seats), "asked": asked}) + "\n"


def hint_path(save: Path) -> Path:
    """The side file of ``save`` (``x.koza.jsonl`` -> ``x.hints.json``)."""
    name = save.name.removesuffix(SUFFIX)
    return save.with_name(f"{name}.hints.json")


def read_hints(save: Path) -> HintRecord:
    """The hint record beside ``save`` (hints off when there is none or it is unreadable)."""
    try:
        data = json.loads(hint_path(save).read_text(encoding="utf-8"))
        seats = frozenset(s for s in data["seats"] if isinstance(s, int) and 0 <= s < 4)
        asked = {int(k): v for k, v in data.get("asked", {}).items() if isinstance(v, int)}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return HintRecord()
    return HintRecord(seats, {s: n for s, n in asked.items() if 0 <= s < 4 and n >= 0})


def write_hints(save: Path, record: HintRecord) -> bool:
    """Write ``record`` beside ``save`` (whole, then renamed); False if it could not be."""
    path = hint_path(save)  # always a different name than the save's
    with suppress(OSError):
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(record.to_json(), encoding="utf-8")
        tmp.replace(path)
        return True
    return False
