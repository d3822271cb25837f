"""The move events ``Game.play`` makes without validating them are pydantic's own."""

from __future__ import annotations

import copy

import pytest
from pydantic import ValidationError

from koza.bots import decide, make_bot
from koza.core.commands import DRAW, PASS, PLAY_COMMANDS, Play, to_move
from koza.core.events import EVENT_ADAPTER, MOVE_EVENTS, RoundDealt
from koza.core.game import _SHARED_MOVE, Game, IllegalMoveError
from koza.core.rules import RuleSet
from koza.core.tiles import LEFT, N_TILES, OPEN, RIGHT
from koza.play.driver import Seated, finish_game


def random_game(seed: int, players: int, rules: RuleSet, bot_seed: int) -> Game:
    """A whole game of random bots (bot ``i`` seeded ``bot_seed + i``), played to its end."""
    game = Game.new([f"p{i}" for i in range(players)], rules, seed)
    bots = [make_bot("random", bot_seed + i) for i in range(players)]
    finish_game(Seated(game, bots))
    return game


def test_every_move_event_equals_the_validated_one_field_for_field() -> None:
    kinds = set()
    for seed, players, rules in [
        (1, 4, RuleSet()),
        (2, 2, RuleSet()),
        (3, 4, RuleSet(teams="pairs")),
    ]:
        game = random_game(seed, players, rules, seed * 10)
        for event in game.events:
            if type(event) not in MOVE_EVENTS:
                continue
            kinds.add(type(event))
            given = {name: getattr(event, name) for name in event.model_fields_set}
            assert "at" not in given  # stamped by the model, as a validated event is
            again = type(event)(**given, at=event.at)
            assert list(event.__dict__.items()) == list(again.__dict__.items())
            assert event.model_fields_set | {"at"} == again.model_fields_set
            assert event == again and hash(event) == hash(again)
            assert event.model_dump_json() == again.model_dump_json()
            assert EVENT_ADAPTER.validate_json(event.model_dump_json()) == event
    assert kinds == set(MOVE_EVENTS)


def _play_game(seed: int, fresh: bool) -> list[dict[str, object]]:
    """A random bots' game; ``fresh``: each command handed in as a new, equal object."""
    game = Game.new(["a", "b", "c"], RuleSet(), seed, game_id=f"g{seed}")
    bots = [make_bot("random", seed + i) for i in range(3)]
    while not game.is_over:
        if game.state.phase == "round_over":
            game.next_round()
            continue
        command = decide(bots[game.turn], game.state, game.turn)
        game.play(copy.copy(command) if fresh else command)
    return [{k: v for k, v in e.__dict__.items() if k != "at"} for e in game.events]


def test_the_engines_own_commands_and_equal_new_ones_make_the_same_game() -> None:
    """``Game.play`` trusts the fields of the commands the engine hands out, and only those."""
    for seed in (4, 5):
        assert _play_game(seed, fresh=True) == _play_game(seed, fresh=False)


def test_each_shared_command_stands_for_its_own_move() -> None:
    shared = [PLAY_COMMANDS[t][e] for t in range(N_TILES) for e in (LEFT, RIGHT, OPEN)]
    shared += [DRAW, PASS]
    for command in shared:
        assert _SHARED_MOVE[id(command)] == to_move(command)
    assert len(_SHARED_MOVE) == len(shared) + 6 * 7  # and every ordered pair of doubles


def test_an_illegal_command_is_refused_alike_shared_or_new() -> None:
    game = Game.new(["a", "b"], RuleSet(), 9)
    not_held = next(t for t in range(N_TILES) if not game.state.hand(game.turn) >> t & 1)
    for command in (PLAY_COMMANDS[not_held][OPEN], Play(not_held, "open")):
        with pytest.raises(IllegalMoveError) as info:
            game.play(command)
        assert info.value.reason is not None and info.value.reason.code == "not_in_hand"
    for bad in (Play(not_held, "up"), Play(99, "open"), "draw"):  # type: ignore[arg-type]
        with pytest.raises(IllegalMoveError):
            game.play(bad)  # type: ignore[arg-type]
    assert len(game.events) == 2  # created and dealt: nothing was played


def test_each_seeded_deal_equals_the_validated_event_field_for_field() -> None:
    """``Game`` makes a seeded ``round_dealt`` unvalidated: it must be pydantic's own."""
    dealt = 0
    for seed, players, rules in [(6, 4, RuleSet()), (7, 3, RuleSet(redeal="bad_hand"))]:
        game = random_game(seed, players, rules, seed)
        for event in game.events:
            if not isinstance(event, RoundDealt):
                continue
            dealt += 1
            given = {name: getattr(event, name) for name in event.model_fields_set}
            again = RoundDealt(**given, at=event.at)
            assert list(event.__dict__.items()) == list(again.__dict__.items())
            assert event.model_fields_set | {"at"} == again.model_fields_set
            assert event == again and event.model_dump_json() == again.model_dump_json()
    assert dealt >= 4


def test_a_shuffle_handed_in_is_still_validated() -> None:
    game = Game.new(["a", "b"], RuleSet(), 3, game_id="g3")
    while game.state.phase == "playing":
        game.play(game.legal_moves()[0])
    assert game.state.phase == "round_over"
    n = len(game.events)
    with pytest.raises(ValidationError, match="99 is not a tile"):
        game.next_round(shuffle=[*range(27), 99])
    assert len(game.events) == n


def test_events_given_the_same_fields_share_one_set_of_them_and_copies_stay_apart() -> None:
    game = random_game(4, 3, RuleSet(), 40)
    drawn = [e for e in game.events if e.type == "tile_drawn"]
    assert len(drawn) > 1
    shared = drawn[0].model_fields_set
    assert all(e.model_fields_set is shared for e in drawn)  # one set, not one each
    copied = drawn[0].model_copy(update={"seat": 1})
    assert copied.seat == 1 and copied.model_fields_set == shared
    assert copied.model_fields_set is not shared
    assert shared == {"seq", "seat", "tile"}  # the copy added to its own set only
    with pytest.raises(ValidationError):
        drawn[1].seat = 2  # type: ignore[misc]  # frozen: nothing adds to the shared set
    assert shared == {"seq", "seat", "tile"}
