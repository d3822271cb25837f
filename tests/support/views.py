"""Seat views for bot tests: a made-up mid-round hand, and every turn of a bots' round."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence

from koza.bots import Bot
from koza.core import engine
from koza.core.commands import LegalMoves
from koza.core.game import Game
from koza.core.tiles import parse_tile
from koza.core.view import SeatView, seat_view


def made_up_view(hand: list[str], left: int, right: int) -> SeatView:
    """A mid-round view of seat 0 in a 3-player game, with a made-up hand and ends."""
    game = Game.new(["a", "b", "c"], seed=2)
    view = seat_view(game.state, game.turn)
    mask = 0
    for t in hand:
        mask |= 1 << parse_tile(t)
    r = engine.Round([mask, 1 << 27, 1 << 26], (), 0)
    r.left, r.right = left, right
    return dataclasses.replace(
        view,
        seat=0,
        hand_masks=(mask, None, None),
        left=left,
        right=right,
        turn=0,
        legal=LegalMoves.of(engine.legal_moves(r)),
        history=(),
        chain=(),
        hand_counts=(len(hand), 5, 5),
        bazaar_count=0,
    )


def round_views(seed: int, bots: Sequence[Bot]) -> Iterator[SeatView]:
    """The view of the seat to move at each turn of a 3-player game's first round; the
    seat's bot plays after each view is taken."""
    game = Game.new(["a", "b", "c"], seed=seed)
    while game.state.phase == "playing":
        st = game.state
        view = seat_view(st, st.turn)
        yield view
        game.play(bots[st.turn].choose(view), st.turn)


def game_views(game: Game, bots: Sequence[Bot]) -> Iterator[SeatView]:
    """The view of the seat to move at every turn until ``game`` is over (each round is
    started as the last one ends); the seat's bot plays after each view is taken."""
    while not game.is_over:
        st = game.state
        if st.phase == "round_over":
            game.next_round()
            continue
        view = seat_view(st, st.turn)
        yield view
        game.play(bots[st.turn].choose(view), st.turn)
