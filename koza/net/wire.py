"""The one adapter between koza's game model and the network's JSON.

Everything the server sends or reads about a game passes through here: a command
to and from JSON, a seat's view to and from JSON, the public form of an event,
and a watcher's face-down view.  Tiles travel as ``"6-4"`` names, so a tile can
be found in any message by its name.  When the core's own JSON forms of commands
and views land, only this module has to change.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from koza.core.commands import Command, Draw, Pass, Play, PlayDoubles, from_move, to_move
from koza.core.events import Event, GameCreated, RoundDealt, TileDrawn, TileField
from koza.core.rules import RuleSet
from koza.core.state import Action, GameState, Placed, RoundRecord
from koza.core.view import SeatView, seat_view

_FROZEN = ConfigDict(frozen=True, extra="forbid")


class PlayMove(BaseModel):
    model_config = _FROZEN
    kind: Literal["play"] = "play"
    tile: TileField
    end: Literal["left", "right", "open"]


class DoublesMove(BaseModel):
    model_config = _FROZEN
    kind: Literal["doubles"] = "doubles"
    left: TileField
    right: TileField


class DrawMove(BaseModel):
    model_config = _FROZEN
    kind: Literal["draw"] = "draw"


class PassMove(BaseModel):
    model_config = _FROZEN
    kind: Literal["pass"] = "pass"


AnyMove = PlayMove | DoublesMove | DrawMove | PassMove
WireCommand = Annotated[AnyMove, Field(discriminator="kind")]
"""A command as it crosses the wire (validated by pydantic on arrival)."""


def command_to_wire(cmd: Command) -> AnyMove:
    if isinstance(cmd, Play):
        return PlayMove(tile=cmd.tile, end=cmd.end)
    if isinstance(cmd, PlayDoubles):
        return DoublesMove(left=cmd.left, right=cmd.right)
    return DrawMove() if isinstance(cmd, Draw) else PassMove()


def command_from_wire(wire: AnyMove) -> Command:
    if isinstance(wire, PlayMove):
        return Play(wire.tile, wire.end)
    if isinstance(wire, DoublesMove):
        return PlayDoubles(wire.left, wire.right)
    return Draw() if isinstance(wire, DrawMove) else Pass()


class WireAction(BaseModel):
    model_config = _FROZEN
    seat: int
    kind: Literal["play", "doubles", "draw", "pass"]
    tiles: tuple[TileField | None, ...]  # None: a tile another seat drew, unseen
    side: str
    ends: tuple[int, int]


class WireView(BaseModel):
    """``SeatView`` in JSON: the same fields, tiles by name, the hand as a list."""

    model_config = _FROZEN
    seat: int  # -1 for a watcher
    names: tuple[str, ...]
    rules: RuleSet
    phase: str
    round_no: int
    hand: tuple[TileField, ...]
    chain: tuple[tuple[TileField, int, int], ...]
    left: int
    right: int
    hand_counts: tuple[int, ...]
    bazaar_count: int
    turn: int
    leader: int
    opening: TileField | None
    drawn: TileField | None
    legal: tuple[WireCommand, ...]
    history: tuple[WireAction, ...]
    totals: tuple[int, ...]
    opened: tuple[bool, ...]
    carried: tuple[int, ...]
    records: tuple[RoundRecord, ...]


VIEW_ADAPTER: TypeAdapter[WireView] = TypeAdapter(WireView)


def _tile_or_none(t: int) -> int | None:
    return None if t < 0 else t


def view_to_wire(v: SeatView) -> WireView:
    return WireView(
        seat=v.seat,
        names=v.names,
        rules=v.rules,
        phase=v.phase,
        round_no=v.round_no,
        hand=tuple(v.hand),
        chain=tuple((p.tile, p.left, p.right) for p in v.chain),
        left=v.left,
        right=v.right,
        hand_counts=v.hand_counts,
        bazaar_count=v.bazaar_count,
        turn=v.turn,
        leader=v.leader,
        opening=_tile_or_none(v.opening),
        drawn=_tile_or_none(v.drawn),
        legal=tuple(command_to_wire(from_move(m)) for m in v.legal),
        history=tuple(
            WireAction(
                seat=a.seat,
                kind=a.kind,
                tiles=tuple(_tile_or_none(t) for t in a.tiles),
                side=a.side,
                ends=a.ends,
            )
            for a in v.history
        ),
        totals=v.totals,
        opened=v.opened,
        carried=v.carried,
        records=v.records,
    )


def view_from_wire(w: WireView) -> SeatView:
    mask = 0
    for t in w.hand:
        mask |= 1 << t
    return SeatView(
        seat=w.seat,
        names=w.names,
        rules=w.rules,
        phase=w.phase,
        round_no=w.round_no,
        hand_mask=mask,
        chain=tuple(Placed(*p) for p in w.chain),
        left=w.left,
        right=w.right,
        hand_counts=w.hand_counts,
        bazaar_count=w.bazaar_count,
        turn=w.turn,
        leader=w.leader,
        opening=-1 if w.opening is None else w.opening,
        drawn=-1 if w.drawn is None else w.drawn,
        legal=tuple(to_move(command_from_wire(c)) for c in w.legal),
        history=tuple(
            Action(a.seat, a.kind, tuple(-1 if t is None else t for t in a.tiles), a.side, a.ends)
            for a in w.history
        ),
        totals=w.totals,
        opened=w.opened,
        carried=w.carried,
        records=tuple(RoundRecord(*r) for r in w.records),
    )


def view_for(state: GameState, seat: int | None) -> SeatView:
    """What ``seat`` may see; ``None`` is a watcher: every hand face down."""
    if seat is not None:
        return seat_view(state, seat)
    v = seat_view(state, 0)
    hidden = tuple(
        a._replace(tiles=(-1,)) if a.kind == "draw" else a for a in v.history
    )  # a watcher sees nobody's draws
    return dataclasses.replace(
        v, seat=-1, hand_mask=0, opening=-1, drawn=-1, legal=(), history=hidden
    )


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
