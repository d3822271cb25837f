"""A cursor over a game's events: the exact state after any event.

``ReplayCursor(events)`` folds the events once (re-checking each with
``apply_event``) and keeps snapshots: the state at every round start and every
``snapshot_every`` events.  ``GameState`` is immutable, so a snapshot is just a
reference; moving the cursor anywhere replays at most ``snapshot_every - 1``
events from the nearest snapshot at or before the target, never from the first
event.  No textual here: the replay screen drives this.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from koza.core.events import MOVE_EVENTS, Event, RoundDealt
from koza.core.state import GameState, ReplayError, apply_event

Apply = Callable[[GameState | None, Event], GameState]


@dataclass(frozen=True, slots=True)
class Position:
    """Where the cursor stands, for the "round 3, move 17 of 42" indicator.

    ``index`` is the event just applied (0 = the game was created), ``total``
    the number of events; ``move`` counts the round's move events up to and
    including ``index`` out of ``moves`` in that round (as far as recorded).
    """

    index: int
    total: int
    round_no: int
    move: int
    moves: int

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.total - 1


class ReplayCursor:
    """Walk a game's events forward and back, by event, turn or round."""

    def __init__(
        self,
        events: Sequence[Event],
        *,
        snapshot_every: int = 16,
        apply: Apply = apply_event,
    ) -> None:
        if not events:
            raise ReplayError("no events")
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self._events = tuple(events)
        self._every = snapshot_every
        self._apply = apply
        self._turn_ends = _turn_ends(self._events)
        self._round_starts = _round_starts(self._events)
        self._move_no, self._round_moves = _move_numbers(self._events)
        self._snapshots: dict[int, GameState] = {}
        state: GameState | None = None
        starts = set(self._round_starts)
        for i, ev in enumerate(self._events):
            state = self._apply(state, ev)
            if i % self._every == 0 or i in starts or i == len(self._events) - 1:
                self._snapshots[i] = state
        self._snap_keys = sorted(self._snapshots)
        self._pos = 0
        self._state = self._snapshots[0]

    # --- reading -------------------------------------------------------------

    @property
    def events(self) -> tuple[Event, ...]:
        return self._events

    def __len__(self) -> int:
        return len(self._events)

    @property
    def index(self) -> int:
        """The event the current state follows (0 = the game was just created)."""
        return self._pos

    @property
    def state(self) -> GameState:
        """The state exactly as it stood after event ``index``."""
        return self._state

    @property
    def event(self) -> Event:
        """The event just applied."""
        return self._events[self._pos]

    @property
    def last(self) -> int:
        return len(self._events) - 1

    @property
    def round_starts(self) -> tuple[int, ...]:
        """Indices of the deal each round was played from."""
        return self._round_starts

    @property
    def turn_ends(self) -> tuple[int, ...]:
        """Indices where a turn (or a non-move event) ends: the stops of turn steps."""
        return self._turn_ends

    def position(self) -> Position:
        i = self._pos
        return Position(
            index=i,
            total=len(self._events),
            round_no=self._state.round_no,
            move=self._move_no[i],
            moves=self._round_moves[i],
        )

    def state_at(self, index: int) -> GameState:
        """The state after event ``index`` without moving the cursor."""
        index = self._clamp(index)
        if index == self._pos:
            return self._state
        base = self._snap_keys[bisect.bisect_right(self._snap_keys, index) - 1]
        start, state = base, self._snapshots[base]
        if self._pos < index and self._pos > base:  # the current state is nearer
            start, state = self._pos, self._state
        for i in range(start + 1, index + 1):
            state = self._apply(state, self._events[i])
        return state

    # --- moving --------------------------------------------------------------

    def goto(self, index: int) -> GameState:
        """Move to the state after event ``index`` (clamped to the game)."""
        index = self._clamp(index)
        self._state = self.state_at(index)
        self._pos = index
        return self._state

    def forward(self) -> GameState:
        return self.goto(self._pos + 1)

    def back(self) -> GameState:
        return self.goto(self._pos - 1)

    def start(self) -> GameState:
        return self.goto(0)

    def end(self) -> GameState:
        return self.goto(self.last)

    def next_turn(self) -> GameState:
        """To the end of the next turn (a seat's run of draws and its play or pass)."""
        k = bisect.bisect_right(self._turn_ends, self._pos)
        return self.goto(self._turn_ends[k] if k < len(self._turn_ends) else self.last)

    def prev_turn(self) -> GameState:
        """Back to the end of the previous turn."""
        k = bisect.bisect_left(self._turn_ends, self._pos)
        return self.goto(self._turn_ends[k - 1] if k > 0 else 0)

    def next_round(self) -> GameState:
        """To the deal of the next round (the end if there is none)."""
        k = bisect.bisect_right(self._round_starts, self._pos)
        return self.goto(self._round_starts[k] if k < len(self._round_starts) else self.last)

    def prev_round(self) -> GameState:
        """Back to the deal of the previous round (the start if there is none)."""
        k = bisect.bisect_left(self._round_starts, self._pos)
        return self.goto(self._round_starts[k - 1] if k > 0 else 0)

    def _clamp(self, index: int) -> int:
        return max(0, min(index, self.last))


def _turn_ends(events: Sequence[Event]) -> tuple[int, ...]:
    """The last index of each turn; a non-move event is a stop of its own."""
    ends: list[int] = []
    for i, ev in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        if isinstance(ev, MOVE_EVENTS) and isinstance(nxt, MOVE_EVENTS) and nxt.seat == ev.seat:
            continue  # the same seat moves on: the turn goes on
        ends.append(i)
    return tuple(ends)


def _round_starts(events: Sequence[Event]) -> tuple[int, ...]:
    """For each round, the index of its last deal (the one that was played)."""
    by_round: dict[int, int] = {}
    for i, ev in enumerate(events):
        if isinstance(ev, RoundDealt):
            by_round[ev.round] = i
    return tuple(sorted(by_round.values()))


def _move_numbers(events: Sequence[Event]) -> tuple[list[int], list[int]]:
    """Per index: move events of the round so far, and in the whole round."""
    move_no: list[int] = []
    count = 0
    for ev in events:
        if isinstance(ev, RoundDealt):
            count = 0
        elif isinstance(ev, MOVE_EVENTS):
            count += 1
        move_no.append(count)
    totals = list(move_no)
    for i in range(len(events) - 2, -1, -1):
        if not isinstance(events[i + 1], RoundDealt):
            totals[i] = totals[i + 1]
    return move_no, totals
