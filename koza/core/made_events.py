"""Events the game has already checked, made without pydantic's validation, and moves
kept compact (``Game.keep_compact``).

Compiled with the fold (``koza.compiled.COMPILED``): a move's event is made here.
"""

from __future__ import annotations

from typing import TypeVar, cast

from koza.core import events
from koza.core.events import EVENT_TYPES, Event, now
from koza.core.fields_set import shared_fields_set

_E = TypeVar("_E", bound=events.AnyEvent)
Field = int | str | tuple[int, ...] | None
_set = object.__setattr__

_TYPE_OF: dict[type, str] = {kind: kind.model_fields["type"].default for kind in EVENT_TYPES}
_GIVEN: dict[tuple[str, ...], set[str]] = {}


def checked_event(kind: type[_E], seq: int, **fields: Field) -> _E:
    """The event pydantic would make of ``fields``, which the game has checked.

    ``kind(seq=seq, **fields)`` with its validation skipped (the bulk of a move's cost
    in ``koza sim``): the same fields in the same order, stamped now, and the same
    fields marked as set.  Only for values the game made or checked: a legal move
    (``Game.play``), a seeded deal (``seeded_shuffle``'s whole set).
    """
    made: dict[str, object] = {"seq": seq, "at": now(), "type": _TYPE_OF[kind], **fields}
    return cast(_E, _assembled(kind, made, _given(tuple(fields))))


def _assembled(kind: type, fields: dict[str, object], given: set[str]) -> object:
    """An event of ``kind`` holding ``fields`` as they are, ``given`` marked as set."""
    event: object = object.__new__(kind)
    _set(event, "__dict__", fields)
    _set(event, "__pydantic_fields_set__", given)
    _set(event, "__pydantic_extra__", None)
    _set(event, "__pydantic_private__", None)
    return event


def _given(names: tuple[str, ...]) -> set[str]:
    """The fields marked as set for an event given ``names`` (and ``seq``): the set every
    frozen model given them shares (``koza.core.fields_set``), where pydantic makes one
    each (216 bytes, a fifth of what a server's room keeps per move); looked up here by
    the names as the game passes them, the quick way for every move."""
    given = _GIVEN.get(names)
    if given is None:
        given = _GIVEN[names] = shared_fields_set(frozenset({"seq", *names}))
    return given


Packed = tuple[object, ...]
"""A move kept compact: its event's class, seq, time stamp and fields (``packed``)."""

_MOVE_FIELDS: dict[type, tuple[str, ...]] = {
    events.TilePlayed: ("seat", "tile", "end"),
    events.DoublesPlayed: ("seat", "left", "right"),
    events.TileDrawn: ("seat", "tile"),
    events.TurnPassed: ("seat",),
}


def packed(event: Event) -> Event | Packed:
    """A move ``checked_event`` made, as a tuple (336 bytes of object and dict less);
    any other event as it is."""
    names = _MOVE_FIELDS.get(type(event))
    if names is None or event.__pydantic_fields_set__ is not _given(names):
        return event
    d = event.__dict__
    return (type(event), d["seq"], d["at"], *[d[name] for name in names])


def unpacked(item: Packed) -> Event:
    """The very event ``packed`` was given (equal, with the same fields set)."""
    kind = item[0]
    assert isinstance(kind, type)
    names = _MOVE_FIELDS[kind]
    fields: dict[str, object] = {"seq": item[1], "at": item[2], "type": _TYPE_OF[kind]}
    for i, name in enumerate(names):
        fields[name] = item[3 + i]
    return cast(Event, _assembled(kind, fields, _given(names)))


def event_of(item: Event | Packed) -> Event:
    """An event kept by a game, packed or not."""
    return unpacked(item) if isinstance(item, tuple) else item
