"""A seat's view sent as what changed since the last one: ``ViewPatch``.

A client that says so in its ``hello`` (``deltas``) gets, after its first full
view, only the fields of its ``SeatView`` that differ from the view it was sent
last; the other fields are left out, so a patch holds nothing the full view
would not (``wire.view_for`` decides what a seat may see, for both).
``apply`` gives back exactly the view the server built.  Fields that rarely
change (names, rules, the records of past rounds) are then neither encoded by
the server nor validated by the client after every move.  A round's ``history``
only grows, and a chain only grows at its ends: when the last one sent is part of
the new one, the patch holds only what was added (``history_more``, ``chain_left``,
``chain_right``), not the whole round again.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, create_model

from koza.core import view as view_module
from koza.core.records import Action, Placed
from koza.core.view import SeatView, _view_adapter

FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SeatView))
HISTORY, CHAIN = FIELDS.index("history"), FIELDS.index("chain")
MORE = "history_more"  # the actions added to the last history sent
LEFT, RIGHT = "chain_left", "chain_right"  # the tiles laid at each end of the last chain sent
_GROWN: dict[str, Any] = {
    MORE: tuple[Action, ...],
    LEFT: tuple[Placed, ...],
    RIGHT: tuple[Placed, ...],
}


def _patch_model() -> type[BaseModel]:
    """A model with every field of ``SeatView``, each optional (left out when unchanged)."""
    hints = typing.get_type_hints(SeatView, vars(view_module))
    fields: dict[str, Any] = {name: (hints[name] | None, None) for name in FIELDS}
    fields.update({name: (kind | None, None) for name, kind in _GROWN.items()})
    config = ConfigDict(frozen=True, extra="forbid")
    return create_model("ViewPatch", __config__=config, **fields)


ViewPatch = _patch_model()


def changed(old: SeatView, new: SeatView) -> set[str]:
    """The fields of ``new`` that differ from ``old``."""
    return {
        name
        for name in FIELDS
        if (a := getattr(old, name)) is not (b := getattr(new, name)) and a != b
    }


def patch_json(view: SeatView, fields: set[str], old: SeatView | None = None) -> str:
    """``fields`` of ``view`` as a JSON object, in ``SeatView``'s own forms; given the
    ``old`` view the patch is for, a history and a chain that grew from it as what
    they added (``history_more``, ``chain_left`` and ``chain_right``)."""
    grown: dict[str, tuple[Any, ...]] = {}
    if old is not None and "history" in fields:
        added = _added(old.history, view.history)
        if added is not None:
            grown[MORE] = added
    if old is not None and "chain" in fields:
        ends = _laid(old.chain, view.chain)
        if ends is not None:
            grown[LEFT], grown[RIGHT] = ends
    if not grown:
        return _view_adapter().dump_json(view, include=fields).decode()
    whole = (
        fields - ({"history"} if MORE in grown else set()) - ({"chain"} if LEFT in grown else set())
    )
    body = _view_adapter().dump_json(view, include=whole).decode()
    more = ",".join(f'"{k}":{_adapter(k).dump_json(v).decode()}' for k, v in grown.items())
    return f"{body[:-1]}{',' if len(body) > 2 else ''}{more}}}"


def _added(before: tuple[Action, ...], after: tuple[Action, ...]) -> tuple[Action, ...] | None:
    """The actions ``after`` adds at the end of ``before``; None if it does not begin so."""
    n = len(before)
    if len(after) <= n or after[:n] != before:
        return None
    return after[n:]


def _laid(
    before: tuple[Placed, ...], after: tuple[Placed, ...]
) -> tuple[tuple[Placed, ...], tuple[Placed, ...]] | None:
    """The tiles ``after`` has left and right of ``before``; None if it does not hold it."""
    n = len(before)
    if not n or len(after) <= n or before[0] not in after:
        return None
    k = after.index(before[0])
    if after[k : k + n] != before:
        return None
    return after[:k], after[k + n :]


@cache
def _adapter(name: str) -> TypeAdapter[Any]:
    return TypeAdapter(_GROWN[name])


def apply(old: SeatView, patch: BaseModel) -> SeatView:
    """``old`` with the fields ``patch`` holds."""
    given, values = patch.model_fields_set, patch.__dict__
    # positionally, in ``SeatView``'s field order (``dataclasses.replace`` costs twice as much)
    new = [values[f] if f in given else getattr(old, f) for f in FIELDS]
    more = values.get(MORE)
    if more is not None:
        new[HISTORY] = old.history + more
    left, right = values.get(LEFT), values.get(RIGHT)
    if left is not None or right is not None:
        new[CHAIN] = (left or ()) + old.chain + (right or ())
    return SeatView(*new)
