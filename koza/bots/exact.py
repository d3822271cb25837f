"""Exact perfect-information search of one round on the true deal (the ceiling's engine).

Every hand and the bazaar order are known, so a round is a finite game tree,
valued by the reference side's match utility (``rollout.utility``).  Each seat is
played by one of two policies:

* ``greedy``: a chance node, uniform over the heaviest fitting moves (exactly how
  ``GreedyBot`` breaks its ties);
* ``search``: the reference side maximises; any other side minimises (paranoid).

Against greedy seats this is the exact best response (expectimax); against any
other seat it is a paranoid search, solved by alpha-beta.  (A random seat is
searched too: averaging over all its moves cannot be pruned and took up to a
minute per round.)  Positions are memoised for the whole round, with bounds where
a search was cut off.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Literal

from koza.bots.rollout import Match, Scoring, move_weight, utility
from koza.core.engine import Move, Round, apply, legal_moves

Policy = Literal["greedy", "search"]
_EXACT, _LOWER, _UPPER = 0, 1, 2


def policy_of(spec: str | None) -> Policy:
    """How the search treats a seat played by ``spec`` (a person or another bot: search)."""
    return "greedy" if (spec or "").partition(":")[0] == "greedy" else "search"


class ExactSearch:
    """The reference side's value of positions of one round, memoised."""

    def __init__(self, sc: Scoring, match: Match, policies: Sequence[Policy]) -> None:
        self.sc = sc
        self.match = match  # seen from the reference side
        self.policies = tuple(policies)  # one per seat
        self.memo: dict[tuple[int, ...], tuple[float, int]] = {}

    @staticmethod
    def key(r: Round) -> tuple[int, ...]:
        """What decides the rest of the round (the bazaar is fixed within it)."""
        return (*r.hands, r.bz, r.left, r.right, r.turn, r.drawn, r.opening)

    def best_move(self, r: Round) -> Move:
        """The move of the reference side's seat to move with the highest exact value."""
        moves = self._ordered(legal_moves(r))
        best, best_v = moves[0], -math.inf
        for m in moves:
            v = self.value(self._after(r, m), best_v, math.inf)
            if v > best_v:
                best, best_v = m, v
        return best

    def value(self, r: Round, alpha: float = -math.inf, beta: float = math.inf) -> float:
        """The exact value of ``r`` when it lies in ``(alpha, beta)``, else a bound past it."""
        if r.over:
            return utility(self.sc, self.match, r.hands, r.out_seat)
        k = self.key(r)
        got = self.memo.get(k)
        if got is not None:
            v, flag = got
            if flag == _EXACT or (flag == _LOWER and v >= beta) or (flag == _UPPER and v <= alpha):
                return v
        moves = legal_moves(r)
        policy = self.policies[r.turn]
        if len(moves) == 1:
            v = self.value(self._after(r, moves[0]), alpha, beta)
        elif policy == "greedy":
            top = max(move_weight(self.sc, m) for m in moves)
            moves = [m for m in moves if move_weight(self.sc, m) == top]
            v = math.fsum(self.value(self._after(r, m)) for m in moves) / len(moves)
            self.memo[k] = (v, _EXACT)
            return v
        elif self.sc.side[r.turn] == self.match.me:
            v, a = -math.inf, alpha
            for m in self._ordered(moves):
                v = max(v, self.value(self._after(r, m), a, beta))
                a = max(a, v)
                if a >= beta:
                    break
        else:
            v, b = math.inf, beta
            for m in self._ordered(moves):
                v = min(v, self.value(self._after(r, m), alpha, b))
                b = min(b, v)
                if alpha >= b:
                    break
        flag = _UPPER if v <= alpha else _LOWER if v >= beta else _EXACT
        self.memo[k] = (v, flag)
        return v

    def _ordered(self, moves: list[Move]) -> list[Move]:
        """Heaviest first: the likeliest good move for either side, so cut-offs come early."""
        return sorted(moves, key=lambda m: -move_weight(self.sc, m))

    @staticmethod
    def _after(r: Round, move: Move) -> Round:
        c = r.copy()
        apply(c, move)
        return c
