"""What a client draws of a server's messages, made safe again (``koza.core.text``).

A server of an older koza, or one that is not koza at all, may send names and
chat lines with terminal controls or direction marks; every name and line a
message carries is cleaned before the client keeps it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from koza.core.text import one_line
from koza.net.protocol import ChatLine, Lobby, QuickLine, RoomState, ViewUpdate


def _names(names: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(one_line(n) for n in names)


def cleaned(msg: Any) -> Any:
    """``msg`` with every name and chat text it holds safe to draw."""
    if isinstance(msg, ChatLine):
        return msg.model_copy(update={"name": one_line(msg.name), "text": one_line(msg.text)})
    if isinstance(msg, QuickLine):
        return msg.model_copy(update={"name": one_line(msg.name)})
    if isinstance(msg, ViewUpdate):
        names = _names(msg.view.names)
        if names == msg.view.names:  # the usual case: nothing to copy
            return msg
        view = dataclasses.replace(msg.view, names=names)
        return msg.model_copy(update={"view": view})
    if isinstance(msg, RoomState):
        seats = tuple(
            s if s.name is None else s.model_copy(update={"name": one_line(s.name)})
            for s in msg.seats
        )
        return msg.model_copy(update={"seats": seats})
    if isinstance(msg, Lobby):
        rooms = tuple(r.model_copy(update={"names": _names(r.names)}) for r in msg.rooms)
        return msg.model_copy(update={"rooms": rooms})
    return msg
