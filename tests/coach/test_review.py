"""The review's figures: marks by thresholds, a deliberate blunder, the same review every time."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from support.deals import dealt

from koza.coach.review import (
    THRESHOLDS,
    MoveReview,
    decision_seed,
    default_seats,
    mark_of,
    montecarlo_values,
    review_decision,
)
from koza.coach.review_file import Review, read_kept, review_events
from koza.coach.review_summary import costliest, summarize
from koza.core.commands import Play
from koza.core.decisions import decisions
from koza.core.events import Event
from koza.core.tiles import parse_tile


def test_marks_follow_the_stated_thresholds() -> None:
    assert [(points, mark) for points, mark in THRESHOLDS] == [
        (6.0, "blunder"),
        (3.0, "mistake"),
        (1.0, "inaccuracy"),
    ]
    assert [mark_of(x) for x in (0.0, 0.99, 1.0, 2.99, 3.0, 5.99, 6.0, 80.0)] == [
        None,
        None,
        "inaccuracy",
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def blank_double_position(choice: str) -> list[Event]:
    """Three players; p0 opens 6-6, p1 and p2 leave the ends 0 and 2, and p0, holding the
    0-0 (25 points) and the 1-0 for the 0 end, plays ``choice`` on it."""
    game = dealt(["6-6 0-0 1-0 2-1 3-1", "6-0 5-5 4-4 5-4 3-2", "6-1 6-2 4-3 5-2 4-1"])
    for tile, end in (("6-6", "open"), ("6-0", "left"), ("6-2", "right")):
        game.play(Play(parse_tile(tile), end))
    assert set(game.legal_moves()) == {
        Play(parse_tile("0-0"), "left"),
        Play(parse_tile("1-0"), "left"),
        Play(parse_tile("2-1"), "right"),
    }
    game.play(Play(parse_tile(choice), "left"))
    return list(game.events)


def the_choice(events: list[Event], samples: int = 30) -> MoveReview:
    (last,) = [d for d in decisions(events, [0]) if d.seq == len(events) - 1]
    return review_decision(last, montecarlo_values(samples), seed=1)


def test_keeping_the_blank_double_is_marked_a_blunder() -> None:
    move = the_choice(blank_double_position("1-0"))
    assert move.played == Play(parse_tile("1-0"), "left")
    assert move.best == Play(parse_tile("0-0"), "left")
    assert move.loss >= 6.0
    assert move.mark == "blunder"
    assert (move.seat, move.name, move.round_no, move.move_no, move.choices) == (0, "p0", 1, 4, 3)


def test_shedding_the_blank_double_loses_nothing() -> None:
    move = the_choice(blank_double_position("0-0"))
    assert move.best == move.played == Play(parse_tile("0-0"), "left")
    assert move.loss == 0.0
    assert move.mark is None


def test_only_moves_with_a_choice_of_the_reviewed_seats_are_reviewed(
    golden_events: list[Event],
) -> None:
    found = list(decisions(golden_events, [1]))
    assert found and all(d.view.seat == 1 and len(d.view.legal) >= 2 for d in found)
    assert all(golden_events[d.index].seq == d.seq for d in found)
    for d in found:  # judged from the seat's own view: no other hand is in it
        assert [m is None for m in d.view.hand_masks] == [True, False, True]
        assert d.played in d.view.legal


def test_a_game_of_bots_reviews_every_seat(golden_events: list[Event]) -> None:
    assert default_seats(golden_events) == (0, 1, 2)
    humans = dealt(["6-6 0-0 1-0 2-1 3-1", "6-0 5-5 4-4 5-4 3-2"]).events
    assert default_seats(humans) == (0, 1)


def review_of_golden(events: list[Event]) -> Review:
    review = Review("sha", seed=7, samples=8, seats=(0, 1, 2), names=("Anna", "Boris", "Vera"))
    return review_events(events, review, montecarlo_values(8))


def test_the_same_review_comes_out_every_time(golden_events: list[Event]) -> None:
    first, second = review_of_golden(golden_events), review_of_golden(golden_events)
    assert first.done and second.done
    assert first.total == len(first.moves) == 67
    assert [m.to_json() for m in first.moves] == [m.to_json() for m in second.moves]
    assert any(m.loss > 0 for m in first.moves)
    assert decision_seed(7, 10) == decision_seed(7, 10) != decision_seed(7, 11)


def test_the_summary_counts_what_the_moves_say(golden_review: Callable[[int], Path]) -> None:
    review = read_kept(golden_review(8))  # a whole review of the golden game, made once a run
    assert review is not None and review.done
    for s in summarize(review.moves, review.seats, review.names):
        mine = [m for m in review.moves if m.seat == s.seat]
        assert s.name == review.names[s.seat]
        assert s.moves == len(mine)
        assert s.average_loss == pytest.approx(sum(m.loss for m in mine) / len(mine))
        assert sum(s.marks.values()) == sum(m.mark is not None for m in mine)
        losses = sorted((m.loss for m in mine), reverse=True)
        assert [m.loss for m in s.costliest] == losses[:3]
        assert list(s.costliest) == list(costliest(mine))
