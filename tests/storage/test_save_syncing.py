"""When a save is synced to the disk: at round ends, game over, a person's turn, soon after.

Every event is written at once (the kill -9 tests in test_savefile_crash prove a
killed koza keeps them); these tests count the fsync calls through the
``writer._sync`` seam and fire the sync timer by hand through ``writer._start_timer``.
"""

from __future__ import annotations

import errno
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from support.saves import bot_seats

from koza.core.events import SeatInfo
from koza.core.rules import RuleSet
from koza.play.driver import finish_game, step
from koza.play.session import Session
from koza.storage import writer
from koza.storage.savefile import SaveError, load


class HeldTimer:
    """A timer that never fires by itself (``Syncs.timers`` fires it)."""

    def cancel(self) -> None:
        pass

    def join(self) -> None:
        pass


class Syncs:
    """Records, at each fsync, the event types the file then held (less the header)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, timers: bool = False) -> None:
        self.seen: list[list[str]] = []
        self.timers: list[Callable[[], None]] = []
        real = writer._sync

        def counting(fd: int) -> None:
            lines = os.pread(fd, 1 << 24, 0).split(b"\n")[1:-1]
            self.seen.append([line.split(b'"type":"')[1].split(b'"')[0].decode() for line in lines])
            real(fd)

        monkeypatch.setattr(writer, "_sync", counting)
        if timers:  # keep the timers instead of starting threads: fired by hand

            def keep(delay: float, fire: Callable[[], None]) -> HeldTimer:
                assert delay == writer.SYNC_EVERY
                self.timers.append(fire)
                return HeldTimer()

            monkeypatch.setattr(writer, "_start_timer", keep)
            monkeypatch.setattr(writer, "_soon", writer._Soon())  # no timer pending from before

    def last_types(self) -> list[str]:
        """The last event in the file at each sync."""
        return [types[-1] for types in self.seen]


def bot_game(tmp_path: Path, players: int = 3, seed: int = 5) -> Session:
    return Session.create(bot_seats(players), RuleSet(target=40), seed, tmp_path)


def test_bots_sync_at_each_round_end_and_game_over_not_per_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    syncs = Syncs(monkeypatch, timers=True)
    with bot_game(tmp_path) as s:
        finish_game(s)
        events = [e.type for e in s.game.events]
    rounds = events.count("round_scored")
    assert rounds >= 2 and events[-1] == "game_over"
    # the new save once (before it takes its name), each round's end, the last with game over
    assert syncs.last_types() == ["game_created"] + ["round_scored"] * (rounds - 1) + ["game_over"]
    assert syncs.seen[-1] == events  # the whole game was on the disk at the end
    assert len(syncs.seen) < len(events) / 5
    assert [e.type for e in load(s.path).events] == events


def test_the_timer_syncs_what_bots_wrote_since_the_last_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    syncs = Syncs(monkeypatch, timers=True)
    with bot_game(tmp_path) as s:
        assert syncs.last_types() == ["game_created"]  # synced before it took its name
        for _ in range(3):
            step(s)
        assert len(syncs.timers) == 1  # one timer for the deal and any number of moves
        assert len(syncs.seen) == 1
        syncs.timers.pop()()  # the timer fires
        assert len(syncs.seen) == 2 and len(syncs.seen[-1]) == len(s.game.events)
        step(s)
        assert len(syncs.timers) == 1  # the next write starts the next timer
        syncs.timers.pop()()
        assert len(syncs.seen[-1]) == len(s.game.events)
        step(s)
    # closing syncs what was left, and a timer firing after that does nothing
    assert len(syncs.seen) == 4 and len(syncs.seen[-1]) == len(s.game.events)
    syncs.timers.pop()()
    assert len(syncs.seen) == 4


def test_a_persons_turn_is_synced_before_koza_waits_for_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    syncs = Syncs(monkeypatch, timers=True)
    seats = [SeatInfo(name="Ann"), *bot_seats(2)]
    with Session.create(seats, RuleSet(target=40), 11, tmp_path) as s:
        for _ in range(60):
            state = s.game.state
            if state.phase == "game_over":
                break
            waits = state.phase != "playing" or state.turn == 0
            assert not waits or syncs.seen[-1] == [e.type for e in s.game.events]
            if state.turn == 0 and state.phase == "playing":
                s.play(s.game.legal_moves()[0], 0)
            else:
                step(s)
    assert len(syncs.seen) > 3


def test_a_real_timer_syncs_soon_and_never_outlives_its_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced = threading.Event()
    real = writer._sync

    def counting(fd: int) -> None:
        synced.set()
        real(fd)

    monkeypatch.setattr(writer, "_sync", counting)
    s = bot_game(tmp_path)
    synced.clear()
    step(s)  # a bot's move: written, not synced yet
    assert synced.wait(30)  # the timer synced it with no further write
    step(s)
    kept = s._writer
    assert kept._listed and kept in _listed()
    s.close()
    assert kept not in _listed()  # closing took it off the timer's list


def _listed() -> list[writer.SaveWriter | None]:
    """The saves the sync timer will sync when it fires."""
    return [ref() for ref in writer._soon._listed.values()]


def test_a_failed_sync_at_a_round_end_is_reported_and_the_file_stays_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Syncs(monkeypatch, timers=True)
    real = writer._sync

    def failing(fd: int) -> None:
        if os.pread(fd, 1 << 24, 0).rstrip(b"\n").rsplit(b"\n", 1)[-1].count(b"round_scored"):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(fd)

    s = bot_game(tmp_path)
    monkeypatch.setattr(writer, "_sync", failing)
    with pytest.raises(SaveError, match="could not save"):
        finish_game(s)
    n = len(s.game.events)
    assert s.game.state.phase == "round_over"  # the round was played and written
    s.close()
    assert len(load(s.path).events) == n


def test_a_dropped_bots_session_releases_its_lock_at_once(tmp_path: Path) -> None:
    """A pending sync timer does not keep a forgotten writer (and its lock) alive."""
    import gc

    s = bot_game(tmp_path)
    step(s)  # written, the timer pending
    path = s.path
    assert s._writer in _listed()
    del s
    gc.collect()  # the timer's list holds it weakly: the writer closed
    with Session.open(path) as again:
        assert again.state.phase == "playing"


def test_a_save_moved_mid_round_takes_moves_until_the_next_sync_and_none_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each event checks the file still has a name; each sync, that its path leads to it."""
    syncs = Syncs(monkeypatch, timers=True)
    s = bot_game(tmp_path)
    step(s)
    moved = tmp_path / "elsewhere" / s.path.name
    moved.parent.mkdir()
    os.rename(s.path, moved)
    with pytest.raises(SaveError, match="moved or deleted"):
        while True:  # the bots play on until the round's end syncs and looks at the path
            step(s)
    state = s.game.state
    assert state.phase == "round_over" and syncs.last_types()[-1] == "round_scored"
    with pytest.raises(SaveError, match="moved or deleted"):
        step(s)  # and nothing more goes into the moved file
    s.close()
    assert not s.path.exists()  # no new file at the old name either
    assert load(moved).events == list(s.game.events)  # every move is in the moved file


def test_the_timers_sync_also_notices_a_moved_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    syncs = Syncs(monkeypatch, timers=True)
    with bot_game(tmp_path) as s:
        step(s)
        os.rename(s.path, tmp_path / "renamed.koza.jsonl")
        step(s)  # the file still has a name: written there
        n = len(s.game.events)
        syncs.timers.pop()()  # the sync a tenth of a second later sees it moved
        with pytest.raises(SaveError, match="moved or deleted"):
            step(s)
        assert len(s.game.events) == n
    assert load(tmp_path / "renamed.koza.jsonl").events == list(s.game.events)


def test_a_round_end_sync_leaves_the_timer_for_the_writes_after_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bots' rounds end before the timer is due: one timer serves them all, and still syncs."""
    syncs = Syncs(monkeypatch, timers=True)
    with bot_game(tmp_path) as s:
        while s.game.state.phase != "round_over":
            step(s)
        assert syncs.last_types() == ["game_created", "round_scored"]
        step(s)  # the next deal
        step(s)  # and a move: written after the round's sync
        assert len(syncs.timers) == 1  # armed by round 1's deal, still pending
        syncs.timers.pop()()  # due a tenth of a second after that deal: syncs the new round
        assert syncs.seen[-1] == [e.type for e in s.game.events]
        finish_game(s)
        rounds = sum(e.type == "round_scored" for e in s.game.events)
        assert syncs.last_types().count("round_scored") == rounds - 1  # and game_over
        assert len(syncs.timers) == 1  # one more for every write after the timer fired


class FileSystemSyncs:
    """Counts ``syncfs`` calls (each a sync of the whole file system: ``os.sync`` here)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fails: bool = False) -> None:
        self.calls = 0

        def syncfs(fd: int) -> None:
            self.calls += 1
            if fails:
                raise OSError(errno.EIO, os.strerror(errno.EIO))
            os.sync()

        monkeypatch.setattr(writer, "_syncfs", syncfs)


@contextmanager
def _games(tmp_path: Path, n: int) -> Iterator[list[Session]]:
    """``n`` bots' games, each with a move written since its last sync; closed after."""
    games = [bot_game(tmp_path / f"game{i}", seed=i) for i in range(n)]
    for s in games:
        step(s)
    try:
        yield games
    finally:
        for s in games:
            s.close()


def test_many_saves_owed_a_sync_are_synced_with_one_file_system_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    per_file, whole = Syncs(monkeypatch, timers=True), FileSystemSyncs(monkeypatch)
    with _games(tmp_path, 5) as games:
        assert all(s._writer.flush_owed for s in games)
        before = len(per_file.seen)
        assert Session.sync_together(games) == [None] * 5
        assert whole.calls == 1 and len(per_file.seen) == before  # one sync for all five
        assert not any(s._writer.flush_owed for s in games)


def test_a_moved_save_among_many_is_told_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Syncs(monkeypatch, timers=True)
    FileSystemSyncs(monkeypatch)
    with _games(tmp_path, 3) as games:
        os.rename(games[1].path, tmp_path / "elsewhere.koza.jsonl")
        errors = Session.sync_together(games)
    assert errors[0] is None and errors[2] is None
    assert errors[1] is not None and "moved or deleted" in str(errors[1])


def test_when_the_file_system_sync_fails_each_save_is_synced_on_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    per_file = Syncs(monkeypatch, timers=True)
    whole = FileSystemSyncs(monkeypatch, fails=True)
    with _games(tmp_path, 3) as games:
        before = len(per_file.seen)
        assert Session.sync_together(games) == [None] * 3
        assert whole.calls == 1 and len(per_file.seen) == before + 3


def test_one_timer_syncs_every_save_written_since_it_was_armed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    syncs, whole = Syncs(monkeypatch, timers=True), FileSystemSyncs(monkeypatch)
    with _games(tmp_path, 4) as games:
        for s in games:
            step(s)
        assert len(syncs.timers) == 1  # armed by the first write, not once per save
        syncs.timers.pop()()
        assert whole.calls == 1 and not any(s._writer.flush_owed for s in games)
        step(games[0])  # a write after the timer fired arms the next one
        assert len(syncs.timers) == 1


def test_saves_written_with_syncing_off_cost_no_file_system_sync(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    whole = FileSystemSyncs(monkeypatch)
    games = [
        Session.create(bot_seats(3), RuleSet(), i, tmp_path / f"g{i}", sync=False) for i in range(3)
    ]
    for s in games:
        step(s)
    assert Session.sync_together(games) == [None] * 3
    assert whole.calls == 0
    for s in games:
        s.close()
