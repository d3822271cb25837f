"""``Game.keep_compact``: moves kept as numbers come back as the very events that were made,
the other events as loading their saved lines gives them."""

from __future__ import annotations

import tracemalloc
from datetime import UTC, datetime, timedelta, timezone

import pytest

from koza.bots import make_bot
from koza.core.events import (
    EVENT_ADAPTER,
    MOVE_EVENTS,
    DoublesPlayed,
    Event,
    TileDrawn,
    TilePlayed,
    TurnPassed,
)
from koza.core.fields_set import shared_fields_set
from koza.core.game import Game
from koza.core.made_events import KeptEvents, checked_event
from koza.core.rules import RuleSet
from koza.core.tiles import END_NAMES
from koza.play.driver import Seated, finish_game


def as_saved(event: Event) -> Event:
    """``event`` as loading its saved line gives it."""
    return EVENT_ADAPTER.validate_json(event.model_dump_json())


def assert_the_same(
    kept: tuple[Event, ...], made: list[Event], as_lines: set[int] | None = None
) -> None:
    """Each kept event equals the one made, of its type, JSON and field order; a move kept
    as numbers with its fields set and time zone, an event kept as its line (``as_lines``:
    its index; unless told, every event that is not a move) with those of its loaded line."""
    if as_lines is None:
        as_lines = {i for i, e in enumerate(made) if type(e) not in MOVE_EVENTS}
    assert kept == tuple(made)
    for i, (event, original) in enumerate(zip(kept, made, strict=True)):
        expected = as_saved(original) if i in as_lines else original
        assert type(event) is type(original)
        assert event.model_dump_json() == original.model_dump_json()
        assert event.model_fields_set == expected.model_fields_set
        assert list(event.__dict__) == list(original.__dict__)  # the same order in JSON
        if i in as_lines:
            assert type(event.at.tzinfo) is type(expected.at.tzinfo)
            assert event.at.utcoffset() == expected.at.utcoffset()
        else:
            assert event.at.tzinfo is original.at.tzinfo


@pytest.mark.parametrize(
    ("players", "rules"), [(4, RuleSet()), (2, RuleSet()), (4, RuleSet(teams="pairs"))]
)
def test_a_compact_games_events_are_the_ones_it_made(players: int, rules: RuleSet) -> None:
    made: list[Event] = []
    game = Game.new([f"p{i}" for i in range(players)], rules, seed=players, sink=made.append)
    game.keep_compact()
    assert game.compact
    finish_game(Seated(game, [make_bot("random", 7 + i) for i in range(players)]))
    kept = game.events
    assert_the_same(kept, made)
    assert {TilePlayed, TileDrawn} <= {type(e) for e in kept}
    assert Game.from_events(kept).state == game.state
    assert game._kept is not None
    assert game._kept.whole == sum(type(e) not in MOVE_EVENTS for e in made)
    for event in kept:  # a round's score, the game over: one set of names for all like them
        given = event.__pydantic_fields_set__
        assert given is shared_fields_set(frozenset(given))


def game_created() -> Event:
    return Game.new(["a", "b"], seed=1).events[0]


def every_move(first_seq: int) -> list[Event]:
    """One move of every kind and field value the game gives, numbered from ``first_seq``."""
    moves: list[Event] = []

    def add(kind: type[Event], **fields: int | str) -> None:
        moves.append(checked_event(kind, first_seq + len(moves), **fields))

    for seat in range(4):
        add(TurnPassed, seat=seat)
        for tile in range(28):
            add(TileDrawn, seat=seat, tile=tile)
            for end in END_NAMES:
                add(TilePlayed, seat=seat, tile=tile, end=end)
        for left in range(0, 28, 3):
            for right in range(27, 0, -4):
                add(DoublesPlayed, seat=seat, left=left, right=right)
    return moves


def kept_all(events: list[Event]) -> KeptEvents:
    kept = KeptEvents(events[:2])
    for event in events[2:]:
        kept.append(event)
    return kept


def test_every_move_kind_and_field_comes_back() -> None:
    made = [game_created(), *every_move(1)]
    kept = kept_all(made)
    assert len(kept) == len(made) and kept.whole == 1
    assert_the_same(kept.between(0, len(kept)), made)
    assert kept.between(0, 1)[0] is not made[0]  # not a move: made again from its line


def test_seq_past_16_bits_and_microseconds_come_back() -> None:
    made: list[Event] = [game_created()]
    while len(made) < 70_000:
        made += every_move(len(made))
    stamps = [
        datetime(2025, 3, 1, 12, 0, 0, 999_999, tzinfo=UTC),
        datetime(1, 1, 1, tzinfo=UTC),
        datetime(9999, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC),
        datetime(1969, 12, 31, 23, 59, 59, 1, tzinfo=UTC),
    ]
    for i, event in enumerate(made[1:5]):
        event.__dict__["at"] = stamps[i]
    kept = kept_all(made)
    assert kept.whole == 1
    back = kept.between(0, len(kept))
    assert_the_same(back, made)
    assert [e.at for e in back[1:5]] == stamps
    assert back[-1].seq == len(made) - 1 > 65_535


def test_moves_that_numbers_cannot_give_back_are_kept_whole() -> None:
    made: list[Event] = [game_created(), *every_move(1)[:8]]
    made[1].__dict__["at"] = datetime(2025, 1, 1, tzinfo=timezone(timedelta(hours=3)))
    made[2].__dict__["at"] = datetime(2025, 1, 1)  # no time zone
    made[3].__dict__["at"] = datetime(2025, 1, 1, fold=1, tzinfo=UTC)  # equal, but not the same
    made.append(TilePlayed(seq=len(made), seat=1, tile=3, end="left"))  # its own fields set
    made.append(checked_event(TurnPassed, len(made) + 1, seat=2))  # not the seq of its row
    kept = kept_all(made)
    back = kept.between(0, len(kept))
    whole = {0, 1, 2, 3, len(made) - 2, len(made) - 1}
    assert_the_same(back, made, whole)
    assert kept.whole == 6


def test_a_kept_move_is_a_few_bytes() -> None:
    moves = every_move(1)
    kept = KeptEvents([game_created()])
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for event in moves:
            kept.append(event)
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept.whole == 1
    assert grown / len(moves) < 16  # two numbers of 4 and 8 bytes, and the arrays' spare room


def test_kept_events_slice_as_a_list_does() -> None:
    made = [game_created(), *every_move(1)[:30]]
    kept = kept_all(made)
    n = len(made)
    for start, stop in [(0, n), (2, 5), (n - 1, n), (3, 3), (5, 2), (n - 2, n + 5), (-4, -1)]:
        assert kept.between(start, stop) == tuple(made[start:stop])


def test_events_between_is_a_slice_of_the_events() -> None:
    game = Game.new(["a", "b"], seed=2)
    game.keep_compact()
    for _ in range(6):
        game.play(game.legal_moves()[0])
    n = len(game.events_between(0, 1000))
    assert n == game.state.seq + 1
    for start, stop in [(0, n), (2, 5), (n - 1, n), (3, 3), (n - 2, n + 5)]:
        fresh = game.events_between(start, stop)  # before ``events`` was read
        assert fresh == game.events[start:stop] == game.events_between(start, stop)


def test_a_game_kept_compact_after_some_moves_keeps_them_too() -> None:
    made: list[Event] = []
    game = Game.new(["a", "b", "c"], seed=3, sink=made.append)
    for _ in range(5):
        game.play(game.legal_moves()[0])
    game.keep_compact()
    game.keep_compact()  # twice is once
    for _ in range(5):
        game.play(game.legal_moves()[0])
    assert_the_same(game.events, made)
    assert game._kept is not None and len(game._kept) == len(made)


def test_an_event_kept_as_its_line_takes_less_than_a_third_of_the_event() -> None:
    made: list[Event] = []
    game = Game.new(["a", "b", "c", "d"], seed=8, sink=made.append)
    finish_game(Seated(game, [make_bot("random", i) for i in range(4)]))
    whole = [e for e in made if type(e) not in MOVE_EVENTS]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        events = [as_saved(e) for e in whole]
        as_events = tracemalloc.get_traced_memory()[0] - before
        del events
        before = tracemalloc.get_traced_memory()[0]
        kept = KeptEvents(whole)
        as_lines = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert kept.whole == len(whole) > 5  # the start, every deal and score, the end
    assert as_lines * 3 < as_events
