"""A refused move, said in the player's language.

``IllegalMoveError`` carries English (for the command line, the network and the
tests) and the same reason as data, which the table says through the catalogue.
A server sends its refusals and errors as catalogue keys too (``from_server``).
"""

from __future__ import annotations

from collections.abc import Mapping

from koza.core.explain import Reason
from koza.core.game import IllegalMoveError
from koza.i18n.says import Said
from koza.i18n.strings import EN, t


def say_reason(reason: Reason) -> str:
    """``reason`` in the language in use."""
    return t(f"illegal.{reason.code}", **reason.values)


def why_refused(exc: IllegalMoveError) -> str:
    """Why a move was refused, in the language in use (its English if no reason is known)."""
    return str(exc) if exc.reason is None else say_reason(exc.reason)


def from_server(key: str, values: Mapping[str, object], english: str) -> str:
    """What the server said (its catalogue ``key`` and ``values``) in the language in use.

    A key this client does not know (a newer server) leaves the server's English.
    """
    return t(key, **values) if key in EN else english


def said_here(said: Said | None, english: str) -> str:
    """``said`` in the language in use; ``english`` when there is nothing to translate."""
    return english if said is None else from_server(said.catalogue_key, said.values, english)
