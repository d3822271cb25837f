"""The one game loop: bots play whole games one step at a time."""

from __future__ import annotations

import pytest

from koza.bots import make_bot
from koza.core.game import Game
from koza.core.state import replay
from koza.core.view import seat_view
from koza.play.driver import (
    SPEEDS,
    NoBotError,
    Seated,
    advance,
    bot_to_move,
    faster,
    finish_game,
    finish_round,
    slower,
    step,
    think,
)


def StandIn(n: int, seed: int, bots: bool = True) -> Seated:  # noqa: N802 - reads as a class
    """A bare ``Game`` of random bots (or of people: no bots)."""
    game = Game.new([f"bot{i}" for i in range(n)], seed=seed)
    return Seated(game, [make_bot("random", seed * 10 + i) if bots else None for i in range(n)])


def test_step_makes_one_move_or_one_deal() -> None:
    s = StandIn(4, 7)
    before = len(s.game.events)
    assert step(s) == "move"
    assert len(s.game.events) in (before + 1, before + 2)  # a move (and maybe scoring)
    finish_round(s)
    assert s.game.state.phase in ("round_over", "game_over")
    assert think(s) is None
    assert step(s) == "deal"
    assert s.game.state.phase == "playing"


def test_finish_game_reaches_a_goat_and_replays() -> None:
    s = StandIn(4, 3)
    finish_game(s)
    assert s.game.is_over
    assert step(s) == "over"
    assert replay(s.game.events).goats == s.game.state.goats


def test_advance_applies_a_command_thought_elsewhere() -> None:
    s = StandIn(2, 1)
    cmd = think(s)
    assert cmd is not None
    assert advance(s, cmd) == "move"
    assert s.game.events[-1].type in ("tile_played", "tile_drawn", "turn_passed", "round_scored")


def test_a_seat_without_a_bot_stops_watching() -> None:
    people = StandIn(2, 1, bots=False)
    assert bot_to_move(people) == -1
    with pytest.raises(NoBotError):
        step(people)


def test_finish_game_can_stop_after_some_rounds() -> None:
    s = StandIn(3, 4)
    finish_game(s, max_rounds=2)
    state = s.game.state
    assert (state.phase, state.round_no, len(state.records)) == ("round_over", 2, 2)
    assert bot_to_move(s) == -1
    finish_game(s)
    assert s.game.is_over and replay(s.game.events).goats == s.game.state.goats


def test_a_whole_game_through_the_loop_is_the_same_as_by_hand() -> None:
    """The loop makes the same moves as asking each bot in turn and dealing between rounds."""
    looped = StandIn(4, 8)
    finish_game(looped)
    game = Game.new([f"bot{i}" for i in range(4)], seed=8)
    bots = [make_bot("random", 80 + i) for i in range(4)]
    while not game.is_over:
        if game.state.phase == "round_over":
            game.next_round()
        else:
            seat = game.state.turn
            game.play(bots[seat].choose(seat_view(game.state, seat)), seat)
    assert len(game.events) == len(looped.game.events)
    assert [e.model_dump(exclude={"at", "game_id"}) for e in game.events] == [
        e.model_dump(exclude={"at", "game_id"}) for e in looped.game.events
    ]


def test_speeds_step_and_stop_at_the_ends() -> None:
    assert faster(0.5) < 0.5 < slower(0.5)
    assert faster(SPEEDS[0]) == SPEEDS[0] == faster(faster(0.05))
    assert slower(SPEEDS[-1]) == SPEEDS[-1]
    assert slower(0.6) == 0.75 and faster(0.6) == 0.5  # off-list delays snap to the list
