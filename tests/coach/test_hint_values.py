"""A hint's values: every move on the same deals, gaps to the best, equal moves equal."""

from __future__ import annotations

import json

import pytest

from koza.coach.evaluate import MoveValue, best
from koza.coach.hint_values import CAP_FACTOR, hint_values, settle_leader
from koza.coach.playouts import Playouts
from koza.core.commands import Play
from koza.core.tiles import parse_tile
from koza.tui.table.hint_panel import BEST_MARK, EQUAL_MARK, hint_lines, move_words
from tests.coach.test_playouts import position, same_number_both_ends


def test_a_tile_on_either_of_two_equal_ends_is_shown_as_one_equal_move() -> None:
    _, view = position(5, same_number_both_ends)
    values = hint_values(view, seed=view.seq)
    twins = Playouts(view, 0).twin
    pairs = [(i, twins[i]) for i in range(len(values)) if twins[i] != i]
    assert pairs
    for i, j in pairs:  # the same tile on the other end: the very same figures
        a, b = values[i], values[j]
        assert (a.value, a.points, a.goat, a.gap, a.equal) == (
            b.value,
            b.points,
            b.goat,
            b.gap,
            b.equal,
        )
    top = best(values)
    assert top is not None
    first = view.legal.index(top.move)
    for i, mv in enumerate(values):  # the best's twin is as good as the best
        if twins[i] == twins[first]:
            assert mv.equal and mv.gap == 0.0
    shown = hint_lines(values, 30, same_ends=True)[0].plain
    rows = [row[2:].split("  ")[0] for row in shown.splitlines()]
    for i, _ in pairs:  # one row for the pair, however the ends are named
        assert rows.count(move_words(values[i].move, True)) == 1
    assert shown.startswith(f"{BEST_MARK} {move_words(top.move, True)}")


def test_the_values_come_from_deals_every_move_shares() -> None:
    _, view = position(3, lambda v: len(Playouts(v, 0).distinct) >= 3)
    values = hint_values(view, seed=41)
    assert values == hint_values(view, seed=41)  # the same seed, the same hint
    playouts = Playouts(view, 41)  # the same deals again, to read them
    playouts.more(playouts.first_deals())
    lead = settle_leader(playouts, CAP_FACTOR * playouts.bot.cap)
    first = set(range(playouts.first_deals()))
    for i, mv in enumerate(values):
        assert first <= {o.deal for o in playouts.of(i)}  # every move played every first deal
        paired = playouts.difference(lead, i)  # best minus this one, deal by deal
        assert mv.gap == paired.value and mv.gap_half == paired.half_width
        assert mv.equal == (playouts.same(lead, i) or paired.low <= 0)
    assert best(values) == values[lead]


def test_close_moves_get_more_deals_and_distant_ones_none() -> None:
    _, view = position(4, lambda v: len(Playouts(v, 0).distinct) >= 3)
    playouts = Playouts(view, 41)
    playouts.more(playouts.first_deals())
    before = playouts.deals
    lead = settle_leader(playouts, CAP_FACTOR * playouts.bot.cap)
    counts = {i: len(playouts.of(i)) for i in playouts.distinct}
    assert sum(counts.values()) <= CAP_FACTOR * playouts.bot.cap  # a hint stays quick
    assert counts[lead] == playouts.deals > before  # the leader saw every deal added
    assert min(counts.values()) == before  # a move far behind got none of them


def test_the_panel_marks_moves_as_good_as_the_best() -> None:
    six_four, five_five = parse_tile("6-4"), parse_tile("5-5")
    values = [
        MoveValue(Play(five_five, "right"), -1.0, None, 1.0, equal=True),
        MoveValue(Play(six_four, "left"), -1.1, None, 1.1, gap=0.1, gap_half=0.4, equal=True),
        MoveValue(Play(six_four, "right"), -7.0, None, 7.0, gap=6.0, gap_half=0.5),
    ]
    rows = hint_lines(values, 24)[0].plain.splitlines()
    assert rows[0].startswith(BEST_MARK)
    assert rows[1].startswith(f"{EQUAL_MARK} 6-4")
    assert rows[2].startswith("  6-4")


def test_the_measurement_prints_both_gaps_against_the_reference(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from koza.coach import measure_hints

    assert measure_hints.main(["1"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["positions"] == 1
    for way in ("before", "after"):
        got = figures[way]
        assert got["gap"] >= 0 and got["abs_error"] >= 0 and got["cpu"] > 0
        assert 0 <= got["gap_as_shown"] <= got["gap"]
