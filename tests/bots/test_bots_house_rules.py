"""The bots under issue 29's house rules: what a forced opening rules out under
``first_lead``, the expert's fish under ``all_to_loser``, and a tournament with them."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support.deals import mask

from koza.bots.knowledge import opening_forbidden
from koza.cli.main import main as koza_main
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.core.tiles import BIT, DOUBLE_OF
from koza.core.view import seat_view
from koza.tournament import Setup, play_unit


@settings(max_examples=200, deadline=None)
@given(
    first_lead=st.sampled_from(["highest_double", "one_one", "lowest_double"]),
    players=st.integers(2, 4),
    seed=st.integers(0, 2**40),
)
def test_a_forced_opening_rules_out_only_tiles_nobody_was_dealt(
    first_lead: str, players: int, seed: int
) -> None:
    game = Game.new([f"p{i}" for i in range(players)], RuleSet(first_lead=first_lead), seed=seed)
    r = game.state.round
    assert r is not None
    dealt = 0
    for h in r.hands:
        dealt |= h
    game.play(game.legal_moves()[0])
    view = seat_view(game.state, (r.leader + 1) % players)
    ruled_out = opening_forbidden(view)
    assert ruled_out & dealt == 0
    if first_lead == "lowest_double" and r.opening != DOUBLE_OF[1]:
        assert ruled_out & BIT[DOUBLE_OF[1]]  # 1-1 would have led: nobody was dealt it
    if first_lead == "one_one" and r.opening != DOUBLE_OF[1]:
        assert ruled_out & BIT[DOUBLE_OF[1]]


def test_under_all_to_loser_the_expert_makes_a_fish_it_does_not_lose() -> None:
    from koza.bots.expert import _Context
    from koza.bots.knowledge import infer
    from koza.bots.rollout import Scoring

    def fish_value(rules: RuleSet) -> float:
        game = Game.new(["a", "b", "c"], rules, seed=1)
        view = seat_view(game.state, 0)
        ctx = _Context(view, infer(view))
        ctx.est_other = [0.0, 5.0, 30.0]  # seat 1 is thought to hold 5, seat 2 30
        assert ctx.sc == Scoring.of(rules, 3)
        return ctx._fish_value(mask("6-6"))  # I would be left with 12

    assert fish_value(RuleSet(fish_scoring="all_to_loser")) > 0  # seat 2 writes all of it
    assert fish_value(RuleSet()) < 0  # I would write my 12, seat 1 only 5


@pytest.mark.parametrize(
    "rule",
    [
        {"first_lead": "one_one"},
        {"first_lead": "lowest_double", "next_leader": "highest_double"},
        {"fish_scoring": "all_to_loser", "next_leader": "fish_closer"},
    ],
)
def test_a_tournament_plays_whole_games_under_the_new_options(rule: dict[str, str]) -> None:
    rules = RuleSet(target=60, **rule)
    unit = play_unit(Setup(("greedy", "expert", "random"), rules, "games", 4), 0)
    assert sum(unit.rounds) > 0 and len(unit.penalty) == 3


def test_the_tournament_command_takes_the_new_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["tournament", "--seats", "greedy,random", "--games", "1", "--quiet"]
    argv += ["--rule", "first_lead=lowest_double", "--rule", "fish_scoring=all_to_loser"]
    argv += ["--rule", "next_leader=fish_closer", "--save-dir", str(tmp_path)]
    assert koza_main(argv) == 0
    assert "greedy" in capsys.readouterr().out
