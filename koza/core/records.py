"""The plain records a game state keeps: a placed tile, a move of the history, a score line.

``koza.core.state`` builds them in its fold; views, the table and the bots read them.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

from koza.core.commands import AnyCommand, Draw, Play, PlayDoubles
from koza.core.tiles import N_TILES

_ONE: tuple[tuple[int], ...] = tuple((t,) for t in range(N_TILES))


class Placed(NamedTuple):
    """A tile on the table as shown from left to right: ``left|right`` numbers."""

    tile: int
    left: int
    right: int


class Action(NamedTuple):
    """One move of a round as the history keeps it: who made it, and its command.

    ``ends`` are the open ends before the move ((-1, -1) on an empty chain);
    ``drawn`` is the tile a ``Draw`` took (-1 for other moves, and -1 in a seat's
    view of another seat's draw).  ``kind``, ``tiles`` and ``side`` read the move.
    """

    seat: int
    move: AnyCommand
    ends: tuple[int, int]
    drawn: int = -1

    @property
    def kind(self) -> Literal["play", "doubles", "draw", "pass"]:
        return self.move.kind

    @property
    def tiles(self) -> tuple[int, ...]:
        """What was played (one tile, or the two doubles) or drawn; () for a pass."""
        m = self.move
        if type(m) is Play:
            return _ONE[m.tile]
        if type(m) is PlayDoubles:
            return (m.left, m.right)
        return (self.drawn,) if type(m) is Draw else ()

    @property
    def side(self) -> str:
        """``left``, ``right`` or ``open`` for a play, ``both`` for doubles, else ``""``."""
        m = self.move
        if type(m) is Play:
            return m.end
        return "both" if type(m) is PlayDoubles else ""


class RoundRecord(NamedTuple):
    """The score sheet line of one finished round (``leader``: who led it; ``closer``: who
    made its last move, the move that went out or made the fish)."""

    round: int
    outcome: str
    out_seat: int | None
    hand_points: tuple[int, ...]
    recorded: tuple[int, ...]
    totals: tuple[int, ...]
    opened: tuple[bool, ...]
    leader: int = -1
    closer: int = -1
