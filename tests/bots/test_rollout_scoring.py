"""The bots' lean scoring (``bots.rollout``) is the core's, checked on random rules and deals."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from support.deals import rule_sets

from koza.bots.rollout import GOAT_WEIGHT, Match, Scoring, utility
from koza.core import engine
from koza.core.rules import RuleSet
from koza.core.scoring import Sheets, goats_and_ranking, hand_points, n_sides, score_round, side_of


@st.composite
def finished_rounds(draw: st.DrawFn) -> tuple[RuleSet, list[int], int, Sheets, int]:
    """Rules, the hands left at the end of a randomly played round, who went out (-1: fish),
    score sheets as they might stand before it, and a side to judge from."""
    players = draw(st.integers(2, 4))
    rules = draw(rule_sets())
    if players == 4 and draw(st.booleans()):
        rules = rules.model_copy(update={"teams": "pairs"})
    rng = random.Random(draw(st.integers(0, 2**32)))
    r = engine.deal(rng, players, rules.hand_size_for(players), rules.double_play == "doubles")
    engine.random_playout(r, rng)
    sides = n_sides(players, rules)
    totals = tuple(draw(st.integers(0, rules.target + 20)) for _ in range(sides))
    opened = tuple(draw(st.booleans()) for _ in range(sides))
    carried = tuple(0 if o else draw(st.integers(0, 60)) for o in opened)
    me = draw(st.integers(0, sides - 1))
    return rules, r.hands, r.out_seat, Sheets(totals, opened, carried), me


@settings(max_examples=400, deadline=None)
@given(finished_rounds())
def test_fast_scoring_agrees_with_the_core(
    case: tuple[RuleSet, list[int], int, Sheets, int],
) -> None:
    rules, hands, out_seat, sheets, me = case
    n = len(hands)
    sc = Scoring.of(rules, n)
    core = score_round(rules, hands, out_seat, sheets)
    assert [sc.hand_points(h) for h in hands] == [hand_points(h, rules) for h in hands]
    assert sc.side == tuple(side_of(s, n, rules) for s in range(n))
    assert sc.side_points(hands, out_seat) == list(core.side_points)

    # utility = minus what my side records, plus the goat term when the round ends the game
    totals = core.sheets.totals
    want = -float(core.recorded[me])
    if goats_and_ranking(totals, rules.target) is not None:
        want += -GOAT_WEIGHT if totals[me] == max(totals) else GOAT_WEIGHT
    match = Match(me, sheets.totals, sheets.opened, sheets.carried)
    assert utility(sc, match, hands, out_seat) == want
