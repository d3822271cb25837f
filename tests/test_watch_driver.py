"""The pure watch driver: bots play whole games one action at a time."""

from __future__ import annotations

import pytest

from koza.bots import Bot, make_bot
from koza.core.commands import Command
from koza.core.game import Game
from koza.core.state import replay
from koza.watch import (
    SPEEDS,
    NoBotError,
    advance,
    faster,
    finish_game,
    finish_round,
    slower,
    step,
    think,
)


class StandIn:
    """The few session methods the driver uses, over a bare ``Game``."""

    def __init__(self, n: int, seed: int, bots: bool = True) -> None:
        self.game = Game.new([f"bot{i}" for i in range(n)], seed=seed)
        self._bots = [make_bot("random", seed * 10 + i) for i in range(n)] if bots else []

    def play(self, cmd: Command, seat: int | None = None) -> None:
        self.game.play(cmd, seat)

    def next_round(self) -> None:
        self.game.next_round()

    def bot(self, seat: int) -> Bot | None:
        return self._bots[seat] if self._bots else None


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
    with pytest.raises(NoBotError):
        step(StandIn(2, 1, bots=False))


def test_speeds_step_and_stop_at_the_ends() -> None:
    assert faster(0.5) < 0.5 < slower(0.5)
    assert faster(SPEEDS[0]) == SPEEDS[0] == faster(faster(0.05))
    assert slower(SPEEDS[-1]) == SPEEDS[-1]
    assert slower(0.6) == 0.75 and faster(0.6) == 0.5  # off-list delays snap to the list
