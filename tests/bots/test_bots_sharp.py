"""Sharp opponents: read as always shedding their heaviest fitting move until shown otherwise."""

from __future__ import annotations

import random

import pytest
from support.public_history import RULES, replay_public_history
from support.views import game_views, round_views

from koza.bots import make_bot, montecarlo
from koza.bots.knowledge import forced_opening, infer
from koza.bots.likelihood import PlayModel
from koza.bots.montecarlo import MonteCarloBot
from koza.bots.opponents import SharpSeats
from koza.bots.rollout import Scoring, move_weight
from koza.bots.sampler import Sampler, reconstruct_shuffle
from koza.core import engine
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.view import SeatView, seat_view
from koza.play.driver import Seated, finish_game


def _greedy_could_have(view: SeatView, shuffle: list[int], sharp: frozenset[int]) -> int:
    """Replay the public history on ``shuffle``; at every free play of a ``sharp`` seat,
    assert no single fitting tile then in its hand shed more.  Returns the plays checked."""
    sc = Scoring.of(view.rules, view.n_players)
    forced = forced_opening(view)
    r = replay_public_history(view, shuffle, forced)  # the history is possible at all
    hands, bazaar = engine.split_deal(
        shuffle, view.n_players, view.rules.hand_size_for(view.n_players)
    )
    leader, opening = (
        engine.first_opening(hands, view.rules.first_lead) if forced else (view.leader, -1)
    )
    r = engine.Round(hands, bazaar, leader, opening, view.rules.double_play == "doubles")
    checked = 0
    for i, act in enumerate(view.history):
        legal = engine.legal_moves(r)
        played = next(m for m in legal if _same(m, act))
        drawn_now = (
            i > 0 and view.history[i - 1].kind == "draw" and view.history[i - 1].seat == act.seat
        )
        free = not (i == 0 and forced) and not drawn_now
        if act.seat in sharp and act.kind in ("play", "doubles") and free:
            heaviest = max(move_weight(sc, m) for m in legal if m[0] == engine.PLAY)
            assert move_weight(sc, played) >= heaviest, (act, r.key())
            checked += 1
        engine.apply(r, played)
    return checked


def _same(move: engine.Move, act: object) -> bool:
    kind, a, b = move
    tiles = act.tiles  # type: ignore[attr-defined]
    if act.kind == "play":  # type: ignore[attr-defined]
        side = {"left": engine.LEFT, "right": engine.RIGHT, "open": engine.OPEN}
        return kind == engine.PLAY and a == tiles[0] and b == side[act.side]  # type: ignore[attr-defined]
    if act.kind == "doubles":  # type: ignore[attr-defined]
        return kind == engine.DOUBLES and (a, b) == tuple(tiles)
    return kind == (engine.DRAW if act.kind == "draw" else engine.PASS)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("players", "rules"), RULES)
def test_deals_drawn_for_sharp_opponents_are_ones_greedy_could_have_played(
    players: int, rules: RuleSet
) -> None:
    """Against greedy opponents read as sharp: the reading is never contradicted, and
    every sampled deal is one in which each of their plays was a heaviest one."""
    rng = random.Random(players)
    checked = 0
    for g in range(8):
        game = Game.new(
            [f"p{i}" for i in range(players)], rules.model_copy(update={"target": 60}), seed=g
        )
        bots = [make_bot("greedy", g * 7 + i) for i in range(players)]
        for view in game_views(game, bots):
            sharp = frozenset(s for s in range(players) if s != view.seat)
            if view.history and rng.random() < 0.3:
                know = infer(view, sharp)
                assert not know.broken
                sampler = Sampler(view, know)
                assert sampler.feasible()
                for _ in range(3):
                    smp = sampler.sample(rng)
                    checked += _greedy_could_have(view, reconstruct_shuffle(view, know, smp), sharp)
    assert checked > 100


def test_the_sharp_reading_rules_out_heavier_fitting_tiles() -> None:
    """Some sampled deal without the reading holds a tile a greedy opponent would have
    played instead; with the reading, none does (checked on the same views)."""
    rng = random.Random(5)
    loose = 0
    for g in range(10):
        bots = [make_bot("greedy", g * 3 + i) for i in range(3)]
        for view in round_views(300 + g, bots):
            sharp = frozenset(s for s in range(3) if s != view.seat)
            if len(view.history) > 3:
                plain = infer(view)
                for _ in range(3):
                    smp = Sampler(view, plain).sample(rng)
                    try:
                        _greedy_could_have(view, reconstruct_shuffle(view, plain, smp), sharp)
                    except AssertionError:
                        loose += 1
    assert loose > 10


def _flagged(opponent: str, games: int) -> list[set[int]]:
    """Per game: the seats seat 0 has found unsharp by the end of it."""
    out: list[set[int]] = []
    for g in range(games):
        reader = SharpSeats()
        bots = [make_bot(opponent, 10 * g + i) for i in range(3)]
        game = Game.new(["a", "b", "c"], RuleSet(), seed=60 + g)
        for view in game_views(game, bots):
            if view.seat == 0:
                reader.knowledge(view)
        out.append(set(reader.unsharp))
    return out


def test_greedy_stays_sharp_and_random_is_found_out_within_a_game() -> None:
    assert _flagged("greedy", 4) == [set()] * 4
    assert _flagged("random", 4) == [{1, 2}] * 4


def test_a_new_game_reads_everyone_sharp_again() -> None:
    reader = SharpSeats()
    reader.unsharp = {1}
    game = Game.new(["a", "b", "c"], seed=1)
    st = game.state
    reader._last_round = 5
    _, sharp = reader.knowledge(seat_view(st, 0))
    assert sharp == frozenset({1, 2})
    assert reader.unsharp == set()


def test_the_play_model_leaves_out_the_seats_read_sharp() -> None:
    seen = 0
    for g in range(10):
        bots = [make_bot("random", g * 3 + i) for i in range(3)]
        for view in round_views(500 + g, bots):
            know = infer(view)
            full = PlayModel(view, know)
            part = PlayModel(view, know, skip=frozenset({(view.seat + 1) % 3}))
            assert {f.seat for f in part.facts} == {f.seat for f in full.facts} - {
                (view.seat + 1) % 3
            }
            seen += len(full.facts) > len(part.facts)
    assert seen > 10


@pytest.mark.parametrize("opponent", ["greedy", "random"])
def test_montecarlo_with_the_sharp_reading_plays_a_whole_game(
    opponent: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the reading on (off by default: no gain measured), montecarlo finishes a
    game, keeping greedy sharp and finding random out."""
    monkeypatch.setattr(montecarlo, "READ_SHARP", True)
    me = MonteCarloBot("fast", 3, samples=8)
    bots = [me, make_bot(opponent, 1), make_bot(opponent, 2)]
    game = Game.new(["a", "b", "c"], RuleSet(), seed=77)
    finish_game(Seated(game, bots))
    assert me.sharp.unsharp == (set() if opponent == "greedy" else {1, 2})
