"""Montecarlo reads its opponents: the sharpness it learns follows how they really play."""

from __future__ import annotations

import math
import random

import pytest

from koza.bots import make_bot, montecarlo
from koza.bots.knowledge import infer
from koza.bots.likelihood import BETA, BETAS, PlayModel
from koza.bots.montecarlo import MonteCarloBot
from koza.bots.opponents import OpponentModel, log_mean_exp
from koza.bots.sampler import Sampler
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.view import seat_view
from koza.play.driver import Seated, finish_game


def test_log_mean_exp_matches_the_plain_formula() -> None:
    xs = [-3.0, 0.5, 2.0]
    assert log_mean_exp(xs) == pytest.approx(math.log(sum(math.exp(x) for x in xs) / 3))
    assert log_mean_exp([-1000.0, -1000.0]) == pytest.approx(-1000.0)


def test_per_seat_likelihoods_agree_with_the_fixed_model() -> None:
    """At the default sharpness, the per-seat log-likelihoods differ between two deals
    exactly as the fixed model's log-weights do (the numerators cancel)."""
    k = BETAS.index(BETA)
    rng = random.Random(3)
    compared = 0
    for g in range(15):
        game = Game.new(["a", "b", "c"], seed=700 + g)
        bots = [make_bot("greedy", i) for i in range(3)]
        while game.state.phase == "playing":
            st = game.state
            view = seat_view(st, st.turn)
            know = infer(view)
            model = PlayModel(view, know)
            if model.facts:
                sampler = Sampler(view, know)
                s1, s2 = sampler.sample(rng), sampler.sample(rng)
                l1 = model.seat_log_likelihoods(s1.assignment)
                l2 = model.seat_log_likelihoods(s2.assignment)
                got = sum(v[k] for v in l1.values()) - sum(v[k] for v in l2.values())
                want = model.log_weight(s1.assignment) - model.log_weight(s2.assignment)
                assert got == pytest.approx(want, abs=1e-9)
                assert set(l1) == {f.seat for f in model.facts}
                compared += 1
            game.play(bots[st.turn].choose(view))
    assert compared > 15


def _learned(opponent: str, games: int) -> list[float]:
    """The sharpness a fast montecarlo in seat 0 has learned for seats 1 and 2."""
    out: list[float] = []
    for g in range(games):
        me = MonteCarloBot("fast", g)
        bots = [me, make_bot(opponent, 10 * g + 1), make_bot(opponent, 10 * g + 2)]
        game = Game.new(["a", "b", "c"], RuleSet(), seed=40 + g)
        finish_game(Seated(game, bots))
        out += [BETAS[me.opponents.beta_index(s)] for s in (1, 2)]
    return out


def test_greedy_opponents_are_learned_sharp_and_random_ones_flat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """After one game each: greedy is never read flatter than the default and is read
    as the sharpest value at least once; random is always read flatter."""
    monkeypatch.setattr(montecarlo, "LEARN_OPPONENTS", True)  # off by default: no gain shown
    monkeypatch.setattr(montecarlo, "READ_SHARP", False)  # else greedy's plays skip this model
    sharp = _learned("greedy", 2)
    flat = _learned("random", 2)
    assert min(sharp) >= BETA and max(sharp) == BETAS[-1]
    assert max(flat) < BETA


def test_the_prior_holds_until_there_is_evidence() -> None:
    model = OpponentModel()
    assert BETAS[model.beta_index(1)] == BETA
    # one round in which the plays favour the sharpest value
    model.observe(1, [{1: [-9.0, -7.0, -5.0, -3.0, -1.0]}])
    assert BETAS[model.beta_index(1)] == BETAS[-1]
    # a later round of a new game (round number back to 1) forgets the old evidence
    model.observe(3, [{1: [0.0] * len(BETAS)}])
    model.observe(1, [{2: [0.0] * len(BETAS)}])
    assert BETAS[model.beta_index(1)] == BETA
