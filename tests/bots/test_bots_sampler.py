"""Monte Carlo's sampled deals are possible truths, and a view holds no hidden tile.

Each sampled deal is turned back into a full shuffle (hands as dealt, bazaar in
order) and the round's true public history is replayed on it through the lean
engine, every move checked for legality: a draw is legal only when nothing in
the hand fits, a drawn tile that fits must be played, and so on.
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from support.public_history import RULES, events_for, move_of, replay_public_history

from koza.bots import make_bot
from koza.bots.knowledge import infer
from koza.bots.likelihood import PlayModel
from koza.bots.sampler import QUICK_TRIES, Sampler, reconstruct_shuffle
from koza.core import engine
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.state import GameState, replay
from koza.core.tiles import HAS
from koza.core.view import SeatView, seat_view


def _check_view(view: SeatView, rng: random.Random, k: int, quick_tries: int = QUICK_TRIES) -> int:
    know = infer(view)
    sampler = Sampler(view, know, quick_tries)
    forced = not view.records or view.rules.next_leader == "highest_double"
    differ = 0
    for _ in range(k):
        smp = sampler.sample(rng)
        # the hands have the right sizes, are disjoint and hold only unseen tiles
        assert smp.hands[view.seat] == view.hand_mask
        seen = view.hand_mask | view.played_mask
        union = seen
        for s, h in enumerate(smp.hands):
            assert h.bit_count() == view.hand_counts[s]
            if s != view.seat:
                assert h & seen == 0
                assert h & union == 0
                union |= h
        assert len(smp.bazaar) == view.bazaar_count
        for t in smp.bazaar:
            assert not union >> t & 1
            union |= 1 << t
        assert union == (1 << 28) - 1
        # and the public history could have happened on it
        shuffle = reconstruct_shuffle(view, know, smp)
        r = replay_public_history(view, shuffle, forced)
        assert r.hands == smp.hands
        assert (r.left, r.right, r.bazaar_left, r.turn) == (
            view.left,
            view.right,
            view.bazaar_count,
            view.turn,
        )
        differ += r.hands != smp.hands or shuffle != list(smp.bazaar)
    return differ


@pytest.mark.parametrize(("players", "rules"), RULES)
def test_every_sampled_deal_is_consistent_with_the_true_history(
    players: int, rules: RuleSet
) -> None:
    rng = random.Random(players)
    checked = 0
    for g in range(12):
        game = Game.new(
            [f"p{i}" for i in range(players)], rules.model_copy(update={"target": 60}), seed=g
        )
        bots = [make_bot("random" if (g + i) % 2 else "greedy", g * 7 + i) for i in range(players)]
        while not game.is_over:
            st = game.state
            if st.phase == "round_over":
                game.next_round()
                continue
            seat = st.turn
            view = seat_view(st, seat)
            if view.history and rng.random() < 0.5:
                _check_view(view, rng, 4)
                checked += 1
            game.play(bots[seat].choose(view), seat)
    assert checked > 50


def test_draws_constrain_the_samples() -> None:
    """Seats that drew hold no tile of the ends they lacked (unless drawn after)."""
    hits = 0
    for g in range(40):
        game = Game.new(["a", "b", "c"], seed=100 + g)
        bots = [make_bot("greedy", i) for i in range(3)]
        while game.state.phase == "playing":
            st = game.state
            view = seat_view(st, st.turn)
            know = infer(view)
            for s in range(3):
                if s == view.seat:
                    continue
                lacks = know.lacks(s)
                true_hand = st.hand(s)
                for num, lacked in enumerate(lacks):
                    if lacked:
                        hits += 1
                        assert not true_hand & HAS[num]
            game.play(bots[st.turn].choose(view), st.turn)
    assert hits > 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_view_holds_no_hidden_tile(players: int) -> None:
    """Another deal that explains the same public history gives the very same view."""
    rng = random.Random(9)
    different = 0
    for g in range(15):
        game = Game.new([f"p{i}" for i in range(players)], seed=500 + g)
        bots = [make_bot("greedy", i) for i in range(players)]
        while game.state.phase == "playing":
            st = game.state
            seat = st.turn
            view = seat_view(st, seat)
            if view.history:
                know = infer(view)
                smp = Sampler(view, know).sample(rng)
                shuffle = reconstruct_shuffle(view, know, smp)
                other = replay(events_for(st, shuffle))
                assert seat_view(other, seat) == view
                others_hidden = [other.hand(s) for s in range(players) if s != seat]
                different += others_hidden != [st.hand(s) for s in range(players) if s != seat]
            game.play(bots[seat].choose(view), seat)
    assert different > 0


def test_a_view_is_plain_public_data() -> None:
    """No field of a view is (or contains) the secret state or another hand's mask."""
    game = Game.new(["a", "b", "c"], seed=3)
    st = game.state
    view = seat_view(st, st.turn)
    secret = {st.hand(s) for s in range(3) if s != view.seat}
    for f in dataclasses.fields(view):
        value = getattr(view, f.name)
        assert not isinstance(value, (GameState, engine.Round))
        if f.name != "hand_mask" and isinstance(value, int):
            assert value not in secret or value < 28


def _brute_log_weight(view: SeatView, shuffle: list[int], model: PlayModel) -> float:
    """The play model's log-weight, from the hands replayed on a full shuffle."""
    n = view.n_players
    hands, bazaar = engine.split_deal(shuffle, n, view.rules.hand_size_for(n))
    leader, opening = engine.first_opening(hands, view.rules.first_lead)
    forced = not view.records or view.rules.next_leader == "highest_double"
    if not forced:
        leader, opening = view.leader, -1
    r = engine.Round(hands, bazaar, leader, opening, view.rules.double_play == "doubles")
    lw = 0.0
    prev = None
    for i, act in enumerate(view.history):
        after_draw = prev is not None and prev.kind == "draw" and prev.seat == act.seat
        if (
            act.seat != view.seat
            and act.kind == "play"
            and not after_draw
            and not (i == 0 and forced)
        ):
            a, b = act.ends
            fit = (1 << 28) - 1 if a < 0 else HAS[a] | HAS[b]
            fitting = r.hands[act.seat] & fit
            lw -= math.log(sum(model.exp[t] for t in range(28) if fitting >> t & 1))
        engine.apply(r, move_of(act))
        prev = act
    return lw


def test_play_model_weighs_deals_by_the_hands_then_held() -> None:
    """Log-weights differ between samples exactly as a brute-force replay says."""
    rng = random.Random(4)
    compared = 0
    for g in range(20):
        game = Game.new(["a", "b", "c"], seed=900 + g)
        bots = [make_bot("greedy", i) for i in range(3)]
        while game.state.phase == "playing":
            st = game.state
            view = seat_view(st, st.turn)
            know = infer(view)
            model = PlayModel(view, know)
            if model.facts:
                sampler = Sampler(view, know)
                s1, s2 = sampler.sample(rng), sampler.sample(rng)
                got = model.log_weight(s1.assignment) - model.log_weight(s2.assignment)
                b1 = _brute_log_weight(view, reconstruct_shuffle(view, know, s1), model)
                b2 = _brute_log_weight(view, reconstruct_shuffle(view, know, s2), model)
                assert got == pytest.approx(b1 - b2, abs=1e-9)
                compared += 1
            game.play(bots[st.turn].choose(view))
    assert compared > 20


def test_the_exact_matching_fallback_is_consistent_too() -> None:
    """When the quick construction is not tried, the augmenting-path matching takes over."""
    rng = random.Random(8)
    checked = 0
    for g in range(10):
        game = Game.new(["a", "b", "c"], seed=300 + g)
        bots = [make_bot("random", i) for i in range(3)]
        while game.state.phase == "playing":
            st = game.state
            view = seat_view(st, st.turn)
            if view.history:
                _check_view(view, rng, 2, quick_tries=0)
                checked += 1
            game.play(bots[st.turn].choose(view))
    assert checked > 50
