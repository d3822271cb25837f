"""One walk over a game's events: a visitor with a method per kind of event.

``walk(events, visitor)`` hands each event, in order, to the visitor's method
for its kind (``created``, ``dealt``, ``voided``, ``played``, ``doubles``,
``drew``, ``passed``, ``scored``, ``over``) and returns ``visitor.result()``;
``visitor.index`` is the position of the event being visited.  Every move
method falls back to ``move`` and every method to ``event``, so a visitor
overrides only what it needs (python-chess's PGN visitors are the model).
``visit(visitor, event)`` dispatches one event on its own.

The fold (``Fold``: the state after the events), the replay's index of turns
and rounds, its descriptions and the saved-games summaries are all visitors.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Generic, TypeVar

from koza.core import events
from koza.core.events import EVENT_TYPES, Event, MoveEvent
from koza.core.state import GameState, ReplayError, apply_event

T = TypeVar("T")
R = TypeVar("R")

METHOD_OF: dict[type, str] = {
    events.GameCreated: "created",
    events.RoundDealt: "dealt",
    events.DealVoided: "voided",
    events.TilePlayed: "played",
    events.DoublesPlayed: "doubles",
    events.TileDrawn: "drew",
    events.TurnPassed: "passed",
    events.RoundScored: "scored",
    events.GameOver: "over",
}
"""The visitor method called for each kind of event."""


class EventVisitor(Generic[T, R]):
    """Visit events by kind: each method returns a ``T``; the walk's answer is a ``R``."""

    index = -1  # the position of the event being visited (set by ``walk``)

    def event(self, ev: Event) -> T:
        """Any event the visitor has no method of its own for."""
        raise NotImplementedError(f"{type(self).__name__} does not handle {ev.type}")

    def created(self, ev: events.GameCreated) -> T:
        return self.event(ev)

    def dealt(self, ev: events.RoundDealt) -> T:
        return self.event(ev)

    def voided(self, ev: events.DealVoided) -> T:
        return self.event(ev)

    def move(self, ev: MoveEvent) -> T:
        """Any move (a play, doubles, a draw or a pass) without a method of its own."""
        return self.event(ev)

    def played(self, ev: events.TilePlayed) -> T:
        return self.move(ev)

    def doubles(self, ev: events.DoublesPlayed) -> T:
        return self.move(ev)

    def drew(self, ev: events.TileDrawn) -> T:
        return self.move(ev)

    def passed(self, ev: events.TurnPassed) -> T:
        return self.move(ev)

    def scored(self, ev: events.RoundScored) -> T:
        return self.event(ev)

    def over(self, ev: events.GameOver) -> T:
        return self.event(ev)

    def result(self) -> R:
        """What the walk found (called once every event was visited)."""
        raise NotImplementedError

    def handlers(self) -> dict[type, Callable[[Any], T]]:
        """The bound method for each event type (looked up once per walk)."""
        return {kind: getattr(self, name) for kind, name in METHOD_OF.items()}


def visit(visitor: EventVisitor[T, Any], ev: Event) -> T:
    """The visitor's answer for one event."""
    handler: Callable[[Any], T] = getattr(visitor, METHOD_OF[type(ev)])
    return handler(ev)


def walk(events: Iterable[Event], visitor: EventVisitor[Any, R]) -> R:
    """Visit ``events`` in order; ``visitor.result()``."""
    handlers = visitor.handlers()
    for i, ev in enumerate(events):
        visitor.index = i
        handlers[type(ev)](ev)
    return visitor.result()


class Fold(EventVisitor[None, GameState]):
    """The state after the events, each re-checked against the rules (``apply_event``)."""

    def __init__(self, state: GameState | None = None) -> None:
        self.state = state

    def event(self, ev: Event) -> None:
        self.state = apply_event(self.state, ev)

    def result(self) -> GameState:
        if self.state is None:
            raise ReplayError.of("replay.no_events")
        return self.state

    def handlers(self) -> dict[type, Callable[[Any], None]]:
        # The fold treats every kind alike: skip the per-kind indirection on this hot path.
        return dict.fromkeys(EVENT_TYPES, self.event)
