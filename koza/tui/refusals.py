"""A refused move, said in the player's language.

``IllegalMoveError`` carries English (for the command line, the network and the
tests); the table asks ``koza.core.explain`` for the same reason as data and says
it through the catalogue.  A refusal no rule explains (not your turn) stays English.
"""

from __future__ import annotations

from koza.core import engine
from koza.core.commands import Command, to_move
from koza.core.engine import Round
from koza.core.explain import Reason, illegal_reason
from koza.tui.strings import t


def say_reason(reason: Reason) -> str:
    """``reason`` in the language in use."""
    return t(f"illegal.{reason.code}", **reason.values)


def why_refused(r: Round | None, cmd: Command, english: str) -> str:
    """Why ``cmd`` is not allowed in ``r``, translated; ``english`` when no rule says why."""
    try:
        move = to_move(cmd)
    except (IndexError, KeyError, TypeError):
        return english
    if r is None or engine.is_legal(r, move):
        return english
    return say_reason(illegal_reason(r, move))
