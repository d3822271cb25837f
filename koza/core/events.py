"""Every fact of a game as a frozen pydantic model: one discriminated union.

Tiles are ints in memory and ``"6-4"`` strings in JSON.  ``EVENT_ADAPTER``
validates one event from JSON; the fold in ``koza.core.state`` gives them meaning.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetCoreSchemaHandler,
    TypeAdapter,
    ValidatorFunctionWrapHandler,
    WrapValidator,
)
from pydantic_core import CoreSchema, PydanticCustomError, core_schema

from koza.core.fields_set import share_fields_set
from koza.core.rules import RuleSet
from koza.core.tiles import N_TILES, End, parse_tile, tile_id, tile_name

_TILE_OF_NAME: dict[object, int] = {f"{a}-{b}": tile_id(a, b) for a in range(7) for b in range(7)}
"""``"6-4"`` and ``"4-6"`` to their tile, the fast path of ``_to_tile`` (one look-up per tile)."""


def _to_tile(value: object) -> int:
    if type(value) is str:
        tile = _TILE_OF_NAME.get(value)
        if tile is not None:
            return tile
    if isinstance(value, str):
        try:
            return parse_tile(value)
        except ValueError:
            said = "{value} is not a tile (write it like 6-4)"
            raise PydanticCustomError("not_a_tile_name", said, {"value": repr(value)}) from None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < N_TILES:
        return value
    raise PydanticCustomError("not_a_tile", "{value} is not a tile", {"value": repr(value)})


class _WrittenAsName:
    """``PlainSerializer(tile_name, return_type=str)``, saying that ``tile_name`` takes no info.

    Left to find that out, pydantic reads the compiled ``tile_name``'s signature from its
    text, and every koza start paid for parsing it (nine times, ~16M instructions): same schema.
    """

    @staticmethod
    def __get_pydantic_core_schema__(source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        schema: Any = handler(source)  # what the validators made of ``int``
        schema["serialization"] = core_schema.plain_serializer_function_ser_schema(
            tile_name, info_arg=False, return_schema=core_schema.str_schema()
        )
        return schema


TileField = Annotated[int, BeforeValidator(_to_tile), _WrittenAsName()]


def _whole_set(value: object, check: ValidatorFunctionWrapHandler) -> tuple[int, ...]:
    """A shuffle read in one call when it is 28 tile names (one Python call, not 28).

    Anything else goes through the per-tile checks (``check``), with their errors.
    """
    if type(value) is list and len(value) == N_TILES:
        try:
            tiles = tuple(map(_TILE_OF_NAME.get, value))
        except TypeError:  # a list or an object among them
            tiles = (None,)
        if None not in tiles:
            return tiles  # type: ignore[return-value]  # no None in it
    result: tuple[int, ...] = check(value)
    return result


Shuffle = Annotated[
    tuple[TileField, ...],
    Field(min_length=N_TILES, max_length=N_TILES),
    WrapValidator(_whole_set),
]
Seat = Annotated[int, Field(ge=0, le=3)]


BOT_SPECS = frozenset(
    ("random", "greedy", "expert", "omniscient", "montecarlo", "reader")
    + tuple(f"montecarlo:{level}" for level in ("fast", "default", "strong"))
)
"""Every bot a seat may name: what ``koza.bots.make_bot`` builds (a test keeps them equal)."""


def _known_bot(spec: str | None) -> str | None:
    if spec is not None and spec not in BOT_SPECS:
        raise PydanticCustomError("unknown_bot", "unknown bot {bot}", {"bot": repr(spec[:40])})
    return spec


def now() -> datetime:
    """The time stamp put on new events."""
    return datetime.now(UTC)


class _Event(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    seq: int = Field(ge=0, description="0 for the first event of a game, then +1 each")
    at: datetime = Field(default_factory=now)


class SeatInfo(BaseModel):
    """Who sits in a seat: a human with a name, or a bot with its level."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=40, pattern=r"^[^\[\]\x00-\x1f]+$")
    """A display name: no brackets (the screens use Rich markup) and no control characters."""
    kind: Literal["human", "bot"] = "human"
    bot: Annotated[str | None, AfterValidator(_known_bot)] = None

    def model_post_init(self, context: Any, /) -> None:
        share_fields_set(self)  # a game's seats live as long as it does


class GameCreated(_Event):
    type: Literal["game_created"] = "game_created"
    game_id: str = Field(min_length=1, max_length=80)
    rules: RuleSet
    seats: tuple[SeatInfo, ...] = Field(min_length=2, max_length=4)
    seed: int | None = None

    def model_post_init(self, context: Any, /) -> None:
        share_fields_set(self)


class RoundDealt(_Event):
    type: Literal["round_dealt"] = "round_dealt"
    round: int = Field(ge=1)
    shuffle: Shuffle
    leader: Seat
    opening: TileField | None = None  # the tile the leader must open with, if any


class DealVoided(_Event):
    """A deal was thrown in under ``redeal=bad_hand``; the same round is dealt again."""

    type: Literal["deal_voided"] = "deal_voided"
    round: int = Field(ge=1)
    seat: Seat


class TilePlayed(_Event):
    type: Literal["tile_played"] = "tile_played"
    seat: Seat
    tile: TileField
    end: End


class DoublesPlayed(_Event):
    type: Literal["doubles_played"] = "doubles_played"
    seat: Seat
    left: TileField
    right: TileField


class TileDrawn(_Event):
    type: Literal["tile_drawn"] = "tile_drawn"
    seat: Seat
    tile: TileField


class TurnPassed(_Event):
    type: Literal["turn_passed"] = "turn_passed"
    seat: Seat


class RoundScored(_Event):
    type: Literal["round_scored"] = "round_scored"
    round: int = Field(ge=1)
    outcome: Literal["out", "fish"]
    out_seat: Seat | None = None
    hand_points: tuple[int, ...]  # per seat
    recorded: tuple[int, ...]  # per side (seat, or pair in pairs mode)
    totals: tuple[int, ...]  # per side, after this round
    opened: tuple[bool, ...]  # per side: the sheet opened in this round


class GameOver(_Event):
    type: Literal["game_over"] = "game_over"
    goats: tuple[int, ...]  # sides
    ranking: tuple[int, ...]  # the other sides, best (lowest total) first
    totals: tuple[int, ...]


MoveEvent = TilePlayed | DoublesPlayed | TileDrawn | TurnPassed
"""A seat's move: a play, doubles, a draw or a pass."""
AnyEvent = GameCreated | RoundDealt | DealVoided | MoveEvent | RoundScored | GameOver
"""Every type of event, the one list of them: a new type is added here (and to the fold).

The adapter and ``EVENT_TYPES`` are read from it; a test checks that the fold and
``koza.core.walk`` handle every type in it."""
Event = Annotated[AnyEvent, Field(discriminator="type")]
EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
EVENT_TYPES: tuple[type[AnyEvent], ...] = get_args(AnyEvent)
MOVE_EVENTS: tuple[type[MoveEvent], ...] = get_args(MoveEvent)
