"""The seat view: own hand and everything public, nothing hidden."""

from __future__ import annotations

from core_deals import dealt, mask

from koza.core.commands import Draw, Play
from koza.core.tiles import parse_tile
from koza.core.view import seat_view

T = parse_tile
HANDS = ["6-6 6-1 5-5 5-4 4-4 4-0 2-2", "6-3 3-3 1-1 5-3 4-3 2-1 1-0"]


def test_view_shows_own_hand_counts_and_whose_turn() -> None:
    game = dealt(HANDS, bazaar="0-0 6-2")
    v0, v1 = seat_view(game.state, 0), seat_view(game.state, 1)
    assert v0.hand_mask == mask(HANDS[0]) and v1.hand_mask == mask(HANDS[1])
    assert v0.hand_counts == (7, 7) and v0.bazaar_count == 14 and v0.turn == 0
    assert v0.legal == ((0, T("6-6"), 2),) and v1.legal == ()
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
