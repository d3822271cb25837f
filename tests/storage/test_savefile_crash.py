"""Crash safety and locking across real processes: kill -9 mid-game, two writers."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from support.saves import play_out
from support.waiting import PATIENCE

from koza.play.session import Session
from koza.storage.savefile import SaveError, load

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals and flock")

WRITER = textwrap.dedent(
    """
    import sys
    from pathlib import Path
    from koza.core.events import SeatInfo
    from koza.core.rules import RuleSet
    from koza.play.session import Session

    seats = [SeatInfo(name=f"B{i}", kind="bot", bot="random") for i in range(4)]
    s = Session.create(seats, RuleSet(target=1000), int(sys.argv[2]), Path(sys.argv[1]))
    print(s.path, flush=True)
    if sys.argv[3] == "hold":
        sys.stdin.readline()  # keep the session (and its lock) until told to stop
        raise SystemExit(0)
    while True:  # play for ever: a game to 1000 is long, and a finished one starts over
        if s.game.is_over:
            s.close()
            s = Session.create(seats, RuleSet(target=1000), None, Path(sys.argv[1]))
        elif s.state.phase == "round_over":
            s.next_round()
        else:
            s.play_bot()
    """
)


def start_writer(folder: Path, seed: int, mode: str) -> tuple[subprocess.Popen[str], Path]:
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(folder), str(seed), mode],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    return proc, Path(proc.stdout.readline().strip())


def wait_for_lines(path: Path, n: int, timeout: float = PATIENCE) -> None:
    end = time.monotonic() + timeout
    while path.read_bytes().count(b"\n") < n:
        assert time.monotonic() < end, "the writer made no progress"
        time.sleep(0.005)


@pytest.mark.parametrize(("seed", "lines"), [(1, 20), (2, 150), (3, 400)])
def test_kill_9_mid_game_loses_at_most_the_event_being_written(
    tmp_path: Path, seed: int, lines: int
) -> None:
    proc, path = start_writer(tmp_path, seed, "play")
    try:
        wait_for_lines(path, lines)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    before = path.read_bytes()
    loaded = load(path)
    assert len(loaded.events) >= lines - 1
    assert path.read_bytes() == before  # loading never writes
    with Session.open(path) as s:  # the dead writer's lock went with it
        play_out(s, max_events=len(s.game.events) + 50)
        n = len(s.game.events)
    assert len(load(path).events) == n


def test_a_second_process_cannot_write_the_same_game(tmp_path: Path) -> None:
    proc, path = start_writer(tmp_path, 9, "hold")
    try:
        before = path.read_bytes()
        with pytest.raises(SaveError) as info:
            Session.open(path)
        assert str(info.value) == (
            f"{path}: this game is open in another koza (the save file is locked)"
        )
        assert path.read_bytes() == before
        assert load(path).events  # reading (verify, the saves list) is still fine
    finally:
        assert proc.stdin is not None
        proc.stdin.write("\n")
        proc.stdin.close()
        proc.wait(timeout=PATIENCE)
    with Session.open(path) as s:  # free once the other process is done
        assert s.state.phase == "playing"


def test_the_same_process_cannot_open_a_game_twice(tmp_path: Path) -> None:
    from support.saves import bot_seats

    s = Session.create(bot_seats(2), seed=4, save_dir=tmp_path, sync=False)
    with pytest.raises(SaveError, match=r"open in another koza \(the save file is locked\)$"):
        Session.open(s.path)
    s.close()
    with Session.open(s.path) as again, pytest.raises(SaveError, match="locked"):
        Session.open(s.path)
    assert again.closed


KILLED_WHILE_SAVING = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from koza.core.events import SeatInfo
    from koza.play.session import Session
    from koza.storage.writer import SaveWriter

    write = SaveWriter.__call__

    def dying(self, event):
        if event.type == sys.argv[2]:
            os.kill(os.getpid(), signal.SIGKILL)  # kill -9 before this event is written
        write(self, event)

    SaveWriter.__call__ = dying
    seats = [SeatInfo(name=f"B{i}", kind="bot", bot="random") for i in range(3)]
    Session.create(seats, seed=21, save_dir=Path(sys.argv[1]))
    """
)


def killed_while_saving(folder: Path, event_type: str) -> None:
    proc = subprocess.run([sys.executable, "-c", KILLED_WHILE_SAVING, str(folder), event_type])
    assert proc.returncode == -signal.SIGKILL


def test_killed_between_game_created_and_round_dealt_resumes_to_the_end(tmp_path: Path) -> None:
    killed_while_saving(tmp_path, "round_dealt")
    (path,) = tmp_path.glob("*.koza.jsonl")
    assert [e.type for e in load(path).events] == ["game_created"]
    with Session.open(path) as s:
        assert s.state.round_no == 1 and s.state.phase == "playing"
        play_out(s)
        n = len(s.game.events)
    loaded = load(path)
    assert loaded.state.phase == "game_over" and len(loaded.events) == n


def test_killed_before_game_created_leaves_no_save(tmp_path: Path) -> None:
    from koza.storage.listing import list_saves

    killed_while_saving(tmp_path, "game_created")
    assert list_saves(tmp_path, include_bad=True) == []
    assert not list(tmp_path.glob("*.koza.jsonl"))
