"""A refused move, said in the player's language.

``IllegalMoveError`` carries English (for the command line, the network and the
tests); the table asks ``koza.core.explain`` for the same reason as data and says
it through the catalogue.  A refusal no rule explains (not your turn) stays English.
"""

from __future__ import annotations

from koza.core.commands import Command
from koza.core.explain import Reason, refusal_reason
from koza.core.state import GameState
from koza.tui.strings import t


def say_reason(reason: Reason) -> str:
    """``reason`` in the language in use."""
    return t(f"illegal.{reason.code}", **reason.values)


def why_refused(state: GameState, cmd: Command, english: str) -> str:
    """Why ``cmd`` is not allowed now, translated; ``english`` when no rule says why."""
    reason = refusal_reason(state.round, cmd)
    return english if reason is None else say_reason(reason)
