"""Commands: the one public shape of a move, from a player's wish to the history.

``Play``, ``PlayDoubles``, ``Draw`` and ``Pass`` are what a player (or a bot, or a
client across a network) asks for; ``Game.play`` checks them against the rules.
Their JSON form is a union tagged by ``kind`` with tiles written like ``"6-4"``
(``command_to_json`` / ``command_from_json``, validated on the way in).
``LegalMoves`` is the answer to "what may I do now": a tuple of commands.

The engine's move tuples stay below this module: ``to_move`` and ``from_move``
convert for the engine and the bots' inner loops, and nothing else needs them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pydantic import ConfigDict, Field, GetCoreSchemaHandler, TypeAdapter, ValidationError
from pydantic_core import CoreSchema, core_schema

from koza.core.engine import (
    DOUBLES_MOVES,
    DRAW_MOVE,
    PASS_MOVE,
    PLAY_MOVES,
    Move,
)
from koza.core.events import TileField
from koza.core.problems import Explained, refused_value
from koza.core.tiles import DOUBLE_OF, END_OF, LEFT, N_TILES, OPEN, RIGHT, End, tile_name

__all__ = [
    "COMMAND_ADAPTER",
    "DRAW",
    "NO_MOVES",
    "PASS",
    "PLAY_COMMANDS",
    "AnyCommand",
    "Command",
    "CommandError",
    "Draw",
    "End",
    "LegalMoves",
    "Pass",
    "Play",
    "PlayDoubles",
    "command_from_json",
    "command_to_json",
    "doubles_command",
    "from_move",
    "to_move",
]

_STRICT = ConfigDict(extra="forbid")  # a stray key in a command's JSON is an error


@dataclass(frozen=True, slots=True)
class Play:
    """Attach ``tile`` at ``end`` (``"open"`` for the first tile of a round)."""

    __pydantic_config__: ClassVar[ConfigDict] = _STRICT
    kind: Literal["play"] = field(default="play", kw_only=True, repr=False, compare=False)
    tile: TileField
    end: End

    def __str__(self) -> str:
        return f"{tile_name(self.tile)} {self.end}"


@dataclass(frozen=True, slots=True)
class PlayDoubles:
    """Two doubles in one turn: ``left`` on the left end, ``right`` on the right end."""

    __pydantic_config__: ClassVar[ConfigDict] = _STRICT
    kind: Literal["doubles"] = field(default="doubles", kw_only=True, repr=False, compare=False)
    left: TileField
    right: TileField

    def __str__(self) -> str:
        return f"{tile_name(self.left)} left + {tile_name(self.right)} right"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take one tile from the bazaar."""

    __pydantic_config__: ClassVar[ConfigDict] = _STRICT
    kind: Literal["draw"] = field(default="draw", kw_only=True, repr=False, compare=False)

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn (nothing fits and the bazaar is empty)."""

    __pydantic_config__: ClassVar[ConfigDict] = _STRICT
    kind: Literal["pass"] = field(default="pass", kw_only=True, repr=False, compare=False)

    def __str__(self) -> str:
        return "pass"


Command = Play | PlayDoubles | Draw | Pass
AnyCommand = Annotated[Command, Field(discriminator="kind")]
"""A command where pydantic reads it (JSON, a view): the ``kind`` picks the class."""
COMMAND_ADAPTER: TypeAdapter[Command] = TypeAdapter(AnyCommand)

DRAW = Draw()
PASS = Pass()

# Every command the engine can generate, made once: turning engine moves into
# commands is a lookup, and the history can share them.
PLAY_COMMANDS: tuple[tuple[Play, Play, Play], ...] = tuple(
    (Play(t, "left"), Play(t, "right"), Play(t, "open")) for t in range(N_TILES)
)
"""``PLAY_COMMANDS[tile][end]`` with ``end`` one of ``LEFT``, ``RIGHT``, ``OPEN``."""
_DOUBLES = {(a, b): PlayDoubles(a, b) for a in DOUBLE_OF for b in DOUBLE_OF if a != b}
_COMMAND_OF: dict[Move, Command] = {
    **{PLAY_MOVES[t][e]: PLAY_COMMANDS[t][e] for t in range(N_TILES) for e in (LEFT, RIGHT, OPEN)},
    **{DOUBLES_MOVES[a][b]: cmd for (a, b), cmd in _DOUBLES.items()},
    DRAW_MOVE: DRAW,
    PASS_MOVE: PASS,
}


def doubles_command(left: int, right: int) -> PlayDoubles:
    """The shared ``PlayDoubles(left, right)`` (made on the spot for a pair no rule allows)."""
    return _DOUBLES.get((left, right)) or PlayDoubles(left, right)


def to_move(cmd: Command) -> Move:
    """The lean engine's move for a command (fields are trusted: ``Game.play`` checks them)."""
    kind = type(cmd)
    if kind is Play:
        return PLAY_MOVES[cmd.tile][END_OF[cmd.end]]  # type: ignore[union-attr]
    if kind is PlayDoubles:
        return DOUBLES_MOVES[cmd.left][cmd.right]  # type: ignore[union-attr]
    return DRAW_MOVE if kind is Draw else PASS_MOVE


def from_move(move: Move) -> Command:
    """The command for a lean engine move."""
    return _COMMAND_OF[move]


class CommandError(Explained, ValueError):
    """A command's JSON that is not a command; the message is one line."""


def command_to_json(cmd: Command) -> str:
    """``{"kind":"play","tile":"6-4","end":"left"}`` and the like."""
    return COMMAND_ADAPTER.dump_json(cmd).decode()


def command_from_json(text: str | bytes) -> Command:
    """The command in ``text``; raises ``CommandError`` saying what is wrong with it."""
    try:
        return COMMAND_ADAPTER.validate_json(text)
    except ValidationError as exc:
        err = exc.errors()[0]
        where = ".".join(str(p) for p in err["loc"])
        error = refused_value(err)
        if where:
            raise CommandError.of("command.invalid_at", field=where, error=error) from None
        raise CommandError.of("command.invalid", error=error) from None


class LegalMoves(tuple[Command, ...]):
    """The commands allowed now, in the engine's order.

    A tuple, so ``Draw() in moves``, ``len(moves)``, iteration and indexing work as
    on any sequence (python-chess's ``LegalMoveGenerator`` is the model), plus the
    few questions a table asks about them.
    """

    __slots__ = ()

    @classmethod
    def of(cls, moves: Iterable[Move]) -> LegalMoves:
        """The commands for lean engine moves (from a list: a tuple made of an iterator is
        made 10 long and resized, and leaves its size's free list one fuller each time)."""
        return cls([_COMMAND_OF[m] for m in moves])

    def can(self, kind: type[Command]) -> bool:
        """Whether any allowed move is a ``kind`` (``Play``, ``Draw`` ...)."""
        return any(type(m) is kind for m in self)

    def ends_for(self, tile: int) -> tuple[bool, bool]:
        """Whether ``tile`` may go on the (left, right) end; an opening tile fits both."""
        left = right = False
        for m in self:
            if type(m) is Play and m.tile == tile:
                left = left or m.end != "right"
                right = right or m.end != "left"
        return left, right

    @property
    def doubles(self) -> PlayDoubles | None:
        """The two-doubles move, if it is allowed."""
        return next((m for m in self if type(m) is PlayDoubles), None)

    def __repr__(self) -> str:
        return f"LegalMoves({', '.join(map(str, self))})"

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        return core_schema.no_info_after_validator_function(
            cls, handler.generate_schema(tuple[AnyCommand, ...])
        )


NO_MOVES = LegalMoves()
