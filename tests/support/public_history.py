"""Replaying a view's public history on a sampled deal, and the rule sets the sampler
tests walk (shared by the sampler's, the sharp reading's and the reader's tests); and a
game with another deal behind the same public history (``events_for``)."""

from __future__ import annotations

from koza.core import engine
from koza.core.events import (
    DoublesPlayed,
    Event,
    GameCreated,
    RoundDealt,
    TileDrawn,
    TilePlayed,
    TurnPassed,
)
from koza.core.rules import RuleSet
from koza.core.state import GameState
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


def events_for(state: GameState, shuffle: list[int]) -> list[Event]:
    """A round-1 game with ``shuffle`` whose public actions are those of ``state``."""
    n = state.n_players
    hs = state.rules.hand_size_for(n)
    hands, _ = engine.split_deal(shuffle, n, hs)
    leader, opening = engine.first_opening(hands, state.rules.first_lead)
    events: list[Event] = [
        GameCreated(seq=0, game_id="other", rules=state.rules, seats=state.seats, seed=None),
        RoundDealt(
            seq=1,
            round=1,
            shuffle=tuple(shuffle),
            leader=leader,
            opening=None if opening < 0 else opening,
        ),
    ]
    next_draw = n * hs
    for act in state.history:
        q = len(events)
        ev: Event
        if act.kind == "play":
            ev = TilePlayed(seq=q, seat=act.seat, tile=act.tiles[0], end=act.side)  # type: ignore[arg-type]
        elif act.kind == "doubles":
            ev = DoublesPlayed(seq=q, seat=act.seat, left=act.tiles[0], right=act.tiles[1])
        elif act.kind == "draw":
            ev = TileDrawn(seq=q, seat=act.seat, tile=shuffle[next_draw])
            next_draw += 1
        else:
            ev = TurnPassed(seq=q, seat=act.seat)
        events.append(ev)
    return events
