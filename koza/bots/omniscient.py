"""``omniscient``: the reference that sees every hand and the bazaar order.

It is never an opponent in the app: it is the ceiling the fair bots are
measured against.  It does not take a ``SeatView``: it is handed the full
``GameState`` through its own clearly named method, ``choose_seeing_everything``
(``koza.bots.base.decide`` routes to it).  It solves the round exactly on the
true deal (``koza.bots.exact``): a best response to greedy seats (their
tie-breaks are chance), a paranoid search against every other seat, for the
match utility.  Which bot sits where is read from the game's seats; positions are
memoised for the rest of the round, so only a round's first decision is slow.
"""

from __future__ import annotations

from typing import ClassVar

from koza.bots.exact import ExactSearch, Policy, policy_of
from koza.bots.rollout import Match, Scoring
from koza.core.commands import Command, from_move
from koza.core.engine import legal_moves
from koza.core.state import GameState
from koza.core.view import SeatView


class OmniscientBot:
    """Sees everything; for measurement only.  Deterministic (the seed is not needed)."""

    name = "omniscient"
    sees_everything: ClassVar[bool] = True

    def __init__(self, seed: int | None = None) -> None:
        self._search: ExactSearch | None = None
        self._round: tuple[str, int, int] | None = None

    def choose(self, view: SeatView) -> Command:
        raise TypeError("omniscient needs the full state: call choose_seeing_everything(state)")

    def choose_seeing_everything(self, state: GameState) -> Command:
        """The move for the seat to move, chosen from the full secret state."""
        r = state.round
        if r is None or state.phase != "playing" or r.over:
            raise ValueError("no round is in play")
        legal = legal_moves(r)
        if len(legal) == 1:
            return from_move(legal[0])
        return from_move(self._search_for(state).best_move(r))

    def _search_for(self, state: GameState) -> ExactSearch:
        """The round's search, kept while the same seat decides in the same round."""
        assert state.round is not None
        seat = state.round.turn
        key = (state.game_id, state.round_no, seat)
        if self._search is None or self._round != key:
            sc = Scoring.of(state.rules, state.n_players)
            sh = state.sheets
            match = Match(sc.side[seat], sh.totals, sh.opened, sh.carried)
            policies: list[Policy] = [
                "search" if s == seat else policy_of(info.bot if info.kind == "bot" else None)
                for s, info in enumerate(state.seats)
            ]
            self._search = ExactSearch(sc, match, policies)
            self._round = key
        return self._search
