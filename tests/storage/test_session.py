"""Session: create/open/play/close, bots, the saves list, and the save folder."""

from __future__ import annotations

import os
import re
from pathlib import Path

import platformdirs
import pytest
from support.saves import bot_seats, play_out, saved_game

from koza.bots import RandomBot
from koza.core.commands import Draw, Pass
from koza.core.events import SeatInfo
from koza.core.game import IllegalMoveError
from koza.core.rules import RuleError, RuleSet
from koza.play.session import Session
from koza.storage import folder as paths
from koza.storage.listing import SaveSummary, latest_unfinished, list_saves
from koza.storage.savefile import SaveError, load


def test_create_names_the_file_and_saves_the_deal(tmp_path: Path) -> None:
    with Session.create(["Ann", "Bob"], seed=1, save_dir=tmp_path) as s:
        assert s.path.parent == tmp_path
        assert re.fullmatch(r"\d{8}-\d{6}-[0-9a-f]{12}\.koza\.jsonl", s.path.name)
        assert s.game.state.game_id in s.path.name
        assert [e.type for e in load(s.path).events] == ["game_created", "round_dealt"]
        assert s.state.phase == "playing"


def test_every_move_is_on_disk_before_play_returns(tmp_path: Path) -> None:
    with Session.create(["Ann", "Bob", "Cy"], seed=2, save_dir=tmp_path) as s:
        for _ in range(6):
            s.play(s.game.legal_moves()[0], seat=s.game.turn)
            assert load(s.path).events == list(s.game.events)


def test_illegal_moves_pass_through_and_write_nothing(tmp_path: Path) -> None:
    with Session.create(["Ann", "Bob"], seed=3, save_dir=tmp_path) as s:
        before = s.path.read_bytes()
        with pytest.raises(IllegalMoveError):
            s.play(Pass())
        with pytest.raises(IllegalMoveError, match="not your turn"):
            s.play(s.game.legal_moves()[0], seat=1 - s.game.turn)
        with pytest.raises(IllegalMoveError):
            s.next_round()
        assert s.path.read_bytes() == before
        assert Draw() not in s.game.legal_moves()  # the leader always has a tile to open


def test_bad_seats_make_no_file(tmp_path: Path) -> None:
    with pytest.raises(RuleError):
        Session.create(["solo"], save_dir=tmp_path)
    with pytest.raises(RuleError):
        Session.create(["a", "b", "c"], RuleSet(teams="pairs"), save_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_close_releases_and_stops_play(tmp_path: Path) -> None:
    s = Session.create(["Ann", "Bob"], seed=4, save_dir=tmp_path)
    s.close()
    s.close()  # twice is fine
    assert s.closed
    with pytest.raises(SaveError, match="the session is closed"):
        s.play(s.game.legal_moves()[0])
    with Session.open(s.path) as again:
        again.play(again.game.legal_moves()[0])
    assert len(load(s.path).events) == 3


def test_bots_for_bot_seats_only_and_seeded_by_the_game(tmp_path: Path) -> None:
    seats = [SeatInfo(name="Me"), SeatInfo(name="R", kind="bot", bot="random")]
    with Session.create(seats, seed=5, save_dir=tmp_path) as s:
        assert s.bot(0) is None
        bot = s.bot(1)
        assert isinstance(bot, RandomBot) and s.bot(1) is bot
    games = []
    for _ in range(2):
        with Session.create(bot_seats(3), seed=6, save_dir=tmp_path, sync=False) as s:
            play_out(s)
            games.append([e.model_dump(exclude={"at"}) for e in s.game.events[1:]])
    assert games[0] == games[1]


def test_play_bot_refuses_a_human_turn(tmp_path: Path) -> None:
    with (
        Session.create(["Ann", "Bob"], seed=7, save_dir=tmp_path) as s,
        pytest.raises(ValueError, match="no bot is to move"),
    ):
        s.play_bot()


def test_list_saves_newest_first_and_never_changes_a_file(tmp_path: Path) -> None:
    done = saved_game(tmp_path, seed=1, players=2)
    mid = saved_game(tmp_path, seed=2, players=4, max_events=25)
    torn = saved_game(tmp_path, seed=3, players=3, max_events=15)
    torn.write_bytes(torn.read_bytes() + b'{"seq": 15, "ty')
    bad = tmp_path / "20200101-000000-bad.koza.jsonl"
    bad.write_text("not a save\n")
    (tmp_path / "notes.txt").write_text("ignored")
    for age, p in enumerate([torn, mid, bad, done]):
        os.utime(p, (1_700_000_000 - age * 60, 1_700_000_000 - age * 60))
    stamps = {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()}

    saves = list_saves(tmp_path)
    assert [s.path for s in saves] == [torn, mid, done]
    first = saves[1]
    assert isinstance(first, SaveSummary)
    assert first.names == ("Bot 1", "Bot 2", "Bot 3", "Bot 4")
    assert first.kinds == ("bot",) * 4 and first.round_no >= 1
    assert not first.finished and saves[2].finished
    assert len(saves[2].totals) == 2 and max(saves[2].totals) >= 101
    assert saves[0].modified > saves[1].modified

    flagged = list_saves(tmp_path, include_bad=True)
    assert [s.path for s in flagged] == [torn, mid, bad, done]
    assert flagged[2].error == f"{bad}:1: not a koza save (no koza-save header)"
    assert all(s.error is None for s in saves)

    assert latest_unfinished(tmp_path) == torn
    assert {p: (p.read_bytes(), p.stat().st_mtime_ns) for p in tmp_path.iterdir()} == stamps


def test_list_saves_of_a_missing_folder_is_empty(tmp_path: Path) -> None:
    assert list_saves(tmp_path / "nothing") == []
    assert latest_unfinished(tmp_path / "nothing") is None


def test_latest_unfinished_skips_finished_games(tmp_path: Path) -> None:
    saved_game(tmp_path, seed=1, players=2)
    assert latest_unfinished(tmp_path) is None


def test_save_folder_override_env_and_default(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("KOZA_HOME", raising=False)
    assert paths.save_dir() == platformdirs.user_data_path("koza", appauthor=False)
    monkeypatch.setenv("KOZA_HOME", str(tmp_path / "home"))
    assert paths.save_dir() == tmp_path / "home"
    assert paths.save_dir(tmp_path / "cli") == tmp_path / "cli"
    with Session.create(["Ann", "Bob"], seed=1) as s:
        assert s.path.parent == tmp_path / "home"
    assert [x.path for x in list_saves()] == [s.path]


def test_list_saves_sees_a_game_change(tmp_path: Path) -> None:
    path = saved_game(tmp_path, seed=9, players=2, max_events=10)
    assert [s.finished for s in list_saves(tmp_path)] == [False]
    assert list_saves(tmp_path)[0] is list_saves(tmp_path)[0]  # remembered while unchanged
    with Session.open(path) as s:
        play_out(s)
    assert [s.finished for s in list_saves(tmp_path)] == [True]
    assert latest_unfinished(tmp_path) is None


def test_each_event_is_flushed_to_disk_as_it_happens(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from koza.storage import writer

    synced: list[int] = []  # how many events the file held at each fsync
    real = writer._sync

    def counting(fd: int) -> None:
        synced.append(os.pread(fd, 1 << 20, 0).count(b"\n") - 1)  # less the header
        real(fd)

    monkeypatch.setattr(writer, "_sync", counting)
    with Session.create(["Ann", "Bob"], seed=1, save_dir=tmp_path) as s:
        synced.clear()
        for _ in range(5):
            s.play(s.game.legal_moves()[0])
            assert synced[-1] == len(s.game.events)  # synced before play returned
    # people's seats: one fsync per move (events 3 to 7), before koza waited for the next
    assert synced == [3, 4, 5, 6, 7]


def test_a_dropped_session_releases_its_lock(tmp_path: Path) -> None:
    import gc

    path = Session.create(["Ann", "Bob"], seed=1, save_dir=tmp_path).path
    gc.collect()
    with Session.open(path) as s:
        assert s.state.phase == "playing"
