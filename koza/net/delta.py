"""A seat's view sent as what changed since the last one: ``ViewPatch``.

A client that says so in its ``hello`` (``deltas``) gets, after its first full
view, only the fields of its ``SeatView`` that differ from the view it was sent
last; the other fields are left out, so a patch holds nothing the full view
would not (``wire.view_for`` decides what a seat may see, for both).
``apply`` gives back exactly the view the server built.  Fields that rarely
change (names, rules, the records of past rounds) are then neither encoded by
the server nor validated by the client after every move.  A round's ``history``
only grows: when the last one sent begins the new one, the patch holds only the
actions added (``history_more``), not the whole round again.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, create_model

from koza.core import view as view_module
from koza.core.records import Action
from koza.core.view import SeatView, _view_adapter

FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SeatView))
MORE = "history_more"  # the actions added to the last history sent


def _patch_model() -> type[BaseModel]:
    """A model with every field of ``SeatView``, each optional (left out when unchanged)."""
    hints = typing.get_type_hints(SeatView, vars(view_module))
    fields: dict[str, Any] = {name: (hints[name] | None, None) for name in FIELDS}
    fields[MORE] = (tuple[Action, ...] | None, None)
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
    ``old`` view the patch is for, a history that grew from it as ``history_more``."""
    added = _added(old.history, view.history) if old is not None and "history" in fields else None
    if added is None:
        return _view_adapter().dump_json(view, include=fields).decode()
    body = _view_adapter().dump_json(view, include=fields - {"history"}).decode()
    more = _actions_adapter().dump_json(added).decode()
    return f'{body[:-1]}{"," if len(body) > 2 else ""}"{MORE}":{more}}}'


def _added(before: tuple[Action, ...], after: tuple[Action, ...]) -> tuple[Action, ...] | None:
    """The actions ``after`` adds at the end of ``before``; None if it does not begin so."""
    n = len(before)
    if len(after) <= n or after[:n] != before:
        return None
    return after[n:]


@cache
def _actions_adapter() -> TypeAdapter[tuple[Action, ...]]:
    return TypeAdapter(tuple[Action, ...])


def apply(old: SeatView, patch: BaseModel) -> SeatView:
    """``old`` with the fields ``patch`` holds."""
    given, values = patch.model_fields_set, patch.__dict__
    # positionally, in ``SeatView``'s field order (``dataclasses.replace`` costs twice as much)
    new = [values[f] if f in given else getattr(old, f) for f in FIELDS]
    more = values.get(MORE)
    if more is not None:
        new[HISTORY] = old.history + more
    return SeatView(*new)


HISTORY = FIELDS.index("history")
