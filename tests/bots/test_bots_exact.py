"""The ceiling's exact search agrees with a plain, unpruned, unmemoised enumeration.

The enumeration below is written independently of ``koza.bots.exact``: greedy
seats average over their heaviest moves, the reference side maximises and every
other searching seat minimises.
"""

from __future__ import annotations

import random

import pytest

from koza.bots import decide, make_bot
from koza.bots.exact import ExactSearch, Policy, policy_of
from koza.bots.rollout import Match, Scoring, move_weight, utility
from koza.core import engine
from koza.core.events import SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet


def _plain(r: engine.Round, sc: Scoring, match: Match, policies: list[Policy]) -> float:
    if r.over:
        return utility(sc, match, r.hands, r.out_seat)
    moves = engine.legal_moves(r)
    vals = []
    pol = policies[r.turn]
    if pol == "greedy":
        top = max(move_weight(sc, m) for m in moves)
        moves = [m for m in moves if move_weight(sc, m) == top]
    for m in moves:
        c = r.copy()
        engine.apply(c, m)
        vals.append(_plain(c, sc, match, policies))
    if pol == "greedy" or len(moves) == 1:
        return sum(vals) / len(vals)
    return max(vals) if sc.side[r.turn] == match.me else min(vals)


def _late_positions(players: int, count: int, seed: int) -> list[engine.Round]:
    """Positions deep in greedy rounds, small enough to enumerate without a memo."""
    rng = random.Random(seed)
    out: list[engine.Round] = []
    while len(out) < count:
        r = engine.deal(rng, players, 5 if players > 2 else 7)
        while not r.over and sum(h.bit_count() for h in r.hands) + r.bazaar_left > 11:
            moves = engine.legal_moves(r)
            engine.apply(r, moves[int(rng.random() * len(moves))])
        if not r.over and len(engine.legal_moves(r)) > 1:
            out.append(r)
    return out


@pytest.mark.parametrize(
    ("players", "others"),
    [(3, "greedy"), (3, "search"), (2, "search"), (4, "greedy"), (4, "search")],
)
def test_exact_values_match_a_plain_enumeration(players: int, others: Policy) -> None:
    sc = Scoring.of(RuleSet(open_threshold=0), players)
    checked = 0
    for r in _late_positions(players, 12, players * 7 + len(others)):
        me = r.turn
        match = Match(sc.side[me], (0,) * sc.sides, (True,) * sc.sides, (0,) * sc.sides)
        policies: list[Policy] = ["search" if s == me else others for s in range(players)]
        search = ExactSearch(sc, match, policies)
        want = _plain(r, sc, match, policies)
        assert search.value(r.copy()) == pytest.approx(want)
        # the chosen move is worth the position's value, and no move is worth more
        best = search.best_move(r)
        worth = []
        for m in engine.legal_moves(r):
            c = r.copy()
            engine.apply(c, m)
            worth.append((_plain(c, sc, match, policies), m))
        assert max(w for w, _ in worth) == pytest.approx(want)
        assert dict((m, w) for w, m in worth)[best] == pytest.approx(want)
        checked += 1
    assert checked == 12


def test_seats_are_read_as_greedy_random_or_searching() -> None:
    assert policy_of("greedy") == "greedy"
    assert [policy_of(s) for s in ("random", "expert", "montecarlo:fast", None)] == ["search"] * 4


def test_the_reference_beats_greedy_in_the_same_seat() -> None:
    """Against two greedy seats, over the same 40 deals in seat 0, the exact best
    response records fewer points than greedy does."""
    rules = RuleSet(open_threshold=0, target=1000)
    pen = {"omniscient": 0, "greedy": 0}
    for g in range(40):
        for first in pen:
            specs = [first, "greedy", "greedy"]
            seats = [SeatInfo(name=f"s{i}", kind="bot", bot=s) for i, s in enumerate(specs)]
            bots = [make_bot(s, g * 10 + i) for i, s in enumerate(specs)]
            game = Game.new(seats, rules, seed=g)
            while game.state.phase == "playing":
                st = game.state
                game.play(decide(bots[st.turn], st, st.turn), st.turn)
            pen[first] += game.state.sheets.totals[0]
    assert pen["omniscient"] < pen["greedy"]
