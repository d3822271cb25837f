"""A big folder read by several processes gives what one process reading it alone gives."""

from __future__ import annotations

from dataclasses import astuple
from pathlib import Path

import pytest
from support.stats import mixed_folder

from koza.stats import saves as stats_saves
from koza.stats import spread


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Forty saves: whole and unfinished games, torn ends, and files that cannot be read."""
    made = mixed_folder(tmp_path / "saves")
    for i in range(34 - len(made.saves) - len(made.bad)):
        data = made.saves[i % len(made.saves)].read_bytes()
        lines = data.splitlines(keepends=True)
        cut = b"".join(lines[: 2 + i % (len(lines) - 2)])
        if i % 5 == 0:
            cut += lines[len(lines) // 2][:15]  # a torn last line
        (made.path / f"copy{i:02d}.koza.jsonl").write_bytes(cut)
    return made.path


def read(folder: Path) -> tuple[object, ...]:
    stats_saves._GAMES.clear()
    got = stats_saves.collect(folder)
    stats_saves._GAMES.clear()
    players = [astuple(p) for p in got.players]
    return players, got.games, got.unreadable, got.torn


def test_the_saves_read_by_other_processes_count_as_those_read_here(
    folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alone = read(folder)
    monkeypatch.setattr(spread, "PARALLEL_FROM", 1)
    monkeypatch.setattr(spread, "CHUNK", 2)
    monkeypatch.setattr(stats_saves, "workers_for", lambda count: 2)
    saves, _ = stats_saves.folder_files(folder)
    stats_saves._GAMES.clear()
    assert stats_saves._read_new(saves) > 0  # some chunks were read by the pool
    remembered = dict(stats_saves._GAMES)
    assert len(remembered) == len(saves) - 2  # all but the two unreadable files
    shared = read(folder)
    assert shared == alone
    assert len(alone[2]) == 2 and alone[3]  # the unreadable files and torn saves were there


def test_a_pool_that_cannot_start_leaves_the_work_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spread, "_pool", lambda workers: None)
    done: list[list[int]] = []
    assert spread.share(spread.chunks_of(list(range(7)), 3), sorted, done.append, 3) == 0
    assert done == [[0, 1, 2], [3, 4, 5], [6]]


class RefusingPool:
    """A pool that cannot start a process (as in a sandbox)."""

    def submit(self, *args: object) -> None:
        raise OSError("no processes here")

    def shutdown(self, **how: object) -> None:
        pass


def test_a_pool_that_breaks_leaves_the_work_here(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(spread, "_pool", lambda workers: RefusingPool())
    done: list[list[int]] = []
    assert spread.share(spread.chunks_of(list(range(10)), 3), sorted, done.append, 2) == 0
    assert sorted(done) == [[0, 1, 2], [3, 4, 5], [6, 7, 8], [9]]


def test_few_saves_or_one_core_start_no_process(monkeypatch: pytest.MonkeyPatch) -> None:
    assert spread.workers_for(spread.PARALLEL_FROM - 1) == 0
    monkeypatch.setattr(spread.os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert spread.workers_for(spread.PARALLEL_FROM * 10) == 0
    monkeypatch.setattr(spread.os, "sched_getaffinity", lambda pid: set(range(64)), raising=False)
    assert spread.workers_for(spread.PARALLEL_FROM) == spread.MAX_WORKERS
