"""A session picks up after whatever stopped it: an unknown bot, a save cut short
after ``game_created``, a full disk mid-step, a save folder deleted mid-game."""

from __future__ import annotations

import errno
import json
import shutil
from pathlib import Path

import pytest
from support.saves import bot_seats, lines_of, play_out, saved_game, write_lines

from koza.bots import ALL_BOTS, make_bot
from koza.bots.montecarlo import LEVELS
from koza.cli.main import main
from koza.core.events import BOT_SPECS, SeatInfo
from koza.core.game import Game
from koza.core.rules import RuleSet
from koza.play.session import Session
from koza.storage import writer
from koza.storage.savefile import SaveError, load

# --- 2: a bot koza cannot make --------------------------------------------------


def test_the_event_model_knows_exactly_the_bots_koza_can_make() -> None:
    assert set(ALL_BOTS) <= BOT_SPECS
    assert {f"montecarlo:{level}" for level in LEVELS} <= BOT_SPECS
    for spec in BOT_SPECS:
        assert make_bot(spec, 1).name  # every spec a save may name can be built


@pytest.mark.parametrize("spec", ["nonexistent", "random:2", "montecarlo:xyz"])
def test_a_save_naming_an_unknown_bot_is_refused_with_file_and_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], spec: str
) -> None:
    path = saved_game(tmp_path, seed=2, players=3, max_events=20)
    lines = lines_of(path)
    created = json.loads(lines[1])
    created["seats"][1]["bot"] = spec
    write_lines(path, [lines[0], json.dumps(created), *lines[2:]])
    before = path.read_bytes()
    said = f"{path}:2: bad game_created event: seats.1.bot: unknown bot {spec!r}"
    with pytest.raises(SaveError) as info:
        load(path)
    assert str(info.value) == said
    assert main(["verify", str(path)]) == 1
    assert capsys.readouterr().err == said + "\n"
    assert main(["resume", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("koza: ") and said in err and err.count("\n") == 1
    assert path.read_bytes() == before
    with pytest.raises(ValueError, match="unknown bot"):
        SeatInfo(name="Bob", kind="bot", bot=spec)


def test_resume_names_a_bot_that_cannot_be_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = saved_game(tmp_path, seed=4, players=2, max_events=10)

    def refuse(spec: str, seed: int | None = None) -> object:
        raise ValueError(f"unknown bot {spec!r}")

    monkeypatch.setattr("koza.play.session.make_bot", refuse)
    with pytest.raises(SaveError) as info:
        Session.open(path)
    assert str(info.value) == (
        f"{path}: seat 1 (Bot 1) is played by a bot this koza cannot make: unknown bot 'random'"
    )
    monkeypatch.undo()
    with Session.open(path) as s:  # the refused open let go of its lock
        assert s.state.phase == "playing"


# --- 3: a save that ends right after game_created -----------------------------------


def test_resume_deals_round_one_of_a_save_cut_after_game_created(tmp_path: Path) -> None:
    whole = saved_game(tmp_path, seed=9, players=3, max_events=5)
    dealt = load(whole).events[1]
    lines = lines_of(whole)
    cut = tmp_path / "cut.koza.jsonl"
    write_lines(cut, lines[:2])
    with Session.open(cut) as s:
        assert s.state.phase == "playing" and s.state.round_no == 1
        assert s.game.events[1].model_dump(exclude={"at"}) == dealt.model_dump(exclude={"at"})
        play_out(s)
        n = len(s.game.events)
    loaded = load(cut)
    assert loaded.state.phase == "game_over" and len(loaded.events) == n


# --- 8: a half-made save is never left behind ----------------------------------------


def test_a_save_takes_its_name_only_with_its_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = writer._write_all
    seen: list[bytes] = []

    def watching(fd: int, data: bytes) -> None:
        seen.append(data)
        if len(seen) == 1:  # the header and game_created, in one write, under no name yet
            assert not list(tmp_path.glob("*.koza.jsonl")), "named before the game was written"
        real(fd, data)

    monkeypatch.setattr(writer, "_write_all", watching)
    with Session.create(bot_seats(2), seed=3, save_dir=tmp_path, sync=False) as s:
        monkeypatch.setattr(writer, "_write_all", real)
        assert [p.name for p in tmp_path.iterdir()] == [s.path.name]
    first = seen[0].split(b"\n")
    assert first[0] == lines_of(s.path)[0].encode()
    assert json.loads(first[1])["type"] == "game_created"


def test_a_game_that_fails_to_start_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(fd: int, data: bytes) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(writer, "_write_all", full)
    with pytest.raises(SaveError, match=r"could not save \(No space left on device\)$"):
        Session.create(bot_seats(2), seed=3, save_dir=tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_a_new_save_never_replaces_one_that_appeared_meanwhile(tmp_path: Path) -> None:
    path = tmp_path / "taken.koza.jsonl"
    w = writer.SaveWriter.create(path, sync=False)
    path.write_text("someone else's\n")
    with pytest.raises(SaveError, match="a save with this name already exists$"):
        w(Game.new(["a", "b"], seed=1).events[0])
    w.discard()
    assert path.read_text() == "someone else's\n"
    assert [p.name for p in tmp_path.iterdir()] == ["taken.koza.jsonl"]


# --- 9: a full disk while a round's score is written -----------------------------------


def test_a_session_settles_on_its_own_once_the_disk_has_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = writer._write_all
    refused: list[bytes] = []

    def full_once(fd: int, data: bytes) -> None:
        if b'"round_scored"' in data and not refused:
            refused.append(data)
            raise OSError(errno.ENOSPC, "No space left on device")
        real(fd, data)

    monkeypatch.setattr(writer, "_write_all", full_once)
    with Session.create(bot_seats(3), RuleSet(target=40), 5, tmp_path, sync=False) as s:
        with pytest.raises(SaveError, match="No space left on device"):
            play_out(s)
        stuck = s.game.state  # the last move is saved, its round's score is not
        assert stuck.phase == "playing" and stuck.round is not None and stuck.round.over
        assert s.state.phase == "round_over"  # written as soon as it is looked at
        play_out(s)
        events = s.game.events
    assert refused and load(s.path).events == list(events)
    assert sum(e.type == "round_scored" for e in events) == len(load(s.path).state.records)


# --- 10: the save folder deleted mid-game -----------------------------------------------


@pytest.mark.parametrize("how", ["folder deleted", "file replaced"])
def test_moves_into_a_vanished_save_are_refused(tmp_path: Path, how: str) -> None:
    folder = tmp_path / "saves"
    with Session.create(bot_seats(2), seed=6, save_dir=folder, sync=False) as s:
        s.play_bot()
        if how == "folder deleted":
            shutil.rmtree(folder)
        else:
            data = s.path.read_bytes()
            s.path.unlink()
            s.path.write_bytes(data)
        n = len(s.game.events)
        with pytest.raises(SaveError) as info:
            s.play_bot()
        assert str(info.value) == (
            f"{s.path}: the save file was moved or deleted while the game was open; "
            "nothing more can be saved"
        )
        assert len(s.game.events) == n
