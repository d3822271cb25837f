"""Driving a game of bots one action at a time (no textual here).

The watch screen asks ``think`` for the next command in a worker (bots may be
slow) and hands it to ``advance`` on the UI side; ``step`` does both at once.
An action is one bot move or, between rounds, the next deal.  The speeds are
the delays the watch screen steps through with its faster and slower keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from koza.bots import Bot, decide
from koza.core.commands import Command
from koza.core.game import Game

Action = Literal["move", "deal", "over"]

SPEEDS: tuple[float, ...] = (0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
"""Delays between actions, fastest first, in seconds."""
DEFAULT_DELAY = 0.5
MAX_ACTIONS_PER_ROUND = 1000  # a round has at most 28 draws and ~60 moves; a safety bound


class Driven(Protocol):
    """What the driver needs of a session: its game, moves, deals and bots."""

    @property
    def game(self) -> Game: ...

    def play(self, cmd: Command, seat: int | None = None) -> object: ...

    def next_round(self) -> object: ...

    def bot(self, seat: int) -> Bot | None: ...


class NoBotError(RuntimeError):
    """A seat to move has no bot, so watching cannot go on."""


def think(session: Driven) -> Command | None:
    """The command the seat to move would play, or None between rounds.

    Reads only the seat's view, so it may run in a worker thread.
    """
    state = session.game.state
    if state.phase != "playing":
        return None
    seat = state.turn
    bot = session.bot(seat)
    if bot is None:
        raise NoBotError(f"seat {seat} has no bot")
    return decide(bot, state, seat)


def advance(session: Driven, cmd: Command | None) -> Action:
    """Apply ``cmd`` for the seat to move, or deal the next round, or say it is over."""
    state = session.game.state
    if state.phase == "game_over":
        return "over"
    if state.phase in ("new", "round_over"):
        session.next_round()
        return "deal"
    if cmd is None:
        cmd = think(session)
        assert cmd is not None
    session.play(cmd, seat=state.turn)
    return "move"


def step(session: Driven) -> Action:
    """One action: a bot's move, or the next deal between rounds."""
    return advance(session, think(session))


def finish_round(session: Driven) -> int:
    """Play until the round in play ends; returns the number of moves made."""
    moves = 0
    while session.game.state.phase == "playing":
        if moves >= MAX_ACTIONS_PER_ROUND:
            raise RuntimeError("the round does not end")
        step(session)
        moves += 1
    return moves


def finish_game(session: Driven) -> int:
    """Play rounds until the game is over; returns the number of actions."""
    actions = 0
    while step(session) != "over":
        actions += 1
    return actions


def faster(delay: float, speeds: Sequence[float] = SPEEDS) -> float:
    """The next shorter delay (stays at the fastest)."""
    shorter = [s for s in speeds if s < delay]
    return shorter[-1] if shorter else speeds[0]


def slower(delay: float, speeds: Sequence[float] = SPEEDS) -> float:
    """The next longer delay (stays at the slowest)."""
    longer = [s for s in speeds if s > delay]
    return longer[0] if longer else speeds[-1]
