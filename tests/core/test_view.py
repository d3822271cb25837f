"""The seat view: own hand and everything public, nothing hidden."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from support.deals import dealt, mask, random_game, rule_sets

from koza.core.commands import Draw, LegalMoves, Play
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.tiles import parse_tile
from koza.core.view import SeatView, seat_view

T = parse_tile
HANDS = ["6-6 6-1 5-5 5-4 4-4 4-0 2-2", "6-3 3-3 1-1 5-3 4-3 2-1 1-0"]


def test_view_shows_own_hand_counts_and_whose_turn() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    v0, v1 = seat_view(game.state, 0), seat_view(game.state, 1)
    assert v0.hand_mask == mask(HANDS[0]) and v1.hand_mask == mask(HANDS[1])
    assert v0.hand_counts == (7, 7) and v0.bazaar_count == 14 and v0.turn == 0
    assert v0.legal == (Play(T("6-6"), "open"),) and v1.legal == ()
    assert v0.names == ("p0", "p1") and v0.phase == "playing" and v0.round_no == 1


def test_only_the_leader_is_told_the_opening_tile() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    assert seat_view(game.state, 0).opening == T("6-6")
    assert seat_view(game.state, 1).opening == -1


def test_other_seats_draws_are_hidden_own_draws_are_not() -> None:
    game = dealt(HANDS, bazaar="0-0 3-2")
    for tile, end in (("6-6", "open"), ("6-3", "left"), ("6-1", "right"), ("3-3", "left")):
        game.play(Play(T(tile), end))  # type: ignore[arg-type]
    game.play(Draw())  # seat 0 draws 0-0 (no fit)
    game.play(Draw())  # seat 0 draws 3-2 (fits the left 3: must be played)
    own, other = seat_view(game.state, 0), seat_view(game.state, 1)
    assert [a.tiles for a in own.history if a.kind == "draw"] == [(T("0-0"),), (T("3-2"),)]
    assert [a.tiles for a in other.history if a.kind == "draw"] == [(-1,), (-1,)]
    assert own.drawn == T("3-2") and other.drawn == -1
    assert own.hand_counts == other.hand_counts == (7, 5)
    assert other.unseen_mask & mask("0-0 3-2") and not own.unseen_mask & mask("0-0 3-2")


def test_view_chain_and_ends_are_public() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    game.play(Play(T("6-6"), "open"))
    game.play(Play(T("6-3"), "left"))
    for seat in (0, 1):
        v = seat_view(game.state, seat)
        assert (v.left, v.right) == (3, 6) and [p.tile for p in v.chain] == [T("6-3"), T("6-6")]
        assert v.played_mask == mask("6-3 6-6")


@st.composite
def games_in_play(draw: st.DrawFn) -> Game:
    """A game with random rules, moved on by random legal moves to a random point."""
    players = draw(st.integers(2, 4))
    rules = draw(rule_sets())
    if players == 4 and draw(st.booleans()):
        rules = rules.model_copy(update={"teams": "pairs"})
    seed = draw(st.integers(0, 2**32))
    rng = random.Random(seed)
    game = Game.new([f"p{i}" for i in range(players)], rules=rules, seed=seed)
    for _ in range(draw(st.integers(0, 120))):
        if game.is_over:
            break
        if game.state.phase == "round_over":
            game.next_round()
        else:
            game.play(rng.choice(game.legal_moves()))
    return game


@settings(max_examples=60, deadline=None)
@given(games_in_play())
def test_every_view_round_trips_through_json_exactly(game: Game) -> None:
    for seat in range(game.state.n_players):
        for face_up in (False, True):
            view = seat_view(game.state, seat, face_up=face_up)
            text = view.to_json()
            back = SeatView.from_json(text)
            assert back == view
            assert isinstance(back.legal, LegalMoves) and back.to_json() == text
            assert all(
                type(a.move) is type(b.move)
                for a, b in zip(back.history, view.history, strict=True)
            )


def test_a_view_from_json_is_validated() -> None:
    text = seat_view(dealt(HANDS, bazaar="0-0 6-2").state, 0).to_json()
    bad = text.replace('"kind":"play","tile":"6-6"', '"kind":"play","tile":"9-9"')
    assert bad != text
    with pytest.raises(ValidationError, match="'9-9' is not a tile"):
        SeatView.from_json(bad)


@settings(max_examples=40, deadline=None)
@given(games_in_play())
def test_the_face_up_view_shows_everything_and_differs_only_in_what_was_hidden(
    game: Game,
) -> None:
    state = game.state
    for seat in range(state.n_players):
        view, up = seat_view(state, seat), seat_view(state, seat, face_up=True)
        assert up.hand_masks == tuple(state.hand(s) for s in range(state.n_players))
        assert up.history == state.history and up.face_up and not view.face_up
        assert up.opening == (state.round.opening if state.round is not None else -1)
        assert view.hand_masks[seat] == up.hand_masks[seat] == view.hand_mask
        assert all(m is None for s, m in enumerate(view.hand_masks) if s != seat)
        hidden = {"hand_masks", "history", "opening", "face_up"}
        same = [f.name for f in dataclasses.fields(SeatView) if f.name not in hidden]
        assert [getattr(view, n) for n in same] == [getattr(up, n) for n in same]
        assert (view.legal != ()) == (state.turn == seat) == view.my_turn


def test_a_finished_game_s_view_names_the_goat_and_survives_json() -> None:
    game = random_game(3, players=3, rules=RuleSet(target=30))
    state = game.state
    assert state.phase == "game_over" and state.goats
    for seat in range(3):
        view = seat_view(state, seat)
        assert (view.goats, view.ranking, view.seq) == (state.goats, state.ranking, state.seq)
        assert view.legal == () and view.turn == -1 and not view.my_turn
        assert SeatView.from_json(view.to_json()) == view
