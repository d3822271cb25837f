"""Moves played out on shared deals: points and goats apart, paired differences, sure costs."""

from __future__ import annotations

import random

import pytest

from koza.bots.rollout import GOAT_WEIGHT
from koza.coach.playouts import Outcome, Playouts, first_playouts
from koza.coach.review import (
    THRESHOLDS,
    MonteCarloJudge,
    MoveReview,
    mark_of,
    pick_best,
    review_decision,
    settled,
    verdict_from_values,
)
from koza.coach.review_text import better_exists, move_line, note
from koza.core.commands import Play
from koza.core.decisions import decisions
from koza.core.events import Event
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.view import SeatView, seat_view


def position(seed: int, want: object, rules: RuleSet | None = None) -> tuple[Game, SeatView]:
    """A game of random moves played until ``want(view)`` holds for the seat to move."""
    rng = random.Random(seed)
    for attempt in range(200):
        game = Game.new(["a", "b", "c"], rules=rules or RuleSet(), seed=seed * 1000 + attempt)
        while game.state.phase == "playing":
            view = seat_view(game.state, game.state.turn)
            if want(view):  # type: ignore[operator]
                return game, view
            game.play(rng.choice(game.legal_moves()))
    raise AssertionError("no such position")


def near_the_end(view: SeatView) -> bool:
    """A choice late in a short game: the round may well make someone the goat."""
    return len(view.legal) >= 2 and view.bazaar_count == 0


def same_number_both_ends(view: SeatView) -> bool:
    """Both ends show one number and a tile fits it, besides another move."""
    if view.left < 0 or view.left != view.right or len(view.legal) < 3:
        return False
    tiles = [c.tile for c in view.legal if isinstance(c, Play)]
    return any(tiles.count(x) == 2 for x in tiles)


def test_each_outcome_is_its_points_and_goats_apart() -> None:
    rules = RuleSet(target=12)  # a short game: rounds often end it
    goats = 0
    for seed in (1, 2, 3):
        _, view = position(seed, near_the_end, rules)
        playouts = Playouts(view, seed, samples=40)
        playouts.more(playouts.first_deals())
        for i in range(len(view.legal)):
            for o in playouts.of(i):
                expected = -o.points + GOAT_WEIGHT * (int(o.other_goat) - int(o.goat))
                assert o.utility == expected
                assert not (o.goat and o.other_goat) and o.points >= 0
                goats += o.goat or o.other_goat
            assert playouts.points(i) >= 0 and 0 <= playouts.goat(i) <= 1
    assert goats > 0  # the goat terms were exercised, not only the points


def test_moves_share_every_deal_and_twins_share_their_outcomes() -> None:
    _, view = position(4, same_number_both_ends)
    playouts = Playouts(view, 9, samples=20)
    playouts.more(20)
    legal = list(view.legal)
    left = next(i for i, c in enumerate(legal) if isinstance(c, Play) and c.end == "left")
    right = next(
        i
        for i, c in enumerate(legal)
        if c == Play(legal[left].tile, "right")  # type: ignore[union-attr]
    )
    assert playouts.same(left, right) and playouts.of(left) is playouts.of(right)
    diff = playouts.difference(left, right)
    assert (diff.value, diff.half_width, diff.points, diff.goat) == (0.0, 0.0, 0.0, 0.0)
    other = next(i for i in range(len(legal)) if not playouts.same(i, left))
    assert [o.deal for o in playouts.of(other)] == [o.deal for o in playouts.of(left)]
    playouts.more(10, [other, left])  # more deals for two moves only
    d = playouts.difference(other, left, since=20)
    assert d.deals == 10 and d.low <= d.value <= d.high


def test_the_move_played_is_never_the_better_move_on_equal_ends() -> None:
    game, view = position(5, same_number_both_ends)
    legal = list(view.legal)
    tile = next(c.tile for c in legal if isinstance(c, Play) and Play(c.tile, "right") in legal)
    for end in ("left", "right"):
        played = Play(tile, end)  # type: ignore[arg-type]
        verdict = MonteCarloJudge(30).judge(view, 3, played)
        twin = Play(tile, "right" if end == "left" else "left")  # type: ignore[arg-type]
        assert verdict.best not in (twin,) and (verdict.best != played or verdict.loss == 0)
        values = [0.0 if isinstance(c, Play) and c.tile == tile else -5.0 for c in legal]
        bare = verdict_from_values(legal, values, played)  # equal values: no better move
        assert bare.best == played and bare.loss == 0


def test_settled_means_no_threshold_inside_the_interval() -> None:
    assert settled(-0.5, 0.9) and settled(1.2, 2.8) and settled(6.5, 40.0)
    assert not settled(0.5, 1.5) and not settled(2.0, 7.0)


def sure_review(events: list[Event], seats: list[int]) -> list[MoveReview]:
    judge = MonteCarloJudge(24)
    return [review_decision(d, judge, seed=5) for d in decisions(events, seats)]


def test_a_mark_only_when_the_whole_interval_clears_it(golden_events: list[Event]) -> None:
    moves = sure_review(golden_events[:80], [0, 1, 2])
    assert moves
    for m in moves:
        assert m.mark == mark_of(m.sure_low)  # the low end decides the mark
        assert m.sure_low <= m.loss
        if m.mark is not None:
            assert m.sure_low > 0 and m.interval > 0  # the interval excludes 0
            (threshold,) = [p for p, mark in THRESHOLDS if mark == m.mark]
            assert m.sure_low >= threshold
        if better_exists(m):
            assert m.best != m.played and m.loss > 0
            assert "±" in move_line(m) and "penalty points" in move_line(m)
        else:
            assert "no better move" in move_line(m) and note(m) == "no better move"
        assert MoveReview.from_json(m.to_json()) == m


@pytest.mark.parametrize("goat", [0.04, -0.1])
def test_the_goat_chance_is_said_apart_from_the_points(goat: float) -> None:
    m = MoveReview(0, "Anna", 5, 5, 1, 3, 24.8, None, Play(1, "left"), Play(2, "left"), 3)
    m = MoveReview(**{**_fields(m), "interval": 1.5, "points": 0.8, "goat": goat})
    line = move_line(m)
    assert "cost 24.8 ± 1.5 (+0.8 penalty points, " in line
    assert f"{goat:+.0%} goat)" in line


def _fields(m: MoveReview) -> dict[str, object]:
    return {name: getattr(m, name) for name in MoveReview.__slots__}


class Scripted(Playouts):
    """Playouts whose every deal gives each move the utility ``script(move, deal)``."""

    def __init__(self, moves: int, script: object) -> None:  # no view: outcomes by script
        self.twin = list(range(moves))
        self.distinct = list(range(moves))
        self.outcomes = [[] for _ in range(moves)]
        self.deals = 0
        self.script = script

    def more(self, deals: int, moves: list[int] | None = None, parts: bool = True) -> None:
        for _ in range(deals):
            for i in moves if moves is not None else self.distinct:
                u = self.script(i, self.deals)  # type: ignore[operator]
                self.outcomes[i].append(Outcome(self.deals, u, int(-u), False, False))
            self.deals += 1


def test_the_best_is_picked_only_when_sure_and_equal_moves_favour_the_one_played() -> None:
    noise = [random.Random(d).gauss(0, 3) for d in range(2000)]
    clear = Scripted(3, lambda i, d: noise[d] - (0, 2, 5)[i])
    clear.more(100)
    assert pick_best(clear, 2, 1200) == 0
    same = Scripted(3, lambda i, d: noise[d] - (0, 0, 5)[i])  # moves 0 and 1 always alike
    same.more(100)
    assert pick_best(same, 1, 1200) == 1 and pick_best(same, 2, 1200) == 0
    close = Scripted(2, lambda i, d: noise[d] * (1 + i) - (0, 0.05)[i])  # never told apart
    close.more(100)
    assert pick_best(close, 1, 600) == 1 and close.deals >= 600  # more deals, then equal


def test_the_measurement_reports_the_goals_figures(capsys: pytest.CaptureFixture[str]) -> None:
    from koza.coach import measure_review

    rows = [
        measure_review.measure(view, move, k, MonteCarloJudge(16))
        for k, (view, move) in enumerate(measure_review.positions(3))
    ]
    figures = measure_review.summary(rows)
    assert figures["positions"] == 3 and 0 <= figures["same_best_two_seeds"] <= 1
    assert figures["marked_interval_reaches_0"] == 0
    assert all(r.reference_cost >= 0 for r in rows)  # the reference's own best is at least as good


def test_first_playouts_play_the_bots_own_deals_or_none_without_a_move() -> None:
    game, view = position(5, lambda v: len(v.legal) >= 2)
    playouts = first_playouts(view, 3, samples=10)
    assert playouts is not None and playouts.deals == playouts.first_deals() > 0
    waiting = seat_view(game.state, (view.seat + 1) % 3)  # not its turn: no legal move
    assert first_playouts(waiting, 3, samples=10) is None
    for face_up in (view, waiting):  # what the seat cannot know is refused, turn or not
        with pytest.raises(ValueError, match="own view"):
            first_playouts(seat_view(game.state, face_up.seat, face_up=True), 3, samples=10)
