"""``Game.keep_compact``: moves kept as tuples come back as the very events that were made."""

from __future__ import annotations

import sys

import pytest

from koza.bots import make_bot
from koza.core.events import MOVE_EVENTS, Event, TileDrawn, TilePlayed
from koza.core.game import Game
from koza.core.made_events import packed, unpacked
from koza.core.rules import RuleSet
from koza.play.driver import Seated, finish_game


@pytest.mark.parametrize(
    ("players", "rules"), [(4, RuleSet()), (2, RuleSet()), (4, RuleSet(teams="pairs"))]
)
def test_a_compact_games_events_are_the_ones_it_made(players: int, rules: RuleSet) -> None:
    made: list[Event] = []
    game = Game.new([f"p{i}" for i in range(players)], rules, seed=players, sink=made.append)
    game.keep_compact()
    finish_game(Seated(game, [make_bot("random", 7 + i) for i in range(players)]))
    kept = game.events
    assert kept == tuple(made)
    assert {TilePlayed, TileDrawn} <= {type(e) for e in kept}
    for event, original in zip(kept, made, strict=True):
        assert type(event) is type(original)
        assert event.model_dump_json() == original.model_dump_json()
        assert event.model_fields_set == original.model_fields_set
        assert list(event.__dict__) == list(original.__dict__)  # the same order in JSON
    assert Game.from_events(kept).state == game.state
    packed_moves = [e for e in game._events if isinstance(e, tuple)]
    assert len(packed_moves) == sum(type(e) in MOVE_EVENTS for e in made)


def test_a_packed_move_is_smaller_and_other_events_are_kept_as_they_are() -> None:
    game = Game.new(["a", "b"], seed=1)
    first = game.events[0]
    assert packed(first) is first  # game_created: not a move
    game.play(game.legal_moves()[0])
    move = game.events[-1]
    small = packed(move)
    assert isinstance(small, tuple) and unpacked(small) == move
    own = sys.getsizeof(move) + sys.getsizeof(move.__dict__)
    assert sys.getsizeof(small) * 2 < own


def test_events_between_is_a_slice_of_the_events() -> None:
    game = Game.new(["a", "b"], seed=2)
    game.keep_compact()
    for _ in range(6):
        game.play(game.legal_moves()[0])
    n = len(game._events)
    for start, stop in [(0, n), (2, 5), (n - 1, n), (3, 3), (n - 2, n + 5)]:
        fresh = game.events_between(start, stop)  # before ``events`` was read
        assert fresh == game.events[start:stop] == game.events_between(start, stop)
