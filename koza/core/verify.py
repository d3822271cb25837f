"""What ``koza verify`` checks beyond a save loading: its deals came from its seed.

Loading already proves every move legal for the tiles that were dealt; it cannot
tell a fair shuffle from an edited one.  A game records its seed, and each deal
is the seed's shuffle for that round and redeal, so the recorded shuffles can be
dealt again and compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from koza.core.dealing import seeded_shuffle
from koza.core.events import DealVoided, Event, GameCreated, RoundDealt

HEADER_LINES = 1  # event i of a save is on line i + 1 + HEADER_LINES


@dataclass(frozen=True)
class DealCheck:
    """The outcome: ``seed`` (None: unchecked), and the first deal that differs, if any."""

    seed: int | None
    deals: int = 0
    bad_line: int | None = None
    bad_round: int | None = None

    @property
    def ok(self) -> bool:
        return self.bad_line is None

    def summary(self) -> str:
        """A few words for the ok line of ``koza verify``."""
        if self.seed is None:
            return "deals unchecked (no seed recorded)"
        if self.deals == 0:
            return f"seed {self.seed}, nothing dealt yet"
        return f"deals match seed {self.seed}"

    def problem(self) -> str:
        """Why the deals do not match (only when not ``ok``)."""
        return (
            f"round {self.bad_round}'s deal is not the shuffle seed {self.seed} gives "
            "(were tiles swapped?)"
        )


def check_deals(events: Sequence[Event]) -> DealCheck:
    """Deal every round again from the game's seed and compare each recorded shuffle."""
    created = events[0] if events else None
    seed = created.seed if isinstance(created, GameCreated) else None
    if seed is None:
        return DealCheck(None)
    redeals: dict[int, int] = {}
    deals = 0
    for i, ev in enumerate(events):
        if isinstance(ev, DealVoided):
            redeals[ev.round] = redeals.get(ev.round, 0) + 1
        elif isinstance(ev, RoundDealt):
            deals += 1
            if list(ev.shuffle) != seeded_shuffle(seed, ev.round, redeals.get(ev.round, 0)):
                return DealCheck(seed, deals, i + 1 + HEADER_LINES, ev.round)
    return DealCheck(seed, deals)
