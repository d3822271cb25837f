"""One "fields set" object for every frozen model that was given the same fields.

pydantic gives each model instance its own set of the field names it was given (216
bytes, 728 from five names on), kept only for ``exclude_unset``.  A server keeps every
room's seats and its game's first event: these sets were an eighth of a seated room.
A frozen model never adds to its set (``model_copy`` copies it before it does), so the
models given the same names can hold one set between them.
"""

from __future__ import annotations

from pydantic import BaseModel

_SHARED: dict[frozenset[str], set[str]] = {}


def shared_fields_set(names: frozenset[str]) -> set[str]:
    """The one set of ``names`` that frozen models given those fields hold (never changed)."""
    shared = _SHARED.get(names)
    if shared is None:
        shared = _SHARED[names] = set(names)
    return shared


def share_fields_set(model: BaseModel) -> None:
    """Replace a frozen ``model``'s own fields set by the shared one of the same names."""
    shared = shared_fields_set(frozenset(model.__pydantic_fields_set__))
    object.__setattr__(model, "__pydantic_fields_set__", shared)
