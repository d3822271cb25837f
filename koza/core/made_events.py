"""Events the game has already checked, made without pydantic's validation, and a game's
events kept small: its moves as numbers, the rest as their saved lines (``KeptEvents``,
``Game.keep_compact``).

Compiled with the fold (``koza.compiled.COMPILED``): a move's event is made here.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Final, TypeVar, cast

from pydantic import BaseModel

from koza.core import events
from koza.core.events import EVENT_ADAPTER, EVENT_TYPES, Event, now
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


_MOVE_FIELDS: Final[dict[type, tuple[str, ...]]] = {
    events.TilePlayed: ("seat", "tile", "end"),
    events.DoublesPlayed: ("seat", "left", "right"),
    events.TileDrawn: ("seat", "tile"),
    events.TurnPassed: ("seat",),
}
"""Each move's own fields, in the order ``Game.play`` gives them to ``checked_event``."""


class _MoveKind:
    """A move's class as ``KeptEvents`` keeps it: its number in a row's code (1-4; 0 is
    an event kept whole) and what ``checked_event`` puts in its events."""

    def __init__(self, number: int, cls: type) -> None:
        self.number = number
        self.cls = cls
        self.names = _MOVE_FIELDS[cls]
        self.given = _given(self.names)
        self.type = _TYPE_OF[cls]


_MOVE_KINDS: Final = [_MoveKind(i + 1, cls) for i, cls in enumerate(_MOVE_FIELDS)]
_KIND_OF: Final = {kind.cls: kind for kind in _MOVE_KINDS}
_KIND_BITS: Final = 3
_KIND_MASK: Final = (1 << _KIND_BITS) - 1
_FIELD_BITS: Final = 5  # a seat, a tile and an end's number are each below 32
_FIELD_MASK: Final = (1 << _FIELD_BITS) - 1
_UTC: Final = UTC  # a static of the compiled module: not looked up by name each time


class KeptEvents:
    """A game's events kept small (``Game.keep_compact``): each move ``checked_event``
    made as two machine numbers (12 bytes, where its event takes 430 with its dict, time
    stamp and seq, and a tuple of its values 180), any other event as its JSON, the line
    its save holds (a deal's 315 bytes, where its event takes 750 to 3,000; a round's
    score 240 for 1,200; the game's start 584 for 3,600).

    Row ``i`` is the event of seq ``i``.  ``_codes[i]`` is a move's kind (1-4, its low
    three bits) and fields (five bits each), or 0 in those bits and the event's index in
    ``_whole`` above them; ``_stamps[i]`` is a move's time stamp (``_stamp_number``).
    A move is kept as numbers only when they give it back exactly:
    its seq is its row, its time stamp is in UTC, its fields are what ``Game.play`` gives.
    An event kept as JSON comes back as loading its save gives it: equal to the one
    made and written the same, with every field marked as set (shared, as
    ``koza.core.fields_set`` shares them) and its time zone as pydantic reads it.
    """

    def __init__(self, kept: Iterable[Event] = ()) -> None:
        self._codes: array[int] = array("I")
        self._stamps: array[int] = array("q")
        self._whole: list[bytes] = []
        for event in kept:
            self.append(event)

    def __len__(self) -> int:
        return len(self._codes)

    @property
    def whole(self) -> int:
        """How many events are kept as JSON (not moves, or moves that do not fit)."""
        return len(self._whole)

    def append(self, event: Event) -> None:
        """Keep ``event`` as the next row."""
        code = self._move_code(event)
        if code < 0:
            code = len(self._whole) << _KIND_BITS
            self._whole.append(event.__pydantic_serializer__.to_json(event))
            stamp = 0
        else:
            stamp = _stamp_number(event.at)
        self._codes.append(code)
        self._stamps.append(stamp)

    def _move_code(self, event: Event) -> int:
        """``event``'s kind and fields as one number, or -1 if it is not kept as numbers."""
        kind = _KIND_OF.get(type(event))
        if kind is None or event.__pydantic_fields_set__ is not kind.given:
            return -1
        d = event.__dict__
        at = d["at"]
        if d["seq"] != len(self._codes) or type(at) is not datetime:
            return -1
        if at.tzinfo is not _UTC or at.fold:
            return -1
        code = kind.number
        shift = _KIND_BITS
        for name in kind.names:
            number = _field_number(name, d[name])
            if number < 0:
                return -1
            code |= number << shift
            shift += _FIELD_BITS
        return code

    def between(self, start: int, stop: int) -> tuple[Event, ...]:
        """The events of rows ``start:stop`` (a list's slice), made again from their numbers."""
        n = len(self._codes)
        return tuple([self._event(row) for row in range(_index(start, n), _index(stop, n))])

    def _event(self, row: int) -> Event:
        """The event kept in ``row``."""
        code = self._codes[row]
        number = code & _KIND_MASK
        if number == 0:
            event = EVENT_ADAPTER.validate_json(self._whole[code >> _KIND_BITS])
            share_fields_set(event)
            return event
        kind = _MOVE_KINDS[number - 1]
        at = _stamp(self._stamps[row])
        fields: dict[str, object] = {"seq": row, "at": at, "type": kind.type}
        code >>= _KIND_BITS
        for name in kind.names:
            value = code & _FIELD_MASK
            fields[name] = END_NAMES[value] if name == "end" else value
            code >>= _FIELD_BITS
        return cast(Event, _assembled(kind.cls, fields, kind.given))


def _index(i: int, n: int) -> int:
    """Where a slice's bound ``i`` falls among ``n`` rows, as a list's slice places it."""
    return min(max(i + n if i < 0 else i, 0), n)


def _field_number(name: str, value: object) -> int:
    """A move's field as a number below 32 (an end by its number), or -1 if it is none."""
    if name == "end":
        return END_OF.get(value, -1) if type(value) is str else -1
    if type(value) is int and 0 <= value <= _FIELD_MASK:
        return value
    return -1


def _stamp_number(at: datetime) -> int:
    """``at``'s date and time as one number: its year, month, day, hour, minute, second
    and microsecond side by side (14, 4, 5, 5, 6, 6 and 20 bits: 60 in all)."""
    date = (at.year << 4 | at.month) << 5 | at.day
    time = ((at.hour << 6 | at.minute) << 6 | at.second) << 20 | at.microsecond
    return date << 37 | time


def _stamp(number: int) -> datetime:
    """The time stamp (in ``datetime.UTC``) ``_stamp_number`` made ``number`` of."""
    return datetime(
        number >> 46,
        number >> 42 & 15,
        number >> 37 & 31,
        number >> 32 & 31,
        number >> 26 & 63,
        number >> 20 & 63,
        number & 0xFFFFF,
        _UTC,
    )
