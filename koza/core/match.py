"""A match: several games at one table (the rule book's "Matches"), its plan and its sheet.

``MatchPlan`` says how long a match lasts (a number of games, until a player or side
has been the goat N times, or the three games of rotating partners) and who sits
where in each game; ``match_sheet`` counts each game's result into the match sheet:
per player (or fixed pair) the games won and the goats, and for rotating partners
the individual standing (games a player's side was not the goat, ties broken by the
lower sum of the side totals the player ended with).  Pure: no files here.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from koza.core.problems import Explained, Problem
from koza.core.rules import RuleSet
from koza.core.scoring import n_sides, side_of
from koza.core.state import GameState

MatchKind = Literal["games", "goats", "rotating"]
ROTATING = "rotating-partners"
MAX_GAMES = 99
"""The most games a match may name (``--match 99``, ``goats:N`` stops there too)."""

ROTATION: tuple[tuple[int, ...], ...] = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 1, 3, 2))
"""Rotating partners: the player at each seat, game by game.  Seats 0+2 and 1+3 are
partners, so the partnerships are 0+2/1+3, then 0+1/2+3, then 0+3/1+2."""


class MatchError(Explained, ValueError):
    """A match that cannot be: a bad ``--match`` text, or a plan these players cannot play."""


@dataclass(frozen=True, slots=True)
class MatchPlan:
    """How long a match lasts and who sits where in each of its games."""

    kind: MatchKind
    count: int  # games (games), goats that end it (goats), 3 (rotating)

    @classmethod
    def parse(cls, text: str) -> MatchPlan:
        """``"3"``, ``"goats:2"`` or ``"rotating-partners"``; else a one-line ``MatchError``."""
        said = text.strip().lower()
        if said in (ROTATING, "rotating"):
            return cls("rotating", len(ROTATION))
        kind: MatchKind = "games"
        number = said
        if said.startswith("goats:"):
            kind, number = "goats", said.removeprefix("goats:")
        if not number.isdigit() or not 1 <= int(number) <= MAX_GAMES:
            raise MatchError.of("match.bad_plan", text=repr(text), most=MAX_GAMES)
        return cls(kind, int(number))

    @property
    def text(self) -> str:
        """The plan as ``parse`` reads it."""
        if self.kind == "rotating":
            return ROTATING
        return f"goats:{self.count}" if self.kind == "goats" else str(self.count)

    def rules_for(self, rules: RuleSet) -> RuleSet:
        """The rules each game is played with (rotating partners play in pairs)."""
        if self.kind == "rotating" and rules.teams != "pairs":
            return rules.model_copy(update={"teams": "pairs"})
        return rules

    def check(self, n_players: int) -> None:
        """Raise ``MatchError`` when this plan cannot seat ``n_players``."""
        if self.kind == "rotating" and n_players != 4:
            raise MatchError.of("match.rotating_four", n=n_players)

    def seating(self, index: int, n_players: int) -> tuple[int, ...]:
        """The player at each seat in game ``index`` (0-based): the same seats, except
        that rotating partners change places to sit by their next partner."""
        if self.kind == "rotating":
            return ROTATION[index % len(ROTATION)]
        return tuple(range(n_players))

    def max_games(self) -> int:
        """The most games this match can last."""
        return MAX_GAMES if self.kind == "goats" else self.count


def game_seed(match_seed: int, index: int) -> int:
    """The seed of game ``index`` of a match with ``match_seed``."""
    return random.Random(f"koza-match/{match_seed}/{index}").getrandbits(48)


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a match, as its sheet reads it: who sat where and how it ended."""

    players: tuple[int, ...]  # the player at each seat
    pairs: bool  # sides are pairs (seat % 2)
    totals: tuple[int, ...]  # per side
    goats: tuple[int, ...]  # sides; empty while the game goes on
    finished: bool

    @classmethod
    def of(cls, state: GameState, players: Sequence[int]) -> GameResult:
        return cls(
            players=tuple(players),
            pairs=n_sides(state.n_players, state.rules) != state.n_players,
            totals=state.sheets.totals,
            goats=state.goats,
            finished=state.phase == "game_over",
        )

    def side_of(self, player: int) -> int:
        seat = self.players.index(player)
        return seat % 2 if self.pairs else seat

    def winners(self) -> tuple[int, ...]:
        """The sides with the lowest total among those that are not goats."""
        others = [s for s in range(len(self.totals)) if s not in self.goats]
        if not self.finished or not others:
            return ()
        low = min(self.totals[s] for s in others)
        return tuple(s for s in others if self.totals[s] == low)


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One line of the match sheet: a player, or a fixed pair of players."""

    players: tuple[int, ...]
    won: int  # games won (the lowest total)
    goats: int  # games it was the goat
    not_goat: int  # finished games its side was not the goat
    totals: int  # the sum of the side totals it ended its games with


@dataclass(frozen=True, slots=True)
class MatchSheet:
    """The match so far: its rows in standing order, finished games, and whether it is over."""

    rows: tuple[SheetRow, ...]
    played: int  # finished games
    over: bool


def entries(plan: MatchPlan, n_players: int, rules: RuleSet) -> list[tuple[int, ...]]:
    """Who the sheet counts: every player, or the two fixed pairs (0+2, 1+3)."""
    if plan.kind != "rotating" and n_sides(n_players, rules) != n_players:
        return [
            tuple(p for p in range(n_players) if side_of(p, n_players, rules) == s)
            for s in range(2)
        ]
    return [(p,) for p in range(n_players)]


def match_sheet(
    plan: MatchPlan, n_players: int, rules: RuleSet, games: Sequence[GameResult]
) -> MatchSheet:
    """Count ``games`` (in order) into the sheet.

    Rotating partners stand by games not the goat, then the lower sum of totals; other
    matches by fewer goats, then more games won, then the lower sum of totals.
    """
    done = [g for g in games if g.finished]
    rows = []
    for who in entries(plan, n_players, rules):
        first = who[0]
        won = sum(g.side_of(first) in g.winners() for g in done)
        goats = sum(g.side_of(first) in g.goats for g in done)
        totals = sum(g.totals[g.side_of(first)] for g in done)
        rows.append(SheetRow(who, won, goats, len(done) - goats, totals))
    if plan.kind == "rotating":
        rows.sort(key=lambda r: (-r.not_goat, r.totals, r.players))
    else:
        rows.sort(key=lambda r: (r.goats, -r.won, r.totals, r.players))
    if plan.kind == "goats":
        over = any(r.goats >= plan.count for r in rows) or len(done) >= plan.max_games()
    else:
        over = len(done) >= plan.count
    return MatchSheet(tuple(rows), len(done), over)


def plan_problem(plan: MatchPlan, seed: int, games: Sequence[GameState]) -> Problem | None:
    """Why ``games`` (the states of a match's games, in order) are not the match ``plan``
    and ``seed`` make, or None: each seats game 1's players as the plan says, with game 1's
    rules and its own seed; only the last may be unfinished, and none follows the end."""
    if not games:
        return Problem("match.no_games")
    if len(games) > plan.max_games():
        return Problem("match.too_many", {"games": len(games), "most": plan.max_games()})
    first = games[0]
    n = first.n_players
    try:
        plan.check(n)
    except MatchError as exc:
        return exc.problem
    results: list[GameResult] = []
    for i, state in enumerate(games):
        number = i + 1
        if match_sheet(plan, n, first.rules, results).over:
            return Problem("match.after_over", {"n": number})
        order = plan.seating(i, n) if n == len(state.seats) else ()
        if tuple(first.seats[p] for p in order) != state.seats:
            return Problem("match.wrong_seats", {"n": number})
        if state.rules != first.rules or plan.rules_for(first.rules) != first.rules:
            return Problem("match.wrong_rules", {"n": number})
        if state.seed != game_seed(seed, i):
            return Problem("match.wrong_seed", {"n": number})
        if i and not results[-1].finished:
            return Problem("match.unfinished", {"n": i, "later": number})
        results.append(GameResult.of(state, order))
    return None
