"""The coach's evaluation: montecarlo's values, and reasons the hidden state confirms."""

from __future__ import annotations

from collections import Counter

import pytest
from support.deals import dealt

from koza.bots import make_bot
from koza.bots.montecarlo import MonteCarloBot
from koza.coach.evaluate import REASON_CODES, Reason, best, evaluate
from koza.core.commands import Command, Play, PlayDoubles
from koza.core.game import Game
from koza.core.scoring import hand_points
from koza.core.tiles import ALL_TILES_MASK, BIT, HAS, parse_tile
from koza.core.view import seat_view


def busy_view(seed: int = 3) -> Game:
    """A three-player game played by greedy bots until a seat has a real choice."""
    game = Game.new(["a", "b", "c"], seed=seed)
    bots = [make_bot("greedy", s) for s in range(3)]
    while len(game.legal_moves()) < 3:
        seat = game.state.turn
        game.play(bots[seat].choose(seat_view(game.state, seat)))
    return game


@pytest.mark.parametrize("seed", [3, 11])
def test_values_are_montecarlos_for_the_same_view_and_seed(seed: int) -> None:
    game = busy_view(seed)
    view = seat_view(game.state, game.state.turn)
    hint = evaluate(view, 42, level="fast")
    assert [mv.move for mv in hint] == list(view.legal)
    assert [mv.value for mv in hint] == MonteCarloBot("fast", 42).evaluate(view)
    again = evaluate(view, 42, samples=6)
    assert [mv.value for mv in again] == MonteCarloBot("fast", 42, samples=6).evaluate(view)
    assert best(hint) == max(hint, key=lambda mv: mv.value)


def test_not_the_seats_turn_gives_nothing_and_a_face_up_view_is_refused() -> None:
    game = busy_view()
    other = (game.state.turn + 1) % 3
    assert evaluate(seat_view(game.state, other), 1, samples=2) == []
    assert best([]) is None
    with pytest.raises(ValueError, match="own view"):
        evaluate(seat_view(game.state, game.state.turn, face_up=True), 1, samples=2)


def test_the_hidden_tiles_do_not_change_the_hint() -> None:
    # the same hand for seat 0, the others' tiles and the bazaar shuffled between them
    mine = "6-6 6-5 5-5 4-2 3-1 2-0 1-1"
    first = dealt([mine, "6-4 6-3 6-2 5-4 5-3 4-4 0-0"], "3-3 1-0 2-2 4-3 6-1 5-2 6-0")
    second = dealt([mine, "6-4 4-3 2-2 1-0 3-3 6-0 5-2"], "0-0 4-4 5-3 5-4 6-2 6-3 6-1")
    for game in (first, second):
        game.play(Play(parse_tile("6-6"), "open"))
        game.play(Play(parse_tile("6-4"), "left"))
    views = [seat_view(g.state, 0) for g in (first, second)]
    assert views[0] == views[1]
    assert evaluate(views[0], 9, samples=8) == evaluate(views[1], 9, samples=8)


def shed(move: Command) -> list[int]:
    if isinstance(move, Play):
        return [move.tile]
    if isinstance(move, PlayDoubles):
        return [move.left, move.right]
    return []


def confirm(game: Game, move: Command, reason: Reason) -> None:
    """Check ``reason`` against the full state: what it says of hidden hands is true."""
    state, seat = game.state, game.state.turn
    hands = list(state.round.hands)  # type: ignore[union-attr]
    n = len(hands)
    after = Game.from_events(game.events)
    after.play(move)
    code, values = reason.code, reason.values
    if code == "goes_out":
        assert hands[seat] == sum(BIT[x] for x in shed(move))
    elif code == "only_move":
        assert len(state.legal_moves()) == 1
    elif code in ("fish", "fish_fewest"):
        rec = after.state.records[-1]
        assert after.state.phase in ("round_over", "game_over") and rec.out_seat is None
        mine = hand_points(hands[seat] & ~sum(BIT[x] for x in shed(move)), state.rules)
        assert values["points"] == mine
        if code == "fish_fewest":
            assert all(mine < hand_points(hands[s], state.rules) for s in range(n) if s != seat)
    elif code == "keeps_last":
        number = int(values["number"])
        others = sum(hands[s] for s in range(n) if s != seat)
        on_table = sum(BIT[p.tile] for p in state.chain)
        bazaar = ALL_TILES_MASK & ~on_table & ~sum(hands)
        assert not (others | bazaar) & HAS[number]
        assert number in (after.state.round.left, after.state.round.right)  # type: ignore[union-attr]
    elif code == "next_lacks":
        nxt = (seat + 1) % n
        ends = (after.state.round.left, after.state.round.right)  # type: ignore[union-attr]
        assert not hands[nxt] & (HAS[ends[0]] | HAS[ends[1]])
        assert values["name"] == state.seats[nxt].name
    elif code in ("sheds_blank", "sheds_heaviest", "sheds_double"):
        assert shed(move)
    else:
        raise AssertionError(f"unknown reason {code}")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_reason_is_true_of_the_hidden_state(players: int) -> None:
    seen: Counter[str] = Counter()
    for seed in range(6):
        game = Game.new([f"p{s}" for s in range(players)], seed=seed)
        bots = [make_bot("greedy", seed * 10 + s) for s in range(players)]
        while game.state.phase == "playing":
            seat = game.state.turn
            view = seat_view(game.state, seat)
            for mv in evaluate(view, seed, samples=1):
                if mv.reason is not None:
                    assert mv.reason.code in REASON_CODES
                    confirm(game, mv.move, mv.reason)
                    seen[mv.reason.code] += 1
            game.play(bots[seat].choose(view))
    assert {"goes_out", "only_move", "keeps_last", "sheds_heaviest"} <= set(seen), seen
