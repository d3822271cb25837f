"""The moves a seat made with a choice, each with the view it chose from.

``decisions(events, seats)`` walks a game's events and yields every move of
``seats`` made where two or more moves were legal: the seat's own view just
before it (never more than that seat could see) and the move played.  The
coach's review judges them; ``koza.play.people`` learns a person's policy
from them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from koza.core.commands import Command
from koza.core.events import MOVE_EVENTS, Event
from koza.core.state import GameState, apply_event
from koza.core.view import SeatView, seat_view


@dataclass(frozen=True, slots=True)
class Decision:
    """A move where a reviewed seat had a choice: the view it chose from and what it did."""

    index: int  # position of the move's event in the game's events
    seq: int
    round_no: int
    move_no: int  # the move's number within its round (draws count)
    view: SeatView
    played: Command


def decisions(events: Sequence[Event], seats: Sequence[int]) -> Iterator[Decision]:
    """Every move of ``seats`` made with a choice, in the order played."""
    state: GameState | None = None
    for i, ev in enumerate(events):
        before = state
        state = apply_event(state, ev)
        if before is None or not isinstance(ev, MOVE_EVENTS) or ev.seat not in seats:
            continue
        view = seat_view(before, ev.seat)
        if len(view.legal) < 2:
            continue
        yield Decision(
            index=i,
            seq=ev.seq,
            round_no=before.round_no,
            move_no=len(before.history) + 1,
            view=view,
            played=state.history[-1].move,
        )
