"""Game state as a pure fold of events.

``apply_event(state, event)`` returns a new ``GameState`` and never changes the
old one.  Every event is re-checked against the rules on the way in (the rules
of the fold are in ``koza.core.fold``), so a tampered or out-of-order event
raises ``ReplayError`` with a clear reason.  ``replay`` (and a load, with ``begin``)
folds many events into one mutable builder and freezes a state only at the end.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache
from typing import Literal

from koza.core import engine
from koza.core.collector import paused_gc
from koza.core.commands import NO_MOVES, LegalMoves
from koza.core.events import Event, GameCreated, SeatInfo
from koza.core.explain import describe_illegal as describe_illegal
from koza.core.fold import ReplayError as ReplayError
from koza.core.fold import StateBuilder, created
from koza.core.next_deal import expected_leader as expected_leader
from koza.core.next_deal import first_bad_hand as first_bad_hand
from koza.core.records import Action as Action
from koza.core.records import Placed as Placed
from koza.core.records import RoundRecord as RoundRecord
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


def freeze(b: StateBuilder) -> GameState:
    """The state the builder holds now; the builder may go on (it copies its round first).

    Compiled in ``koza.core.snapshot``, which a game being played calls directly.
    """
    return _snapshot_freeze()(b)


@cache
def _snapshot_freeze() -> Callable[[StateBuilder], GameState]:
    """``koza.core.snapshot.freeze``, imported on first use (it imports this module)."""
    from koza.core.snapshot import freeze as compiled

    return compiled


def thaw(state: GameState) -> StateBuilder:
    """A builder holding ``state`` (which stays as it is: the round is copied on write)."""
    d = state.__dict__
    b = StateBuilder(d["game_id"], d["rules"], d["seats"], d["seed"], d["sheets"])
    b.seq, b.phase, b.round_no = d["seq"], d["phase"], d["round_no"]
    b.round, b.round_owned, b.shuffle = d["round"], False, d["shuffle"]
    b.chain, b.history = list(d["chain"]), list(d["history"])
    b.records, b.goats, b.ranking = d["records"], d["goats"], d["ranking"]
    return b


def initial_state(event: GameCreated, seats_checked: bool = False) -> GameState:
    """The state right after a game is created.

    ``seats_checked``: the caller has already checked the rules seat this many
    players (``Game.new`` does, to raise ``RuleError`` rather than ``ReplayError``).
    """
    return freeze(created(event, seats_checked))


def begin(ev: Event) -> StateBuilder:
    """A builder holding the game ``ev`` creates (``ReplayError`` if it creates none).

    A long load folds every later event into it (``StateBuilder.apply``, the checks of
    ``apply_event``) and freezes one state at the end (``freeze``).
    """
    if not isinstance(ev, GameCreated):
        raise ReplayError.of("replay.first_not_created", type=ev.type)
    return created(ev, lazy=True)


def apply_event(state: GameState | None, ev: Event) -> GameState:
    """The state after ``ev``; raises ``ReplayError`` if ``ev`` cannot follow ``state``."""
    if state is None:
        return freeze(begin(ev))
    b = thaw(state)
    b.apply(ev)
    return freeze(b)


def replay(events: Iterable[Event]) -> GameState:
    """Fold ``events`` into a state (re-checking every one)."""
    it = iter(events)
    first = next(it, None)
    if first is None:
        raise ReplayError.of("replay.no_events")
    b = begin(first)
    apply = b.apply
    with paused_gc():
        for ev in it:
            apply(ev)
    return freeze(b)
