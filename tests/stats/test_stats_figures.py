"""Statistics over a folder of saves equal the figures the test counts from the events itself."""

from __future__ import annotations

import hashlib
import json
from collections import Counter, defaultdict
from pathlib import Path

import pytest
from support.stats import Folder, mixed_folder, play_game, write_review

from koza.core.events import (
    DoublesPlayed,
    GameCreated,
    GameOver,
    RoundScored,
    TileDrawn,
    TilePlayed,
    TurnPassed,
)
from koza.play.session import Session
from koza.stats import collect
from koza.stats.reviews import review_losses
from koza.storage.savefile import load


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Folder:
    return mixed_folder(tmp_path_factory.mktemp("stats") / "saves")


def counted_by_hand(saves: list[Path]) -> dict[tuple[str, str], Counter[str]]:
    """Per player (bots per level), each figure counted straight from the events."""
    found: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    for path in saves:
        events = load(path).events
        created = events[0]
        assert isinstance(created, GameCreated)
        pairs = created.rules.teams == "pairs" and len(created.seats) == 4
        keys = [
            ("bot", s.bot or "") if s.kind == "bot" else ("human", s.name) for s in created.seats
        ]
        last_mover = -1
        for ev in events:
            if isinstance(ev, TilePlayed | DoublesPlayed | TileDrawn | TurnPassed):
                last_mover = ev.seat
            if isinstance(ev, RoundScored):
                for seat, key in enumerate(keys):
                    found[key]["rounds"] += 1
                    found[key]["points"] += ev.hand_points[seat]
                    found[key]["recorded"] += ev.recorded[seat % 2 if pairs else seat]
                    found[key]["went_out"] += ev.out_seat == seat
                    found[key]["fish"] += ev.outcome == "fish" and last_mover == seat
            if isinstance(ev, GameOver):
                for seat, key in enumerate(keys):
                    found[key]["finished"] += 1
                    found[key]["goats"] += (seat % 2 if pairs else seat) in ev.goats
        for key in keys:
            found[key]["games"] += 1
    return found


def test_the_figures_equal_those_counted_from_the_events(folder: Folder) -> None:
    stats = collect(folder.path)
    expected = counted_by_hand(folder.saves)
    got = {
        (p.kind, p.name): Counter(
            {
                name: getattr(p, name)
                for name in (
                    "games",
                    "finished",
                    "goats",
                    "rounds",
                    "points",
                    "recorded",
                    "went_out",
                    "fish",
                )
            }
        )
        for p in stats.players
    }
    assert {k: +v for k, v in got.items()} == {k: +v for k, v in expected.items()}
    assert stats.games == len(folder.saves) == 6
    # the folder was built with Anna in 5 games, Boris in 3, greedy seats 5, random seats 3
    games = {(p.kind, p.name): p.games for p in stats.players}
    assert games == {
        ("human", "Anna"): 5,
        ("human", "Boris"): 3,
        ("bot", "greedy"): 5,
        ("bot", "random"): 3,
    }
    assert [p.name for p in stats.players] == ["Anna", "Boris", "greedy", "random"]


def test_rates_and_means_follow_from_the_counts(folder: Folder) -> None:
    for p in collect(folder.path).players:
        assert p.finished == p.games - (p.name in ("Anna", "greedy"))  # the cut game
        assert p.goat_rate == pytest.approx(p.goats / p.finished)
        assert p.points_per_round == pytest.approx(p.points / p.rounds)
        assert p.recorded_per_round == pytest.approx(p.recorded / p.rounds)
        assert p.unfinished == p.games - p.finished
        assert p.loss_per_move is None  # no review in this folder
        assert len(p.history) == p.games
        assert [g.started for g in p.history] == sorted(g.started for g in p.history)


def test_an_unfinished_game_counts_its_rounds_but_no_goat(tmp_path: Path) -> None:
    play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=5, max_rounds=1)
    anna = collect(tmp_path).players[0]
    assert (anna.name, anna.games, anna.finished, anna.rounds) == ("Anna", 1, 0, 1)
    assert anna.goat_rate is None and not anna.history[0].finished


def test_unreadable_saves_are_counted_and_named_never_fatal(folder: Folder) -> None:
    stats = collect(folder.path)
    assert [bad.name for bad in stats.unreadable] == ["cut.koza.jsonl", "garbage.koza.jsonl"]
    cut, garbage = stats.unreadable
    assert cut.line.startswith("cut.koza.jsonl:4: ") and "\n" not in cut.line
    assert garbage.line.startswith("garbage.koza.jsonl:1: not a koza save")
    assert str(folder.path) not in cut.line  # the name alone, not the whole path


def test_a_review_beside_a_save_gives_the_loss_per_move(tmp_path: Path) -> None:
    one = play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=1)
    two = play_game(tmp_path, ["Anna", "Boris"], seed=2)
    write_review(one, [{"seat": 0, "loss": 1.5}, {"seat": 0, "loss": 0.5}, {"seat": 1, "loss": 3}])
    stem = two.name.removesuffix(".koza.jsonl") + ".review.json"  # the other name it may take
    write_review(two, [{"seat": 0, "name": "Anna", "loss": 4.0, "mark": "blunder"}], name=stem)
    stats = collect(tmp_path)
    by_name = {p.name: p for p in stats.players}
    assert stats.reviewed == 2
    assert by_name["Anna"].review_moves == 3
    assert by_name["Anna"].loss_per_move == pytest.approx((1.5 + 0.5 + 4.0) / 3)
    assert by_name["greedy"].loss_per_move == pytest.approx(3.0)
    assert by_name["Boris"].loss_per_move is None  # reviewed, but none of his moves


def test_a_broken_review_or_move_is_ignored(tmp_path: Path) -> None:
    save = play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=1)
    review = write_review(save, [])
    for text in ("not json", "[]", json.dumps({"version": 99, "moves": []}), "{}"):
        review.write_text(text)
        assert review_losses(save, 2) is None, text
    bad_moves = [
        {"seat": 5, "loss": 1.0},
        {"seat": True, "loss": 1.0},
        {"seat": 0, "loss": True},
        {"seat": 0, "loss": "2"},
        {"seat": 0},
        "move",
        {"seat": 1, "loss": 2.0},
    ]
    sha = hashlib.sha256(save.read_bytes()).hexdigest()
    review.write_text(json.dumps({"version": 1, "save_sha256": sha, "moves": bad_moves}))
    assert review_losses(save, 2) == {1: (1, 2.0)}
    nan_loss = '[{"seat": 0, "loss": NaN}]'
    review.write_text(f'{{"version": 1, "save_sha256": "{sha}", "moves": {nan_loss}}}')
    assert review_losses(save, 2) == {}
    assert collect(tmp_path).players[0].review_moves == 0


def test_an_empty_or_missing_folder_has_no_figures(tmp_path: Path) -> None:
    for where in (tmp_path, tmp_path / "nowhere"):
        stats = collect(where)
        assert (stats.games, stats.players, stats.unreadable) == (0, [], [])


def test_a_bot_counts_for_its_level_and_a_person_for_their_name() -> None:
    from support.stats import seat

    from koza.stats.figures import player_of

    assert player_of(seat("bot:montecarlo:fast:Mo")) == ("bot", "montecarlo:fast")
    assert player_of(seat("bot:greedy:Anna")) == ("bot", "greedy")  # a bot named like a person
    assert player_of(seat("Anna ")) == player_of(seat("Anna")) == ("human", "Anna")


def test_a_review_made_before_the_game_went_on_is_not_counted(tmp_path: Path) -> None:
    save = play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=5, max_rounds=1)
    write_review(save, [{"seat": 0, "loss": 2.0}])
    assert collect(tmp_path).players[0].review_moves == 1
    with Session.open(save, sync=False) as resumed:  # the game goes on past the review
        resumed.next_round()
        resumed.play(resumed.game.legal_moves()[0])
    stats = collect(tmp_path)
    assert stats.reviewed == 0 and stats.stale_reviews == [save.name]
    assert stats.players[0].review_moves == 0
    assert review_losses(save, 2) is None
    review = save.with_name(save.name + ".review.json")
    review.write_text(json.dumps({"version": 1, "moves": [{"seat": 0, "loss": 2.0}]}))
    assert collect(tmp_path).stale_reviews == [save.name]  # a review that names no save


def test_a_save_with_its_last_line_cut_is_counted_unfinished_and_named(tmp_path: Path) -> None:
    save = play_game(tmp_path, ["Anna", "bot:greedy:Gosha"], seed=6)
    data = save.read_bytes()
    save.write_bytes(data[: data.rindex(b"{") + 20])  # the game_over line cut part way
    stats = collect(tmp_path)
    assert stats.torn == [save.name] and stats.unreadable == []
    anna = stats.players[0]
    assert (anna.games, anna.finished, anna.unfinished) == (1, 0, 1)
