"""A seat's view sent as what changed since the last one: ``ViewPatch``.

A client that says so in its ``hello`` (``deltas``) gets, after its first full
view, only the fields of its ``SeatView`` that differ from the view it was sent
last; the other fields are left out, so a patch holds nothing the full view
would not (``wire.view_for`` decides what a seat may see, for both).
``apply`` gives back exactly the view the server built.  Fields that rarely
change (names, rules, the records of past rounds) are then neither encoded by
the server nor validated by the client after every move.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from pydantic import BaseModel, ConfigDict, create_model

from koza.core import view as view_module
from koza.core.view import SeatView, _view_adapter

FIELDS: tuple[str, ...] = tuple(f.name for f in dataclasses.fields(SeatView))


def _patch_model() -> type[BaseModel]:
    """A model with every field of ``SeatView``, each optional (left out when unchanged)."""
    hints = typing.get_type_hints(SeatView, vars(view_module))
    fields: dict[str, Any] = {name: (hints[name] | None, None) for name in FIELDS}
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


def patch_json(view: SeatView, fields: set[str]) -> str:
    """``fields`` of ``view`` as a JSON object, in ``SeatView``'s own forms."""
    return _view_adapter().dump_json(view, include=fields).decode()


def apply(old: SeatView, patch: BaseModel) -> SeatView:
    """``old`` with the fields ``patch`` holds."""
    given, values = patch.model_fields_set, patch.__dict__
    # positionally, in ``SeatView``'s field order (``dataclasses.replace`` costs twice as much)
    return SeatView(*[values[f] if f in given else getattr(old, f) for f in FIELDS])
