"""What the next deal must be under the rules: who leads it, with which tile, and
whether a hand must be thrown in (used by the fold's checks and by ``Game``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from koza.core import engine
from koza.core.records import RoundRecord
from koza.core.rules import RuleSet
from koza.core.scoring import next_leader_after_fish


class PastRounds(Protocol):
    """What the next deal depends on: the rules and the rounds scored so far."""

    @property
    def rules(self) -> RuleSet: ...

    @property
    def records(self) -> Sequence[RoundRecord]: ...


def expected_leader(state: PastRounds, hands: list[int]) -> tuple[int, int]:
    """``(leader, opening tile or -1)`` for the next round under the rules.

    Round 1, and every round under ``next_leader=highest_double``: the holder of
    the tile ``first_lead`` names (by default the highest double, else the highest
    tile) leads and must open with it.  Otherwise the player who went out leads with
    any tile; after a fish, under ``next_leader=fish_closer`` the player who made its
    last move, else the fewest counted round points (0-0 bonus included) lead, ties
    going to the first tied seat in turn order after the previous round's leader.
    """
    rules = state.rules
    if not state.records or rules.next_leader == "highest_double":
        return engine.first_opening(hands, rules.first_lead)
    last = state.records[-1]
    if last.out_seat is not None:
        return last.out_seat, -1
    if rules.next_leader == "fish_closer":
        return last.closer, -1
    return next_leader_after_fish(last.hand_points, last.leader), -1


def first_bad_hand(state: PastRounds, hands: list[int]) -> int:
    """The first seat whose hand must be thrown in under ``redeal=bad_hand``, else -1."""
    if state.rules.redeal != "bad_hand":
        return -1
    return next((s for s, h in enumerate(hands) if engine.bad_hand(h)), -1)
