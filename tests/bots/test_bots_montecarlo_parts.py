"""The pieces that make a montecarlo decision cheap: random bits of masks, the bazaar
shuffle, one play-out for moves that end the same, and dropping clearly worse moves."""

from __future__ import annotations

import random
from collections import Counter

from support.views import round_views

from koza.bots import make_bot
from koza.bots.montecarlo import MonteCarloBot, survivors, twins, weights
from koza.bots.sampler import SCAN_BELOW, random_tile, shuffled_tiles
from koza.core.commands import to_move
from koza.core.engine import LEFT, PLAY_MOVES, RIGHT
from koza.core.tiles import parse_tile, tiles_of


def test_random_tile_is_a_uniform_set_bit_both_ways() -> None:
    rng = random.Random(5)
    sparse = (1 << 3) | (1 << 17) | (1 << 27)
    dense = sum(1 << t for t in range(0, 28, 2))
    for mask in (sparse, dense):
        count = mask.bit_count()
        assert (count < SCAN_BELOW) == (mask == sparse)  # both branches are exercised
        draws = Counter(random_tile(mask, count, rng) for _ in range(14_000))
        assert set(draws) == set(tiles_of(mask))
        expected = 14_000 / count
        assert all(abs(n - expected) < 0.15 * expected for n in draws.values())


def test_shuffled_tiles_is_a_permutation_in_every_order() -> None:
    rng = random.Random(6)
    mask = (1 << 2) | (1 << 9) | (1 << 20)
    orders = Counter(tuple(shuffled_tiles(mask, rng)) for _ in range(6_000))
    assert all(sorted(o) == tiles_of(mask) for o in orders)
    assert len(orders) == 6
    assert all(abs(n - 1000) < 150 for n in orders.values())
    assert shuffled_tiles(0, rng) == []


def test_twins_join_the_two_sides_of_equal_ends_only() -> None:
    t = parse_tile("6-3")
    u = parse_tile("6-1")
    legal = [PLAY_MOVES[t][LEFT], PLAY_MOVES[t][RIGHT], PLAY_MOVES[u][LEFT], PLAY_MOVES[u][RIGHT]]
    assert twins(legal, 6, 6) == [0, 0, 2, 2]
    assert twins(legal, 6, 3) == [0, 1, 2, 3]


def test_survivors_drop_only_what_is_clearly_worse() -> None:
    rng = random.Random(7)
    base = [rng.gauss(0, 10) for _ in range(60)]
    got = [
        [b + rng.gauss(0, 1) for b in base],  # the leader
        [b - 5 + rng.gauss(0, 1) for b in base],  # clearly worse on the same deals
        [b + rng.gauss(0, 1) for b in base],  # as good
        [],  # a twin, never played out
    ]
    assert survivors(got, [0, 1, 2]) in ([0, 2], [2, 0])


def test_weights_put_the_best_deal_at_one() -> None:
    assert weights([-3.0, -1.0, -2.0]) == [2.718281828459045**-2, 1.0, 2.718281828459045**-1]


def test_moves_that_end_the_same_get_one_value() -> None:
    """With both ends the same number, a tile's left and right plays are valued alike."""
    found = 0
    for g in range(30):
        bots = [make_bot("greedy", i) for i in range(3)]
        for view in round_views(40 + g, bots):
            if found == 3:
                break
            legal = [to_move(c) for c in view.legal]
            pair = twins(legal, view.left, view.right)
            if len(legal) > 1 and pair != list(range(len(legal))):
                values = MonteCarloBot(samples=12, seed=g).evaluate(view)
                assert all(values[i] == values[pair[i]] for i in range(len(legal)))
                assert view.left == view.right
                found += 1
    assert found == 3


def test_the_decision_time_figure_is_registered() -> None:
    from koza import bench

    bench.discover()
    assert "bots_montecarlo_cpu" in bench.BENCHMARKS
