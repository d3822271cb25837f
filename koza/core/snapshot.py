"""``freeze``: the ``GameState`` a ``StateBuilder`` holds now, compiled with the fold.

A game being played freezes a state after every event (``Game._emit``), and reading
the builder's sixteen fields from interpreted code cost more than the rest of the
freeze (callgrind: 13.1k instructions a freeze in Python), so this module is in
``koza.compiled.COMPILED``.  ``koza.core.state`` re-exports it.
"""

from __future__ import annotations

from koza.core.fold import StateBuilder
from koza.core.game_state import GameState

_new = object.__new__
_set = object.__setattr__


def freeze(b: StateBuilder) -> GameState:
    """The state the builder holds now; the builder may go on (it copies its round first)."""
    if b.lazy:
        b.settle()
    new = _new(GameState)
    _set(
        new,
        "__dict__",
        {
            "game_id": b.game_id,
            "rules": b.rules,
            "seats": b.seats,
            "seed": b.seed,
            "seq": b.seq,
            "phase": b.phase,
            "round_no": b.round_no,
            "round": b.round,
            "shuffle": b.shuffle,
            "chain": tuple(b.chain),
            "history": tuple(b.history),
            "sheets": b.sheets,
            "records": b.records,
            "goats": b.goats,
            "ranking": b.ranking,
        },
    )
    b.round_owned = False  # the state shares it now
    return new
