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
from koza.i18n.strings import about, t


class Describer(EventVisitor[str, None]):
    """One line per event saying what it did, in the players' words."""

    def __init__(self, names: Sequence[str], you: int = -1) -> None:
        self.names = names
        self.you = you  # the person at this keyboard's seat: said in the second person

    def said(self, key: str, seat: int, **kw: object) -> str:
        return about(key, seat, self.you, self.names, **kw)

    def created(self, ev: GameCreated) -> str:
        return t("replay.ev_created", names=", ".join(s.name for s in ev.seats))

    def dealt(self, ev: RoundDealt) -> str:
        return self.said("replay.ev_dealt", ev.leader, n=ev.round)

    def voided(self, ev: DealVoided) -> str:
        return self.said("replay.ev_voided", ev.seat, n=ev.round)

    def played(self, ev: TilePlayed) -> str:
        return self.said("table.played", ev.seat, tile=tile_name(ev.tile))

    def doubles(self, ev: DoublesPlayed) -> str:
        left, right = tile_name(ev.left), tile_name(ev.right)
        return self.said("table.played_doubles", ev.seat, left=left, right=right)

    def drew(self, ev: TileDrawn) -> str:
        return self.said("table.drew", ev.seat, n=1)

    def passed(self, ev: TurnPassed) -> str:
        return self.said("table.passed", ev.seat)

    def scored(self, ev: RoundScored) -> str:
        out = ev.out_seat
        how = t("table.fish") if out is None else self.said("table.went_out", out)
        return t("replay.ev_scored", n=ev.round) + " · " + how

    def over(self, ev: GameOver) -> str:
        return t("replay.ev_over")


def describe(ev: Event, names: Sequence[str], you: int = -1) -> str:
    """One line saying what an event did, in the players' words (``you``: the person's seat)."""
    return visit(Describer(names, you), ev)
