"""Replaying a view's public history on a sampled deal, and the rule sets the sampler
tests walk (shared by the sampler's and the sharp reading's tests)."""

from __future__ import annotations

from koza.core import engine
from koza.core.rules import RuleSet
from koza.core.view import SeatView

RULES = [
    (2, RuleSet()),
    (3, RuleSet()),
    (4, RuleSet()),
    (4, RuleSet(teams="pairs")),
    (3, RuleSet(hand_size="seven", next_leader="highest_double")),
    (2, RuleSet(double_play="off", blank_double_when="alone")),
    (3, RuleSet(first_lead="one_one")),
    (4, RuleSet(first_lead="lowest_double", next_leader="highest_double")),
    (2, RuleSet(first_lead="lowest_double", fish_scoring="all_to_loser")),
]
"""Player counts and rule sets the deal-sampling tests cover."""

SIDES = {"left": engine.LEFT, "right": engine.RIGHT, "open": engine.OPEN}


def move_of(act: object) -> engine.Move:
    """The engine move of a history entry."""
    kind = act.kind  # type: ignore[attr-defined]
    tiles = act.tiles  # type: ignore[attr-defined]
    if kind == "play":
        return engine.PLAY_MOVES[tiles[0]][SIDES[act.side]]  # type: ignore[attr-defined]
    if kind == "doubles":
        return engine.DOUBLES_MOVES[tiles[0]][tiles[1]]
    if kind == "draw":
        return engine.DRAW_MOVE
    return engine.PASS_MOVE


def replay_public_history(view: SeatView, shuffle: list[int], forced_opening: bool) -> engine.Round:
    """Play the view's public history on ``shuffle``; fail on any illegal step."""
    n = view.n_players
    assert sorted(shuffle) == list(range(28))
    hands, bazaar = engine.split_deal(shuffle, n, view.rules.hand_size_for(n))
    if forced_opening:
        leader, opening = engine.first_opening(hands, view.rules.first_lead)
        assert leader == view.leader
    else:
        leader, opening = view.leader, -1
    r = engine.Round(hands, bazaar, leader, opening, view.rules.double_play == "doubles")
    for act in view.history:
        assert r.turn == act.seat
        move = move_of(act)
        assert move in engine.legal_moves(r), (act, r.key())
        if act.kind == "draw" and act.tiles[0] >= 0:
            assert r.bazaar[r.bz] == act.tiles[0]
        engine.apply(r, move)
    return r
