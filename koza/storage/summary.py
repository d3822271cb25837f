"""A saved game's line in the saves list, read from its first and last events only.

The list shows the seats (the first event), the round (the latest deal or
score), the totals (the latest score) and whether the game is over.  All of
that is in the first event and the events since the latest round was scored,
so ``read_summary`` validates just those lines, from the end of the file
backwards, and walks them with ``SummaryVisitor``; the rest is neither parsed
nor replayed.  Anything out of the ordinary (an old schema, a line among those
that does not validate, a cut-off last line) falls back to the full ``load``,
so such a save is listed, or refused, exactly as opening it would.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from pydantic import ValidationError

from koza.core.events import (
    EVENT_ADAPTER,
    Event,
    GameCreated,
    GameOver,
    RoundDealt,
    RoundScored,
)
from koza.core.scoring import n_sides
from koza.core.state import GameState
from koza.core.walk import EventVisitor, walk
from koza.storage.savefile import FORMAT, SCHEMA, parse, parse_json, read_save


class GameSummary(NamedTuple):
    """What the saves list shows of a game."""

    names: tuple[str, ...]
    kinds: tuple[str, ...]
    totals: tuple[int, ...]
    round_no: int
    finished: bool


class SummaryVisitor(EventVisitor[None, GameSummary]):
    """The summary of a game from its first event and any of its later ones, in order."""

    def __init__(self) -> None:
        self.names: tuple[str, ...] = ()
        self.kinds: tuple[str, ...] = ()
        self.totals: tuple[int, ...] = ()
        self.round_no = 0
        self.finished = False

    def event(self, ev: Event) -> None:
        """Moves and voided deals change nothing the list shows."""

    def created(self, ev: GameCreated) -> None:
        self.names = tuple(s.name for s in ev.seats)
        self.kinds = tuple(s.kind for s in ev.seats)
        self.totals = (0,) * n_sides(len(ev.seats), ev.rules)

    def dealt(self, ev: RoundDealt) -> None:
        self.round_no = ev.round

    def scored(self, ev: RoundScored) -> None:
        self.round_no, self.totals = ev.round, ev.totals

    def over(self, ev: GameOver) -> None:
        self.finished, self.totals = True, ev.totals

    def result(self) -> GameSummary:
        return GameSummary(self.names, self.kinds, self.totals, self.round_no, self.finished)


def summary_of_state(state: GameState) -> GameSummary:
    """The summary of a game already replayed."""
    return GameSummary(
        names=tuple(s.name for s in state.seats),
        kinds=tuple(s.kind for s in state.seats),
        totals=state.sheets.totals,
        round_no=state.round_no,
        finished=state.phase == "game_over",
    )


def _last_events(lines: list[bytes]) -> list[Event] | None:
    """The first event and those since the latest score, in order; None if unusual."""
    try:
        head = parse_json(lines[0])
    except ValueError:
        return None
    if not isinstance(head, dict) or head.get("format") != FORMAT:
        return None
    schema = head.get("schema")
    if type(schema) is not int or schema != SCHEMA:
        return None
    validate = EVENT_ADAPTER.validate_json
    try:
        first = validate(lines[1])
        tail: list[Event] = []
        for raw in reversed(lines[2:]):
            ev = validate(raw)
            tail.append(ev)
            if isinstance(ev, RoundScored):
                break
    except ValidationError:
        return None
    if not isinstance(first, GameCreated):
        return None
    tail.reverse()
    return [first, *tail]


def read_summary(path: Path) -> GameSummary:
    """The list line of the save at ``path`` (raises ``SaveError`` as ``load`` does)."""
    data = read_save(path)
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()  # the newline that ends the last event
    events = _last_events(lines) if len(lines) >= 2 else None
    if events is None:
        return summary_of_state(parse(path, data).state)
    return walk(events, SummaryVisitor())
