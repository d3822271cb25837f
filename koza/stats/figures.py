"""What each seat did in one game (``SeatGame``), and a player's sum over games.

A player is a human by name, or a bot by level: every bot of one level is one
"player" here, whatever its seat is called.  A game counts once per seat, so a
game of two ``expert`` bots gives the ``expert`` level two games.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

from koza.core.events import (
    Event,
    GameCreated,
    GameOver,
    RoundScored,
    SeatInfo,
)
from koza.core.scoring import side_of
from koza.core.text import one_line
from koza.core.walk import EventVisitor, MoveEvent, walk

Kind = Literal["human", "bot"]


def player_of(seat: SeatInfo) -> tuple[Kind, str]:
    """The player a seat counts for: ``("human", name)`` or ``("bot", level)``."""
    if seat.kind == "bot":
        return "bot", one_line(seat.bot or "bot")
    return "human", one_line(seat.name)  # a name may come from a network game


@dataclass
class SeatGame:
    """One seat's part in one game.

    ``points`` are the seat's own hand points summed over the rounds it played
    (before the opening threshold or the pairs rule decided what was recorded);
    ``recorded`` is what the score sheet wrote for the seat's side in those rounds;
    ``fish`` counts the rounds that ended in a fish on this seat's move;
    ``total`` is the seat's side total at the end (the latest score if unfinished).
    """

    kind: Kind
    name: str
    seat: int
    game: str  # the save's file name
    started: datetime
    finished: bool = False
    goat: bool = False
    rounds: int = 0
    points: int = 0
    recorded: int = 0
    went_out: int = 0
    fish: int = 0
    total: int = 0
    target: int = 0
    review_moves: int = 0
    review_loss: float = 0.0


class SeatGames(EventVisitor[None, list[SeatGame]]):
    """Every seat's ``SeatGame`` from one walk over a game's events."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.seats: list[SeatGame] = []
        self.side: tuple[int, ...] = ()
        self.last_mover = -1

    def event(self, ev: Event) -> None:
        """Deals and voided deals change no figure."""

    def created(self, ev: GameCreated) -> None:
        n = len(ev.seats)
        self.side = tuple(side_of(s, n, ev.rules) for s in range(n))
        for seat, info in enumerate(ev.seats):
            kind, name = player_of(info)
            self.seats.append(SeatGame(kind, name, seat, self.game, ev.at, target=ev.rules.target))

    def move(self, ev: MoveEvent) -> None:
        self.last_mover = ev.seat

    def scored(self, ev: RoundScored) -> None:
        for s in self.seats:
            s.rounds += 1
            s.points += ev.hand_points[s.seat]
            s.recorded += ev.recorded[self.side[s.seat]]
            s.total = ev.totals[self.side[s.seat]]
        if ev.outcome == "out" and ev.out_seat is not None:
            self.seats[ev.out_seat].went_out += 1
        elif ev.outcome == "fish" and 0 <= self.last_mover < len(self.seats):
            self.seats[self.last_mover].fish += 1

    def over(self, ev: GameOver) -> None:
        for s in self.seats:
            s.finished = True
            s.goat = self.side[s.seat] in ev.goats
            s.total = ev.totals[self.side[s.seat]]

    def result(self) -> list[SeatGame]:
        return self.seats


def seat_games(events: list[Event], game: str) -> list[SeatGame]:
    """Each seat's part in the game of ``events`` (a save already checked by ``load``)."""
    return walk(events, SeatGames(game))


def _ratio(part: float, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass
class PlayerFigures:
    """A player's (or a bot level's) figures summed over the seats they sat in."""

    kind: Kind
    name: str
    games: int = 0
    finished: int = 0
    goats: int = 0
    rounds: int = 0
    points: int = 0
    recorded: int = 0
    went_out: int = 0
    fish: int = 0
    review_moves: int = 0
    review_loss: float = 0.0
    history: list[SeatGame] = field(default_factory=list)  # oldest game first

    def add(self, game: SeatGame) -> None:
        self.games += 1
        self.finished += game.finished
        self.goats += game.goat
        self.rounds += game.rounds
        self.points += game.points
        self.recorded += game.recorded
        self.went_out += game.went_out
        self.fish += game.fish
        self.review_moves += game.review_moves
        self.review_loss += game.review_loss
        self.history.append(game)

    @property
    def goat_rate(self) -> float | None:
        """Goats per finished game (None before any game finished)."""
        return _ratio(self.goats, self.finished)

    @property
    def unfinished(self) -> int:
        """Games not played to the end (in progress, or left): no goat is counted in them."""
        return self.games - self.finished

    @property
    def points_per_round(self) -> float | None:
        """Hand points (the pips left in hand) per round played, finished games or not."""
        return _ratio(self.points, self.rounds)

    @property
    def recorded_per_round(self) -> float | None:
        """Points the score sheet recorded per round played (after opening and pairs rules)."""
        return _ratio(self.recorded, self.rounds)

    @property
    def loss_per_move(self) -> float | None:
        """Average review loss per reviewed move (None without a review)."""
        return _ratio(self.review_loss, self.review_moves)

    def last_games(self, count: int) -> list[SeatGame]:
        """The newest ``count`` games, oldest first."""
        return self.history[-count:] if count > 0 else []


def sum_by_player(games: list[SeatGame]) -> list[PlayerFigures]:
    """One ``PlayerFigures`` per player: people first (most games first), then bot levels."""
    players: dict[tuple[Kind, str], PlayerFigures] = {}
    for game in sorted(games, key=lambda g: (g.started, g.game, g.seat)):
        key = (game.kind, game.name)
        player = players.get(key)
        if player is None:
            player = players[key] = PlayerFigures(game.kind, game.name)
        player.add(game)
    return sorted(players.values(), key=lambda p: (p.kind == "bot", -p.games, p.name.casefold()))
