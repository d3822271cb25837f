"""The lean engine, rule by rule, on hand-built positions worked out by hand."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest
from support.deals import mask, position

from koza.core import engine
from koza.core.engine import (
    DOUBLES_MOVES,
    DRAW_MOVE,
    LEFT,
    OPEN,
    PASS_MOVE,
    PLAY_MOVES,
    RIGHT,
    apply,
    legal_moves,
)
from koza.core.tiles import N_TILES, parse_tile


def P(name: str, side: int) -> engine.Move:
    return PLAY_MOVES[parse_tile(name)][side]


def D(left: str, right: str) -> engine.Move:
    return DOUBLES_MOVES[parse_tile(left)][parse_tile(right)]


# --- deal ----------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size", "bazaar"), [(2, 7, 14), (3, 5, 13), (4, 5, 8)])
def test_split_deal_gives_each_seat_its_block(players: int, size: int, bazaar: int) -> None:
    shuffle = list(range(N_TILES))
    hands, rest = engine.split_deal(shuffle, players, size)
    assert [h.bit_count() for h in hands] == [size] * players
    assert hands[1] == sum(1 << t for t in range(size, 2 * size))
    assert rest == tuple(range(players * size, N_TILES)) and len(rest) == bazaar


def test_shuffled_set_is_the_same_permutation_as_random_shuffle() -> None:
    for seed in range(300):
        want = list(range(N_TILES))
        random.Random(seed).shuffle(want)
        assert engine.shuffled_set(random.Random(seed)) == want


def test_highest_opening_prefers_the_highest_double() -> None:
    assert engine.highest_opening([mask("6-5 1-1"), mask("5-5 6-4")]) == (1, parse_tile("5-5"))
    assert engine.highest_opening([mask("0-0"), mask("6-5")]) == (0, parse_tile("0-0"))


def test_highest_opening_without_doubles_takes_the_highest_plain_tile() -> None:
    # 6-4 beats 5-3 (higher big half); 6-4 beats 6-3 (same big half, higher small).
    assert engine.highest_opening([mask("5-3 6-3"), mask("6-4 2-1")]) == (1, parse_tile("6-4"))
    assert engine.highest_opening([mask("2-1"), mask("1-0")]) == (0, parse_tile("2-1"))


@pytest.mark.parametrize(
    ("hand", "bad"),
    [
        ("6-6 5-5 4-4 3-3 2-2", True),  # five doubles
        ("6-6 5-5 4-4 3-3 2-1", False),
        ("6-6 6-5 6-4 6-3 6-2 6-1 1-0", True),  # six sixes
        ("6-6 6-5 6-4 6-3 6-2 1-0 2-1", False),
    ],
)
def test_bad_hand(hand: str, bad: bool) -> None:
    assert engine.bad_hand(mask(hand)) is bad


# --- opening and legal moves -------------------------------------------------------


def test_round_one_offers_only_the_forced_opening_tile() -> None:
    r = position(["6-6 5-4", "1-0"], opening="6-6")
    assert legal_moves(r) == [P("6-6", OPEN)]


def test_later_round_leader_may_open_with_any_tile() -> None:
    r = position(["6-6 5-4 1-0", "2-0"])
    assert sorted(legal_moves(r)) == sorted(P(t, OPEN) for t in ("6-6", "5-4", "1-0"))


def test_opening_sets_both_ends_and_passes_the_turn() -> None:
    r = position(["6-4 1-0", "2-0"])
    apply(r, P("6-4", OPEN))
    assert (r.left, r.right, r.turn, r.opening) == (6, 4, 1, -1)


def test_a_tile_may_go_on_either_end_it_fits() -> None:
    r = position(["5-2 5-5 1-0"], ends=(2, 5))
    assert sorted(legal_moves(r)) == sorted([P("5-2", LEFT), P("5-2", RIGHT), P("5-5", RIGHT)])
    apply(r, P("5-2", LEFT))  # the 2 half meets the left 2: 5 becomes the left end
    assert (r.left, r.right) == (5, 5)


def test_a_tile_fitting_both_equal_ends_is_offered_on_both() -> None:
    r = position(["5-3", "0-0"], ends=(5, 5))
    assert legal_moves(r) == [P("5-3", LEFT), P("5-3", RIGHT)]
    apply(r, P("5-3", RIGHT))
    assert (r.left, r.right) == (5, 3)


# --- two doubles in one turn ----------------------------------------------------------


def test_two_doubles_go_one_on_each_end_and_keep_the_ends() -> None:
    r = position(["6-6 4-4 1-0", "2-0"], ends=(6, 4))
    moves = legal_moves(r)
    assert D("6-6", "4-4") in moves and P("6-6", LEFT) in moves and P("4-4", RIGHT) in moves
    apply(r, D("6-6", "4-4"))
    assert r.hands[0] == mask("1-0") and (r.left, r.right, r.turn) == (6, 4, 1)


def test_two_doubles_are_off_under_double_play_off() -> None:
    r = position(["6-6 4-4 1-0", "2-0"], ends=(6, 4), doubles_ok=False)
    assert all(m[0] != engine.DOUBLES for m in legal_moves(r))


def test_no_two_doubles_when_both_ends_show_the_same_number() -> None:
    r = position(["5-5 4-4"], ends=(5, 5))
    assert legal_moves(r) == [P("5-5", LEFT), P("5-5", RIGHT)]


def test_two_doubles_as_the_last_two_tiles_go_out() -> None:
    r = position(["6-6 4-4", "2-0"], ends=(6, 4))
    apply(r, D("6-6", "4-4"))
    assert r.over and r.out_seat == 0 and r.turn == 0


# --- drawing and passing ----------------------------------------------------------------


def test_nothing_fits_so_draw_and_unfitting_tiles_stay_in_hand() -> None:
    r = position(["1-0", "2-2"], ends=(6, 6), bazaar="3-2 6-4 5-5")
    assert legal_moves(r) == [DRAW_MOVE]
    apply(r, DRAW_MOVE)  # 3-2 does not fit: kept, the same seat goes on
    assert r.hands[0] == mask("1-0 3-2") and r.turn == 0 and r.drawn == -1
    assert legal_moves(r) == [DRAW_MOVE]
    apply(r, DRAW_MOVE)  # 6-4 fits: it must be played now, on either end it fits
    assert r.drawn == parse_tile("6-4")
    assert legal_moves(r) == [P("6-4", LEFT), P("6-4", RIGHT)]
    apply(r, P("6-4", RIGHT))
    assert r.hands[0] == mask("1-0 3-2") and (r.left, r.right) == (6, 4) and r.turn == 1
    assert r.bazaar_left == 1


def test_drawn_tile_must_be_played_even_if_another_now_fits() -> None:
    # after drawing 2-1 (fits 1) the hand's 1-0 still cannot be played instead
    r = position(["3-0", "0-0"], ends=(1, 1), bazaar="2-1")
    apply(r, DRAW_MOVE)
    assert legal_moves(r) == [P("2-1", LEFT), P("2-1", RIGHT)]


def test_no_drawing_while_a_tile_fits() -> None:
    r = position(["6-3 1-0", "2-2"], ends=(6, 6), bazaar="5-5")
    assert DRAW_MOVE not in legal_moves(r) and PASS_MOVE not in legal_moves(r)


def test_pass_only_when_nothing_fits_and_the_bazaar_is_empty() -> None:
    r = position(["1-0", "6-2"], ends=(6, 6))
    assert legal_moves(r) == [PASS_MOVE]
    apply(r, PASS_MOVE)
    assert r.turn == 1 and not r.over


# --- end of a round ------------------------------------------------------------------------


def test_going_out_ends_the_round_at_once() -> None:
    r = position(["6-2", "5-5", "4-4"], ends=(6, 3))
    apply(r, P("6-2", LEFT))
    assert r.over and r.out_seat == 0 and not r.is_fish and legal_moves(r) == []


def test_fish_is_detected_the_moment_the_last_playable_tile_is_played() -> None:
    # 6-2 on the right 6 leaves ends (5, 2): no hand holds a 5 or a 2, bazaar empty.
    r = position(["6-2 1-0", "3-1", "4-3"], ends=(5, 6))
    apply(r, P("6-2", RIGHT))
    assert r.over and r.is_fish and r.out_seat == -1


def test_no_fish_while_the_bazaar_holds_tiles() -> None:
    r = position(["6-2 1-0", "3-1"], ends=(5, 6), bazaar="4-4")
    apply(r, P("6-2", RIGHT))
    assert not r.over and legal_moves(r) == [DRAW_MOVE]


def test_fish_when_the_last_bazaar_tile_drawn_does_not_fit() -> None:
    r = position(["1-0", "3-1"], ends=(6, 6), bazaar="2-2")
    apply(r, DRAW_MOVE)
    assert r.over and r.is_fish and r.hands[0] == mask("1-0 2-2")


def test_not_a_fish_while_a_later_seat_can_still_play() -> None:
    r = position(["6-2 1-0", "3-1", "2-1"], ends=(5, 6))
    apply(r, P("6-2", RIGHT))
    assert not r.over and legal_moves(r) == [PASS_MOVE]  # seat 1 passes, seat 2 plays 2-1


def test_fits_any_on_an_empty_chain() -> None:
    assert engine.fits_any(position(["1-0"]))
    assert not engine.fits_any(position(["1-0"], ends=(6, 6)))


# --- random play ------------------------------------------------------------------------------


def _exact_outcomes(r: engine.Round) -> dict[tuple[object, ...], Fraction]:
    """The exact distribution of final positions under uniform choice among legal_moves."""
    if r.over:
        return {r.key(): Fraction(1)}
    out: Counter[tuple[object, ...]] = Counter()
    moves = legal_moves(r)
    for m in moves:
        nr = r.copy()
        apply(nr, m)
        for k, p in _exact_outcomes(nr).items():
            out[k] += p / len(moves)  # type: ignore[assignment]
    return dict(out)


@pytest.mark.parametrize(
    ("hands", "ends", "bazaar", "opening"),
    [
        (["6-6 5-5 6-5", "5-3 6-1", "3-3 1-0"], (-1, -1), "", None),
        (["5-2 5-5 2-2", "5-0 2-1", "1-1 0-0"], (2, 5), "6-1 0-2", None),
        (["6-4 4-4 6-6 1-1", "4-1 6-1"], (6, 4), "1-0", None),
        (["3-3 3-2 2-1", "6-6 2-2 1-0"], (-1, -1), "6-1 5-5 6-3 2-0", "6-6"),
    ],
)
def test_random_playout_is_uniform_over_legal_moves(
    hands: list[str], ends: tuple[int, int], bazaar: str, opening: str | None
) -> None:
    start = position(hands, ends=ends, bazaar=bazaar, opening=opening)
    if opening:
        start.turn = start.leader = 1
    exact = _exact_outcomes(start)
    rng = random.Random(7)
    runs = 6000
    seen: Counter[tuple[object, ...]] = Counter()
    for _ in range(runs):
        r = start.copy()
        engine.random_playout(r, rng)
        seen[r.key()] += 1
    assert set(seen) <= set(exact) and len(exact) > 5
    distance = sum(abs(seen[k] / runs - float(p)) for k, p in exact.items()) / 2
    assert distance < 0.05, (distance, len(exact))
    for k, p in exact.items():  # each outcome within 5 standard deviations
        assert abs(seen[k] - runs * p) <= 5 * (runs * p * (1 - p)) ** 0.5 + 1


def test_deal_leads_like_round_one() -> None:
    r = engine.deal(random.Random(3), 4, 5)
    assert (r.leader, r.opening) == engine.highest_opening(r.hands)
    assert sum(h.bit_count() for h in r.hands) + len(r.bazaar) == N_TILES
