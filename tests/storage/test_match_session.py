"""A match played through its file and its saves: rotating partners, the plan's checks,
resuming, and the match file itself (pydantic-checked, its schema, its game names)."""

from __future__ import annotations

import itertools
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from koza.core.events import SeatInfo
from koza.core.match import MatchPlan, plan_problem
from koza.core.rules import RuleSet
from koza.play.driver import finish_game
from koza.play.match_session import MatchSession
from koza.storage.savefile import SaveError, load


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), target=st.integers(5, 60))
def test_a_rotating_match_gives_every_pair_of_players_one_game_together(
    seed: int, target: int
) -> None:
    seats = [SeatInfo(name=f"P{i}", kind="bot", bot="random") for i in range(4)]
    plan = MatchPlan.parse("rotating-partners")
    with tempfile.TemporaryDirectory() as folder:
        match = MatchSession.create(seats, RuleSet(target=target), plan, seed, Path(folder))
        while (session := match.next_game(sync=False)) is not None:
            with session:
                finish_game(session)
                match.record(session.state)
        together: list[frozenset[str]] = []
        for path in match.game_paths():
            state = load(path).state
            names = [s.name for s in state.seats]
            assert state.rules.teams == "pairs" and sorted(names) == ["P0", "P1", "P2", "P3"]
            together += [frozenset(names[0::2]), frozenset(names[1::2])]
    every_pair = {frozenset(p) for p in itertools.combinations(["P0", "P1", "P2", "P3"], 2)}
    assert len(together) == 6 and set(together) == every_pair
    assert match.sheet().over and match.sheet().played == 3


def test_plan_problem_names_what_does_not_follow_the_plan(tmp_path: Path) -> None:
    seats = [SeatInfo(name=f"P{i}", kind="bot", bot="random") for i in range(3)]
    match = MatchSession.create(seats, RuleSet(target=30), MatchPlan.parse("2"), 7, tmp_path)
    states = []
    while (session := match.next_game(sync=False)) is not None:
        with session:
            finish_game(session)
            states.append(session.state)
    plan = match.plan
    assert plan_problem(plan, 7, states) is None
    wrong_seed = plan_problem(plan, 8, states)
    assert wrong_seed is not None and wrong_seed.key == "match.wrong_seed"
    assert plan_problem(plan, 7, [*states, states[0]]).key == "match.too_many"  # type: ignore[union-attr]
    assert plan_problem(MatchPlan.parse("1"), 7, states).key == "match.too_many"  # type: ignore[union-attr]
    assert plan_problem(MatchPlan.parse("goats:5"), 7, states[::-1]).key == "match.wrong_seed"  # type: ignore[union-attr]


def bots(n: int) -> list[SeatInfo]:
    return [SeatInfo(name=f"P{i}", kind="bot", bot="random") for i in range(n)]


def played(folder: Path, plan: str = "2", players: int = 3) -> MatchSession:
    match = MatchSession.create(bots(players), RuleSet(target=30), MatchPlan.parse(plan), 5, folder)
    while (session := match.next_game(sync=False)) is not None:
        with session:
            finish_game(session)
            match.record(session.state)
    return match


def test_a_match_resumes_its_unfinished_game_then_goes_on(tmp_path: Path) -> None:
    match = MatchSession.create(bots(3), RuleSet(target=30), MatchPlan.parse("2"), 5, tmp_path)
    first = match.next_game(sync=False)
    assert first is not None
    with first:
        for _ in range(6):
            first.play_bot()
    again = MatchSession.open(match.path)
    assert again.sheet().played == 0 and not again.over
    resumed = again.next_game(sync=False)
    assert resumed is not None and resumed.path == first.path
    with resumed:
        finish_game(resumed)
    second = again.next_game(sync=False)  # game 1 counted as it was found finished
    assert second is not None and second.path != first.path
    with second:
        finish_game(second)
    assert again.next_game(sync=False) is None and again.over
    files = sorted(p.name for p in tmp_path.iterdir())
    assert len(files) == 3 and sum(name.endswith(".koza-match.json") for name in files) == 1
    assert MatchSession.open(match.path).sheet() == again.sheet()


def test_the_match_file_only_names_its_games(tmp_path: Path) -> None:
    match = played(tmp_path)
    data = json.loads(match.path.read_text())
    assert set(data) == {"format", "schema", "match_id", "plan", "seed", "games"}
    assert (data["format"], data["schema"], data["plan"]) == ("koza-match", 1, "2")
    assert data["games"] == [p.name for p in match.game_paths()]


def test_a_new_match_never_takes_an_existing_name(tmp_path: Path) -> None:
    plan = MatchPlan.parse("1")
    a = MatchSession.create(bots(2), None, plan, 1, tmp_path, match_id="same")
    b = MatchSession.create(bots(2), None, plan, 1, tmp_path, match_id="same")
    assert a.path != b.path and a.path.exists() and b.path.exists()


def rewrite(path: Path, **changes: object) -> None:
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(
    ("changes", "said"),
    [
        ({"schema": 2}, "match schema 2 is newer than this koza"),
        ({"format": "koza-save"}, "not a koza match file"),
        ({"games": "all"}, "not a valid match file: games"),
        ({"plan": "sometimes"}, "not a valid match file: plan bad match 'sometimes'"),
        ({"extra": 1}, "not a valid match file: extra"),
        (
            {"games": ["../elsewhere.koza.jsonl"]},
            "game 1: '../elsewhere.koza.jsonl' is not the name",
        ),
        ({"games": ["nowhere.koza.jsonl"]}, "game 1: no such file"),
        ({"games": []}, "the match names no game"),
        ({"seed": 6}, "game 1's seed is not the one the match gives it"),
        ({"plan": "1"}, "the match names 2 games, more than its plan allows (1)"),
    ],
)
def test_a_bad_match_file_is_one_line(
    tmp_path: Path, changes: dict[str, object], said: str
) -> None:
    match = played(tmp_path)
    rewrite(match.path, **changes)
    with pytest.raises(SaveError) as caught:
        MatchSession.open(match.path)
    assert said in str(caught.value) and "\n" not in str(caught.value)
    assert str(caught.value).startswith(str(match.path))


def test_games_out_of_order_are_refused(tmp_path: Path) -> None:
    match = played(tmp_path, "rotating-partners", players=4)
    data = json.loads(match.path.read_text())
    rewrite(match.path, games=[data["games"][0], data["games"][2], data["games"][1]])
    with pytest.raises(
        SaveError, match="game 2 does not seat the match's players as its plan says"
    ):
        MatchSession.open(match.path)
