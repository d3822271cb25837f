"""What of a game the server may send: a seat's view and the public events.

The wire uses the core's own JSON forms: a command is ``koza.core.commands``'
form (``AnyCommand``), a view is ``SeatView``'s JSON with the hidden parts left
out exactly as ``seat_view`` leaves them out.  This module adds only what a
watcher may see and the public form of an event.  Tiles travel as ``"6-4"``
names in commands and events, and as ints in a view.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from koza.core.commands import NO_MOVES, AnyCommand
from koza.core.events import Event, GameCreated, RoundDealt, TileDrawn
from koza.core.state import GameState
from koza.core.view import SeatView, seat_view

WireCommand = AnyCommand
"""A command as it crosses the wire (validated by pydantic on arrival)."""

WATCHER = -1


def view_for(state: GameState, seat: int | None) -> SeatView:
    """What ``seat`` may see; ``None`` is a watcher: every hand face down, no draw."""
    if seat is not None:
        return seat_view(state, seat)
    # No seat is -1, so nobody's hand, opening or drawn tile is shown; a watcher never moves.
    return dataclasses.replace(seat_view(state, WATCHER), drawn=-1, legal=NO_MOVES)


def public_event(ev: Event, seat: int | None) -> dict[str, Any]:
    """``ev`` as ``seat`` (None: a watcher) may know it: no shuffle, seed or unseen draw."""
    data = ev.model_dump(mode="json")
    if isinstance(ev, GameCreated):
        data.pop("seed", None)
    elif isinstance(ev, RoundDealt):
        data.pop("shuffle", None)
        if seat is None or seat != ev.leader:
            data.pop("opening", None)
    elif isinstance(ev, TileDrawn) and ev.seat != seat:
        data["tile"] = None
    return data
