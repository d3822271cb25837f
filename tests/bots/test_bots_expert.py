"""The expert: its look-ahead on imagined deals, and that it decides from its view only."""

from __future__ import annotations

import random

from support.deals import dealt
from support.views import made_up_view, round_views

from koza.bots import make_bot
from koza.bots.expert import DEALS, MY_EPS, ROLLOUT_BLOCK, ROLLOUT_EPS
from koza.bots.expert_search import look_ahead
from koza.bots.knowledge import infer
from koza.bots.montecarlo import twins
from koza.core.commands import PlayDoubles, to_move
from koza.core.tiles import parse_tile
from koza.core.view import SeatView, seat_view


def _values(view: SeatView, deals: int = DEALS, seed: int = 1) -> list[float]:
    legal = [to_move(c) for c in view.legal]
    rng = random.Random(seed)
    return look_ahead(view, infer(view), legal, deals, rng, ROLLOUT_EPS, MY_EPS, ROLLOUT_BLOCK)


def _after_opening(others: list[str], bazaar: str) -> SeatView:
    """Seat 1's view after seat 0 opened with 6-6; seat 1 holds 6-5 6-4 3-3 2-1 1-0."""
    game = dealt(["6-6 5-5 4-4 0-0 5-0", "6-5 6-4 3-3 2-1 1-0", *others], bazaar)
    game.play(game.legal_moves()[0])
    return seat_view(game.state, 1)


def test_the_same_view_gets_the_same_values_and_move_whatever_is_hidden() -> None:
    """Two deals that differ only in tiles seat 1 cannot see (seat 2's hand and the
    bazaar) give seat 1 the same view, so the same values and the same move."""
    a = _after_opening(["5-4 5-3 4-3 2-2 1-1"], "6-3 6-2 6-1 6-0")
    b = _after_opening(["6-3 6-2 6-1 6-0 2-2"], "5-4 5-3 4-3 1-1")
    assert a.to_json() == b.to_json()
    assert len(a.legal) > 1
    assert _values(a) == _values(b)
    assert make_bot("expert", 3).choose(a) == make_bot("expert", 3).choose(b)


def test_going_out_loses_nothing_and_is_chosen() -> None:
    """Shedding both doubles at once empties the hand: that records 0 points, which
    no move can beat (a single double leaves a tile that may be caught in hand)."""
    view = made_up_view(["5-5", "2-2"], 5, 2)
    out = PlayDoubles(parse_tile("5-5"), parse_tile("2-2"))
    assert out in view.legal and len(view.legal) == 3
    values = _values(view)
    assert values[view.legal.index(out)] == 0.0
    assert max(values) == 0.0
    assert min(values) < 0.0
    assert make_bot("expert", 1).choose(view) == out


def test_moves_that_end_the_same_get_one_value() -> None:
    found = 0
    for g in range(30):
        bots = [make_bot("greedy", i) for i in range(3)]
        for view in round_views(70 + g, bots):
            if found == 3:
                break
            legal = [to_move(c) for c in view.legal]
            pair = twins(legal, view.left, view.right)
            if len(legal) > 1 and pair != list(range(len(legal))):
                values = _values(view, seed=g)
                assert len(values) == len(legal)
                assert all(values[i] == values[pair[i]] for i in range(len(legal)))
                found += 1
    assert found == 3


def test_the_look_ahead_is_reproducible_and_follows_its_stream() -> None:
    view = _after_opening(["5-4 5-3 4-3 2-2 1-1"], "6-3 6-2 6-1 6-0")
    assert _values(view, seed=4) == _values(view, seed=4)
    assert _values(view, seed=4) != _values(view, seed=5)
