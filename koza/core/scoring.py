"""Round points, score sheets (opening threshold, carry, pairs) and the goat."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Self

from koza.core.rules import RuleSet
from koza.core.tiles import pips_of


def side_of(seat: int, n_players: int, rules: RuleSet) -> int:
    """The score sheet a seat writes on: its own, or its pair's (0+2, 1+3)."""
    return seat % 2 if rules.teams == "pairs" and n_players == 4 else seat


def n_sides(n_players: int, rules: RuleSet) -> int:
    """How many score sheets the table keeps."""
    return 2 if rules.teams == "pairs" and n_players == 4 else n_players


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """The rule options that score a round, read once from a ``RuleSet``.

    The one place hand points and side points are counted: ``score_round`` uses it,
    and the bots keep one per decision for their rollouts (``bots.fast.Scoring``).
    """

    n: int
    blank: int  # value of 0-0
    blank_alone: bool  # 0-0 counts its value only as the last tile in a hand
    threshold: int
    carry: bool
    lowest_exempt: bool
    all_to_loser: bool
    target: int
    side: tuple[int, ...]  # seat -> side
    sides: int

    @classmethod
    def of(cls, rules: RuleSet, n: int) -> Self:
        return cls(
            n=n,
            blank=rules.blank_double_points,
            blank_alone=rules.blank_double_when == "alone",
            threshold=rules.open_threshold,
            carry=rules.open_mode == "carry",
            lowest_exempt=rules.fish_scoring == "lowest_exempt",
            all_to_loser=rules.fish_scoring == "all_to_loser",
            target=rules.target,
            side=tuple(side_of(s, n, rules) for s in range(n)),
            sides=n_sides(n, rules),
        )

    def hand_points(self, hand: int) -> int:
        """Penalty points of a hand: its pips, with 0-0 worth its bonus (tile 0 is 0-0)."""
        p = pips_of(hand)
        if hand & 1 and (not self.blank_alone or hand == 1):
            p += self.blank
        return p

    def side_points(self, hands: list[int], out_seat: int) -> list[int]:
        """Round points per side, after the pairs and fish rules (``out_seat`` -1: a fish)."""
        pts = [0] * self.sides
        for seat, h in enumerate(hands):
            pts[self.side[seat]] += self.hand_points(h)
        if out_seat >= 0:
            pts[self.side[out_seat]] = 0
        elif self.lowest_exempt:
            low = min(pts)
            pts = [0 if p == low else p for p in pts]
        elif self.all_to_loser:
            top = max(pts)
            whole = sum(pts)
            loser = pts.index(top) if pts.count(top) == 1 else -1
            pts = [whole if s == loser else 0 for s in range(self.sides)]
        return pts


@lru_cache(maxsize=64)
def _scoring(rules: RuleSet, n: int) -> ScoringRules:
    return ScoringRules.of(rules, n)


def hand_points(hand: int, rules: RuleSet) -> int:
    """Penalty points of a hand under ``rules`` (see ``ScoringRules.hand_points``)."""
    return _scoring(rules, 2).hand_points(hand)


@dataclass(frozen=True, slots=True)
class Sheets:
    """Every side's recorded total, whether its sheet is open, and carried points."""

    totals: tuple[int, ...]
    opened: tuple[bool, ...]
    carried: tuple[int, ...]

    @classmethod
    def start(cls, sides: int, rules: RuleSet) -> Sheets:
        open_now = rules.open_threshold == 0
        return cls((0,) * sides, (open_now,) * sides, (0,) * sides)


@dataclass(frozen=True, slots=True)
class RoundScore:
    """How one round was scored."""

    hand_points: tuple[int, ...]  # per seat
    side_points: tuple[int, ...]  # per side, after pairs and fish rules
    recorded: tuple[int, ...]  # per side, what went on the sheet
    newly_opened: tuple[bool, ...]  # per side
    sheets: Sheets  # the sheets after this round


def score_round(rules: RuleSet, hands: list[int], out_seat: int, sheets: Sheets) -> RoundScore:
    """Score a finished round; ``out_seat`` is -1 after a fish.

    Where the rule book is silent: under ``fish_scoring=lowest_exempt`` every side
    tied for the fewest points records 0 ("fewest" counts the 0-0 bonus as scored);
    under ``all_to_loser`` "most" and "the pips of all hands" count it too, and the
    side that takes them still passes through its opening threshold;
    in pairs mode the side of the player who went out records 0 whatever the
    partner holds; a sheet that opens under ``open_mode=carry`` records the whole
    carried sum at once.
    """
    sc = _scoring(rules, len(hands))
    points = tuple([sc.hand_points(h) for h in hands])
    side_pts = sc.side_points(hands, out_seat)
    sides = sc.sides
    threshold = rules.open_threshold
    recorded, opened, carried, newly = [], [], [], []
    for side in range(sides):
        pts, was_open, carry = side_pts[side], sheets.opened[side], sheets.carried[side]
        if was_open:
            rec, now_open, carry = pts, True, 0
        elif rules.open_mode == "carry":
            carry += pts
            if carry >= threshold:
                rec, now_open, carry = carry, True, 0
            else:
                rec, now_open = 0, False
        elif pts >= threshold:
            rec, now_open = pts, True
        else:
            rec, now_open = 0, False
        recorded.append(rec)
        opened.append(now_open)
        carried.append(carry)
        newly.append(now_open and not was_open)
    totals = tuple([t + r for t, r in zip(sheets.totals, recorded, strict=True)])
    return RoundScore(
        hand_points=points,
        side_points=tuple(side_pts),
        recorded=tuple(recorded),
        newly_opened=tuple(newly),
        sheets=Sheets(totals, tuple(opened), tuple(carried)),
    )


def goats_and_ranking(totals: tuple[int, ...], target: int) -> tuple[list[int], list[int]] | None:
    """``(goats, others ranked lowest first)`` once a total reaches ``target``, else None.

    The goats are every side with the highest total; equal totals among the others
    keep side (seat) order in the ranking.
    """
    if max(totals) < target:
        return None
    top = max(totals)
    goats = [s for s, t in enumerate(totals) if t == top]
    others = sorted((s for s in range(len(totals)) if s not in goats), key=lambda s: totals[s])
    return goats, others


def next_leader_after_fish(points: tuple[int, ...], previous_leader: int) -> int:
    """After a fish: the fewest counted round points lead (0-0 bonus included).

    A tie goes to the tied seat that comes first in turn order after the previous
    round's leader; that leader, if tied, comes last.
    """
    n = len(points)
    low = min(points)
    for step in range(1, n + 1):
        seat = (previous_leader + step) % n
        if points[seat] == low:
            return seat
    raise AssertionError("unreachable")
