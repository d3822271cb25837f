"""The one game loop: bots play a game one step at a time (no textual here).

Everything that lets bots play goes through here: ``koza sim``, the
tournament, the benchmarks, the table's bot runner, watching and the tests.
A *table* is what holds a game and its bots: a ``Session`` (every event saved)
or ``Seated`` (a bare ``Game`` and a bot per seat).

A step is one bot move or, between rounds, the next deal.  ``think`` is the
slow half (it only reads the immutable state, so a worker thread may run it)
and ``advance`` the half that changes the game; ``step`` does both.
``SPEEDS`` is the one ladder of delays between moves that a person watching
steps through with the faster and slower keys.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal, Protocol

from koza.bots import Bot, decide
from koza.core.commands import Command
from koza.core.game import Game
from koza.core.state import GameState

StepResult = Literal["move", "deal", "over"]

SPEEDS: tuple[float, ...] = (0.0, 0.05, 0.1, 0.2, 0.35, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
"""Delays between moves, fastest first, in seconds."""
DEFAULT_DELAY = 0.5
MAX_MOVES_PER_ROUND = 1000  # a round has at most 28 draws and ~60 moves; a safety bound


class Table(Protocol):
    """What the loop needs of a game being played: the game, moves, deals and bots."""

    @property
    def game(self) -> Game: ...

    def play(self, cmd: Command, seat: int | None = None) -> object: ...

    def next_round(self) -> object: ...

    def bot(self, seat: int) -> Bot | None: ...


class Seated:
    """A bare ``Game`` with a bot (or None) per seat: a table that saves nothing."""

    def __init__(self, game: Game, bots: Sequence[Bot | None]) -> None:
        self.game = game
        self.bots = tuple(bots)

    def play(self, cmd: Command, seat: int | None = None) -> None:
        self.game.play(cmd, seat)

    def next_round(self) -> None:
        self.game.next_round()

    def bot(self, seat: int) -> Bot | None:
        return self.bots[seat]


class NoBotError(RuntimeError):
    """A seat to move has no bot, so the bots cannot go on alone."""


def bot_to_move(table: Table) -> int:
    """The seat to move if a bot plays it, else -1 (a person, or no round in play)."""
    seat = table.game.state.turn
    return seat if seat >= 0 and table.bot(seat) is not None else -1


def think(table: Table, state: GameState | None = None) -> Command | None:
    """The command the seat to move would play in ``state`` (default: now), or None.

    None between rounds.  Reads only the state, so it may run in a worker thread.
    """
    state = table.game.state if state is None else state
    if state.phase != "playing":
        return None
    seat = state.turn
    bot = table.bot(seat)
    if bot is None:
        raise NoBotError(f"seat {seat} has no bot")
    return decide(bot, state, seat)


def advance(table: Table, cmd: Command | None, state: GameState | None = None) -> StepResult:
    """Apply ``cmd`` for the seat to move, or deal the next round, or say it is over.

    ``state``: the game's state now, if the caller has it at hand.
    """
    state = table.game.state if state is None else state
    if state.phase == "game_over":
        return "over"
    if state.phase in ("new", "round_over"):
        table.next_round()
        return "deal"
    if cmd is None:
        cmd = think(table, state)
        assert cmd is not None
    table.play(cmd, state.turn)
    return "move"


def step(table: Table) -> StepResult:
    """One step: the bot to move plays, or the next round is dealt.

    ``advance(table, think(table))``, with a bot's move (the step run most) written out.
    """
    state = table.game.state
    if state.phase != "playing":
        return advance(table, None, state)
    seat = state.turn
    bot = table.bot(seat)
    if bot is None:
        raise NoBotError(f"seat {seat} has no bot")
    table.play(decide(bot, state, seat), seat)
    return "move"


def finish_round(table: Table) -> int:
    """Play until the round in play ends; returns the number of moves made."""
    moves = 0
    while table.game.state.phase == "playing":
        if moves >= MAX_MOVES_PER_ROUND:
            raise RuntimeError("the round does not end")
        step(table)
        moves += 1
    return moves


def finish_game(table: Table, max_rounds: int | None = None) -> int:
    """Play until the game is over; returns the number of steps.

    With ``max_rounds``, stop instead once that many rounds were played (the
    last one left scored and not followed by a deal).
    """
    steps = 0
    while True:
        state = table.game.state
        limit = max_rounds is not None and state.round_no >= max_rounds
        if limit and state.phase == "round_over":
            return steps
        if step(table) == "over":
            return steps
        steps += 1


def faster(delay: float, speeds: Sequence[float] = SPEEDS) -> float:
    """The next shorter delay (stays at the fastest)."""
    shorter = [s for s in speeds if s < delay - 1e-9]
    return shorter[-1] if shorter else speeds[0]


def slower(delay: float, speeds: Sequence[float] = SPEEDS) -> float:
    """The next longer delay (stays at the slowest)."""
    longer = [s for s in speeds if s > delay + 1e-9]
    return longer[0] if longer else speeds[-1]
