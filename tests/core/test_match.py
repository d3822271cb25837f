"""Matches (the rule book's "Matches"): plans, seating, the match sheet and its checks."""

from __future__ import annotations

import pytest

from koza.core.match import (
    GameResult,
    MatchError,
    MatchPlan,
    match_sheet,
)
from koza.core.rules import RuleSet

PAIRS = RuleSet(teams="pairs")


@pytest.mark.parametrize(
    ("text", "kind", "count"),
    [("3", "games", 3), ("goats:2", "goats", 2), ("rotating-partners", "rotating", 3)],
)
def test_a_plan_reads_its_text_and_writes_it_back(text: str, kind: str, count: int) -> None:
    plan = MatchPlan.parse(text)
    assert (plan.kind, plan.count, plan.text) == (kind, count, text)


@pytest.mark.parametrize("text", ["0", "100", "goats:0", "goats:", "two", "-1", ""])
def test_a_bad_plan_is_one_clear_line(text: str) -> None:
    with pytest.raises(MatchError, match="^bad match .*: give a number of games"):
        MatchPlan.parse(text)


def test_rotating_partners_needs_four_players_and_plays_in_pairs() -> None:
    plan = MatchPlan.parse("rotating-partners")
    with pytest.raises(MatchError, match="exactly 4 players, not 3"):
        plan.check(3)
    assert plan.rules_for(RuleSet()).teams == "pairs"
    assert MatchPlan.parse("3").rules_for(RuleSet()).teams == "off"


def result(players: tuple[int, ...], totals: tuple[int, ...], goats: tuple[int, ...]) -> GameResult:
    pairs = len(totals) == 2 and len(players) == 4
    return GameResult(players, pairs, totals, goats, finished=True)


def test_a_sheet_of_single_players_counts_wins_and_goats() -> None:
    plan = MatchPlan.parse("3")
    games = [
        result((0, 1, 2), (20, 104, 0), (1,)),
        result((0, 1, 2), (101, 30, 30), (0,)),  # 1 and 2 tie for the lowest: both win
    ]
    sheet = match_sheet(plan, 3, RuleSet(), games)
    rows = {r.players: (r.won, r.goats, r.totals) for r in sheet.rows}
    assert rows == {(0,): (0, 1, 121), (1,): (1, 1, 134), (2,): (2, 0, 30)}
    assert [r.players for r in sheet.rows] == [(2,), (1,), (0,)]  # fewest goats, then wins
    assert (sheet.played, sheet.over) == (2, False)
    third = result((0, 1, 2), (0, 0, 110), (2,))
    assert match_sheet(plan, 3, RuleSet(), [*games, third]).over


def test_a_match_of_fixed_pairs_counts_sides() -> None:
    sheet = match_sheet(MatchPlan.parse("2"), 4, PAIRS, [result((0, 1, 2, 3), (40, 120), (1,))])
    assert [(r.players, r.won, r.goats) for r in sheet.rows] == [((0, 2), 1, 0), ((1, 3), 0, 1)]


def test_goats_n_ends_when_one_side_was_the_goat_n_times() -> None:
    plan = MatchPlan.parse("goats:2")
    one = result((0, 1), (101, 3), (0,))
    other = result((0, 1), (5, 101), (1,))
    assert not match_sheet(plan, 2, RuleSet(), [one, other]).over
    assert match_sheet(plan, 2, RuleSet(), [one, other, one]).over


def test_rotating_standing_is_games_not_goat_then_the_lower_sum_of_totals() -> None:
    plan = MatchPlan.parse("rotating-partners")
    games = [
        result((0, 1, 2, 3), (30, 105), (1,)),  # 0+2 against 1+3
        result((0, 2, 1, 3), (110, 20), (0,)),  # 0+1 against 2+3
        result((0, 1, 3, 2), (50, 101), (1,)),  # 0+3 against 1+2
    ]
    sheet = match_sheet(plan, 4, PAIRS, games)
    rows = {r.players[0]: (r.not_goat, r.totals) for r in sheet.rows}
    assert rows == {0: (2, 190), 1: (0, 316), 2: (2, 151), 3: (2, 175)}
    assert [r.players[0] for r in sheet.rows] == [2, 3, 0, 1] and sheet.over
