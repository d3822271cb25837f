"""``Scoring``: the core's scoring rules as the bots read them, plus tile weights.

Kept out of ``rollout`` (which mypyc compiles): a compiled class cannot extend
the core's slotted ``ScoringRules``, and this one needs no speed of its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from koza.core.scoring import ScoringRules
from koza.core.tiles import PIPS


@dataclass(frozen=True, slots=True)
class Scoring(ScoringRules):
    """The core's scoring rules (``ScoringRules``), plus what shedding a tile weighs.

    ``rollout.utility`` reads the sheets the way ``koza.core.scoring.score_round``
    does, without building them: ``tests/bots/test_rollout_scoring.py`` checks the two agree.
    """

    def tile_weight(self, tile: int) -> int:
        """What shedding ``tile`` is worth (0-0 counts its bonus)."""
        return self.blank if tile == 0 else PIPS[tile]
