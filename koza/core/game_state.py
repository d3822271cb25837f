"""``GameState``: everything known about a game after some events, frozen.

Apart from ``state`` (which re-exports it, with the fold's functions) so that
``snapshot``, which builds one from a ``StateBuilder``, imports only this module
and ``state`` can call ``snapshot.freeze`` directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from koza.core import engine
from koza.core.commands import NO_MOVES, LegalMoves
from koza.core.events import SeatInfo
from koza.core.records import Action, Placed, RoundRecord
from koza.core.rules import RuleSet
from koza.core.scoring import Sheets, n_sides

Phase = Literal["new", "playing", "round_over", "game_over"]


@dataclass(frozen=True)
class GameState:
    """Everything known about a game after some events (the full, secret state)."""

    game_id: str
    rules: RuleSet
    seats: tuple[SeatInfo, ...]
    seed: int | None
    seq: int = 0
    phase: Phase = "new"
    round_no: int = 0
    round: engine.Round | None = None  # never mutated once inside a state
    shuffle: tuple[int, ...] = ()
    chain: tuple[Placed, ...] = ()
    history: tuple[Action, ...] = ()
    sheets: Sheets = field(default_factory=lambda: Sheets((), (), ()))
    records: tuple[RoundRecord, ...] = ()
    goats: tuple[int, ...] = ()
    ranking: tuple[int, ...] = ()

    @property
    def n_players(self) -> int:
        return len(self.seats)

    @property
    def n_sides(self) -> int:
        return n_sides(self.n_players, self.rules)

    @property
    def turn(self) -> int:
        """Seat to move (-1 when nobody is to move)."""
        r = self.round
        return r.turn if self.phase == "playing" and r is not None and not r.over else -1

    def legal_moves(self) -> LegalMoves:
        """The commands the seat to move may give (none outside a round)."""
        if self.phase != "playing" or self.round is None:
            return NO_MOVES
        return LegalMoves.of(engine.legal_moves(self.round))

    def hand(self, seat: int) -> int:
        """A seat's hand as a mask (0 outside a round)."""
        return self.round.hands[seat] if self.round is not None else 0
