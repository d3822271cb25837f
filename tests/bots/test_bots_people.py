"""reader learns a person from their saved games on this machine (``koza.play.people``)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from koza.bots.policies import THETA
from koza.bots.policy_fit import log_likelihood
from koza.bots.reader import ReaderBot, seat_thetas
from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.core.view import seat_view
from koza.play import people
from koza.play.session import Session
from koza.storage.savefile import load
from koza.tournament.people_check import SEATS, play_games


def test_a_persons_free_plays_are_read_from_a_saved_game_and_only_theirs(tmp_path: Path) -> None:
    (path,) = play_games(tmp_path, "greedy", 1, 5)
    events = load(path).events
    plays = people.person_choices(events, "Ann")
    assert plays  # up to eight rounds give a person some choices
    for phis, k in plays:
        assert len(phis) >= 2 and 0 <= k < len(phis)
        # a greedy stand-in always played a tile shedding the most points
        assert phis[k][0] == max(p[0] for p in phis)
    assert people.person_choices(events, "Bob") == []  # a bot's seat is not a person's
    assert people.person_choices(events, "Nobody") == []


def test_a_greedy_person_is_learned_sharper_and_explains_their_next_games_better(
    tmp_path: Path,
) -> None:
    play_games(tmp_path / "saves", "greedy", 12, 100)
    later = play_games(tmp_path / "later", "greedy", 4, 900)
    learned = people.learned_people(tmp_path / "saves", ["Ann", "Zoe"])
    assert set(learned) == {"Ann"}  # Zoe never played here: read by the prior
    prior = THETA["person"]
    assert learned["Ann"][0] > prior[0] * 2  # points shed count for much more
    held = [c for p in later for c in people.person_choices(load(p).events, "Ann")]
    assert log_likelihood(learned["Ann"], held) > log_likelihood(prior, held) + 0.1


def test_learning_skips_the_game_being_played_and_files_it_cannot_read(tmp_path: Path) -> None:
    paths = play_games(tmp_path, "greedy", 2, 7)
    (tmp_path / "broken.koza.jsonl").write_bytes(b"not a save\n")
    both = people.learned_people(tmp_path, ["Ann"])
    one = people.learned_people(tmp_path, ["Ann"], skip=paths[0])
    alone = people.learned_people(tmp_path, ["Ann"], skip=paths[1])
    assert both["Ann"] != one["Ann"] != alone["Ann"]
    assert people.learned_people(tmp_path / "none", ["Ann"]) == {}


def test_only_the_newest_games_are_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = play_games(tmp_path, "greedy", 3, 11)
    for age, path in enumerate(reversed(paths)):  # the last played is the newest
        os.utime(path, (1e9 - age, 1e9 - age))
    newest = people.learned_people(tmp_path, ["Ann"], games=1)
    assert newest == people.learned_people(tmp_path, ["Ann"], skip=paths[0], games=1)
    assert people.learned_people(tmp_path, ["Ann"], games=3) != newest
    monkeypatch.setattr(people, "PLAYS", 1)  # enough plays after the newest game
    assert people.learned_people(tmp_path, ["Ann"], games=3) == newest


def test_a_session_gives_reader_the_people_it_learned(tmp_path: Path) -> None:
    play_games(tmp_path, "greedy", 6, 21)
    seats = [SeatInfo(name="Ann"), SeatInfo(name="Rea", kind="bot", bot="reader")]
    with Session.create(seats, RuleSet(), 3, tmp_path, sync=False) as s:
        bot = s.bot(1)
        assert isinstance(bot, ReaderBot)
        view = seat_view(s.state, 1)
        thetas, persons = seat_thetas(view, bot._people_models())
        assert persons == [0]
        assert thetas[0] == people.learned_people(tmp_path, ["Ann"], skip=s.path)["Ann"]
        assert thetas[0] != THETA["person"]


def test_reader_keeps_playing_when_learning_fails(tmp_path: Path) -> None:
    def broken() -> dict[str, tuple[float, float, float, float]]:
        raise OSError("the disk went away")

    bot = ReaderBot(1, samples=4)
    bot.learn_people(broken)
    with Session.create(SEATS, RuleSet(), 4, tmp_path, sync=False) as s:
        game = s.game
        seat = 1
        while game.state.phase == "playing" and game.state.turn != seat:
            if s.bot(game.state.turn) is None:
                s.play(game.legal_moves()[0], sync=False)
            else:
                s.play_bot()
        if game.state.phase == "playing":
            cmd = bot.choose(seat_view(game.state, seat))
            assert cmd in game.legal_moves()
    assert bot._people_models() == {}
