"""A cursor over a game's events: the exact state after any event.

``ReplayCursor(events)`` walks the events once (``koza.core.walk``): it folds
them (re-checking each with ``apply_event``), keeps snapshots (the state at
every deal and every ``snapshot_every`` events) and notes where turns and
rounds begin and end.  ``GameState`` is immutable, so a snapshot is just a
reference; moving the cursor anywhere replays at most ``snapshot_every - 1``
events from the nearest snapshot at or before the target, never from the first
event.  No textual here: the replay screen drives this.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from koza.core.events import Event, RoundDealt
from koza.core.state import GameState, ReplayError, apply_event
from koza.core.walk import EventVisitor, MoveEvent, walk

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
            raise ReplayError.of("replay.no_events")
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self._events = tuple(events)
        self._every = snapshot_every
        self._apply = apply
        index = walk(self._events, _Index(apply, snapshot_every, len(self._events) - 1))
        self._turn_ends = index.turn_ends
        self._round_starts = index.round_starts
        self._move_no, self._round_moves = index.move_no, index.round_moves
        self._snapshots = index.snapshots
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


class _Index(EventVisitor[None, "_Index"]):
    """One walk: the fold and its snapshots, where turns end, rounds start, moves count."""

    def __init__(self, apply: Apply, every: int, last: int) -> None:
        self.apply, self.every, self.last = apply, every, last
        self.state: GameState | None = None
        self.snapshots: dict[int, GameState] = {}
        self.ends: list[int] = []
        self.deal_of_round: dict[int, int] = {}  # a redeal replaces the voided deal
        self.deals: set[int] = set()  # every deal, voided ones too
        self.move_no: list[int] = []  # per event: the round's moves so far
        self.round_moves: list[int] = []
        self.moves = 0
        self.mover = -1  # the seat of the move just visited, -1 after any other event

    def _fold(self, ev: Event, snapshot: bool = False) -> None:
        i = self.index
        self.state = state = self.apply(self.state, ev)
        if snapshot or i % self.every == 0 or i == self.last:
            self.snapshots[i] = state
        self.move_no.append(self.moves)

    def _turn_over(self) -> None:
        if self.mover >= 0:
            self.ends.append(self.index - 1)
            self.mover = -1

    def event(self, ev: Event) -> None:  # not a move: a stop of its own
        self._turn_over()
        self.ends.append(self.index)
        self._fold(ev)

    def dealt(self, ev: RoundDealt) -> None:
        self._turn_over()
        self.ends.append(self.index)
        self.deal_of_round[ev.round] = self.index
        self.deals.add(self.index)
        self.moves = 0
        self._fold(ev, snapshot=True)

    def move(self, ev: MoveEvent) -> None:
        if self.mover != ev.seat:  # another seat's turn begins
            self._turn_over()
        self.mover = ev.seat
        self.moves += 1
        self._fold(ev)

    def result(self) -> _Index:
        self.index = self.last + 1
        self._turn_over()
        totals = list(self.move_no)  # each event: the moves of its whole round
        for i in range(len(totals) - 2, -1, -1):
            if i + 1 not in self.deals:
                totals[i] = totals[i + 1]
        self.round_moves = totals
        return self

    @property
    def turn_ends(self) -> tuple[int, ...]:
        return tuple(self.ends)

    @property
    def round_starts(self) -> tuple[int, ...]:
        return tuple(sorted(self.deal_of_round.values()))
