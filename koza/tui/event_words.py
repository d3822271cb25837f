"""Each event of a saved game in one line of words (the replay's log).

The description walks the event with ``koza.core.walk``'s visitor and says it
in the language in use.
"""

from __future__ import annotations

from collections.abc import Sequence

from koza.core.events import (
    DealVoided,
    DoublesPlayed,
    Event,
    GameCreated,
    GameOver,
    RoundDealt,
    RoundScored,
    TileDrawn,
    TilePlayed,
    TurnPassed,
)
from koza.core.tiles import tile_name
from koza.core.walk import EventVisitor, visit
from koza.tui.strings import t


class Describer(EventVisitor[str, None]):
    """One line per event saying what it did, in the players' words."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = names

    def name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else t("word.seat", n=seat)

    def created(self, ev: GameCreated) -> str:
        return t("replay.ev_created", names=", ".join(s.name for s in ev.seats))

    def dealt(self, ev: RoundDealt) -> str:
        return t("replay.ev_dealt", n=ev.round, name=self.name(ev.leader))

    def voided(self, ev: DealVoided) -> str:
        return t("replay.ev_voided", n=ev.round, name=self.name(ev.seat))

    def played(self, ev: TilePlayed) -> str:
        return t("table.played", name=self.name(ev.seat), tile=tile_name(ev.tile))

    def doubles(self, ev: DoublesPlayed) -> str:
        left, right = tile_name(ev.left), tile_name(ev.right)
        return t("table.played_doubles", name=self.name(ev.seat), left=left, right=right)

    def drew(self, ev: TileDrawn) -> str:
        return t("table.drew", name=self.name(ev.seat), n=1)

    def passed(self, ev: TurnPassed) -> str:
        return t("table.passed", name=self.name(ev.seat))

    def scored(self, ev: RoundScored) -> str:
        out = ev.out_seat
        how = t("table.fish") if out is None else t("table.went_out", name=self.name(out))
        return t("replay.ev_scored", n=ev.round) + " · " + how

    def over(self, ev: GameOver) -> str:
        return t("replay.ev_over")


def describe(ev: Event, names: Sequence[str]) -> str:
    """One line saying what an event did, in the players' words."""
    return visit(Describer(names), ev)
