"""Game state as a pure fold of events.

``apply_event(state, event)`` returns a new ``GameState`` and never changes the
old one.  Every event is re-checked against the rules on the way in (the rules
of the fold are in ``koza.core.fold``), so a tampered or out-of-order event
raises ``ReplayError`` with a clear reason.  ``replay`` (and a load, with ``begin``)
folds many events into one mutable builder and freezes a state only at the end.
"""

from __future__ import annotations

from collections.abc import Iterable

from koza.core.collector import paused_gc
from koza.core.events import Event, GameCreated
from koza.core.explain import describe_illegal as describe_illegal
from koza.core.fold import ReplayError as ReplayError
from koza.core.fold import StateBuilder, created
from koza.core.game_state import GameState as GameState
from koza.core.game_state import Phase as Phase
from koza.core.next_deal import expected_leader as expected_leader
from koza.core.next_deal import first_bad_hand as first_bad_hand
from koza.core.records import Action as Action
from koza.core.records import Placed as Placed
from koza.core.records import RoundRecord as RoundRecord
from koza.core.snapshot import freeze as freeze


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
