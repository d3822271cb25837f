"""Commands: a move a player wants to make, before the rules have checked it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from koza.core.engine import (
    DOUBLES,
    DOUBLES_MOVES,
    DRAW,
    DRAW_MOVE,
    LEFT,
    OPEN,
    PASS_MOVE,
    PLAY,
    PLAY_MOVES,
    RIGHT,
    SIDE_NAMES,
    Move,
)
from koza.core.tiles import tile_name

End = Literal["left", "right", "open"]
_SIDE = {"left": LEFT, "right": RIGHT, "open": OPEN}


@dataclass(frozen=True, slots=True)
class Play:
    """Attach ``tile`` at ``end`` (``"open"`` for the first tile of a round)."""

    tile: int
    end: End

    def __str__(self) -> str:
        return f"{tile_name(self.tile)} {self.end}"


@dataclass(frozen=True, slots=True)
class PlayDoubles:
    """Two doubles in one turn: ``left`` on the left end, ``right`` on the right end."""

    left: int
    right: int

    def __str__(self) -> str:
        return f"{tile_name(self.left)} left + {tile_name(self.right)} right"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take one tile from the bazaar."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn (nothing fits and the bazaar is empty)."""

    def __str__(self) -> str:
        return "pass"


Command = Play | PlayDoubles | Draw | Pass


def to_move(cmd: Command) -> Move:
    """The lean engine's move for a command."""
    if isinstance(cmd, Play):
        return PLAY_MOVES[cmd.tile][_SIDE[cmd.end]]
    if isinstance(cmd, PlayDoubles):
        return DOUBLES_MOVES[cmd.left][cmd.right]
    if isinstance(cmd, Draw):
        return DRAW_MOVE
    return PASS_MOVE


def from_move(move: Move) -> Command:
    """The command for a lean engine move."""
    kind, a, b = move
    if kind == PLAY:
        end: End = SIDE_NAMES[b]  # type: ignore[assignment]
        return Play(a, end)
    if kind == DOUBLES:
        return PlayDoubles(a, b)
    if kind == DRAW:
        return Draw()
    return Pass()
