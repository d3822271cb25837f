"""Events the game has already checked, made without pydantic's validation, and a game's
events kept with its moves as numbers (``KeptEvents``, ``Game.keep_compact``).

Compiled with the fold (``koza.compiled.COMPILED``): a move's event is made here.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from datetime import UTC, datetime, timedelta
from typing import Final, TypeVar, cast

from pydantic import BaseModel

from koza.core import events
from koza.core.events import EVENT_TYPES, Event, now
from koza.core.fields_set import share_fields_set, shared_fields_set
from koza.core.tiles import END_NAMES, END_OF

_E = TypeVar("_E", bound=events.AnyEvent)
Field = int | str | tuple[int, ...] | None

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


def _slot_setter(name: str) -> Callable[[object, object], None]:
    """What sets a model's slot ``name`` past its frozen ``__setattr__``: the slot's own
    descriptor (in half the time ``object.__setattr__`` takes)."""
    setter: Callable[[object, object], None] = BaseModel.__dict__[name].__set__
    return setter


_SET_DICT: Final = _slot_setter("__dict__")
_SET_GIVEN: Final = _slot_setter("__pydantic_fields_set__")
_SET_EXTRA: Final = _slot_setter("__pydantic_extra__")
_SET_PRIVATE: Final = _slot_setter("__pydantic_private__")


def _assembled(kind: type, fields: dict[str, object], given: set[str]) -> object:
    """An event of ``kind`` holding ``fields`` as they are, ``given`` marked as set."""
    event: object = object.__new__(kind)
    _SET_DICT(event, fields)
    _SET_GIVEN(event, given)
    _SET_EXTRA(event, None)
    _SET_PRIVATE(event, None)
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


_MOVE_FIELDS: dict[type, tuple[str, ...]] = {
    events.TilePlayed: ("seat", "tile", "end"),
    events.DoublesPlayed: ("seat", "left", "right"),
    events.TileDrawn: ("seat", "tile"),
    events.TurnPassed: ("seat",),
}
"""Each move's own fields, in the order ``Game.play`` gives them to ``checked_event``."""

_MOVE_KINDS: tuple[type, ...] = tuple(_MOVE_FIELDS)
_KIND_OF: dict[type, int] = {kind: i + 1 for i, kind in enumerate(_MOVE_KINDS)}
"""A move's kind as a number (1-4) in ``KeptEvents``' codes; 0 is an event kept whole."""

_KIND_BITS = 3
_FIELD_BITS = 5  # a seat, a tile and an end's number are each below 32
_FIELD_MASK = (1 << _FIELD_BITS) - 1
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)


class KeptEvents:
    """A game's events kept small (``Game.keep_compact``): each move ``checked_event``
    made as two machine numbers (12 bytes, where its event takes 430 with its dict, time
    stamp and seq, and a tuple of its values 180), any other event as it is, holding the
    fields set every frozen model given the same names shares (``koza.core.fields_set``).

    Row ``i`` is the event of seq ``i``.  ``_codes[i]`` is a move's kind (1-4, its low
    three bits) and fields (five bits each), or 0 in those bits and the event's index in
    ``_whole`` above them; ``_micros[i]`` is a move's time stamp, in microseconds since
    1970 (UTC).  A move is kept as numbers only when they give it back exactly:
    its seq is its row, its time stamp is in UTC, its fields are what ``Game.play`` gives.
    """

    def __init__(self, kept: Iterable[Event] = ()) -> None:
        self._codes: array[int] = array("I")
        self._micros: array[int] = array("q")
        self._whole: list[Event] = []
        for event in kept:
            self.append(event)

    def __len__(self) -> int:
        return len(self._codes)

    @property
    def whole(self) -> int:
        """How many events are kept as they are (not moves, or moves that do not fit)."""
        return len(self._whole)

    def append(self, event: Event) -> None:
        """Keep ``event`` as the next row."""
        code = self._move_code(event)
        if code < 0:
            code = len(self._whole) << _KIND_BITS
            share_fields_set(event)  # a round's score had its own set of its 8 names: 728 bytes
            self._whole.append(event)
            micros = 0
        else:
            micros = (event.at - _EPOCH) // _MICROSECOND
        self._codes.append(code)
        self._micros.append(micros)

    def _move_code(self, event: Event) -> int:
        """``event``'s kind and fields as one number, or -1 if it is not kept as numbers."""
        kind = _KIND_OF.get(type(event), 0)
        if kind == 0:
            return -1
        names = _MOVE_FIELDS[type(event)]
        d = event.__dict__
        at = d["at"]
        if (
            event.__pydantic_fields_set__ is not _given(names)
            or d["seq"] != len(self._codes)
            or type(at) is not datetime
            or at.tzinfo is not UTC
            or at.fold
        ):
            return -1
        code = kind
        for i, name in enumerate(names):
            number = _field_number(name, d[name])
            if number < 0:
                return -1
            code |= number << (_KIND_BITS + _FIELD_BITS * i)
        return code

    def between(self, start: int, stop: int) -> tuple[Event, ...]:
        """The events of rows ``start:stop`` (a list's slice), made again from their numbers."""
        return tuple([self._event(row) for row in range(len(self._codes))[start:stop]])

    def _event(self, row: int) -> Event:
        """The event kept in ``row``."""
        code = self._codes[row]
        kind = code & ((1 << _KIND_BITS) - 1)
        if kind == 0:
            return self._whole[code >> _KIND_BITS]
        cls = _MOVE_KINDS[kind - 1]
        at = _EPOCH + timedelta(microseconds=self._micros[row])
        fields: dict[str, object] = {"seq": row, "at": at, "type": _TYPE_OF[cls]}
        names = _MOVE_FIELDS[cls]
        code >>= _KIND_BITS
        for name in names:
            number = code & _FIELD_MASK
            fields[name] = END_NAMES[number] if name == "end" else number
            code >>= _FIELD_BITS
        return cast(Event, _assembled(cls, fields, _given(names)))


def _field_number(name: str, value: object) -> int:
    """A move's field as a number below 32 (an end by its number), or -1 if it is none."""
    if name == "end":
        return END_OF.get(value, -1) if type(value) is str else -1
    if type(value) is int and 0 <= value <= _FIELD_MASK:
        return value
    return -1
