"""A match being played: its file, its games (each a ``Session`` on a plain save) and its sheet.

``MatchSession.create`` writes a new match file naming no game yet; ``next_game`` then
gives the game to play now: the unfinished last game resumed, or the next one created
(seated and seeded as the plan says, and named in the match file at once), or None
once the match is over.  ``MatchSession.open`` resumes a match from its file, loading
every game it names and checking they are the games its plan makes.
"""

from __future__ import annotations

import secrets
import uuid
from collections.abc import Sequence
from pathlib import Path

from koza.core.events import SeatInfo
from koza.core.match import (
    GameResult,
    MatchPlan,
    MatchSheet,
    game_seed,
    match_sheet,
    plan_problem,
)
from koza.core.rules import RuleSet
from koza.core.state import GameState
from koza.play.session import Session
from koza.storage.folder import save_dir as default_save_dir
from koza.storage.matchfile import MatchFile, create_match, game_path, read_match, write_match
from koza.storage.savefile import SaveError, load


class MatchSession:
    """A match: ``path`` (its file), ``plan``, ``players`` (in match order), ``rules``."""

    def __init__(
        self,
        path: Path,
        file: MatchFile,
        players: Sequence[SeatInfo],
        rules: RuleSet,
        results: Sequence[GameResult] = (),
    ) -> None:
        self.path = path
        self.file = file
        self.plan = file.match_plan
        self.players = tuple(players)
        self.rules = rules
        self.results = list(results)

    @classmethod
    def create(
        cls,
        players: Sequence[SeatInfo | str],
        rules: RuleSet | None,
        plan: MatchPlan,
        seed: int | None = None,
        save_dir: Path | None = None,
        *,
        match_id: str | None = None,
    ) -> MatchSession:
        """A new match (its file written, no game yet).  ``MatchError`` or ``RuleError``
        for players the plan or the rules cannot seat, ``SaveError`` if it cannot be written."""
        infos = [p if isinstance(p, SeatInfo) else SeatInfo(name=p) for p in players]
        plan.check(len(infos))
        rules = plan.rules_for(rules or RuleSet())
        rules.check_players(len(infos))
        file = MatchFile(
            match_id=match_id or uuid.uuid4().hex[:8],
            plan=plan.text,
            seed=seed if seed is not None else secrets.randbits(32),
        )
        path = create_match(default_save_dir(save_dir), file)
        return cls(path, file, infos, rules)

    @classmethod
    def open(cls, path: Path | str) -> MatchSession:
        """Resume the match at ``path``: its file and every game it names, checked against
        its plan (``SaveError`` with one line if any of it is wrong)."""
        path = Path(path)
        file = read_match(path)
        states = load_games(path, file)
        problem = plan_problem(file.match_plan, file.seed, states)
        if problem is not None:
            raise SaveError.explained(problem, str(path))
        plan = file.match_plan
        first = states[0]
        results = [
            GameResult.of(st, plan.seating(i, first.n_players)) for i, st in enumerate(states)
        ]
        return cls(path, file, first.seats, first.rules, results)

    # --- reading ------------------------------------------------------------

    def sheet(self) -> MatchSheet:
        return match_sheet(self.plan, len(self.players), self.rules, self.results)

    @property
    def over(self) -> bool:
        return self.sheet().over

    def game_paths(self) -> list[Path]:
        """The saves of the match's games, in order."""
        return [self.path.parent / name for name in self.file.games]

    def names_of(self, players: Sequence[int]) -> str:
        """The names of some of the match's players (a pair as ``Ann+Bob``)."""
        return "+".join(self.players[p].name for p in players)

    # --- playing ------------------------------------------------------------

    def next_game(self, *, sync: bool = True) -> Session | None:
        """The game to play now: the unfinished last one resumed, else the next one
        created and named in the match file; None once the match is over."""
        if self.results and not self.results[-1].finished:
            session = Session.open(self.game_paths()[-1], sync=sync)
            if session.state.phase != "game_over":
                return session
            self.record(session.state)  # finished since it was last counted
            session.close()
        if self.over:
            return None
        index = len(self.results)
        order = self.plan.seating(index, len(self.players))
        seed = game_seed(self.file.seed, index)
        seats = [self.players[p] for p in order]
        game_id = f"{self.file.match_id}-{index + 1}"
        session = Session.create(
            seats, self.rules, seed, self.path.parent, game_id=game_id, sync=sync
        )
        try:
            self.file = self.file.model_copy(
                update={"games": (*self.file.games, session.path.name)}
            )
            write_match(self.path, self.file)
        except BaseException:
            session.close()
            raise
        self.results.append(GameResult.of(session.state, order))
        return session

    def record(self, state: GameState) -> None:
        """Count the current game as ``state`` stands (``next_game`` reads a game it
        finds finished by itself; the sheet counts a game once it is recorded)."""
        index = len(self.results) - 1
        order = self.plan.seating(index, len(self.players))
        self.results[-1] = GameResult.of(state, order)


def load_games(path: Path, file: MatchFile) -> list[GameState]:
    """The state of every game a match file names (``SaveError`` naming the game)."""
    states = []
    for number, name in enumerate(file.games, start=1):
        save = game_path(path, name)
        if save is None:
            raise SaveError.at(path, "match.game_name", n=number, name=repr(name))
        try:
            states.append(load(save).state)
        except SaveError as exc:
            why = exc.problem or str(exc)
            raise SaveError.at(path, "match.game_bad", n=number, error=why) from None
    return states
