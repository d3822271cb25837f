"""Scoring, worked out by hand: points, opening threshold, fish, pairs, goats, ranking."""

from __future__ import annotations

import pytest
from support.deals import mask

from koza.core.rules import RuleSet
from koza.core.scoring import (
    Sheets,
    goats_and_ranking,
    hand_points,
    next_leader_after_fish,
    score_round,
)

FRESH2 = Sheets.start(2, RuleSet())


def rec(rules: RuleSet, hands: list[str], out: int, sheets: Sheets | None = None) -> tuple:
    """``(recorded, totals, opened, newly_opened)`` of one round."""
    n = len(hands)
    sides = 2 if rules.teams == "pairs" else n
    result = score_round(rules, [mask(h) for h in hands], out, sheets or Sheets.start(sides, rules))
    return result.recorded, result.sheets.totals, result.sheets.opened, result.newly_opened


# --- hand points ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "rules", "points"),
    [
        ("6-5 4-3", RuleSet(), 18),
        ("", RuleSet(), 0),
        ("0-0", RuleSet(), 25),
        ("0-0 1-0", RuleSet(), 26),
        ("0-0", RuleSet(blank_double_points=10), 10),
        ("0-0", RuleSet(blank_double_when="alone"), 25),
        ("0-0 1-0", RuleSet(blank_double_when="alone"), 1),
        ("0-0 6-6", RuleSet(blank_double_when="alone", blank_double_points=50), 12),
    ],
)
def test_hand_points(hand: str, rules: RuleSet, points: int) -> None:
    assert hand_points(mask(hand), rules) == points


# --- the worked example of RULES.md -------------------------------------------------------


def test_rule_book_worked_example() -> None:
    rules = RuleSet()
    # Round 1: A out, B holds 6-5 0-0: 11 + 25 = 36 >= 13, B records 36 and opens.
    r1 = score_round(rules, [0, mask("6-5 0-0")], 0, FRESH2)
    assert r1.hand_points == (0, 36) and r1.recorded == (0, 36)
    assert r1.sheets.opened == (False, True) and r1.newly_opened == (False, True)
    # Round 2: B out, A holds 2-1 3-0 (6): A is closed and 6 < 13, records nothing.
    r2 = score_round(rules, [mask("2-1 3-0"), 0], 1, r1.sheets)
    assert r2.recorded == (0, 0) and r2.sheets.totals == (0, 36)
    # Round 3, a fish: A holds 1-0 (1) and records nothing; B holds 4-3 (7), open: 43.
    r3 = score_round(rules, [mask("1-0"), mask("4-3")], -1, r2.sheets)
    assert r3.recorded == (0, 7) and r3.sheets.totals == (0, 43)
    assert r3.sheets.opened == (False, True)


# --- opening threshold --------------------------------------------------------------------


def test_threshold_discards_small_points_and_opens_at_exactly_the_threshold() -> None:
    rules = RuleSet()
    assert rec(rules, ["", "6-5 1-0"], 0)[0] == (0, 0)  # 12 < 13: discarded
    assert rec(rules, ["", "6-5 2-0"], 0)[:3] == ((0, 13), (0, 13), (False, True))


def test_threshold_zero_is_off_every_point_counts_from_the_start() -> None:
    rules = RuleSet(open_threshold=0)
    assert Sheets.start(2, rules).opened == (True, True)
    assert rec(rules, ["", "1-0"], 0)[:2] == ((0, 1), (0, 1))


def test_open_mode_carry_adds_up_until_the_sheet_opens() -> None:
    rules = RuleSet(open_mode="carry")
    s = Sheets.start(2, rules)
    a = score_round(rules, [0, mask("3-3")], 0, s)  # 6: carried
    assert a.recorded == (0, 0) and a.sheets.carried == (0, 6) and a.sheets.opened[1] is False
    b = score_round(rules, [0, mask("4-4")], 0, a.sheets)  # 6 + 8 = 14 >= 13: recorded, open
    assert b.recorded == (0, 14) and b.sheets.carried == (0, 0) and b.newly_opened == (False, True)
    c = score_round(rules, [0, mask("1-0")], 0, b.sheets)  # open: even 1 point counts
    assert c.recorded == (0, 1) and c.sheets.totals == (0, 15)


def test_open_mode_discard_forgets_small_points() -> None:
    rules = RuleSet()
    a = score_round(rules, [0, mask("3-3")], 0, FRESH2)
    b = score_round(rules, [0, mask("4-4")], 0, a.sheets)
    assert b.sheets.totals == (0, 0) and b.sheets.carried == (0, 0)


# --- fish ------------------------------------------------------------------------------------


def test_fish_own_pips_everyone_records_their_own() -> None:
    rules = RuleSet(open_threshold=0)
    assert rec(rules, ["4-1", "6-3", "3-2"], -1)[0] == (5, 9, 5)


def test_fish_lowest_exempt_ties_all_record_zero() -> None:
    rules = RuleSet(open_threshold=0, fish_scoring="lowest_exempt")
    assert rec(rules, ["4-1", "6-3", "3-2"], -1)[0] == (0, 9, 0)
    assert rec(rules, ["4-1", "6-3", "6-2"], -1)[0] == (0, 9, 8)


def test_lowest_exempt_counts_the_blank_double_bonus() -> None:
    rules = RuleSet(open_threshold=0, fish_scoring="lowest_exempt")
    assert rec(rules, ["0-0", "6-3"], -1)[0] == (25, 0)  # 0-0 is 25, so 6-3 (9) is lowest


def test_lowest_exempt_does_not_apply_when_someone_went_out() -> None:
    rules = RuleSet(open_threshold=0, fish_scoring="lowest_exempt")
    assert rec(rules, ["", "1-0", "6-3"], 0)[0] == (0, 1, 9)


# --- pairs -----------------------------------------------------------------------------------


def test_pairs_partners_points_add_up_and_the_out_side_records_zero() -> None:
    rules = RuleSet(teams="pairs", open_threshold=0)
    # seat 0 went out; partner seat 2 holds 6-6 (12), yet side 0 records 0
    recorded, totals, _, _ = rec(rules, ["", "5-0", "6-6", "4-3"], 0)
    assert recorded == (0, 12) and totals == (0, 12)


def test_pairs_threshold_applies_to_the_side_total() -> None:
    rules = RuleSet(teams="pairs")
    # side 1: 5 + 7 = 12 < 13 discarded; next time 6 + 8 = 14 opens
    a = score_round(rules, [0, mask("5-0"), mask("1-0"), mask("4-3")], 0, Sheets.start(2, rules))
    assert a.recorded == (0, 0)
    b = score_round(rules, [0, mask("6-0"), mask("1-0"), mask("4-4")], 0, a.sheets)
    assert b.recorded == (0, 14) and b.sheets.opened == (False, True)


def test_pairs_fish_scoring() -> None:
    hands = ["2-1", "6-4", "4-0", "5-0"]  # sides: 3 + 4 = 7 and 10 + 5 = 15
    own = RuleSet(teams="pairs")
    assert rec(own, hands, -1)[0] == (0, 15)  # 7 < 13 discarded, 15 opens
    low = RuleSet(teams="pairs", fish_scoring="lowest_exempt", open_threshold=0)
    assert rec(low, hands, -1)[0] == (0, 15)
    assert rec(RuleSet(teams="pairs", open_threshold=0), hands, -1)[0] == (7, 15)


# --- goats and ranking ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("totals", "target", "result"),
    [
        ((50, 100, 30), 101, None),
        ((50, 101, 30), 101, ([1], [2, 0])),
        ((105, 120, 20), 101, ([1], [2, 0])),  # both reached: the highest is the goat
        ((101, 101, 20), 101, ([0, 1], [2])),  # a tie: both are goats
        ((10, 120, 10, 5), 101, ([1], [3, 0, 2])),  # equal totals keep seat order
        ((0, 1), 1, ([1], [0])),
    ],
)
def test_goats_and_ranking(
    totals: tuple[int, ...], target: int, result: tuple[list[int], list[int]] | None
) -> None:
    assert goats_and_ranking(totals, target) == result


# --- leader after a fish -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "previous", "leader"),
    [
        ((5, 3, 9, 7), 0, 1),
        ((5, 3, 3, 9), 2, 1),  # tie 1/2: after seat 2 come 3, 0, 1
        ((5, 3, 3, 9), 1, 2),  # after seat 1 comes 2
        ((3, 3, 9, 9), 0, 1),  # the previous leader itself comes last in the tie
        ((3, 9, 9, 3), 3, 0),  # wraps around
        ((4, 4), 1, 0),
    ],
)
def test_next_leader_after_fish(points: tuple[int, ...], previous: int, leader: int) -> None:
    assert next_leader_after_fish(points, previous) == leader
